#include "report_command.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_errors.h"
#include "core/calibration/engine_session.h"
#include "core/catalog/resolved_inputs.h"
#include "core/cost/messages_cost.h"
#include "core/export/csv_export.h"
#include "core/export/quote_workbook.h"
#include "core/io/scenario_json.h"
#include "core/quote/quote_options.h"
#include "core/quote/quote_revision.h"
#include "core/quote/quote_scaling.h"
#include "core/quote/quote_text.h"
#include "core/quotebook/book_format.h"
#include "core/quotebook/messages_quote_book.h"
#include "core/quotebook/quote_from_document.h"
#include "core/report/messages_plan.h"
#include "core/search/messages_search.h"
#include "core/studies/fit_suggestions.h"
#include "core/studies/options_study.h"
#include "core/util/atomic_file.h"
#include "core/util/messages_file_errors.h"
#include "core/util/messages_input_errors.h"
#include "core/util/per_language.h"
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

// Whether the outputs can be written, checked before the quote is recorded, so that a path that
// cannot take its file never leaves a number in the book with no file (the book keeps every
// number it gives). A file needs an existing, writable folder and, if it exists, to be a writable
// regular file; an output folder needs to be a writable folder or to be creatable in one. The
// permission bits are read too, since access() answers yes to root.
std::optional<Error> outputProblem(const std::string& path, bool isFolder) {
    namespace fs = std::filesystem;
    const auto writable = [](const fs::path& p) {
        struct stat st {};
        return ::stat(p.c_str(), &st) == 0 && ::access(p.c_str(), W_OK) == 0 &&
               (st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) != 0;
    };
    std::error_code ec;
    const fs::path target(path);
    if (isFolder) {
        if (fs::exists(target, ec)) {
            if (!fs::is_directory(target, ec))
                return inputError(path, msg::kErrorFileNotFolder, {path});
            if (!writable(target))
                return inputError(path, msg::kErrorFileReadOnly);
            return std::nullopt;
        }
        // The nearest folder that exists must be writable: the rest is created in it.
        fs::path parent = fs::absolute(target, ec).parent_path();
        while (!parent.empty() && !fs::exists(parent, ec) && parent != parent.root_path())
            parent = parent.parent_path();
        if (!fs::is_directory(parent, ec))
            return inputError(path, msg::kErrorFileNotFolder, {parent.string()});
        if (!writable(parent))
            return inputError(path, msg::kErrorFileReadOnly);
        return std::nullopt;
    }
    const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
    if (!fs::exists(folder, ec))
        return inputError(path, msg::kErrorFileNoFolder, {folder.string()});
    if (!fs::is_directory(folder, ec))
        return inputError(path, msg::kErrorFileNotFolder, {folder.string()});
    if (fs::exists(target, ec)) {
        if (!fs::is_regular_file(target, ec))
            return inputError(path, msg::kErrorFileNotRegular);
        if (!writable(target))
            return inputError(path, msg::kErrorFileReadOnly);
    }
    if (!writable(folder))
        return inputError(path, msg::kErrorFileReadOnly);
    return std::nullopt;
}

std::optional<Error> firstOutputProblem(const ReportRequest& rq) {
    for (const auto& [path, isFolder] : {std::pair{&rq.pdf, false}, std::pair{&rq.xlsx, false},
                                         std::pair{&rq.csvDir, true}, std::pair{&rq.imagesDir, true}})
        if (!path->empty())
            if (auto problem = outputProblem(*path, isFolder))
                return problem;
    return std::nullopt;
}

// A quote priced from a book past its stale_after_days says so as it is written: the book's list
// says it later, when the quote has been sent.
void warnIfStale(const Plan& plan, const cost::PriceBooks& books, Lang lang) {
    if (!plan.cost)
        return;
    const cost::PriceBook* book = books.book(plan.cost->priceBookId);
    if (!book)
        return;
    const auto days = cost::daysSinceAsOf(book->asOf, todayUtc());
    if (days && *days > book->staleAfterDays)
        std::cerr << "clusterplan-cli: "
                  << messageText(
                         makeMessage(msg::kQuotebookStaleBook, {book->id, book->asOf, std::to_string(*days),
                                                                std::to_string(book->staleAfterDays)}),
                         lang)
                  << "\n";
}

