#pragma once
// One way to assemble the catalog a run uses, shared by clusterplan and clusterplan-cli: the
// built-in data, then the user's files ($XDG_CONFIG_HOME/clusterplan/catalog.json and
// pricebook.json, when they exist), then files named on the command line, in that order, so that
// a later file replaces earlier entries with the same id.
//
// Bad input, handled one way for both executables:
//  - a file that cannot be read or parsed, or whose header is wrong, is an Error (FILE:LINE:COL,
//    key path): the caller stops with exit status 2. Going on with the built-in prices instead
//    would quote a customer on numbers the user did not choose, and the warning would scroll by;
//  - a bad entry inside a good file is skipped and listed in `warnings` (file, key path, reason):
//    the rest of the user's data is still used.
#include <string>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/util/diagnostic.h"
#include "core/util/result.h"

namespace clusterplan {

struct CatalogFiles {
    std::vector<std::string> catalogs;    // GPUs, fabrics, models ("clusterplan.catalog/1")
    std::vector<std::string> priceBooks;  // "clusterplan.pricebook/1"
    std::vector<std::string> profiles;    // "clusterplan.perf-profiles/1"
    bool userFiles = true;                // also read the user's catalog.json and pricebook.json
};

struct LoadedCatalog {
    Catalog catalog;
    std::vector<Diagnostic> warnings;  // skipped entries, catalog first, then price books
};

[[nodiscard]] Result<LoadedCatalog> loadCatalog(const CatalogFiles& files);

}  // namespace clusterplan
