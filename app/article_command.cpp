#include "article_command.h"

#include <filesystem>
#include <iostream>

#include "cli_commands.h"
#include "core/io/article_examples.h"
#include "core/studies/article_claims.h"
#include "core/studies/article_format.h"

namespace clusterplan::cli {

namespace {

// The examples beside the sources this program was built from (a clone), else where the package
// installs them (/usr/share/clusterplan/examples/article).
std::string defaultFolder() {
    std::error_code ec;
    if (std::filesystem::is_directory(CLUSTERPLAN_ARTICLE_SOURCE_DIR, ec))
        return CLUSTERPLAN_ARTICLE_SOURCE_DIR;
    return CLUSTERPLAN_ARTICLE_INSTALL_DIR;
}

}  // namespace

int articleCommand(const ArticleRequest& request, const Catalog& catalog) {
    Lang lang = Lang::En;
    if (!parseLang(request.lang, lang)) {
        std::cerr << "clusterplan-cli: --lang is '" << request.lang << "', allowed: en, zh_CN\n";
        return kBadInput;
    }
    const std::string folder = request.folder.empty() ? defaultFolder() : request.folder;
    auto examples = loadClaimExamples(folder, catalog);
    if (!examples) {
        std::cerr << "clusterplan-cli: " << examples.error().toString() << "\n";
        return kBadInput;
    }
    auto checks = checkClaims(examples.value(), catalog);
    if (!checks) {
        std::cerr << "clusterplan-cli: " << checks.error().toString() << "\n";
        return kBadInput;
    }
    if (request.format == "json")
        std::cout << articleToJson(checks.value(), lang);
    else if (request.format == "csv")
        std::cout << articleToCsv(checks.value(), lang);
    else
        std::cout << articleToText(checks.value(), lang);
    return kOk;
}

}  // namespace clusterplan::cli
