#include "command_inputs.h"

#include <algorithm>
#include <iostream>

#include "catalog_options.h"
#include "core/io/scenario_json.h"

namespace clusterplan::cli {

std::string parseCommandLine(const std::vector<std::string>& args, const std::vector<std::string>& withValue,
                             const std::vector<std::string>& switches, CommonOptions& common,
                             const std::function<std::string(const std::string&, const std::string&)>& own) {
    const auto in = [](const std::vector<std::string>& list, const std::string& a) {
        return std::find(list.begin(), list.end(), a) != list.end();
    };
    static const std::vector<std::string> kCommon = {"--lang", "--catalog", "--pricebook", "--profiles"};
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (in(switches, a)) {
            if (std::string error = own(a, {}); !error.empty())
                return error;
            continue;
        }
        if (in(withValue, a) || in(kCommon, a)) {
            if (i + 1 >= args.size())
                return a + " needs a value";
            const std::string& value = args[++i];
            std::string error;
            if (a == "--lang") {
                if (!parseLang(value, common.lang))
                    error = "--lang is '" + value + "', allowed: en, zh_CN";
            } else if (!takeCatalogOption(a, value, common.files)) {
                error = own(a, value);
            }
            if (!error.empty())
                return error;
        } else if (a.rfind("--", 0) == 0) {
            return "unknown option '" + a + "'";
        } else if (common.file.empty()) {
            common.file = a;
        } else if (common.severalFiles) {
            common.moreFiles.push_back(a);
        } else {
            return "unexpected argument '" + a + "'";
        }
    }
    return {};
}

std::optional<CommandInputs> loadCommandInputs(const CatalogFiles& files, const std::string& file) {
    auto catalog = loadCatalogOrReport(files);
    if (!catalog)
        return std::nullopt;
    auto scenario = loadScenarioFile(file, *catalog);
    if (!scenario) {
        std::cerr << "clusterplan-cli: " << scenario.error().toString() << "\n";
        return std::nullopt;
    }
    return CommandInputs{LoadedCatalog{std::move(*catalog), {}}, std::move(scenario).value()};
}

}  // namespace clusterplan::cli
