#pragma once
// clusterplan-cli compare FILE FILE... [--format text|csv|markdown] [--lang zh_CN|en]
// [--catalog FILE]... [--pricebook FILE]... [--profiles FILE]...
// Several scenarios side by side, one row each (core/report/plan_comparison.h): trainable
// parameters, memory per GPU and host memory per server against what there is, fits, step time,
// tokens/s. Parses its own arguments as strictly as every command: an invalid option is exit 2
// and nothing is printed on stdout.
#include <string>
#include <vector>

namespace clusterplan::cli {

// The command's usage, as `--help` lists it (and `compare --help` prints it alone).
inline constexpr const char* kCompareUsage =
    R"(  clusterplan-cli compare FILE FILE... [--format text|csv|markdown] [--lang zh_CN|en]
      Several scenarios side by side, one row each, in the order given: the scenario's
      description (or its file name), trainable parameters, memory per GPU and host memory per
      server against what there is, whether it fits, step time and tokens/s. Default format: text.
)";

// `args` are the command line after the program name, "compare" first. `--help` (or `-h`) prints
// kCompareUsage and nothing else is done.
int compareCommand(const std::vector<std::string>& args);

}  // namespace clusterplan::cli
