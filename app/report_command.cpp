#include "report_command.h"

#include <ctime>
#include <filesystem>
#include <iostream>

#include "core/calibration/evaluate.h"
#include "core/export/csv_export.h"
#include "core/export/quote_workbook.h"
#include "core/io/scenario_json.h"
#include "core/quote/quote_revision.h"
#include "core/quote/quote_scaling.h"
#include "core/quote/quote_text.h"
#include "core/validation/validation.h"

#ifdef CLUSTERPLAN_HAVE_QT_EXPORT
#include "report_qt.h"
#endif

namespace clusterplan::cli {

namespace {

constexpr int kOk = 0;
constexpr int kBadInput = 2;

// The day the report is made (UTC), for quotes without a date.
std::string todayIso() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &utc);
    return buf;
}

int fail(const Error& e) {
    std::cerr << "clusterplan-cli: " << e.toString() << "\n";
    return kBadInput;
}

}  // namespace

int reportCommand(const ReportRequest& rq, const Catalog& catalog) {
    quote::Lang lang = quote::Lang::En;
    if (!quote::parseLang(rq.lang, lang))
        return fail({"--lang", "is '" + rq.lang + "', allowed: zh_CN, en"});
    auto scenario = loadScenarioFile(rq.file, catalog);
    if (!scenario)
        return fail(scenario.error());
    auto plan = evaluate(scenario.value(), catalog);
    if (!plan)
        return fail({rq.file + ": " + plan.error().where, plan.error().message});
    auto validation = runValidation(catalog);
    std::optional<quote::Accuracy> accuracy;
    if (validation)
        accuracy = quote::summariseValidation(validation.value());
    quote::QuoteDocument doc = quote::buildQuoteDocument(plan.value(), todayIso(), accuracy);
    // A relative logo is beside the scenario file; a logo that is not there is said, not silently
    // left out of the PDF.
    doc.info.logo = quote::resolveLogoPath(doc.info.logo, rq.file);
    if (!rq.pdf.empty() && !doc.info.logo.empty() && !std::filesystem::exists(doc.info.logo))
        std::cerr << "clusterplan-cli: warning: quote.logo: " << doc.info.logo
                  << " does not exist; the PDF is written without a logo\n";
    // The scaling study is many layout searches: run only for the outputs that draw it.
    if (!rq.pdf.empty() || !rq.imagesDir.empty())
        doc.scaling = quote::quoteScaling(plan->scenario, catalog);

    const bool anyFile = !rq.pdf.empty() || !rq.xlsx.empty() || !rq.csvDir.empty() || !rq.imagesDir.empty();
    if (!anyFile) {
        std::cout << quote::quoteToText(doc, lang);
        return kOk;
    }
    if (!rq.csvDir.empty()) {
        auto written =
            writeReportCsv(rq.csvDir, plan.value(), doc, validation ? &validation.value() : nullptr,
                           CsvOptions{rq.byteOrderMark.value_or(lang == quote::Lang::Zh)});
        if (!written)
            return fail(written.error());
    }
    if (!rq.xlsx.empty()) {
        if (auto ok = writeQuoteWorkbook(rq.xlsx, plan.value(), doc, lang); !ok)
            return fail(ok.error());
    }
    if (!rq.pdf.empty() || !rq.imagesDir.empty()) {
#ifdef CLUSTERPLAN_HAVE_QT_EXPORT
        if (auto ok = writeQtOutputs(rq.pdf, rq.imagesDir, plan.value(), doc, lang, rq.maxLayouts); !ok)
            return fail(ok.error());
#else
        return fail({"--pdf", "this clusterplan-cli was built without Qt (CLUSTERPLAN_BUILD_UI=OFF)"});
#endif
    }
    return kOk;
}

}  // namespace clusterplan::cli
