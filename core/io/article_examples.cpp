#include "core/io/article_examples.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "core/io/scenario_json.h"
#include "core/util/messages_file_errors.h"
#include "core/util/messages_input_errors.h"

namespace clusterplan {

std::string articleExamplesFolder() {
    std::error_code ec;
    if (std::filesystem::is_directory(CLUSTERPLAN_ARTICLE_SOURCE_DIR, ec))
        return CLUSTERPLAN_ARTICLE_SOURCE_DIR;
    return CLUSTERPLAN_ARTICLE_INSTALL_DIR;
}

Result<ClaimExample> claimExample(const std::string& path, Scenario scenario, const Catalog& catalog) {
    namespace fs = std::filesystem;
    const std::string name = fs::path(path).filename().string();
    ClaimExample x{name, std::move(scenario), {}, std::nullopt};
    if (!x.scenario.claim || x.scenario.claim->compareWith.empty())
        return x;
    const std::string& other = x.scenario.claim->compareWith;
    auto compared = loadScenarioFile((fs::path(path).parent_path() / other).string(), catalog);
    if (!compared)
        return inputError(name + ": claim.compare_with",
                          makeNestedMessage(msg::kErrorClaimCompareMissing,
                                            {plainMessage(other), compared.error().reason.id.empty()
                                                                      ? plainMessage(compared.error().message)
                                                                      : compared.error().reason}));
    x.comparedFile = other;
    x.compared = std::move(compared).value();
    return x;
}

Result<std::vector<ClaimExample>> loadClaimExamples(const std::string& folder, const Catalog& catalog) {
    namespace fs = std::filesystem;
    std::error_code ec;
    std::vector<std::string> names;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".json" && it->is_regular_file(ec))
            names.push_back(it->path().filename().string());
    if (ec)
        return inputError(folder, msg::kErrorFileCannotOpen, {ec.message()});
    std::sort(names.begin(), names.end());
    std::vector<ClaimExample> out;
    for (const auto& name : names) {
        auto scenario = loadScenarioFile((fs::path(folder) / name).string(), catalog);
        if (!scenario)
            return scenario.error();
        if (!scenario->claim)
            continue;
        auto example = claimExample((fs::path(folder) / name).string(), std::move(scenario).value(), catalog);
        if (!example)
            return example.error();
        out.push_back(std::move(example).value());
    }
    if (out.empty())
        return inputError(folder, msg::kErrorArticleNoClaims);
    return out;
}

}  // namespace clusterplan
