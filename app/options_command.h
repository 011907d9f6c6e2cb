#pragma once
// clusterplan-cli options FILE [--deadline DAYS] [--budget AMOUNT] [--gpu-types ID,...]
// [--format text|json|csv] [--lang zh_CN|en] [--catalog FILE]... [--pricebook FILE]... [--profiles FILE]...
// Which cluster for the scenario's job: every priced GPU type at the smallest cluster that fits and
// the smallest that meets the deadline, under each rent offer and its purchase
// (core/studies/options_study.h). Parses its own arguments, as strictly as every command: an
// invalid option is exit 2 and nothing is printed on stdout.
#include <string>
#include <vector>

namespace clusterplan::cli {

// The command's usage, as `--help` lists it (and `options --help` prints it alone).
inline constexpr const char* kOptionsUsage =
    R"(  clusterplan-cli options FILE [--deadline DAYS] [--budget AMOUNT] [--gpu-types ID,...]
                          [--format text|json|csv] [--lang zh_CN|en]
      Which cluster for the scenario's job: every GPU type with a price in the loaded price books
      (or those named) at the smallest cluster that fits and the smallest that finishes
      training.tokens within DAYS, in whole servers with the best layout, under each rent offer
      and its purchase: days with their band, cost as the quote bills it, TCO, cost per million
      tokens, power, calibration status; the Pareto front of days against cost and a
      recommendation. Amounts in the scenario's currency (BUDGET too). Default format: text.
)";

// `args` are the command line after the program name, "options" first. `--help` (or `-h`) prints
// kOptionsUsage and nothing else is done.
int optionsCommand(const std::vector<std::string>& args);

}  // namespace clusterplan::cli
