#pragma once
// clusterplan-cli report: a customer quote from a scenario file. CSV, the workbook
// and the text come from core; the PDF and chart images need Qt Gui (app/report_qt.h), the only
// part of the CLI that does.
#include <optional>
#include <string>
#include <vector>

#include "core/catalog/catalog.h"
#include "quotes_command.h"

namespace clusterplan::cli {

struct ReportRequest {
    std::string file;
    std::string pdf;
    std::string xlsx;
    std::string csvDir;
    std::string imagesDir;
    std::string lang = "en";
    // CSV byte-order mark: --bom / --no-bom; by default with Chinese, since Excel on Chinese Windows
    // reads BOM-less UTF-8 as GBK.
    std::optional<bool> byteOrderMark;
    std::size_t maxLayouts = 60;  // rows of the PDF's layouts table
    // What the report writes is recorded in the quote book unless --no-record.
    bool record = true;
    // --force: a new revision of a quote that is accepted or lost (the book refuses it otherwise).
    bool force = false;
    BookLocation book;
    // --options: the quote's options page (方案比较): the options study of the scenario's job with
    // --options-deadline DAYS (default: the quoted plan's days, rounded up), --options-budget
    // AMOUNT and --options-gpu-types IDS, and the alternatives --options-pick N[,M] names (the
    // numbers `clusterplan-cli options` prints; default: the study's recommendation and the next
    // option on its front).
    bool optionsPage = false;
    double optionsDeadline = 0;
    std::optional<double> optionsBudget;
    std::vector<std::string> optionsGpuTypes;
    std::optional<std::vector<std::size_t>> optionsPicks;  // 1-based
};

int reportCommand(const ReportRequest& request, const Catalog& catalog);

}  // namespace clusterplan::cli
