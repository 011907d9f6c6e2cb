#pragma once
// What the commands that parse their own arguments (options, launch) read first: the catalog with the
// user's files, then the scenario file on it.
#include <optional>
#include <string>

#include "core/catalog/catalog_loading.h"
#include "core/scenario/scenario.h"

namespace clusterplan::cli {

struct CommandInputs {
    LoadedCatalog loaded;
    Scenario scenario;
};

// The catalog (its warnings printed on stderr) and the scenario; on an error it is printed on stderr
// ("clusterplan-cli: WHERE: REASON") and nothing is returned: the command exits with kBadInput.
std::optional<CommandInputs> loadCommandInputs(const CatalogFiles& files, const std::string& file);

}  // namespace clusterplan::cli
