#pragma once
// clusterplan-cli article: every claim of the seed article that resources/scenarios/article/ holds
// as an example, with the engine's value beside the article's, the verdict and the mechanism.
#include <string>

#include "core/catalog/catalog.h"

namespace clusterplan::cli {

struct ArticleRequest {
    std::string folder;  // empty: the examples of the source tree, else the installed ones
    std::string format = "text";
    std::string lang = "en";
};

int articleCommand(const ArticleRequest& request, const Catalog& catalog);

}  // namespace clusterplan::cli
