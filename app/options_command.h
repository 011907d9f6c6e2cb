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

// `args` are the command line after the program name, "options" first.
int optionsCommand(const std::vector<std::string>& args);

}  // namespace clusterplan::cli
