#include "cli_commands.h"

#include "clusterplan_version.h"

#include <algorithm>
#include <iostream>
#include <optional>
#include <string_view>

#include "article_command.h"
#include "calibrate_log_command.h"
#include "cli_errors.h"
#include "compare_command.h"
#include "core/calibration/calibration_format.h"
#include "core/calibration/evaluate.h"
#include "core/catalog/catalog_loading.h"
#include "core/catalog/catalog_lookup.h"
#include "core/cost/cost_format.h"
#include "core/cost/cost_json.h"
#include "core/io/scenario_json.h"
#include "core/phases/phases_format.h"
#include "core/quotebook/messages_quote_book.h"
#include "core/quotebook/quote_number.h"
#include "core/report/plan_format.h"
#include "core/search/search_format.h"
#include "core/studies/scaling_study.h"
#include "core/util/atomic_file.h"
#include "core/util/json_write.h"
#include "core/util/language.h"
#include "core/util/messages_input_errors.h"
#include "core/validation/accuracy_statement.h"
#include "core/validation/validation.h"
#include "launch_command.h"
#include "options_command.h"
#include "pricebook_command.h"
#include "quotes_command.h"
#include "report_command.h"

namespace clusterplan::cli {

namespace {

// One section per command: `clusterplan-cli COMMAND --help` prints its own, `--help` all of them.
struct UsageSection {
    const char* command;
    const char* text;
};
constexpr UsageSection kUsageSections[] = {
    {"evaluate", R"(  clusterplan-cli evaluate FILE [--format json|text] [--catalog FILE]...
      Evaluate a scenario file ("schema": "clusterplan.scenario/1") and print the plan
      ("schema": "clusterplan.plan/2"; JSON by default).
)"},
    {"search", R"(  clusterplan-cli search FILE [--top N] [--format json|text|csv] [--allow-cross-node-tp]
      Search every layout key the scenario's "layout" object leaves out (all of them when there is
      no layout object): rank valid layouts by step time, mark the memory/throughput Pareto front,
      explain the winner and compare it with the framework's default layout. TP stays inside a
      server, or inside a rack's NVLink domain (GB200/GB300 NVL72), unless --allow-cross-node-tp.
)"},
    {"scale", R"(  clusterplan-cli scale FILE [--max-gpus N] [--days D] [--format json|text|csv]
      Best layout at 1, 2, 4, 8, 16 ... N GPUs (default N: the scenario's cluster): throughput,
      scaling efficiency, days to train; the minimum GPU count that fits; the GPUs that finish
      training.tokens within D days; 1x8 vs 2x4 servers, NVLink vs PCIe, IB vs RoCE vs Ethernet.
)"},
    {"options", kOptionsUsage},
    {"compare", kCompareUsage},
    {"launch", kLaunchUsage},
    {"cost", R"(  clusterplan-cli cost FILE [--format json|text|csv] [--lang zh_CN|en] [--pricebook FILE]...
      Rent vs buy for the scenario's cluster: month-by-month cumulative cost, break-even month and
      utilisation, cost of the training run (GPU-hours from the performance model), sensitivity.
      A price book that sells the GPU's servers but rents none (or rents but sells none) prices
      the half it has; the text says which half is missing in the --lang language.
)"},
    {"phases",
     R"(  clusterplan-cli phases FILE [--format json|text|csv] [--lang zh_CN|en] [--pricebook FILE]...
      The scenario's "phases" (a slice, then a server, then a cluster...): per phase and
      cumulatively what it trains and what it costs under the price book's contract rules (cards
      added mid-term, early exit, renewal credit, resale of bought servers), beside renting the
      final cluster from month 0 and buying it at month 0; cost per million tokens for each.
      --lang writes the text in that language; JSON and CSV keep the ids and the English.
)"},
    {"validate",
     R"(  clusterplan-cli validate [--format text|csv|json] [--cv-profiles FILE] [--in-sample] [--moe]
                           [--write-accuracy FILE] [--catalog FILE]...
      Run every published training run of the calibration set through the engine with its own
      layout; print published vs predicted (in-sample), the prediction of the profiles fitted
      without the run's source (cross-validated), the band, and per source the mean absolute
      error, the cross-validated error and the band coverage; then leave one group out (each
      stack family on a GPU generation predicted without any of its runs, as an unseen stack):
      error, band coverage and median band width per group, by GPU count and sequence length.
      --cv-profiles replaces the built-in folds ("clusterplan.perf-profiles-cv/1", see
      fit_profiles.py); --in-sample predicts with the profiles only, no folds (the fitter's loop);
      --moe runs the published fine-grained MoE runs instead (resources/calibration/moe-runs.json),
      none of them fitted, sources grouped by lab.
      --write-accuracy rewrites the grouped cross-validation figure of an accuracy statement
      (resources/accuracy.json) with the one just measured, dated today when it changed; the
      independent figure is kept.
)"},
    {"calibrate", R"(  clusterplan-cli calibrate FILE [--format text|json|csv]
      Fit the performance profile to the runs listed in the scenario's "measured" key (runs on
      your own cluster: layout, nodes, tokens_per_s or step_s): print the fitted parameters
      (before -> after, with bounds), each measured run's throughput error before and after, and
      the scenario's plan with the fitted profile beside the built-in one. JSON: the plan, with
      its "calibration" object, each run's "assumed" keys (left out of the run, resolved by the
      search under the built-in profile). CSV: one row per measured run, the assumed keys as
      key=value. `evaluate` uses the fitted profile too.
  clusterplan-cli calibrate FILE --log LOG... [--save] [--format text|json] [--lang zh_CN|en]
      Read training logs as measured runs: Megatron-LM and Megatron-Bridge (the steady step time
      from "elapsed time per iteration"), NeMo 2 ("train_step_timing in s"), torchtitan (tokens/s
      per GPU) and DeepSpeed (samples/s): the median of the logged steps after the warm-up, with
      its 10th-90th percentile spread, the peak memory with its counter (max reserved, else max
      allocated) and rank, the layout and GPUs from Megatron-LM's argument dump (else the
      scenario's fixed "layout"). Then fit the profile to them and the scenario's "measured" runs,
      as calibrate does; --save adds the runs to FILE's "measured".
      A log that is not one, or a malformed line, is an error naming FILE:LINE.
)"},
    {"report", R"(  clusterplan-cli report FILE [--pdf OUT.pdf] [--xlsx OUT.xlsx] [--csv DIR] [--images DIR]
                         [--lang zh_CN|en] [--bom|--no-bom] [--max-layouts N]
                         [--no-record] [--quote-book FILE] [--quote-prefix P] [--force]
                         [--options [--options-deadline DAYS] [--options-budget AMOUNT]
                          [--options-gpu-types ID,...] [--options-pick N[,M]]]
      A customer quote for the scenario: cover, verdict, rent and buy line items with VAT (the
      scenario's "quote" object sets customer, number, tax rates...), charts and assumptions, as
      PDF, Excel workbook, CSV tables (the customer's files only; UTF-8 with a byte-order mark
      when a file holds non-ASCII text or the language is Chinese, which Excel on Windows needs,
      none in a pure-ASCII English file; --bom / --no-bom choose) and chart images (PNG and
      SVG). Without an output option the quote's text is printed. Default language: en.
      The PDF's layouts table lists the best N layouts (default 60); the CSV lists all.
      Every option and output folder is checked before anything is written or recorded. The
      quote and the files written are recorded in the quote book unless --no-record (then the
      files are a draft without a number); a book that cannot record it stops the report with
      exit status 2. A new revision of an accepted or lost quote needs --force.
      --options adds the options page (方案比较) to the PDF and the text: the quoted cluster,
      rented and bought, beside up to two alternatives of the options study (`options`) with
      days and prices billed as the line items bill them. The study's deadline is
      --options-deadline (default: the quoted plan's days); --options-pick names the
      alternatives by the numbers `options` prints (default: its recommendation and the next
      option on its front).
)"},
    {"article", R"(  clusterplan-cli article [FOLDER] [--format text|json|csv|markdown] [--lang zh_CN|en]
      Every quantitative claim of the seed article, each an example scenario of FOLDER (default:
      the article's examples shipped with ClusterPlan): the article's value, the engine's value
      for the example, agrees or differs (by how much), and why. Default format: text.
)"},
    {"quotes",
     R"(  clusterplan-cli quotes list [--customer S] [--status S] [--all-revisions] [--format text|json|csv]
                             [--bom|--no-bom] [--lang zh_CN|en] [--pricebook FILE]...
  clusterplan-cli quotes show NUMBER[/REV] [--format text|json] [--lang zh_CN|en]
  clusterplan-cli quotes status NUMBER accepted|lost|sent|draft
  clusterplan-cli quotes export-book FILE.json
  clusterplan-cli quotes import-book FILE.json
      The quote book: every quote `report` wrote files for, numbered (Q-2026-0043; `report
      --quote-prefix` sets the prefix of new numbers) with its revisions, status, validity,
      totals, price book, scenario and the files' SHA-256. list: the last revision of each quote,
      newest first; --all-revisions lists every revision, as NUMBER/REV, an earlier one
      "superseded by /REV" (the counts still count quotes); --customer matches part of the name;
      --status filters by the quote's status (its last revision's): draft, sent, accepted, lost,
      expired, active (sent, not expired) or expiring (active, 7 days or less left). Prices:
      whether the quote's price book is older than its stale_after_days (default 90) or
      superseded by a newer price it rests on, in the book of the same id (built-in, user and
      --pricebook files as loaded now): a parameter, or an offer or purchase for its GPU. CSV: text cells guarded against formulas, the byte-order mark as for `report`. show:
      one revision (the last without /REV); JSON as export-book writes it. status: sets the last
      revision's status. export-book writes the whole book as JSON (from a damaged book, every
      revision that can still be read); import-book merges such a file by number and revision.
      list, show and export-book read a read-only book; nothing is recorded in one.
)"},
    {"pricebook", R"(  clusterplan-cli pricebook import LIST.csv --book BOOK.json [--encoding auto|utf-8|gbk]
                            [--as-of DATE] [--dry-run] [--lang zh_CN|en]
      Apply a vendor's price list to a price-book file: a CSV (UTF-8 or GBK, detected unless
      --encoding says; comma- or tab-separated) with the columns kind (rent|purchase), id, price
      and optionally name, gpu, unit, term, term_months, discount, gpus_per_server, node_max_kw,
      source, as_of (docs/cost-model.md). Every row is checked (errors name the line and the
      column, as the file's header spells it); the changes against the book are printed; then the
      book is saved atomically with its as_of set to DATE (default: the oldest as_of of the list's
      rows, else today), unless there were errors or --dry-run. Discounts read as percent.
)"},
    {"presets", R"(  clusterplan-cli presets [--catalog FILE]...
      List the model presets, GPUs and fabrics of the catalog, as text.
)"},
};

constexpr const char* kUsageFooter = R"(  clusterplan-cli --help | --version | COMMAND --help

--profiles FILE merges performance profiles ("clusterplan.perf-profiles/1") over the built-in ones.
User catalog entries are read from --catalog files and from
  $XDG_CONFIG_HOME/clusterplan/catalog.json (default ~/.config/clusterplan/catalog.json)
and replace built-in entries with the same id; price books likewise from --pricebook files and
  $XDG_CONFIG_HOME/clusterplan/pricebook.json. The window reads the same user files. A bad
entry is skipped with a warning; a file that cannot be parsed stops with exit status 2.

The quote book is $XDG_DATA_HOME/ClusterPlan/quotes.sqlite (default
~/.local/share/ClusterPlan/quotes.sqlite); --quote-book FILE uses another, on a local disk.

Exit status: 0 ok, 2 bad input, 1 internal error.
)";

