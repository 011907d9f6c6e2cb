#include "core/catalog/catalog_loading.h"

#include <filesystem>
#include <system_error>

namespace clusterplan {

namespace {

// The user's file first (when present), then the named ones.
std::vector<std::string> withUserFile(const std::string& userFile, bool useUserFile,
                                      const std::vector<std::string>& named) {
    std::vector<std::string> files;
    std::error_code ec;
    if (useUserFile && std::filesystem::exists(userFile, ec))
        files.push_back(userFile);
    files.insert(files.end(), named.begin(), named.end());
    return files;
}

}  // namespace

Result<LoadedCatalog> loadCatalog(const CatalogFiles& files) {
    LoadedCatalog loaded{Catalog::builtin(), {}};
    Catalog& catalog = loaded.catalog;
    for (const std::string& file : withUserFile(userCatalogPath(), files.userFiles, files.catalogs)) {
        if (auto merged = catalog.mergeFile(file); !merged)
            return merged.error();
    }
    for (const std::string& file :
         withUserFile(cost::userPriceBookPath(), files.userFiles, files.priceBooks)) {
        if (auto merged = catalog.priceBooks().mergeFile(file); !merged)
            return merged.error();
    }
    for (const std::string& file : files.profiles) {
        if (auto merged = catalog.mergePerfProfilesFile(file); !merged)
            return merged.error();
    }
    loaded.warnings = catalog.diagnostics();
    const auto& bookWarnings = catalog.priceBooks().diagnostics();
    loaded.warnings.insert(loaded.warnings.end(), bookWarnings.begin(), bookWarnings.end());
    return loaded;
}

}  // namespace clusterplan
