#pragma once
// A checked claim of the article as rich text: its section and sentence (with the English gloss in
// the English window), the article's value, the engine's, the verdict and the mechanism. Shared by
// Help ▸ The article, checked and the claim panel above an opened example's summary.
#include <QString>

#include "core/studies/claim_check.h"

namespace clusterplan::ui {

QString claimCheckHtml(const ClaimCheck& check);

}  // namespace clusterplan::ui