struct Options {
    std::string command;
    std::string file;
    std::string format = "json";
    std::vector<std::string> catalogs;
    std::vector<std::string> profiles;  // extra performance-profile files
    std::string cvProfiles;             // validate: leave-one-source-out folds file
    std::string writeAccuracy;          // validate --write-accuracy: the accuracy statement to update
    bool inSampleOnly = false;          // validate --in-sample: no folds (the profile fitter)
    bool moeRuns = false;               // validate --moe: the MoE runs instead of the calibration set
    bool formatGiven = false;
    bool help = false;                    // --help / -h after a command: that command's usage
    std::vector<std::string> priceBooks;  // extra price-book files
    std::size_t top = 20;
    double maxGpus = 0;  // scale: 0 = the scenario's cluster size
    double days = 0;     // scale: deadline for training.tokens, 0 = none
    bool crossNodeTp = false;
    ReportRequest report;               // report command outputs
    QuotesRequest quotes;               // quotes command: subcommand, operands, filters
    PricebookRequest pricebook;         // pricebook import: --book, --encoding, --as-of, --dry-run
    std::vector<std::string> operands;  // positional arguments after FILE (quotes only)
    std::vector<std::string> given;     // every option given, for the check against the command
};

std::string fullUsage() {
    std::string out = "Usage:\n";
    for (const UsageSection& section : kUsageSections)
        out += section.text;
    return out + kUsageFooter;
}

