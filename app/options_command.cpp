#include "options_command.h"

#include <iostream>
#include <optional>

#include "catalog_options.h"
#include "cli_commands.h"
#include "command_inputs.h"
#include "core/io/scenario_json.h"
#include "core/studies/options_format.h"
#include "core/studies/options_study.h"

namespace clusterplan::cli {

namespace {

int bad(const std::string& message) {
    std::cerr
        << "clusterplan-cli: options: " << message
        << "\nUsage: clusterplan-cli options FILE [--deadline DAYS] [--budget AMOUNT] [--gpu-types ID,...] "
           "[--format text|json|csv] [--lang zh_CN|en] [--catalog FILE]... [--pricebook FILE]... "
           "[--profiles FILE]...\n";
    return kBadInput;
}

// A positive decimal number no larger than `high`, all of `text` (no "12abc", no "nan").
std::optional<double> positiveNumber(const std::string& text, double high) {
    if (text.empty() || text.find_first_not_of("0123456789.") != std::string::npos)
        return std::nullopt;
    try {
        std::size_t used = 0;
        const double v = std::stod(text, &used);
        if (used != text.size() || !(v > 0) || v > high)
            return std::nullopt;
        return v;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

std::vector<std::string> splitIds(const std::string& text) {
    std::vector<std::string> ids;
    std::string id;
    for (const char c : text + ",") {
        if (c != ',') {
            id += c;
            continue;
        }
        if (!id.empty())
            ids.push_back(id);
        id.clear();
    }
    return ids;
}

}  // namespace

int optionsCommand(const std::vector<std::string>& args) {
    std::string file, format = "text", langText = "en";
    OptionsTarget target;
    CatalogFiles files;
    for (std::size_t i = 1; i < args.size(); ++i)
        if (args[i] == "--help" || args[i] == "-h") {
            std::cout << "Usage:\n" << kOptionsUsage;
            return kOk;
        }
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool takesValue = a == "--deadline" || a == "--budget" || a == "--gpu-types" ||
                                a == "--format" || a == "--lang" || a == "--catalog" || a == "--pricebook" ||
                                a == "--profiles";
        if (takesValue && i + 1 >= args.size())
            return bad(a + " needs a value");
        if (a == "--deadline") {
            const auto v = positiveNumber(args[++i], 100'000);
            if (!v)
                return bad("--deadline needs a number of days above 0 and at most 100000, got '" + args[i] +
                           "'");
            target.deadlineDays = *v;
        } else if (a == "--budget") {
            const auto v = positiveNumber(args[++i], cost::Money::kMaxUnits);
            if (!v)
                return bad("--budget needs an amount above 0 and at most 1e15, got '" + args[i] + "'");
            target.budget = *v;
        } else if (a == "--gpu-types") {
            target.gpuTypes = splitIds(args[++i]);
            if (target.gpuTypes.empty())
                return bad("--gpu-types needs GPU ids separated by commas, got '" + args[i] + "'");
        } else if (a == "--format") {
            format = args[++i];
            if (format != "text" && format != "json" && format != "csv")
                return bad("--format is '" + format + "', allowed: text, json, csv");
        } else if (a == "--lang") {
            langText = args[++i];
        } else if (takeCatalogOption(a, takesValue ? args[i + 1] : "", files)) {
            ++i;
        } else if (a.rfind("--", 0) == 0) {
            return bad("unknown option '" + a + "'");
        } else if (file.empty()) {
            file = a;
        } else {
            return bad("unexpected argument '" + a + "'");
        }
    }
    Lang lang = Lang::En;
    if (!parseLang(langText, lang))
        return bad("--lang is '" + langText + "', allowed: en, zh_CN");
    if (file.empty())
        return bad("options needs a scenario FILE");
    const auto inputs = loadCommandInputs(files, file);
    if (!inputs)
        return kBadInput;
    auto study = optionsStudy(inputs->scenario, inputs->loaded.catalog, target);
    if (!study) {
        std::cerr << "clusterplan-cli: " << file << ": " << study.error().toString() << "\n";
        return kBadInput;
    }
    if (format == "json")
        std::cout << optionsToJson(study.value(), lang);
    else if (format == "csv")
        std::cout << optionsToCsv(study.value(), lang);
    else
        std::cout << optionsToText(study.value(), lang);
    return kOk;
}

}  // namespace clusterplan::cli
