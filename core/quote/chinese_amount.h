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

// The same text as a spreadsheet formula over the cell `ref` ("$L$20"), so a workbook's 大写 follows
// its total when a price is edited. Only functions Excel, WPS and LibreOffice evaluate alike (ROUND,
// INT, TEXT with a plain "0" format, MID, IF, SUBSTITUTE; no [DBNum2] format, which LibreOffice
// reads only in a Chinese locale, and no MOD, which Excel refuses above 2^27): each digit of the
// whole 元 with its place (拾佰仟, 万, 亿, 万 again for 万亿), then the zero rules above by
// substitution. Amounts up to 10^13 元 (Excel's 15 significant digits); the workbook test
// recalculates it with LibreOffice against chineseUppercase() (Excel and WPS not run here).
[[nodiscard]] std::string chineseUppercaseFormula(const std::string& ref);

}  // namespace clusterplan::quote