const UsageSection* sectionOf(std::string_view command) {
    for (const UsageSection& section : kUsageSections)
        if (command == section.command)
            return &section;
    return nullptr;
}

// The usage of `command` (all of it for no or an unknown command).
std::string usageOf(std::string_view command) {
    const UsageSection* section = sectionOf(command);
    return section ? std::string("Usage:\n") + section->text + kUsageFooter : fullUsage();
}

// What each command takes besides the catalog options (--catalog, --pricebook, --profiles), and
// which --format values it writes (none: it takes no --format).
struct CommandSpec {
    std::string_view command;
    std::vector<std::string_view> options;
    std::vector<std::string_view> formats;
    bool catalogOptions = true;
};

const std::vector<CommandSpec>& commandSpecs() {
    static const std::vector<CommandSpec> specs = {
        {"evaluate", {}, {"json", "text"}},
        {"search", {"--top", "--allow-cross-node-tp"}, {"json", "text", "csv"}},
        {"scale", {"--max-gpus", "--days"}, {"json", "text", "csv"}},
        {"cost", {"--lang"}, {"json", "text", "csv"}},
        {"phases", {"--lang"}, {"json", "text", "csv"}},
        {"validate", {"--cv-profiles", "--in-sample", "--write-accuracy", "--moe"}, {"text", "csv", "json"}},
        {"calibrate", {}, {"text", "json", "csv"}},
        {"report",
         {"--pdf", "--xlsx", "--csv", "--images", "--lang", "--bom", "--no-bom", "--max-layouts",
          "--no-record", "--quote-book", "--quote-prefix", "--force", "--options", "--options-deadline",
          "--options-budget", "--options-gpu-types", "--options-pick"},
         {}},
        {"article", {"--lang"}, {"text", "json", "csv", "markdown"}},
        // The subcommand narrows these further (checkQuotes).
        {"quotes",
         {"--quote-book", "--lang", "--customer", "--status", "--all-revisions", "--bom", "--no-bom"},
         {"text", "json", "csv"}},
        {"pricebook", {"--book", "--encoding", "--as-of", "--dry-run", "--lang"}, {}, false},
        {"presets", {}, {"text"}},
    };
    return specs;
}

