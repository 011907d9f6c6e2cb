#pragma once
// Golden files: tests/golden/<name>.approved.<ext>. On a mismatch the output is
// written next to it as <name>.received.<ext> and the check fails. To approve a deliberate change:
//   CLUSTERPLAN_UPDATE_GOLDEN=1 ctest --preset ci -R golden
// then review `git diff tests/golden` and commit it.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace clusterplan::test {

inline void checkGolden(const std::string& name, const std::string& ext, const std::string& received) {
    const std::string dir = CLUSTERPLAN_GOLDEN_DIR;
    const std::string approved = dir + "/" + name + ".approved." + ext;
    if (const char* update = std::getenv("CLUSTERPLAN_UPDATE_GOLDEN"); update && std::string(update) == "1") {
        std::ofstream(approved, std::ios::binary) << received;
        return;
    }
    std::ifstream in(approved, std::ios::binary);
    std::stringstream expected;
    expected << in.rdbuf();
    const std::string receivedPath = dir + "/" + name + ".received." + ext;
    if (expected.str() != received)
        std::ofstream(receivedPath, std::ios::binary) << received;
    else
        std::remove(receivedPath.c_str());
    INFO("golden " << approved << " differs from " << receivedPath
                   << "; approve a deliberate change with CLUSTERPLAN_UPDATE_GOLDEN=1");
    CHECK(expected.str() == received);
}

}  // namespace clusterplan::test
