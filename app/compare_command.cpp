#include "compare_command.h"

#include <filesystem>
#include <iostream>

#include "catalog_options.h"
#include "cli_commands.h"
#include "command_inputs.h"
#include "core/calibration/evaluate.h"
#include "core/io/scenario_json.h"
#include "core/report/plan_comparison.h"

namespace clusterplan::cli {

namespace {

int bad(const std::string& message) {
    std::cerr
        << "clusterplan-cli: compare: " << message
        << "\nUsage: clusterplan-cli compare FILE FILE... [--format text|csv|markdown] [--lang zh_CN|en] "
           "[--catalog FILE]... [--pricebook FILE]... [--profiles FILE]...\n";
    return kBadInput;
}

// A row's name: what the scenario says it is, else its file name without the extension.
std::string labelOf(const Scenario& scenario, const std::string& file) {
    if (!scenario.description.text.empty())
        return scenario.description.text;
    std::string stem = std::filesystem::path(file).filename().string();
    for (const std::string ext : {".clusterplan.json", ".json"})
        if (stem.size() > ext.size() && stem.compare(stem.size() - ext.size(), ext.size(), ext) == 0)
            return stem.substr(0, stem.size() - ext.size());
    return stem;
}

}  // namespace

int compareCommand(const std::vector<std::string>& args) {
    for (std::size_t i = 1; i < args.size(); ++i)
        if (args[i] == "--help" || args[i] == "-h") {
            std::cout << "Usage:\n" << kCompareUsage;
            return kOk;
        }
    std::string format = "text";
    CommonOptions common;
    common.severalFiles = true;
    const std::string error =
        parseCommandLine(args, {"--format"}, {}, common, [&](const std::string&, const std::string& v) {
            if (v != "text" && v != "csv" && v != "markdown")
                return "--format is '" + v + "', allowed: text, csv, markdown";
            format = v;
            return std::string();
        });
    if (!error.empty())
        return bad(error);
    if (common.file.empty())
        return bad("compare needs at least one scenario FILE");
    const Lang lang = common.lang;
    std::vector<std::string> scenarioFiles{common.file};
    scenarioFiles.insert(scenarioFiles.end(), common.moreFiles.begin(), common.moreFiles.end());
    const auto loaded = loadCatalogOrReport(common.files);
    if (!loaded)
        return kBadInput;
    const Catalog& catalog = *loaded;
    // Every file is read and evaluated before anything is printed: one bad file, no table.
    std::vector<ComparisonRow> rows;
    for (const std::string& file : scenarioFiles) {
        auto scenario = loadScenarioFile(file, catalog);
        if (!scenario) {
            std::cerr << "clusterplan-cli: " << scenario.error().toString() << "\n";
            return kBadInput;
        }
        auto plan = evaluate(scenario.value(), catalog);
        if (!plan) {
            std::cerr << "clusterplan-cli: " << file << ": " << plan.error().toString() << "\n";
            return kBadInput;
        }
        rows.push_back(comparisonRow(plan.value(), labelOf(scenario.value(), file)));
    }
    std::cout << (format == "csv"        ? comparisonToCsv(rows, lang)
                  : format == "markdown" ? comparisonToMarkdown(rows, lang)
                                         : comparisonToText(rows, lang));
    return kOk;
}

}  // namespace clusterplan::cli