const CommandSpec* specOf(std::string_view command) {
    for (const CommandSpec& spec : commandSpecs())
        if (spec.command == command)
            return &spec;
    return nullptr;
}

std::string joined(const std::vector<std::string_view>& items) {
    std::string out;
    for (std::string_view item : items)
        (out += out.empty() ? "" : ", ") += item;
    return out;
}

int usageError(const std::string& message, std::string_view command = {}) {
    std::cout << std::flush;
    std::cerr << "clusterplan-cli: " << message << "\n\n" << usageOf(command);
    return kBadInput;
}

// A whole number given on the command line, within [low, high]. Digits only: std::stoul would read
// "-1" as 18446744073709551615 and "12abc" as 12.
std::optional<std::size_t> wholeNumber(const std::string& text, std::size_t low, std::size_t high) {
    if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    const std::size_t value = std::stoull(text);
    if (value < low || value > high)
        return std::nullopt;
    return value;
}

// Returns an exit code on error, or -1 when parsing succeeded.
int parseArgs(const std::vector<std::string>& args, Options& o) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool hasValue = i + 1 < args.size();
        if (a.rfind("--", 0) == 0)
            o.given.push_back(a);
        if (a == "--help" || a == "-h") {
            o.help = true;
        } else if (a == "--allow-cross-node-tp") {
            o.crossNodeTp = true;
        } else if (a == "--bom" || a == "--no-bom") {
            o.report.byteOrderMark = a == "--bom";
        } else if (a == "--force") {
            o.report.force = true;
        } else if (a == "--options") {
            o.report.optionsPage = true;
        } else if (a == "--options-deadline" || a == "--options-budget") {
            if (!hasValue)
                return usageError(a + " needs a value", o.command);
            o.report.optionsPage = true;  // a target for the options page asks for it
            const bool deadline = a == "--options-deadline";
            const double high = deadline ? 100'000 : 1e15;
            try {
                std::size_t used = 0;
                const double v = std::stod(args[++i], &used);
                if (used != args[i].size() || !(v > 0) || v > high)
                    throw std::invalid_argument("range");
                if (deadline)
                    o.report.optionsDeadline = v;
                else
                    o.report.optionsBudget = v;
            } catch (const std::exception&) {
                return usageError(a +
                                      (deadline ? " needs a number of days above 0 and at most 100000"
                                                : " needs an amount above 0 and at most 1e15") +
                                      ", got '" + args[i] + "'",
                                  o.command);
            }
        } else if (a == "--options-gpu-types" || a == "--options-pick") {
            if (!hasValue)
                return usageError(a + " needs a value", o.command);
            o.report.optionsPage = true;
            std::vector<std::string> items;
            std::string item;
            for (const char c : args[++i] + ",") {
                if (c != ',') {
                    item += c;
                } else if (!item.empty()) {
                    items.push_back(item);
                    item.clear();
                }
            }
            if (a == "--options-gpu-types") {
                if (items.empty())
                    return usageError(a + " needs GPU ids separated by commas, got '" + args[i] + "'",
                                      o.command);
                o.report.optionsGpuTypes = items;
            } else {
                std::vector<std::size_t> picks;
                for (const auto& text : items) {
                    const auto n = wholeNumber(text, 1, 1'000'000);
                    if (!n)
                        return usageError(a +
                                              " needs option numbers as `options` prints them, separated by "
                                              "commas, got '" +
                                              args[i] + "'",
                                          o.command);
                    picks.push_back(*n);
                }
                if (picks.size() > 2)
                    return usageError(
                        a + " takes at most 2 alternatives, got " + std::to_string(picks.size()), o.command);
                o.report.optionsPicks = picks;
            }
        } else if (a == "--pdf" || a == "--xlsx" || a == "--csv" || a == "--images" || a == "--lang") {
            if (!hasValue)
                return usageError(a + " needs a value", o.command);
            (a == "--pdf"    ? o.report.pdf
             : a == "--xlsx" ? o.report.xlsx
             : a == "--csv"  ? o.report.csvDir
             : a == "--lang" ? o.report.lang
                             : o.report.imagesDir) = args[++i];
        } else if (a == "--max-gpus" || a == "--days") {
            if (!hasValue)
                return usageError(a + " needs a value", o.command);
            try {
                std::size_t used = 0;
                const double v = std::stod(args[++i], &used);
                if (used != args[i].size() || !(v > 0) || v > 1e7)
                    throw std::invalid_argument("range");
                (a == "--days" ? o.days : o.maxGpus) = v;
            } catch (const std::exception&) {
                return usageError(a + " needs a number above 0 and at most 10,000,000, got '" + args[i] + "'",
                                  o.command);
            }
        } else if (a == "--max-layouts" || a == "--top") {
            if (!hasValue)
                return usageError(a + " needs a value", o.command);
            // The PDF's layouts table and the printed ranking: one row at least, a million at most.
            constexpr std::size_t kMaxRows = 1'000'000;
            const auto n = wholeNumber(args[++i], 1, kMaxRows);
            if (!n)
                return usageError(a + " needs a whole number from 1 to 1000000, got '" + args[i] + "'",
                                  o.command);
            (a == "--top" ? o.top : o.report.maxLayouts) = *n;
        } else if (a == "--pricebook") {
            if (!hasValue)
                return usageError(a + " needs a value", o.command);
            o.priceBooks.push_back(args[++i]);
        } else if (a == "--dry-run") {
            o.pricebook.dryRun = true;
        } else if (a == "--book" || a == "--encoding" || a == "--as-of") {
            if (!hasValue)
                return usageError(a + " needs a value", o.command);
            (a == "--book"       ? o.pricebook.book
             : a == "--encoding" ? o.pricebook.encoding
                                 : o.pricebook.asOf) = args[++i];
        } else if (a == "--no-record") {
            o.report.record = false;
        } else if (a == "--all-revisions") {
            o.quotes.allRevisions = true;
        } else if (a == "--quote-book" || a == "--quote-prefix" || a == "--customer" || a == "--status") {
            if (!hasValue)
                return usageError(a + " needs a value", o.command);
            (a == "--quote-book"     ? o.report.book.path
             : a == "--quote-prefix" ? o.report.book.prefix
             : a == "--customer"     ? o.quotes.customer
                                     : o.quotes.status) = args[++i];
        } else if (a == "--in-sample") {
            o.inSampleOnly = true;
        } else if (a == "--moe") {
            o.moeRuns = true;
        } else if (a == "--cv-profiles" || a == "--write-accuracy") {
            if (!hasValue)
                return usageError(a + " needs a value", o.command);
            (a == "--cv-profiles" ? o.cvProfiles : o.writeAccuracy) = args[++i];
        } else if (a == "--format" || a == "--catalog" || a == "--profiles") {
            o.formatGiven = o.formatGiven || a == "--format";
            if (!hasValue)
                return usageError(a + " needs a value", o.command);
            (a == "--format"    ? o.format
             : a == "--catalog" ? o.catalogs.emplace_back()
                                : o.profiles.emplace_back()) = args[++i];
        } else if (a.rfind("--", 0) == 0) {
            return usageError("unknown option '" + a + "'", o.command);
        } else if (o.command.empty()) {
            o.command = a;
        } else if (o.file.empty()) {
            o.file = a;
        } else {
            o.operands.push_back(a);
        }
    }
    return -1;
}

