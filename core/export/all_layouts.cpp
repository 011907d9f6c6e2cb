#include "export/all_layouts.h"

namespace clusterplan {

void keepAllLayouts(Plan& plan, const Catalog& catalog) {
    if (!plan.search)
        return;
    SearchResult full = searchLayouts(plan.scenario, catalog);
    plan.search->ranked = std::move(full.ranked);
    plan.search->evaluated = full.evaluated;
}

}  // namespace clusterplan
