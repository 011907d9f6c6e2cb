#pragma once
// The rules of the seed article that hold up, as warnings on a plan that breaks them:
// each note names the article's section as its source. Rules the article gets wrong are not
// applied here; the article's examples (studies/article_claims.h) show where it is wrong.
#include "core/report/plan.h"

namespace clusterplan {

// Q2: a global batch above 1 % of the data set's samples ("总batch size不要超过训练数据的1%，否则
// 模型收敛性会下降"); Q4 and Q7: tensor parallelism across servers ("张量并行必须放在同节点内，不能跨节点").
inline constexpr double kArticleMaxBatchShare = 0.01;

// `scaleUpGpus`: the GPUs TP may span on NVLink (a server, or the used GPUs of a rack-scale NVLink
// domain such as an NVL72 rack, where a TP group over two compute trays crosses no network).
void addArticleRuleNotes(Plan& plan, std::int64_t scaleUpGpus);

}  // namespace clusterplan