// The quotes subcommand's own options and operands: `quotes show --status x` is refused, not
// ignored.
int checkQuotes(const Options& o, Lang lang) {
    std::vector<std::string> args = o.operands;
    if (!o.file.empty())
        args.insert(args.begin(), o.file);
    if (args.empty())
        return usageError("quotes needs list, show, status, export-book or import-book", "quotes");
    const std::string& sub = args[0];
    if (sub != "list" && sub != "show" && sub != "status" && sub != "export-book" && sub != "import-book")
        return usageError("unknown quotes command '" + sub + "'", "quotes");
    const std::size_t wantOperands = sub == "list" ? 1 : sub == "status" ? 3 : 2;
    if (args.size() != wantOperands)
        return usageError("quotes " + sub +
                              (sub == "list"     ? " takes no operand"
                               : sub == "show"   ? " needs NUMBER[/REV]"
                               : sub == "status" ? " needs NUMBER and accepted|lost|sent|draft"
                                                 : " needs FILE.json"),
                          "quotes");
    const std::vector<std::string_view> listOnly = {"--customer", "--status", "--all-revisions", "--bom",
                                                    "--no-bom"};
    for (const std::string& option : o.given) {
        const bool listOption = std::find(listOnly.begin(), listOnly.end(), option) != listOnly.end();
        if ((listOption && sub != "list") || (option == "--format" && sub != "list" && sub != "show"))
            return usageError("quotes " + sub + " does not take " + option, "quotes");
    }
    if (sub == "show" && o.formatGiven && o.format == "csv")
        return usageError("quotes show --format is 'csv', allowed: text, json", "quotes");
    if (sub == "list" && !o.quotes.status.empty()) {
        const auto& allowed = quotebook::listStatuses();
        if (std::find(allowed.begin(), allowed.end(), o.quotes.status) == allowed.end()) {
            std::string list;
            for (const auto& status : allowed)
                list += (list.empty() ? "" : ", ") + status;
            printError(inputError("--status", msg::kErrorJsonNotAllowed, {o.quotes.status, list}), lang);
            return kBadInput;
        }
    }
    if (sub == "status" && !quotebook::parseStoredStatus(args[2])) {
        printError(inputError("STATUS", msg::kErrorJsonNotAllowed, {args[2], "draft, sent, accepted, lost"}),
                   lang);
        return kBadInput;
    }
    return -1;
}

