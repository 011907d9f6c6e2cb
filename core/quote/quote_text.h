#pragma once
// The quote as plain text in either language: the same sections and numbers as the PDF, in the
// same order (cover, verdict, line items with subtotals and totals, assumptions). Deterministic,
// so it is the golden file of a fixed scenario's report (tests/golden/).
#include <optional>
#include <string>

#include "core/quote/quote_document.h"

namespace clusterplan::quote {

std::string quoteToText(const QuoteDocument& doc, Lang lang);

// Pieces the PDF shares with the text: the verdict's rows (label, value) and the totals block.
struct Row {
    std::string label;
    std::string value;
};
std::vector<Row> coverRows(const QuoteDocument& doc, Lang lang);
// The sentence under "Line items" saying whether amounts include tax (in both languages).
const MessageId<0>& amountsBasis(const QuoteDocument& doc, Lang lang);
std::vector<Row> verdictRows(const QuoteDocument& doc, Lang lang);
std::vector<Row> totalRows(const QuoteOption& option, cost::Currency currency, Lang lang);
// One line item as table cells: No., item, configuration, qty, unit, unit price, discount,
// amount excl. tax, VAT rate, VAT, amount incl. tax. Amounts without the currency (the header has it).
std::vector<std::string> lineCells(const LineItem& line, std::size_t number, Lang lang);
std::vector<std::string> lineHeader(Lang lang, cost::Currency currency);
std::vector<std::string> assumptionLines(const QuoteDocument& doc, Lang lang);
// When the customer pays: the rental's terms (monthly in advance, each prepaid term at its start, or
// the hours used each month), the deposit, and the supply "as the contract states".
std::vector<std::string> paymentTerms(const QuoteDocument& doc, Lang lang);
// "Published market report, 2024" / "公开市场报告，2024年": what a price rests on and its date.
std::string priceBasis(const PriceLine& price, Lang lang);
// "month 14" / "第 14 个月", or "never within 120 months".
std::string breakevenText(const Verdict& v, Lang lang);
// "month 14" / "第 14 个月", or "never within 120 months".
std::string breakevenText(const std::optional<int>& month, int searchMonths, Lang lang);
// What a money column's header appends: " (CNY)" / " (USD)" in English, "（元）" / "（美元）" in Chinese.
std::string currencyHeader(cost::Currency currency, Lang lang);

}  // namespace clusterplan::quote
