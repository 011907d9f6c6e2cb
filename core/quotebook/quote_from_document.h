#pragma once
// What the quote book records of a quote that `report` (or the window's export) made: the quote
// document's facts and totals as it computed them (quote/quote_document.h: the options' totals
// excluding and including VAT), the price book the plan was priced on, and the scenario as saved.
#include <string>

#include "core/cost/price_book.h"
#include "core/quote/quote_document.h"
#include "core/quotebook/quote_record.h"
#include "core/report/plan.h"

namespace clusterplan::quotebook {

// `books` gives the price book's as-of date (the plan names only its id); `scenarioJson` is the
// scenario file's text. Status: draft. The number and revision are the scenario's quote's.
[[nodiscard]] QuoteRecord recordFromDocument(const quote::QuoteDocument& doc, const Plan& plan,
                                             const cost::PriceBooks& books, std::string scenarioJson);

}  // namespace clusterplan::quotebook
