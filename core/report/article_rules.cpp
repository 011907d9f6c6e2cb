#include "core/report/article_rules.h"

#include <algorithm>

#include "core/report/messages_plan.h"
#include "core/util/number_format.h"

namespace clusterplan {

void addArticleRuleNotes(Plan& plan, std::int64_t scaleUpGpus) {
    const TrainingSpec& t = plan.scenario.training;
    if (t.dataset && t.dataset->samples > 0) {
        const double share = static_cast<double>(t.globalBatch) / t.dataset->samples;
        if (share > kArticleMaxBatchShare)
            plan.notes.push_back(makeMessage(msg::kPlanArticleBatchShare,
                                             {std::to_string(t.globalBatch), formatFixed(share * 100, 1),
                                              formatGrouped(t.dataset->samples, 0),
                                              formatGrouped(t.dataset->samples * kArticleMaxBatchShare, 0)}));
    }
    const std::int64_t perServer = std::max(plan.scenario.cluster.gpusPerNode, scaleUpGpus);
    if (plan.layout.tp > perServer)
        plan.notes.push_back(makeMessage(msg::kPlanArticleTpAcrossServers,
                                         {std::to_string(plan.layout.tp), std::to_string(perServer)}));
}

}  // namespace clusterplan
