#pragma once
// CostModel: the cost inputs resolved into one set of numbers in the report currency. Order of
// precedence, lowest first: built-in defaults (cost_parameters.h, in USD) → the price book's
// parameters → its purchase entry for the GPU (server price, size, power, resale) → the scenario's
// overrides and discount rate. Money is then converted from the book's currency to the report
// currency with the editable CNY-per-USD rate. Every value keeps its origin for the report.
#include <optional>
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

// The half of rent vs buy that a price book does not offer for the cluster's GPU: a book that sells
// servers but rents none of that GPU (or rents it but sells no such server) prices the half it has,
// and the report says which half is missing and why, instead of failing.
enum class CostHalf { Rent, Buy };
struct NotOffered {
    CostHalf half = CostHalf::Rent;  // the half the book does not offer
    Message reason;                  // "No rental offer: …", in the reader's language through its id
};

// The sentence for a missing half: the price book's name (and its Chinese name, empty: the same)
// and the GPU as a reader knows it.
[[nodiscard]] Message notOfferedReason(CostHalf half, const std::string& bookName,
                                       const std::string& bookNameZh, const std::string& gpuName);

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
    std::string priceBookNameZh;
    std::string purchaseId;    // empty when the node price is an override
    std::string purchaseName;  // the price book's name of the server line, for quotes
    std::string purchaseNameZh;
    std::vector<ParameterOrigin> origins;
    std::vector<Message> notes;
    // Set when the book offers only one half for this GPU; the other half's figures are left out
    // of the report (rent_vs_buy.h).
    std::optional<NotOffered> notOffered;

    [[nodiscard]] RentAdjustments rentAdjustments() const;
};

// Whether a book that offers only one half for the GPU resolves (OneHalf::Priced: that half, with
// `notOffered` set) or is an error naming the missing half's key (OneHalf::Refused: for callers that
// need the half they asked for, as a phase that rents or buys).
enum class OneHalf { Refused, Priced };

// Errors name the key: "cost.price_book", "cost.rent_offer", "cost.overrides.node_price",
// "cluster.gpus", ...
Result<CostModel> resolveCostModel(const CostInputs& inputs, const PriceBooks& books,
                                   const ClusterFacts& cluster, OneHalf oneHalf = OneHalf::Refused);

}  // namespace clusterplan::cost
