#pragma once
// Quotes are numbered and keep their number across edits; saving an edited quote again makes a
// new revision (as Dell Premier eQuotes and Huawei Cloud price lists do).
#include "core/scenario/quote_info.h"
#include "core/scenario/scenario.h"

namespace clusterplan::quote {

// `edited` with its revision one above `saved`'s when it or the rest of the scenario changed
// (`scenarioChanged`), else `saved`'s. A changed number starts a new quote at revision 1.
[[nodiscard]] QuoteInfo nextRevision(const QuoteInfo& edited, const QuoteInfo& saved, bool scenarioChanged);

// The scenario to write after `lastSaved` was written or opened: the same, with the quote's
// revision advanced as nextRevision() says.
[[nodiscard]] Scenario withNextRevision(const Scenario& current, const Scenario& lastSaved);

}  // namespace clusterplan::quote
