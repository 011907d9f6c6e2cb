#include "core/studies/article_format.h"

#include <cmath>
#include <sstream>

#include "core/studies/claim_value.h"
#include "core/util/csv_write.h"
#include "core/util/json_write.h"

namespace clusterplan {

namespace {

// The message id that writes a number in a unit of the claim tables.
std::string unitMessageId(ClaimQuantity q, std::string_view unit) {
    static constexpr std::pair<std::string_view, std::string_view> kIds[] = {{"MB", "mb"},
                                                                             {"GB", "gb"},
                                                                             {"TB", "tb"},
                                                                             {"ms", "ms"},
                                                                             {"s", "s"},
                                                                             {"x", "x"},
                                                                             {"%", "percent"},
                                                                             {"TFLOPS", "tflops"},
                                                                             {"PFLOPS", "pflops"},
                                                                             {"T tokens/day", "t_tokens_day"},
                                                                             {"B tokens/day", "b_tokens_day"},
                                                                             {"steps/day", "steps_day"},
                                                                             {"CNY", "cny"}};
    if (unit == "count")
        return q == ClaimQuantity::Gpus                ? "article.unit.gpus"
               : q == ClaimQuantity::LargestMicroBatch ? "article.unit.sequences"
                                                       : "article.unit.count";
    for (const auto& [id, name] : kIds)
        if (id == unit)
            return "article.unit." + std::string(name);
    return "article.unit.count";
}

Message inUnit(ClaimQuantity q, double value, std::string_view unit) {
    if (dimensionOf(q) == ClaimDimension::YesNo)
        return makeMessage(value >= 0.5 ? "article.value.fits" : "article.value.does_not_fit");
    const ClaimUnit* u = findClaimUnit(unit);
    return makeMessage(unitMessageId(q, unit), {claimNumber(value / (u ? u->factor : 1.0))});
}

// The unit of the engine's value: the largest of the dimension that keeps the number at least 1
// (claimUnits() lists each dimension's units from the smallest).
std::string_view readableUnit(ClaimQuantity q, double value) {
    std::string_view best;
    for (const auto& u : claimUnits())
        if (u.dimension == dimensionOf(q) && (best.empty() || std::abs(value) >= u.factor))
            best = u.id;
    return best;
}

std::string_view verdictId(ClaimVerdict v) {
    switch (v) {
    case ClaimVerdict::Agrees:
        return "agrees";
    case ClaimVerdict::Differs:
        return "differs";
    case ClaimVerdict::NoBasis:
        break;
    }
    return "no_basis";
}

std::string text(const Message& m, Lang lang) {
    return messageText(m, lang);
}

std::string label(std::string_view id, Lang lang) {
    return text(makeMessage("article.label." + std::string(id)), lang);
}

std::string_view stem(const std::string& file) {
    std::string_view s = file;
    for (std::string_view ext : {".clusterplan.json", ".json"})
        if (s.size() > ext.size() && s.substr(s.size() - ext.size()) == ext)
            return s.substr(0, s.size() - ext.size());
    return s;
}

}  // namespace

Message quantityText(ClaimQuantity q) {
    return makeMessage("article.quantity." + std::string(toString(q)));
}

Message articleValueText(const Claim& c) {
    const ClaimQuantity q = c.quantity;
    if (c.low && c.high && *c.low == *c.high)
        return inUnit(q, *c.low * findClaimUnit(c.unit)->factor, c.unit);
    const double f = findClaimUnit(c.unit)->factor;
    if (c.low && c.high)
        return makeNestedMessage("article.range",
                                 {inUnit(q, *c.low * f, c.unit), inUnit(q, *c.high * f, c.unit)});
    if (c.low)
        return makeNestedMessage("article.at_least", {inUnit(q, *c.low * f, c.unit)});
    return makeNestedMessage("article.at_most", {inUnit(q, c.high.value_or(0) * f, c.unit)});
}

Message engineValueText(const Claim& c, std::optional<double> engine) {
    if (!engine)
        return makeMessage("article.verdict.no_basis");
    return inUnit(c.quantity, *engine, readableUnit(c.quantity, *engine));
}

std::string articleToText(const std::vector<ClaimCheck>& checks, Lang lang) {
    std::ostringstream out;
    std::size_t agree = 0, differ = 0, none = 0;
    for (const auto& c : checks)
        (c.verdict == ClaimVerdict::Agrees ? agree : c.verdict == ClaimVerdict::Differs ? differ : none) += 1;
    out << text(makeMessage("article.title"), lang) << "\n"
        << text(makeMessage("article.summary", {std::to_string(checks.size()), std::to_string(agree),
                                                std::to_string(differ), std::to_string(none)}),
                lang)
        << "\n";
    for (const auto& c : checks) {
        const Description& d = c.description;
        out << "\n"
            << stem(c.file) << " · " << d.section << " · " << text(quantityText(c.claim.quantity), lang)
            << "\n";
        out << "  " << label("quote", lang) << ": " << d.quote << "\n";
        if (lang == Lang::En)
            out << "  " << label("gloss", lang) << ": " << d.gloss << "\n";
        out << "  " << label("article", lang) << ": " << text(articleValueText(c.claim), lang) << "\n";
        out << "  " << label("engine", lang) << ": " << text(engineValueText(c.claim, c.engine), lang)
            << "\n";
        out << "  " << label("verdict", lang) << ": " << text(c.verdictText, lang) << "\n";
        out << "  " << label("why", lang) << ": " << text(c.mechanism, lang) << "\n";
    }
    return out.str();
}

std::string articleToJson(const std::vector<ClaimCheck>& checks, Lang lang) {
    json::Writer w;
    w.beginObject().value("schema", kArticleSchema).value("language", langCode(lang));
    w.beginArray("claims");
    for (const auto& c : checks) {
        const double f = findClaimUnit(c.claim.unit)->factor;
        w.beginObject().value("file", c.file).value("section", c.description.section);
        w.value("quote", c.description.quote).value("gloss", c.description.gloss);
        w.value("quantity", toString(c.claim.quantity)).value("unit", c.claim.unit);
        w.beginObject("article");
        c.claim.low ? w.value("min", *c.claim.low) : w.null("min");
        c.claim.high ? w.value("max", *c.claim.high) : w.null("max");
        w.value("text", text(articleValueText(c.claim), lang)).endObject();
        w.beginObject("engine");
        c.engine ? w.value("value", *c.engine / f) : w.null("value");
        w.value("text", text(engineValueText(c.claim, c.engine), lang)).endObject();
        w.value("verdict", verdictId(c.verdict)).value("verdict_text", text(c.verdictText, lang));
        w.value("why", text(c.mechanism, lang)).endObject();
    }
    w.endArray().endObject();
    return w.str();
}

std::string articleToCsv(const std::vector<ClaimCheck>& checks, Lang lang) {
    std::ostringstream out;
    out << "file,section,quantity,unit,article_min,article_max,engine_value,"
        << csvField(label("article", lang)) << "," << csvField(label("engine", lang)) << ",verdict,"
        << csvField(label("verdict", lang)) << "," << csvField(label("why", lang)) << "\n";
    for (const auto& c : checks) {
        const double f = findClaimUnit(c.claim.unit)->factor;
        out << csvField(c.file) << "," << csvField(c.description.section) << "," << toString(c.claim.quantity)
            << "," << csvField(c.claim.unit) << ","
            << (c.claim.low ? csvNumber(*c.claim.low, "article_min") : "") << ","
            << (c.claim.high ? csvNumber(*c.claim.high, "article_max") : "") << ","
            << (c.engine ? csvNumber(*c.engine / f, "engine_value") : "") << ","
            << csvField(text(articleValueText(c.claim), lang)) << ","
            << csvField(text(engineValueText(c.claim, c.engine), lang)) << "," << verdictId(c.verdict) << ","
            << csvField(text(c.verdictText, lang)) << "," << csvField(text(c.mechanism, lang)) << "\n";
    }
    return out.str();
}

}  // namespace clusterplan
