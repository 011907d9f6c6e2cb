#pragma once
// Runs a shell command for end-to-end tests: exit status and stdout + stderr together.
#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace clusterplan::test {

struct Run {
    int status = -1;
    std::string out;
};

inline Run shell(const std::string& command) {
    Run r;
    FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::array<char, 4096> buffer{};
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe))
        r.out.append(buffer.data(), n);
    const int raw = ::pclose(pipe);
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return r;
}

// clusterplan-cli with these arguments.
inline Run cli(const std::string& args) {
    return shell(std::string(CLUSTERPLAN_CLI) + " " + args);
}

}  // namespace clusterplan::test
