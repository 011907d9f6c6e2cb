#pragma once
// SearchResult → text table, CSV and JSON (deterministic formatting, like plan_format).
#include <string>

#include "core/search/layout_search.h"

namespace clusterplan {

std::string searchToText(const SearchResult& result, std::size_t top);
std::string searchToCsv(const SearchResult& result, std::size_t top);
std::string searchToJson(const SearchResult& result, std::size_t top);

}  // namespace clusterplan
