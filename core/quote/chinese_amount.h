#pragma once
// The amount in Chinese uppercase numerals (大写金额), as a 报价单 prints its total
// (Qt has no such conversion). Rules of 会计基础工作规范 (财政部 1996)
// 第五十二条: 零壹贰叁肆伍陆柒捌玖 with 拾佰仟, 万, 亿; several zeros in a row write one 零; an
// amount that ends at 元 or 角 ends with 整, one with 分 does not. Where the rules allow either,
// a zero 万 or 元 place before a non-zero 仟 or 角 writes no 零 ("壹拾万柒仟元伍角叁分").
// Examples: 1,200,000 → 壹佰贰拾万元整; 10,000,000.05 → 壹仟万元零伍分; 100,000,001 → 壹亿零壹元整.
#include <string>

#include "core/cost/money.h"

namespace clusterplan::quote {

// Without a currency word; callers prefix "人民币". Negative amounts start with 负.
[[nodiscard]] std::string chineseUppercase(cost::Money amount);

}  // namespace clusterplan::quote
