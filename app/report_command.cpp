#include "report_command.h"

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cli_errors.h"
#include "core/calibration/evaluate.h"
#include "core/export/csv_export.h"
#include "core/export/quote_workbook.h"
#include "core/io/scenario_json.h"
#include "core/quote/quote_revision.h"
#include "core/quote/quote_scaling.h"
#include "core/quote/quote_text.h"
#include "core/quotebook/messages_quote_book.h"
#include "core/quotebook/quote_from_document.h"
#include "core/util/atomic_file.h"
#include "core/util/sha256.h"
#include "core/validation/validation.h"

#ifdef CLUSTERPLAN_HAVE_QT_EXPORT
#include "report_qt.h"
#endif

namespace clusterplan::cli {

namespace {

constexpr int kOk = 0;
constexpr int kBadInput = 2;

int fail(const Error& e, Lang lang = Lang::En) {
    printError(e, lang);
    return kBadInput;
}

// The files this report wrote: the PDF, the workbook, and the files in the CSV and image folders
// written since `start`; absolute, with their SHA-256.
std::vector<quotebook::ExportedFile> writtenFiles(const ReportRequest& rq,
                                                  std::filesystem::file_time_type start) {
    namespace fs = std::filesystem;
    std::vector<std::string> paths;
    for (const std::string* file : {&rq.pdf, &rq.xlsx})
        if (!file->empty())
            paths.push_back(*file);
    for (const std::string* dir : {&rq.csvDir, &rq.imagesDir}) {
        std::error_code ec;
        if (dir->empty() || !fs::is_directory(*dir, ec))
            continue;
        std::vector<std::string> inDir;
        for (const auto& entry : fs::directory_iterator(*dir, ec))
            if (entry.is_regular_file(ec) && entry.last_write_time(ec) >= start)
                inDir.push_back(entry.path().string());
        std::sort(inDir.begin(), inDir.end());
        paths.insert(paths.end(), inDir.begin(), inDir.end());
    }
    std::vector<quotebook::ExportedFile> files;
    constexpr std::uintmax_t kMaxHashedBytes = 1u << 30;
    for (const std::string& path : paths)
        if (auto bytes = readTextFile(path, kMaxHashedBytes))
            files.push_back({fs::absolute(path).lexically_normal().string(), sha256Hex(bytes.value())});
    return files;
}

// Records the quote in the quote book before its files are written, so that they print the book's
// number and revision (the book keeps the one revision counter, so a file and the book agree). The scenario
// is recorded as the engine reads it (scenarioToJson), the same text the window records, so the same quote
// from either is the same content. A book that cannot take it is a warning: the files are written
// with the scenario's own number.
std::optional<quotebook::RecordOutcome> recordBeforeWriting(const ReportRequest& rq, const Plan& plan,
                                                            quote::QuoteDocument& doc, const Catalog& catalog,
                                                            Lang lang) {
    auto book = openBook(rq.book, lang);
    if (!book)
        return std::nullopt;
    auto recorded = book->record(
        quotebook::recordFromDocument(doc, plan, catalog.priceBooks(), scenarioToJson(plan.scenario)),
        nowUtc());
    if (!recorded) {
        printError(recorded.error(), lang, messageText(makeMessage(msg::kQuotebookNotRecorded), lang));
        return std::nullopt;
    }
    std::cerr << "clusterplan-cli: "
              << messageText(
                     makeMessage(recorded->newRevision ? msg::kQuotebookRecorded : msg::kQuotebookUnchanged,
                                 {book->path(), recorded->number, std::to_string(recorded->revision)}),
                     lang)
              << "\n";
    doc.info.number = recorded->number;
    doc.info.revision = recorded->revision;
    return recorded.value();
}

// Adds the files this report wrote, with their SHA-256, to the recorded revision.
void attachFiles(const ReportRequest& rq, const quotebook::RecordOutcome& entry,
                 std::filesystem::file_time_type start, Lang lang) {
    auto book = openBook(rq.book, lang);
    if (!book)
        return;
    if (auto added = book->addFiles(entry.number, entry.revision, writtenFiles(rq, start), nowUtc()); !added)
        printError(added.error(), lang, messageText(makeMessage(msg::kQuotebookFilesNotRecorded), lang));
}

}  // namespace

int reportCommand(const ReportRequest& rq, const Catalog& catalog) {
    quote::Lang lang = quote::Lang::En;
    if (!quote::parseLang(rq.lang, lang))
        return fail({"--lang", "is '" + rq.lang + "', allowed: zh_CN, en"});
    auto scenario = loadScenarioFile(rq.file, catalog);
    if (!scenario)
        return fail(scenario.error(), lang);
    auto plan = evaluate(scenario.value(), catalog);
    if (!plan)
        return fail(relocated(rq.file + ": " + plan.error().where, plan.error()), lang);
    auto validation = runValidation(catalog);
    std::optional<quote::Accuracy> accuracy;
    if (validation)
        accuracy = quote::summariseValidation(validation.value());
    quote::QuoteDocument doc = quote::buildQuoteDocument(plan.value(), todayUtc(), accuracy);
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
    // File systems stamp times from a coarse clock: a file written just after this moment may carry
    // a time a little before it.
    const auto start = std::filesystem::file_time_type::clock::now() - std::chrono::seconds(2);
    const auto entry = rq.record ? recordBeforeWriting(rq, plan.value(), doc, catalog, lang) : std::nullopt;
    if (!rq.csvDir.empty()) {
        auto written =
            writeReportCsv(rq.csvDir, plan.value(), doc, validation ? &validation.value() : nullptr,
                           CsvOptions{rq.byteOrderMark.value_or(lang == quote::Lang::Zh)});
        if (!written)
            return fail(written.error(), lang);
    }
    if (!rq.xlsx.empty()) {
        if (auto ok = writeQuoteWorkbook(rq.xlsx, plan.value(), doc, lang); !ok)
            return fail(ok.error(), lang);
    }
    if (!rq.pdf.empty() || !rq.imagesDir.empty()) {
#ifdef CLUSTERPLAN_HAVE_QT_EXPORT
        if (auto ok = writeQtOutputs(rq.pdf, rq.imagesDir, plan.value(), doc, lang, rq.maxLayouts); !ok)
            return fail(ok.error(), lang);
#else
        return fail({"--pdf", "this clusterplan-cli was built without Qt (CLUSTERPLAN_BUILD_UI=OFF)"});
#endif
    }
    if (entry)
        attachFiles(rq, *entry, start, lang);
    return kOk;
}

}  // namespace clusterplan::cli
