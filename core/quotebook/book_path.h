#pragma once
// Where the quote book lives by default: $XDG_DATA_HOME/ClusterPlan/quotes.sqlite, or
// ~/.local/share/ClusterPlan/quotes.sqlite when XDG_DATA_HOME is unset, empty or not absolute
// (XDG Base Directory Specification 0.8: "If $XDG_DATA_HOME is either not set or empty, a default
// equal to $HOME/.local/share should be used"; relative paths are invalid and ignored).
#include <string>

#include "core/util/result.h"

namespace clusterplan::quotebook {

// From the two variables' values (nullptr: unset), so tests need not change the environment.
[[nodiscard]] Result<std::string> defaultBookPath(const char* xdgDataHome, const char* home);
// From this process's environment.
[[nodiscard]] Result<std::string> defaultBookPath();

}  // namespace clusterplan::quotebook
