#include "article_command.h"

#include <iostream>

#include "cli_commands.h"
#include "core/io/article_examples.h"
#include "core/studies/article_claims.h"
#include "core/studies/article_format.h"

namespace clusterplan::cli {

int articleCommand(const ArticleRequest& request, const Catalog& catalog) {
    Lang lang = Lang::En;
    if (!parseLang(request.lang, lang)) {
        std::cerr << "clusterplan-cli: --lang is '" << request.lang << "', allowed: en, zh_CN\n";
        return kBadInput;
    }
    const std::string folder = request.folder.empty() ? articleExamplesFolder() : request.folder;
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
    else if (request.format == "markdown")
        std::cout << articleToMarkdown(checks.value(), lang);
    else
        std::cout << articleToText(checks.value(), lang);
    return kOk;
}

}  // namespace clusterplan::cli