// Every option checked against the command before anything is read, written or recorded: an
// option the command does not take, a --format it does not write, a language, a number prefix or
// an encoding outside their sets all stop with exit status 2 and nothing done.
int checkOptions(const Options& o) {
    const CommandSpec* spec = specOf(o.command);
    if (!spec)
        return usageError(o.command.empty() ? "no command given" : "unknown command '" + o.command + "'");
    const std::vector<std::string_view> catalogOptions = {"--catalog", "--pricebook", "--profiles"};
    for (const std::string& option : o.given) {
        const bool own = std::find(spec->options.begin(), spec->options.end(), option) != spec->options.end();
        const bool catalog = spec->catalogOptions && std::find(catalogOptions.begin(), catalogOptions.end(),
                                                               option) != catalogOptions.end();
        const bool format = option == "--format" && !spec->formats.empty();
        if (!own && !catalog && !format)
            return usageError(o.command + " does not take " + option, o.command);
    }
    if (o.formatGiven &&
        std::find(spec->formats.begin(), spec->formats.end(), o.format) == spec->formats.end())
        return usageError("--format is '" + o.format + "', allowed: " + joined(spec->formats), o.command);
    if (!o.operands.empty() && o.command != "quotes" && o.command != "pricebook")
        return usageError("unexpected argument '" + o.operands.front() + "'", o.command);
    if (!o.file.empty() && (o.command == "presets" || o.command == "validate"))
        return usageError("unexpected argument '" + o.file + "'", o.command);
    Lang lang = Lang::En;
    if (!parseLang(o.report.lang, lang)) {
        printError(inputError("--lang", msg::kErrorJsonNotAllowed, {o.report.lang, "zh_CN, en"}), Lang::En);
        return kBadInput;
    }
    if (o.command == "report" && !quotebook::validPrefix(o.report.book.prefix)) {
        printError(inputError("--quote-prefix", msg::kErrorQuotebookBadPrefix, {o.report.book.prefix}), lang);
        return kBadInput;
    }
    if (o.command == "pricebook") {
        const std::string& e = o.pricebook.encoding;
        if (e != "auto" && e != "utf-8" && e != "gbk") {
            printError(inputError("--encoding", msg::kErrorJsonNotAllowed, {e, "auto, utf-8, gbk"}), lang);
            return kBadInput;
        }
    }
    if (o.command == "quotes")
        return checkQuotes(o, lang);
    return -1;
}

// Built-in catalog plus user files (core/catalog/catalog_loading.h): a bad file stops with exit 2,
// bad entries are skipped with a warning.
Result<Catalog> loadCatalog(const Options& o) {
    auto loaded = clusterplan::loadCatalog({o.catalogs, o.priceBooks, o.profiles, true});
    if (!loaded)
        return loaded.error();
    for (const Diagnostic& d : loaded->warnings)
        std::cerr << "clusterplan-cli: warning: " << d.toString() << "\n";
    return std::move(loaded).value().catalog;
}

// Loads and evaluates the scenario FILE; prints the error and returns nothing on bad input.
std::optional<Plan> planFor(const Options& o, const Catalog& catalog) {
    auto scenario = loadScenarioFile(o.file, catalog);
    if (!scenario) {
        std::cerr << "clusterplan-cli: " << scenario.error().toString() << "\n";
        return std::nullopt;
    }
    auto plan = evaluate(scenario.value(), catalog);
    if (!plan) {
        std::cerr << "clusterplan-cli: " << o.file << ": " << plan.error().toString() << "\n";
        return std::nullopt;
    }
    return std::move(plan).value();
}

int costCommand(const Options& o, const Catalog& catalog) {
    if (o.file.empty())
        return usageError("cost needs a scenario FILE");
    const auto plan = planFor(o, catalog);
    if (!plan)
        return kBadInput;
    Lang lang = Lang::En;
    if (!parseLang(o.report.lang, lang)) {
        printError(inputError("--lang", msg::kErrorJsonNotAllowed, {o.report.lang, "zh_CN, en"}), Lang::En);
        return kBadInput;
    }
    // A price book that sells this GPU's servers but rents none (or the reverse) prices the half it
    // has: the report says which half is missing, in `lang`, and the command succeeds.
    const cost::CostReport* report = plan->cost ? &*plan->cost : plan->costHalf ? &*plan->costHalf : nullptr;
    if (!report) {
        if (plan->costError)
            std::cerr << "clusterplan-cli: " << o.file << ": " << plan->costError->toString() << "\n";
        return kBadInput;
    }
    if (o.format == "text") {
        std::cout << cost::costToText(*report, lang);
    } else if (o.format == "csv") {
        std::cout << cost::costToCsv(*report);
    } else {
        json::Writer w;
        w.beginObject().value("schema", kCostSchema);
        cost::writeCostJson(w, *report);
        w.endObject();
        std::cout << w.str();
    }
    return kOk;
}

int phasesCommand(const Options& o, const Catalog& catalog) {
    if (o.file.empty())
        return usageError("phases needs a scenario FILE");
    auto scenario = loadScenarioFile(o.file, catalog);
    if (!scenario) {
        std::cerr << "clusterplan-cli: " << scenario.error().toString() << "\n";
        return kBadInput;
    }
    auto plan = planPhases(scenario.value(), catalog);
    if (!plan) {
        std::cerr << "clusterplan-cli: " << o.file << ": " << plan.error().toString() << "\n";
        return kBadInput;
    }
    Lang lang = Lang::En;
    if (!parseLang(o.report.lang, lang))  // an unknown --lang was refused before the command ran
        lang = Lang::En;
    if (o.format == "text")
        std::cout << phasesToText(plan.value(), lang);
    else if (o.format == "csv")
        std::cout << phasesToCsv(plan.value());
    else
        std::cout << phasesToJson(plan.value());
    return kOk;
}

