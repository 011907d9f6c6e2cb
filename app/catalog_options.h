#pragma once
// The catalog options every self-parsing command takes (--catalog, --pricebook, --profiles) and
// the catalog they load, with its warnings and errors on stderr as every command prints them.
#include <optional>
#include <string>

#include "core/catalog/catalog_loading.h"

namespace clusterplan::cli {

// Adds `value` to `files` when `option` is one of the three; false for any other option.
bool takeCatalogOption(const std::string& option, const std::string& value, CatalogFiles& files);

// The built-in catalog with `files` merged; nothing (the error printed) when one cannot be read.
std::optional<Catalog> loadCatalogOrReport(const CatalogFiles& files);

}  // namespace clusterplan::cli