// Records the quote in the quote book before its files are written, so that they print the book's
// number and revision (the book keeps the one revision counter). The scenario is recorded as the
// engine reads it (scenarioToJson), the same text the window records, so the same quote from
// either is the same content. A book that cannot take it stops the report: nothing is written
// (--no-record writes a draft instead).
std::optional<quotebook::RecordOutcome> recordBeforeWriting(const ReportRequest& rq, const Plan& plan,
                                                            quote::QuoteDocument& doc,
                                                            const cost::PriceBooks& books, Lang lang) {
    auto book = openBook(rq.book, lang);
    if (!book)
        return std::nullopt;
    auto recorded =
        book->record(quotebook::recordFromDocument(doc, plan, books, scenarioToJson(plan.scenario)), nowUtc(),
                     quotebook::RecordOptions{rq.force});
    if (!recorded) {
        printError(recorded.error(), lang,
                   messageText(makeMessage(msg::kQuotebookNotRecordedNothingWritten), lang));
        const std::string& why = recorded.error().reason.id;
        if (why == msg::kErrorQuotebookReviseAccepted.id || why == msg::kErrorQuotebookReviseLost.id)
            std::cerr << "clusterplan-cli: "
                      << messageText(makeMessage(msg::kQuotebookReviseNeedsForce), lang) << "\n";
        return std::nullopt;
    }
    std::cerr << "clusterplan-cli: "
              << messageText(
                     makeMessage(recorded->newRevision ? msg::kQuotebookRecorded : msg::kQuotebookUnchanged,
                                 {book->path(), recorded->number, std::to_string(recorded->revision)}),
                     lang)
              << "\n";
    if (recorded->previousDecided)
        std::cerr << "clusterplan-cli: "
                  << messageText(makeMessage(msg::kQuotebookRevisedDecided,
                                             {recorded->number,
                                              quotebook::statusName(*recorded->previousDecided, lang),
                                              std::to_string(recorded->revision - 1),
                                              std::to_string(recorded->revision)}),
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

// A plan that does not fit is never quoted as if it ran: exit 2 with what would fit instead.
int refuseNotFitting(const Plan& plan, const Catalog& catalog, Lang lang) {
    for (const Message& note : plan.notes)
        if (note.id == msg::kPlanDoesNotFit.id)
            std::cerr << "clusterplan-cli: " << messageText(note, lang) << "\n";
    std::cerr << "clusterplan-cli: " << messageText(makeMessage(msg::kFitReportRefused), lang) << "\n";
    const FitSuggestions fit = whatWouldFit(plan.scenario, catalog);
    if (!fit.nearestLayout)
        std::cerr << "  - " << messageText(makeMessage(msg::kFitNoLayoutHere), lang) << "\n";
    for (const auto* s : {&fit.nearestLayout, &fit.smallestCluster, &fit.cheapestOption})
        if (*s)
            std::cerr << "  - " << messageText((*s)->text, lang) << "\n";
    if (fit.empty())
        std::cerr << "  - " << messageText(makeMessage(msg::kFitNone, {"32768"}), lang) << "\n";
    return kBadInput;
}

// The options page the report asked for (--options): the study of the quoted job and the
// alternatives picked from it, or the error that stops the report.
Result<quote::OptionsPage> optionsPageFor(const ReportRequest& rq, const Plan& plan,
                                          const quote::QuoteDocument& doc, const Catalog& catalog) {
    OptionsTarget target;
    target.deadlineDays = rq.optionsDeadline > 0 ? rq.optionsDeadline : std::ceil(plan.run.wallDays);
    target.budget = rq.optionsBudget;
    target.gpuTypes = rq.optionsGpuTypes;
    auto study = optionsStudy(plan.scenario, catalog, target);
    if (!study)
        return relocated("--options: " + study.error().where, study.error());
    std::vector<std::size_t> picks;
    if (rq.optionsPicks) {
        for (const std::size_t number : *rq.optionsPicks) {
            if (number < 1 || number > study->rows.size())
                return inputError("--options-pick", msg::kErrorRange,
                                  {std::to_string(number), "1", std::to_string(study->rows.size())});
            picks.push_back(number - 1);
        }
    } else {
        picks = quote::defaultOptionAlternatives(study.value(), plan);
    }
    return quote::buildOptionsPage(study.value(), plan, doc, picks, catalog);
}

}  // namespace

int reportCommand(const ReportRequest& rq, const Catalog& catalog) {
    quote::Lang lang = quote::Lang::En;
    if (!quote::parseLang(rq.lang, lang))
        return fail({"--lang", "is '" + rq.lang + "', allowed: zh_CN, en"});
        // Every output checked before anything is computed, written or recorded.
#ifndef CLUSTERPLAN_HAVE_QT_EXPORT
    if (!rq.pdf.empty() || !rq.imagesDir.empty())
        return fail({"--pdf", "this clusterplan-cli was built without Qt (CLUSTERPLAN_BUILD_UI=OFF)"});
#endif
    if (auto problem = firstOutputProblem(rq))
        return fail(*problem, lang);
    auto scenario = loadScenarioFile(rq.file, catalog);
    if (!scenario)
        return fail(scenario.error(), lang);
    EngineSession session(catalog);
    auto plan = session.evaluate(scenario.value());
    if (!plan)
        return fail(relocated(rq.file + ": " + plan.error().where, plan.error()), lang);
    // The price books the plan was priced from, as the engine resolves the scenario's inputs.
    const ResolvedInputs inputs = resolveInputs(plan->scenario, session.sharedCatalog());
    if (!plan->memory.fits())
        return refuseNotFitting(plan.value(), catalog, lang);
    // A quote sets renting beside owning: its verdict, break-even, savings and options table compare
    // the two, and a customer handed a quote with one half silently missing would read it as the
    // whole offer. So a price book that offers one half for this GPU is refused, saying which half
    // to give; the `cost` command and the window price the half the book has.
    if (!plan->cost && plan->costHalf) {
        const cost::CostReport& half = *plan->costHalf;
        const bool noRent = !half.rentPriced();
        Message book = perLanguageMessage(
            half.priceBookName, half.priceBookNameZh.empty() ? half.priceBookName : half.priceBookNameZh);
        return fail(
            inputError(rq.file + ": " + (noRent ? "cost.rent_offer" : "cost.overrides.node_price"),
                       makeNestedMessage(noRent ? msg::kErrorCostQuoteNoRent : msg::kErrorCostQuoteNoPurchase,
                                         {std::move(book), plainMessage(plan->gpu.name)})),
            lang);
    }
    // The accuracy the quote states: the labelled pair of resources/accuracy.json.
    quote::QuoteDocument doc =
        quote::buildQuoteDocument(plan.value(), todayUtc(), builtinAccuracyStatement());
    // A relative logo is beside the scenario file; a logo that is not there is said, not silently
    // left out of the PDF.
    doc.info.logo = quote::resolveLogoPath(doc.info.logo, rq.file);
    if (!rq.pdf.empty() && !doc.info.logo.empty() && !std::filesystem::exists(doc.info.logo))
        std::cerr << "clusterplan-cli: warning: quote.logo: " << doc.info.logo
                  << " does not exist; the PDF is written without a logo\n";
    // The scaling study is many layout searches: run only for the outputs that draw it.
    if (!rq.pdf.empty() || !rq.imagesDir.empty())
        doc.scaling = quote::quoteScaling(plan->scenario, catalog);
    std::optional<quote::OptionsPage> optionsPage;
    if (rq.optionsPage) {
        auto page = optionsPageFor(rq, plan.value(), doc, catalog);
        if (!page)
            return fail(page.error(), lang);
        optionsPage = std::move(page).value();
    }

    const bool anyFile = !rq.pdf.empty() || !rq.xlsx.empty() || !rq.csvDir.empty() || !rq.imagesDir.empty();
    if (!anyFile) {
        std::cout << quote::quoteToText(doc, lang);
        if (optionsPage)
            std::cout << "\n" << quote::optionsPageText(*optionsPage, lang);
        return kOk;
    }
    warnIfStale(plan.value(), *inputs.priceBooks, lang);
    // File systems stamp times from a coarse clock: a file written just after this moment may carry
    // a time a little before it.
    const auto start = std::filesystem::file_time_type::clock::now() - std::chrono::seconds(2);
    std::optional<quotebook::RecordOutcome> entry;
    if (rq.record) {
        entry = recordBeforeWriting(rq, plan.value(), doc, *inputs.priceBooks, lang);
        if (!entry)
            return kBadInput;
    } else {
        // A draft: no number of the book, and not the scenario's either, which may be another
        // customer's quote; the documents print "draft".
        doc.info.number.clear();
    }
    if (!rq.csvDir.empty()) {
        auto written = writeReportCsv(rq.csvDir, plan.value(), doc,
                                      CsvOptions{rq.byteOrderMark, lang == quote::Lang::Zh});
        if (!written)
            return fail(written.error(), lang);
    }
    if (!rq.xlsx.empty()) {
        if (auto ok = writeQuoteWorkbook(rq.xlsx, plan.value(), doc, lang); !ok)
            return fail(ok.error(), lang);
    }
    if (!rq.pdf.empty() || !rq.imagesDir.empty()) {
#ifdef CLUSTERPLAN_HAVE_QT_EXPORT
        if (auto ok =
                writeQtOutputs(rq.pdf, rq.imagesDir, plan.value(), doc, lang, rq.maxLayouts, optionsPage);
            !ok)
            return fail(ok.error(), lang);
#endif
    }
    if (entry)
        attachFiles(rq, *entry, start, lang);
    return kOk;
}

}  // namespace clusterplan::cli
