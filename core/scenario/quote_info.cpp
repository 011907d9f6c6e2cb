#include "core/scenario/quote_info.h"

#include <string_view>

namespace clusterplan::quote {

namespace {
constexpr std::array<const char*, kTaxCategoryCount> kNames{"goods",   "lease",        "repair", "service",
                                                            "telecom", "installation", "exempt"};
}

const char* toString(TaxCategory c) {
    return kNames[static_cast<std::size_t>(c)];
}

bool parseTaxCategory(std::string_view text, TaxCategory& out) {
    for (std::size_t i = 0; i < kNames.size(); ++i) {
        if (text == kNames[i]) {
            out = static_cast<TaxCategory>(i);
            return true;
        }
    }
    return false;
}

double smallScaleRateOn(std::string_view isoDate) {
    // ISO 8601 dates compare as text.
    return isoDate <= kSmallScaleReducedUntil ? kSmallScaleReducedRate : kSmallScaleStatutoryRate;
}

TaxSettings taxOn(TaxSettings tax, std::string_view isoDate) {
    if (!tax.smallScaleRate)
        tax.smallScaleRate = smallScaleRateOn(isoDate);
    return tax;
}

double vatRate(const TaxSettings& tax, TaxCategory c) {
    if (c == TaxCategory::Exempt)
        return 0.0;
    return tax.smallScaleTaxpayer ? tax.smallScaleRate.value_or(kSmallScaleStatutoryRate)
                                  : tax.rates[static_cast<std::size_t>(c)];
}

}  // namespace clusterplan::quote
