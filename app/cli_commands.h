#pragma once
// clusterplan-cli commands. Exit codes: 0 ok, 2 bad input (message on stderr), 1 bug.
#include <string>
#include <vector>

namespace clusterplan::cli {

inline constexpr int kOk = 0;
inline constexpr int kBug = 1;
inline constexpr int kBadInput = 2;

int run(const std::vector<std::string>& args);

}  // namespace clusterplan::cli
