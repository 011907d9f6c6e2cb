#include "compare_command.h"

#include <filesystem>
#include <iostream>

#include "catalog_options.h"
#include "cli_commands.h"
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
    std::vector<std::string> scenarioFiles;
    std::string format = "text", langText = "en";
    CatalogFiles files;
    for (std::size_t i = 1; i < args.size(); ++i)
        if (args[i] == "--help" || args[i] == "-h") {
            std::cout << "Usage:\n" << kCompareUsage;
            return kOk;
        }
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool takesValue =
            a == "--format" || a == "--lang" || a == "--catalog" || a == "--pricebook" || a == "--profiles";
        if (takesValue && i + 1 >= args.size())
            return bad(a + " needs a value");
        if (a == "--format") {
            format = args[++i];
            if (format != "text" && format != "csv" && format != "markdown")
                return bad("--format is '" + format + "', allowed: text, csv, markdown");
        } else if (a == "--lang") {
            langText = args[++i];
        } else if (takeCatalogOption(a, takesValue ? args[i + 1] : "", files)) {
            ++i;
        } else if (a.rfind("--", 0) == 0) {
            return bad("unknown option '" + a + "'");
        } else {
            scenarioFiles.push_back(a);
        }
    }
    Lang lang = Lang::En;
    if (!parseLang(langText, lang))
        return bad("--lang is '" + langText + "', allowed: en, zh_CN");
    if (scenarioFiles.empty())
        return bad("compare needs at least one scenario FILE");
    const auto loaded = loadCatalogOrReport(files);
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
