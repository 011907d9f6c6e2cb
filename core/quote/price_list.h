#pragma once
// The prices a customer's quote states it used: the offer's own prices (rental list price, server
// price) and the market figures behind the running-cost estimate (electricity, PUE, colocation,
// staff, maintenance, resale), each named in the quote's language, formatted with its currency and
// unit, with what it rests on and its date. Only what a printed line or the verdict uses, and only
// when it is not zero. The engineer's working paper (every parameter, its origin, source text and
// grade) stays in `clusterplan-cli cost --format json` and the report's prices.csv.
#include <string>
#include <string_view>
#include <vector>

#include "core/cost/rent_vs_buy.h"
#include "core/quote/labels.h"

namespace clusterplan::quote {

struct PriceLine {
    std::string key;   // the cost parameter's key, "rent_offer" or "cny_per_usd"
    Bilingual name;    // "Electricity" / "电价"
    Bilingual value;   // "CNY 0.65 / kWh" / "¥0.65 / kWh"
    Bilingual basis;   // what the figure rests on: this offer, a datasheet, a market report, an assumption
    std::string asOf;  // "2024", "2025-02-26"; empty when the source gives no date
    bool operator==(const PriceLine&) const = default;
};

[[nodiscard]] std::vector<PriceLine> customerPrices(const cost::CostReport& report);

// A cost input's value with its currency and unit as the quote prints it: "¥0.65 / kWh",
// "¥1,350,000.00 / server", "3% of hardware", "85%" (utilisation), "1.3" (PUE); the rental price
// per the offer's unit. The price list and the sensitivity table (a low and a high value) use it.
[[nodiscard]] Bilingual inputValue(const cost::CostReport& report, std::string_view key, double value);

// What a parameter's source grade says to a customer (cost_parameters.h grades: A primary,
// B reputable secondary, C weak, Asm assumption): "Vendor datasheet or official statistics",
// "Published market report", "Public estimate", "Planning assumption".
[[nodiscard]] Bilingual basisOfGrade(const std::string& source, const std::string& origin);
// A cost parameter's basis as the customer reads it: basisOfGrade, except the server price of a
// price book, which is this offer's price or a US market price converted (its origin names the
// book's purchase entry, an id no customer knows).
[[nodiscard]] Bilingual parameterBasis(const cost::ParameterOrigin& parameter);

}  // namespace clusterplan::quote
