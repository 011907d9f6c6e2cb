#pragma once
// Runs clusterplan-cli (path from CMake) with arguments; collects stdout+stderr and the exit status.
#include <array>
#include <cstdio>
#include <filesystem>
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

// `report` records what it writes in the quote book under $XDG_DATA_HOME (core/quotebook/): the
// tests' goes to test-data-home in the build tree, as CTest sets it (tests/CMakeLists.txt), also
// when a test binary is run by hand, never to the user's book.
inline std::string testDataHome() {
    return (std::filesystem::path(CLUSTERPLAN_CLI).parent_path().parent_path() / "test-data-home").string();
}

inline CliRun runCli(const std::string& args) {
    return runCommand("XDG_DATA_HOME='" + testDataHome() + "' " + std::string(CLUSTERPLAN_CLI) + " " + args);
}

}  // namespace clusterplan::test
