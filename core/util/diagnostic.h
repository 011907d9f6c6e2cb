#pragma once
// A problem found in one entry of a data file (catalog, price book): reported, entry skipped.
#include <string>

namespace clusterplan {

struct Diagnostic {
    std::string file;
    std::string key;  // e.g. "gpus[2].hbm_gib"
    std::string reason;
    [[nodiscard]] std::string toString() const { return file + ": " + key + ": " + reason; }
};

}  // namespace clusterplan
