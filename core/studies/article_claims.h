#pragma once
// The article's claims checked, for a reader who quotes the article: each example of
// resources/scenarios/article/ states one claim of the seed article (`claim`, with the sentence in
// `description`); this evaluates the example with the public evaluate() and sets the engine's value beside
// the article's, with the verdict and the mechanism. The examples are loaded by the caller
// (io/article_examples.h).
#include <vector>

#include "core/calibration/engine_session.h"
#include "core/catalog/catalog.h"
#include "core/studies/claim_check.h"
#include "core/util/result.h"

namespace clusterplan {

// A claim of one value agrees when the engine is within this share of it: the engine's
// cross-validated mean step-time error on published runs (README "Accuracy", `clusterplan-cli
// validate`: 9.4 %), rounded up. A range agrees when the engine's value lies inside it.
inline constexpr double kClaimTolerance = 0.10;

// Errors name the example's file and the reason evaluate() gave. Every plan goes through `session`
// (the catalog's: one opened for the call).
Result<ClaimCheck> checkClaim(const ClaimExample& example, EngineSession& session);
Result<ClaimCheck> checkClaim(const ClaimExample& example, const Catalog& catalog);
Result<std::vector<ClaimCheck>> checkClaims(const std::vector<ClaimExample>& examples,
                                            const Catalog& catalog);

// The verdict of an engine value (base unit) on a claim, and its words.
ClaimVerdict verdictOf(const Claim& claim, std::optional<double> engine);
Message verdictText(const Claim& claim, std::optional<double> engine);

}  // namespace clusterplan
