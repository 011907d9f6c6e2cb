#include "catalog_options.h"

#include <iostream>

namespace clusterplan::cli {

bool takeCatalogOption(const std::string& option, const std::string& value, CatalogFiles& files) {
    if (option == "--catalog")
        files.catalogs.push_back(value);
    else if (option == "--pricebook")
        files.priceBooks.push_back(value);
    else if (option == "--profiles")
        files.profiles.push_back(value);
    else
        return false;
    return true;
}

std::optional<Catalog> loadCatalogOrReport(const CatalogFiles& files) {
    auto loaded = loadCatalog(files);
    if (!loaded) {
        std::cerr << "clusterplan-cli: " << loaded.error().toString() << "\n";
        return std::nullopt;
    }
    for (const Diagnostic& d : loaded->warnings)
        std::cerr << "clusterplan-cli: warning: " << d.toString() << "\n";
    return std::move(loaded).value().catalog;
}

}  // namespace clusterplan::cli
