#pragma once
// Runs clusterplan-cli (path from CMake) with arguments; collects stdout+stderr and the exit status.
#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

#include <catch2/catch.hpp>

namespace clusterplan::test {

struct CliRun {
    int status = -1;
    std::string out;
};

// Any shell command (the report tests also run pdftotext, pdfinfo and pdftoppm).
inline CliRun runCommand(const std::string& commandLine) {
    CliRun r;
    const std::string command = commandLine + " 2>&1";
    FILE* pipe = ::popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::array<char, 4096> buffer{};
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe))
        r.out.append(buffer.data(), n);
    const int raw = ::pclose(pipe);
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return r;
}

inline CliRun runCli(const std::string& args) {
    return runCommand(std::string(CLUSTERPLAN_CLI) + " " + args);
}

}  // namespace clusterplan::test
