#pragma once
// clusterplan-cli calibrate FILE --log LOG... [--save] [--format text|json] [--lang zh_CN|en]
// [--catalog FILE]... [--pricebook FILE]... [--profiles FILE]...
// Training logs read back as measured runs (core/launch/training_log.h) and the profile fitted to them
// with the scenario's own measured runs, as `calibrate` does; --save writes the runs into FILE.
#include <string>
#include <vector>

namespace clusterplan::cli {

// `args` are the command line after the program name, "calibrate" first, with at least one --log.
int calibrateLogCommand(const std::vector<std::string>& args);

}  // namespace clusterplan::cli
