#include "command_inputs.h"

#include <iostream>

#include "core/io/scenario_json.h"

namespace clusterplan::cli {

std::optional<CommandInputs> loadCommandInputs(const CatalogFiles& files, const std::string& file) {
    auto loaded = loadCatalog(files);
    if (!loaded) {
        std::cerr << "clusterplan-cli: " << loaded.error().toString() << "\n";
        return std::nullopt;
    }
    for (const Diagnostic& d : loaded->warnings)
        std::cerr << "clusterplan-cli: warning: " << d.toString() << "\n";
    auto scenario = loadScenarioFile(file, loaded->catalog);
    if (!scenario) {
        std::cerr << "clusterplan-cli: " << scenario.error().toString() << "\n";
        return std::nullopt;
    }
    return CommandInputs{std::move(loaded).value(), std::move(scenario).value()};
}

}  // namespace clusterplan::cli
