#pragma once
// A checked claim of the article as rich text: its section and sentence (with the English gloss in
// the English window), the set-up tested, what the engine says before its verdict (the set-up does
// not fit and the variant tested, the premise, the condition), the article's value, the engine's,
// the verdict and the mechanism. Shared by Help ▸ The article, checked and the claim panel above
// an opened example's summary.
#include <QString>

#include "core/studies/claim_check.h"

namespace clusterplan::ui {

QString claimCheckHtml(const ClaimCheck& check);

// The engine's value in the window's language (a memory in GB and in the GiB of the plan's
// details: "353 GB = 329 GiB").
QString claimEngineValue(const ClaimCheck& check);

}  // namespace clusterplan::ui
