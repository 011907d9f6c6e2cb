#pragma once
// Why no parallel layout exists for a cluster and batch, as a catalog message for the window to
// translate (issue 7 §5). The English is explainNoLayout()'s (search/layout_alternatives.h), word
// for word: the search's explanation prints that one, the "no layout" error this one, and
// tests/core/test_error_messages.cpp keeps the two the same.
#include "scenario/scenario.h"
#include "search/layout_alternatives.h"
#include "util/message.h"

namespace clusterplan {

Message noLayoutReason(const Scenario& scenario, const LayoutAlternatives& alternatives);

}  // namespace clusterplan
