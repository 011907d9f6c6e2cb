#include "core/validation/accuracy_statement.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/util/iso_date.h"
#include "core/util/json_read.h"
#include "core/util/json_write.h"
#include "core/util/number_format.h"

namespace clusterplan {

namespace embedded {
std::string_view accuracyJson();
}

namespace {

std::string date(json::ObjectReader& r, std::string_view key) {
    std::string d = r.string(key);
    if (!parseIsoDay(d))
        json::fail(r.pathOf(key), "is a date YYYY-MM-DD, not \"" + d + "\"");
    return d;
}

int count(json::ObjectReader& r, std::string_view key) {
    return static_cast<int>(r.integer(key, 0, 1'000'000));
}

std::string percent(double share, int decimals) {
    return formatFixed(100 * share, decimals) + " %";
}

}  // namespace

Result<AccuracyStatement> parseAccuracyStatement(std::string_view text, const std::string& file) {
    auto parsed = json::parseText(text, file);
    if (!parsed)
        return parsed.error();
    AccuracyStatement s;
    try {
        json::ObjectReader top(parsed.value(), "");
        top.optString("schema", s.schema);
        if (s.schema != "clusterplan.accuracy/1")
            json::fail("schema", "is \"clusterplan.accuracy/1\", not \"" + s.schema + "\"");
        top.optString("notes", s.notes);
        auto g = top.optObject("grouped_cross_validation");
        auto i = top.optObject("independent");
        if (!g || !i)
            json::fail("", "needs both \"grouped_cross_validation\" and \"independent\"");
        s.grouped.runs = count(*g, "runs");
        s.grouped.groups = count(*g, "groups");
        s.grouped.meanAbsError = g->number("mean_abs_error", 0, 10);
        s.grouped.bandCoverage = g->number("band_coverage", 0, 1);
        s.grouped.medianBandHalfWidth = g->number("median_band_half_width", 0, 10);
        s.grouped.inSampleMeanAbsError = g->number("in_sample_mean_abs_error", 0, 10);
        s.grouped.asOf = date(*g, "as_of");
        s.grouped.source = g->string("source");
        g->finish();
        s.independent.runs = count(*i, "runs");
        s.independent.sourceFamilies = count(*i, "source_families");
        s.independent.refused = count(*i, "refused");
        s.independent.meanAbsError = i->number("mean_abs_error", 0, 10);
        s.independent.evaluatedRuns = count(*i, "evaluated_runs");
        s.independent.evaluatedMeanAbsError = i->number("evaluated_mean_abs_error", 0, 10);
        s.independent.medianAbsError = i->number("median_abs_error", 0, 10);
        s.independent.bandCoverage = i->number("band_coverage", 0, 1);
        s.independent.metric = i->string("metric");
        s.independent.checked = date(*i, "checked");
        s.independent.source = i->string("source");
        i->finish();
        if (s.independent.evaluatedRuns + s.independent.refused != s.independent.runs)
            json::fail("independent.evaluated_runs", "plus \"refused\" must be \"runs\"");
        top.finish();
    } catch (const json::InputError& e) {
        return Error{file + ": " + e.error.where, e.error.message};
    }
    return s;
}

const AccuracyStatement& builtinAccuracyStatement() {
    static const AccuracyStatement statement = [] {
        auto s = parseAccuracyStatement(embedded::accuracyJson(), "resources/accuracy.json");
        if (!s) {
            std::fprintf(stderr, "clusterplan: the built-in accuracy statement is broken: %s\n",
                         s.error().toString().c_str());
            std::abort();
        }
        return std::move(s).value();
    }();
    return statement;
}

namespace {

double rounded(double value, int decimals) {
    const double scale = std::pow(10.0, decimals);
    return std::round(value * scale) / scale;
}

}  // namespace

std::string accuracyStatementToJson(const AccuracyStatement& s) {
    json::Writer w;
    w.beginObject().value("schema", s.schema).value("notes", s.notes);
    const GroupedAccuracy& g = s.grouped;
    w.beginObject("grouped_cross_validation")
        .value("runs", g.runs)
        .value("groups", g.groups)
        .value("mean_abs_error", rounded(g.meanAbsError, 3))
        .value("band_coverage", rounded(g.bandCoverage, 2))
        .value("median_band_half_width", rounded(g.medianBandHalfWidth, 2))
        .value("in_sample_mean_abs_error", rounded(g.inSampleMeanAbsError, 3))
        .value("as_of", g.asOf)
        .value("source", g.source)
        .endObject();
    const IndependentAccuracy& i = s.independent;
    w.beginObject("independent")
        .value("runs", i.runs)
        .value("source_families", i.sourceFamilies)
        .value("refused", i.refused)
        .value("mean_abs_error", i.meanAbsError)
        .value("evaluated_runs", i.evaluatedRuns)
        .value("evaluated_mean_abs_error", i.evaluatedMeanAbsError)
        .value("median_abs_error", i.medianAbsError)
        .value("band_coverage", i.bandCoverage)
        .value("metric", i.metric)
        .value("checked", i.checked)
        .value("source", i.source)
        .endObject();
    w.endObject();
    return w.str();
}

AccuracyStatement withGroupedAccuracy(const AccuracyStatement& stated, const GroupedAccuracy& measured,
                                      const std::string& today) {
    AccuracyStatement s = stated;
    GroupedAccuracy& g = s.grouped;
    const GroupedAccuracy before = g;
    g.runs = measured.runs;
    g.groups = measured.groups;
    g.meanAbsError = rounded(measured.meanAbsError, 3);
    g.bandCoverage = rounded(measured.bandCoverage, 2);
    g.medianBandHalfWidth = rounded(measured.medianBandHalfWidth, 2);
    g.inSampleMeanAbsError = rounded(measured.inSampleMeanAbsError, 3);
    const bool changed = g.runs != before.runs || g.groups != before.groups ||
                         g.meanAbsError != rounded(before.meanAbsError, 3) ||
                         g.bandCoverage != rounded(before.bandCoverage, 2) ||
                         g.medianBandHalfWidth != rounded(before.medianBandHalfWidth, 2) ||
                         g.inSampleMeanAbsError != rounded(before.inSampleMeanAbsError, 3);
    if (changed)
        g.asOf = today;
    return s;
}

std::string groupedAccuracySentence(const GroupedAccuracy& a) {
    return "Grouped cross-validation (`clusterplan-cli validate`, " + a.asOf + "): on " +
           std::to_string(a.runs) + " calibration runs, each stack family predicted without its own runs: " +
           percent(a.meanAbsError, 1) + " mean error, the band contains the published value for " +
           percent(a.bandCoverage, 0) + " (median band ±" + percent(a.medianBandHalfWidth, 0) + ").";
}

std::string independentAccuracySentence(const IndependentAccuracy& a) {
    return "Independent check: on " + std::to_string(a.runs) + " published runs from " +
           std::to_string(a.sourceFamilies) +
           " source families never used to build the engine: " + percent(a.meanAbsError, 1) +
           " mean error (" + percent(a.evaluatedMeanAbsError, 0) + " on the " +
           std::to_string(a.evaluatedRuns) + " evaluated, median " + percent(a.medianAbsError, 1) +
           "), the band contains the published value for " + percent(a.bandCoverage, 0) + "; checked " +
           a.checked + ".";
}

std::string accuracyInOneSentence(const AccuracyStatement& a) {
    return "On " + std::to_string(a.independent.runs) +
           " published runs never used to build it, the engine's throughput is off by " +
           percent(a.independent.meanAbsError, 1) +
           " on average and its band holds the published value for " +
           percent(a.independent.bandCoverage, 0) + " (checked " + a.independent.checked + "); on its " +
           std::to_string(a.grouped.runs) +
           " calibration runs, each stack family predicted without its own, " +
           percent(a.grouped.meanAbsError, 1) + " and " + percent(a.grouped.bandCoverage, 0) + ".";
}

}  // namespace clusterplan
