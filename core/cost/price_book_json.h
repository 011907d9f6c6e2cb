#pragma once
// JSON readers and writers for price-book entries and rent offers, shared by price book files and
// a scenario's `cost.custom_rent`, so one offer is read by exactly one piece of code.
#include "core/cost/price_book.h"
#include "core/util/json_read.h"
#include "core/util/json_write.h"

namespace clusterplan::cost {

// Number with the cost module's range message ("is 1.5, allowed range 0 to 1").
double readNumber(json::ObjectReader& r, std::string_view key, double min, double max,
                  bool maxExclusive = false, bool integer = false);
void readOptNumber(json::ObjectReader& r, std::string_view key, double& target, double min, double max,
                   bool maxExclusive = false, bool integer = false);

// With requireProvenance, `source` and `as_of` must be present and non-empty (price books).
RentOffer readRentOffer(json::ObjectReader& r, bool requireProvenance);
void writeRentOffer(json::Writer& w, const RentOffer& offer);
PurchaseEntry readPurchase(json::ObjectReader& r);
ParameterEntry readParameterEntry(json::ObjectReader& r);

}  // namespace clusterplan::cost
