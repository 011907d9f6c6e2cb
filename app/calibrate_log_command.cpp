#include "calibrate_log_command.h"

#include <algorithm>
#include <fstream>
#include <iostream>

#include "cli_commands.h"
#include "cli_errors.h"
#include "command_inputs.h"
#include "core/calibration/calibration_format.h"
#include "core/calibration/evaluate.h"
#include "core/io/scenario_json.h"
#include "core/launch/messages_launch.h"
#include "core/launch/training_log.h"
#include "core/report/plan_format.h"

namespace clusterplan::cli {

namespace {

int bad(const std::string& message) {
    std::cerr << "clusterplan-cli: calibrate: " << message
              << "\nUsage: clusterplan-cli calibrate FILE --log LOG... [--save] [--format text|json] "
                 "[--lang zh_CN|en] [--catalog FILE]... [--pricebook FILE]... [--profiles FILE]...\n";
    return kBadInput;
}

// The layout as the run had it; DP 0 ("the rest") is the GPUs the other degrees leave.
std::string specText(const LayoutSpec& l, std::int64_t gpus) {
    const std::int64_t dp = l.dp > 0 ? l.dp : gpus / std::max<std::int64_t>(1, l.tp * l.pp * l.cp);
    std::string s = "TP " + std::to_string(l.tp) + ", PP " + std::to_string(l.pp) + ", DP " +
                    std::to_string(dp) + ", CP " + std::to_string(l.cp) + ", EP " + std::to_string(l.ep);
    if (l.vpp > 1)
        s += ", VPP " + std::to_string(l.vpp);
    return s + ", micro-batch " + std::to_string(l.microBatch) + ", ZeRO " + std::to_string(l.zeroStage);
}

// What the log gave, one sentence a line, in the asked language.
void printRun(const std::string& name, const TrainingLog& log, const MeasuredRun& run,
              std::int64_t gpusPerNode, Lang lang) {
    const std::vector<Message> lines = describeLog(log, name);
    for (std::size_t i = 0; i < lines.size(); ++i)
        std::cout << (i ? "  " : "") << messageText(lines[i], lang) << "\n";
    const auto& from = log.arguments.empty() ? msg::kLogLayoutFromScenario : msg::kLogLayoutFromDump;
    std::cout << "  "
              << messageText(makeMessage(from, {specText(run.layout, run.nodes * gpusPerNode),
                                                std::to_string(run.nodes)}),
                             lang)
              << "\n  " << messageText(makeMessage(msg::kLogSource, {run.source}), lang) << "\n";
}

}  // namespace

int calibrateLogCommand(const std::vector<std::string>& args) {
    std::string format = "text";
    std::vector<std::string> logs;
    bool save = false;
    CommonOptions common;
    const std::string error = parseCommandLine(args, {"--log", "--format"}, {"--save"}, common,
                                               [&](const std::string& a, const std::string& v) {
                                                   if (a == "--log")
                                                       logs.push_back(v);
                                                   else if (a == "--save")
                                                       save = true;
                                                   else if (v != "text" && v != "json")
                                                       return "--format is '" + v + "', allowed: text, json";
                                                   else
                                                       format = v;
                                                   return std::string();
                                               });
    if (!error.empty())
        return bad(error);
    if (common.file.empty())
        return bad("calibrate needs a scenario FILE");
    const Lang lang = common.lang;
    const std::string& file = common.file;
    auto inputs = loadCommandInputs(common.files, file);
    if (!inputs)
        return kBadInput;
    Scenario& scenario = inputs->scenario;
    for (const std::string& name : logs) {
        std::ifstream in(name, std::ios::binary);
        if (!in) {
            std::cerr << "clusterplan-cli: " << name << ": cannot be opened\n";
            return kBadInput;
        }
        auto log = readTrainingLog(in, name);
        if (!log) {
            printError(log.error(), lang);
            return kBadInput;
        }
        auto run = measuredRunFromLog(log.value(), scenario, name);
        if (!run) {
            printError(run.error(), lang, name + ": ");
            return kBadInput;
        }
        if (format == "text")
            printRun(name, log.value(), run.value(), scenario.cluster.gpusPerNode, lang);
        scenario.measured.push_back(run.value());
    }
    auto plan = evaluate(scenario, inputs->loaded.catalog);
    if (!plan) {
        printError(plan.error(), lang, file + ": ");
        return kBadInput;
    }
    if (format == "json")
        std::cout << planToJson(plan.value());
    else if (plan->calibration)
        std::cout << "\n"
                  << profileFitToText(*plan->calibration) << "\nPlan with the fitted profile:\n  "
                  << planTimeSummary(plan.value()) << "\n";
    if (save)
        if (auto saved = saveScenarioFile(scenario, file); !saved) {
            printError(saved.error(), lang);
            return kBadInput;
        }
    return kOk;
}

}  // namespace clusterplan::cli