int searchCommand(const Options& o, const Catalog& catalog) {
    if (o.file.empty())
        return usageError("search needs a scenario FILE");
    auto scenario = loadScenarioFile(o.file, catalog);
    if (!scenario) {
        std::cerr << "clusterplan-cli: " << scenario.error().toString() << "\n";
        return kBadInput;
    }
    if (scenario->layout.open == 0)
        std::cerr << "clusterplan-cli: note: every layout key is fixed in " << o.file
                  << "; leave keys out of \"layout\" to search them\n";
    SearchOptions options;
    options.allowCrossNodeTp = o.crossNodeTp;
    const SearchResult result = searchLayouts(scenario.value(), catalog, options);
    if (result.boundNote)
        std::cerr << "clusterplan-cli: note: " << result.boundNote->text << "\n";
    if (o.format == "text")
        std::cout << searchToText(result, o.top);
    else if (o.format == "csv")
        std::cout << searchToCsv(result, o.top);
    else
        std::cout << searchToJson(result, o.top);
    return kOk;
}

// validate: text unless --format says otherwise (csv for the profile fitter, json for tools).
int validateCommand(const Options& o, const Catalog& catalog) {
    constexpr std::uintmax_t kMaxFoldsBytes = 16u << 20;
    Result<ValidationReport> report = Error{"", ""};
    if (o.moeRuns) {
        report = runMoeValidation(catalog);
    } else if (o.inSampleOnly) {
        report = runValidation(catalog, ValidationScope::InSampleOnly);
    } else if (o.cvProfiles.empty()) {
        report = runValidation(catalog);
    } else {
        auto text = readTextFile(o.cvProfiles, kMaxFoldsBytes);
        if (!text) {
            std::cerr << "clusterplan-cli: " << text.error().toString() << "\n";
            return kBadInput;
        }
        report = runValidationWithFolds(catalog, text.value());
    }
    if (!report) {
        std::cerr << "clusterplan-cli: " << report.error().toString() << "\n";
        return o.cvProfiles.empty() ? kBug : kBadInput;
    }
    if (!o.writeAccuracy.empty()) {
        // The stated grouped figure rewritten in one step from what was just measured.
        if (o.inSampleOnly)
            return usageError("--write-accuracy needs the cross-validated figures, not --in-sample",
                              o.command);
        constexpr std::uintmax_t kMaxStatementBytes = 1u << 20;
        auto text = readTextFile(o.writeAccuracy, kMaxStatementBytes);
        auto stated = text ? parseAccuracyStatement(text.value(), o.writeAccuracy)
                           : Result<AccuracyStatement>(text.error());
        if (!stated) {
            std::cerr << "clusterplan-cli: " << stated.error().toString() << "\n";
            return kBadInput;
        }
        const AccuracyStatement updated =
            withGroupedAccuracy(stated.value(), groupedAccuracyOf(report.value()), todayUtc());
        if (auto written = writeFileAtomically(o.writeAccuracy, accuracyStatementToJson(updated)); !written) {
            std::cerr << "clusterplan-cli: " << written.error().toString() << "\n";
            return kBadInput;
        }
        std::cerr << "clusterplan-cli: " << o.writeAccuracy << ": "
                  << groupedAccuracySentence(updated.grouped) << "\n";
    }
    if (o.formatGiven && o.format == "json")
        std::cout << validationToJson(report.value());
    else
        std::cout << (o.format == "csv" ? validationToCsv(report.value()) : validationToText(report.value()));
    return kOk;
}

int scaleCommand(const Options& o, const Catalog& catalog) {
    if (o.file.empty())
        return usageError("scale needs a scenario FILE");
    auto scenario = loadScenarioFile(o.file, catalog);
    if (!scenario) {
        std::cerr << "clusterplan-cli: " << scenario.error().toString() << "\n";
        return kBadInput;
    }
    const auto maxGpus = o.maxGpus > 0 ? static_cast<std::int64_t>(o.maxGpus) : scenario->cluster.gpus();
    const ScalingReport report = scalingStudy(scenario.value(), catalog, maxGpus, o.days);
    for (const auto& note : report.notes)
        std::cerr << "clusterplan-cli: note: " << note << "\n";
    if (o.format == "text")
        std::cout << scalingToText(report);
    else if (o.format == "csv")
        std::cout << scalingToCsv(report);
    else
        std::cout << scalingToJson(report);
    return kOk;
}

