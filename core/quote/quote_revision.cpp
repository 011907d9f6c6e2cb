#include "core/quote/quote_revision.h"

namespace clusterplan::quote {

QuoteInfo nextRevision(const QuoteInfo& edited, const QuoteInfo& saved, bool scenarioChanged) {
    QuoteInfo next = edited;
    if (edited.number != saved.number) {
        // A new number starts a new quote (Huawei Cloud's "duplicate to start the next quote").
        next.revision = 1;
        return next;
    }
    QuoteInfo sameRevision = edited;
    sameRevision.revision = saved.revision;
    next.revision = scenarioChanged || !(sameRevision == saved) ? saved.revision + 1 : saved.revision;
    return next;
}

Scenario withNextRevision(const Scenario& current, const Scenario& lastSaved) {
    if (!current.quote || !lastSaved.quote)
        return current;
    Scenario a = current, b = lastSaved;
    a.quote.reset();
    b.quote.reset();
    Scenario next = current;
    next.quote = nextRevision(*current.quote, *lastSaved.quote, !(a == b));
    return next;
}

}  // namespace clusterplan::quote
