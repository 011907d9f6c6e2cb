#pragma once
// Loads the examples of a folder of claim scenarios (resources/scenarios/article/, installed as
// /usr/share/clusterplan/examples/article/): every *.json file that has a `claim`, in file-name
// order, each with the scenario its claim compares with (`compare_with`, a file of the same
// folder). Files without a claim are read only as the scenario another compares with.
#include <string>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/studies/claim_check.h"
#include "core/util/result.h"

namespace clusterplan {

// The examples beside the sources this program was built from (a clone), else where the package
// installs them (/usr/share/clusterplan/examples/article).
std::string articleExamplesFolder();

// Errors name the file and the key; a folder without any claim is an error too.
Result<std::vector<ClaimExample>> loadClaimExamples(const std::string& folder, const Catalog& catalog);

// One example: `scenario` (which has a claim) as it stands, possibly edited since it was read from
// `path`, with the scenario its claim compares with read from `path`'s folder.
Result<ClaimExample> claimExample(const std::string& path, Scenario scenario, const Catalog& catalog);

}  // namespace clusterplan