// calibrate: text unless --format json (then the plan JSON, whose "calibration" object has the fit).
int calibrateCommand(const Options& o, const Catalog& catalog) {
    if (o.file.empty())
        return usageError("calibrate needs a scenario FILE");
    auto scenario = loadScenarioFile(o.file, catalog);
    if (!scenario) {
        std::cerr << "clusterplan-cli: " << scenario.error().toString() << "\n";
        return kBadInput;
    }
    if (scenario->measured.empty()) {
        std::cerr
            << "clusterplan-cli: " << o.file
            << ": measured: calibrate needs at least one measured run, e.g. \"measured\": [{\"layout\": "
               "{\"tp\": 8, \"pp\": 1}, \"nodes\": 2, \"tokens_per_s\": 150000}]\n";
        return kBadInput;
    }
    const auto plan = planFor(o, catalog);
    if (!plan)
        return kBadInput;
    if (o.formatGiven && o.format == "json") {
        std::cout << planToJson(*plan);
        return kOk;
    }
    if (o.format == "csv") {
        std::cout << profileFitToCsv(*plan->calibration);
        return kOk;
    }
    Scenario builtin = scenario.value();
    builtin.measured.clear();
    const auto before = evaluate(builtin, catalog);
    std::cout << profileFitToText(*plan->calibration) << "\nPlan with the fitted profile:\n  "
              << planTimeSummary(*plan) << "\n";
    if (before)
        std::cout << "With the built-in profile:\n  " << planTimeSummary(before.value()) << "\n";
    return kOk;
}

int evaluateCommand(const Options& o, const Catalog& catalog) {
    if (o.file.empty())
        return usageError("evaluate needs a scenario FILE");
    const auto plan = planFor(o, catalog);
    if (!plan)
        return kBadInput;
    std::cout << (o.format == "text" ? planToText(*plan) : planToJson(*plan));
    return kOk;
}

}  // namespace

int run(const std::vector<std::string>& args) {
    if (args.empty())
        return usageError("no command given");
    if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        std::cout << (args.size() > 1 ? usageOf(args[1]) : fullUsage());
        return kOk;
    }
    if (args[0] == "--version") {
        std::cout << "clusterplan-cli " << kVersion << "\n";
        return kOk;
    }
    if (args[0] == "options")
        return optionsCommand(args);
    if (args[0] == "compare")
        return compareCommand(args);
    if (args[0] == "launch")
        return launchCommand(args);
    // calibrate --log reads training logs (calibrate_log_command.h); its --help is calibrate's usage.
    const auto given = [&](const char* option) {
        return std::find(args.begin(), args.end(), option) != args.end();
    };
    if (args[0] == "calibrate" && given("--log") && !given("--help") && !given("-h"))
        return calibrateLogCommand(args);
    Options o;
    if (const int rc = parseArgs(args, o); rc >= 0)
        return rc;
    // `COMMAND --help` (also `quotes list --help`): that command's usage on stdout, whatever else
    // was given.
    if (o.help) {
        if (!o.command.empty() && !sectionOf(o.command))
            return usageError("unknown command '" + o.command + "'");
        std::cout << usageOf(o.command);
        return kOk;
    }
    if (const int rc = checkOptions(o); rc >= 0)
        return rc;
    if (o.command == "pricebook") {
        o.pricebook.operands = o.operands;
        if (!o.file.empty())
            o.pricebook.operands.insert(o.pricebook.operands.begin(), o.file);
        o.pricebook.lang = o.report.lang;
        return pricebookCommand(o.pricebook);
    }
    auto catalog = loadCatalog(o);
    if (o.command == "quotes") {
        // A broken user catalog does not keep anyone from their quotes: the built-in price books
        // then judge which prices are stale.
        if (!catalog)
            std::cerr << "clusterplan-cli: warning: " << catalog.error().toString()
                      << "; the built-in price books are used\n";
        const cost::PriceBooks builtinBooks = catalog ? cost::PriceBooks() : cost::PriceBooks::builtin();
        o.quotes.operands = o.operands;
        if (!o.file.empty())
            o.quotes.operands.insert(o.quotes.operands.begin(), o.file);
        o.quotes.book = o.report.book;
        o.quotes.format = o.formatGiven ? o.format : "text";
        o.quotes.lang = o.report.lang;
        o.quotes.byteOrderMark = o.report.byteOrderMark;
        o.quotes.priceBooks = catalog ? &catalog->priceBooks() : &builtinBooks;
        return quotesCommand(o.quotes);
    }
    if (!catalog) {
        std::cerr << "clusterplan-cli: " << catalog.error().toString() << "\n";
        return kBadInput;
    }
    if (o.command == "evaluate")
        return evaluateCommand(o, catalog.value());
    if (o.command == "scale")
        return scaleCommand(o, catalog.value());
    if (o.command == "search")
        return searchCommand(o, catalog.value());
    if (o.command == "cost")
        return costCommand(o, catalog.value());
    if (o.command == "phases")
        return phasesCommand(o, catalog.value());
    if (o.command == "report") {
        if (o.file.empty())
            return usageError("report needs a scenario FILE");
        o.report.file = o.file;
        return reportCommand(o.report, catalog.value());
    }
    if (o.command == "validate")
        return validateCommand(o, catalog.value());
    if (o.command == "article")
        return articleCommand({o.file, o.formatGiven ? o.format : "text", o.report.lang}, catalog.value());
    if (o.command == "calibrate")
        return calibrateCommand(o, catalog.value());
    std::cout << presetsToText(catalog.value());  // presets: the last command checkOptions knows
    return kOk;
}

}  // namespace clusterplan::cli
