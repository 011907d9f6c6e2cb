// clusterplan-cli: the engine without a GUI. Scenario file in, plan out.
#include <exception>
#include <iostream>

#include "cli_commands.h"

int main(int argc, char** argv) {
    try {
        return clusterplan::cli::run(std::vector<std::string>(argv + 1, argv + argc));
    } catch (const std::exception& e) {
        std::cerr << "clusterplan-cli: internal error: " << e.what() << "\n";
        return clusterplan::cli::kBug;
    }
}
