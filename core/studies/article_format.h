#pragma once
// The checked claims as clusterplan-cli article prints them: text (one block per claim), JSON
// ("clusterplan.article/1": both values of every claim, as numbers in the article's unit and as
// words), CSV and a Markdown table, in English or Chinese.
#include <string>
#include <vector>

#include "core/studies/claim_check.h"
#include "core/util/language.h"

namespace clusterplan {

inline constexpr std::string_view kArticleSchema = "clusterplan.article/1";

// What the claim is about ("the best layout's TP × PP"), in words.
Message quantityText(ClaimQuantity q);
// The article's value as it wrote it ("30 ms to 50 ms", "at least 1 TB", "fits").
Message articleValueText(const Claim& claim);
// The engine's value in a unit that reads well in `lang` ("140 GB"; tokens in billions in English,
// in 亿 (10^8) in Chinese), or "no basis".
Message engineValueText(const Claim& claim, std::optional<double> engine, Lang lang = Lang::En);

std::string articleToText(const std::vector<ClaimCheck>& checks, Lang lang);
std::string articleToJson(const std::vector<ClaimCheck>& checks, Lang lang);
std::string articleToCsv(const std::vector<ClaimCheck>& checks, Lang lang);
// One Markdown table row per claim (docs/article.md is this output in both languages).
std::string articleToMarkdown(const std::vector<ClaimCheck>& checks, Lang lang);

}  // namespace clusterplan
