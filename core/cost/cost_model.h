#pragma once
// CostModel: the cost inputs resolved into one set of numbers in the report currency. Order of
// precedence, lowest first: built-in defaults (cost_parameters.h, in USD) → the price book's
// parameters → its purchase entry for the GPU (server price, size, power, resale) → the scenario's
// overrides and discount rate. Money is then converted from the book's currency to the report
// currency with the editable CNY-per-USD rate. Every value keeps its origin for the report.
#include <string>
#include <vector>

#include "core/cost/cost_inputs.h"
#include "core/cost/cost_parameters.h"
#include "core/cost/network_bom.h"
#include "core/cost/price_book.h"
#include "core/cost/renting.h"
#include "core/util/message.h"

namespace clusterplan::cost {

struct ParameterOrigin {
    std::string key;
    double value = 0;    // in the report currency when money
    std::string origin;  // "default", "price book", "purchase", "override", "estimate"
    std::string source;
    std::string asOf;
};

struct CostModel {
    CostParameters params;
    RentOffer offer;                // the chosen rent offer (report currency)
    RentTerm term;                  // its chosen term
    std::vector<RentOffer> offers;  // every offer renting the cluster's GPU, for the options table
    ClusterFacts cluster;
    NetworkBom network;
    double utilization = 0.75;
    int horizonMonths = 36;
    int searchMonths = 120;  // at least horizonMonths
    double sensitivityRange = 0.2;
    Currency currency = Currency::Cny;      // report
    Currency bookCurrency = Currency::Cny;  // price book
    double cnyPerUsd = 7.2;
    std::string priceBookId;
    std::string priceBookName;
    std::string purchaseId;    // empty when the node price is an override
    std::string purchaseName;  // the price book's name of the server line, for quotes
    std::string purchaseNameZh;
    std::vector<ParameterOrigin> origins;
    std::vector<Message> notes;

    [[nodiscard]] RentAdjustments rentAdjustments() const;
};

// Errors name the key: "cost.price_book", "cost.rent_offer", "cost.overrides.node_price",
// "cluster.gpus", ...
Result<CostModel> resolveCostModel(const CostInputs& inputs, const PriceBooks& books,
                                   const ClusterFacts& cluster);

}  // namespace clusterplan::cost
