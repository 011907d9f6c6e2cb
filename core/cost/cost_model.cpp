// Resolving CostInputs + price book + cluster into a CostModel (see cost_model.h).
#include "core/cost/cost_model.h"

#include "core/cost/currency_switch.h"

#include <algorithm>

#include "core/cost/messages_cost.h"
#include "core/cost/node_power.h"
#include "core/util/closest_id.h"
#include "core/util/messages_file_errors.h"
#include "core/util/messages_input_errors.h"
#include "core/util/number_format.h"
#include "core/util/per_language.h"

namespace clusterplan::cost {

namespace {

std::optional<Error> checkCluster(const ClusterFacts& c) {
    if (c.gpus < 1 || c.gpus > kMaxGpus)
        return inputError("cluster.gpus", msg::kErrorRange,
                          {std::to_string(c.gpus), "1", std::to_string(kMaxGpus)});
    if (c.gpusPerNode < 1 || c.gpusPerNode > 1024)
        return inputError("cluster.gpus_per_node", msg::kErrorRange,
                          {std::to_string(c.gpusPerNode), "1", "1024"});
    if (c.nodes < 1 || c.nodes > kMaxGpus)
        return inputError("cluster.nodes", msg::kErrorRange,
                          {std::to_string(c.nodes), "1", std::to_string(kMaxGpus)});
    if (c.gpus > c.nodes * c.gpusPerNode)
        return inputError("cluster.gpus", msg::kErrorCostGpusOverNodes, {std::to_string(c.gpus)});
    if (!(c.gpuTdpW > 0 && c.gpuTdpW < 1e5))
        return inputError("cluster.gpu_tdp_w", msg::kErrorCostGpuTdp, {formatNumber(c.gpuTdpW)});
    return std::nullopt;
}

class Resolver {
public:
    Resolver(const CostInputs& in, const PriceBook& book, const ClusterFacts& c, OneHalf oneHalf)
        : m_in(in), m_book(book), m_c(c), m_oneHalf(oneHalf == OneHalf::Priced) {}

    Result<CostModel> run();

private:
    void set(std::string_view key, double value, std::string origin, std::string source, std::string asOf) {
        setParameter(m_model.params, *findParameter(key), value);
        for (auto& o : m_model.origins)
            if (o.key == key) {
                o = {std::string(key), value, std::move(origin), std::move(source), std::move(asOf)};
                return;
            }
    }
    std::optional<Error> applyPurchase();
    std::optional<Error> chooseOffer();
    void convertMoney();

    const CostInputs& m_in;
    const PriceBook& m_book;
    const ClusterFacts& m_c;
    bool m_oneHalf;
    CostModel m_model;
};

std::optional<Error> Resolver::applyPurchase() {
    const bool priceOverride = m_in.overrides.count("node_price") > 0;
    if (const PurchaseEntry* p = m_book.purchaseFor(m_c.gpuId)) {
        m_model.purchaseId = p->id;
        m_model.purchaseName = p->name;
        m_model.purchaseNameZh = p->nameZh;
        const std::string origin = "price book purchase " + p->id;
        set("node_price", p->nodePrice, origin, p->source, p->asOf);
        set("node_price_gpus", p->gpusPerNode, origin, p->source, p->asOf);
        set("node_max_kw", p->nodeMaxKw, origin, p->source, p->asOf);
        if (p->residualAt36Months)
            set("residual_at_36_months", *p->residualAt36Months, origin, p->source, p->asOf);
        return std::nullopt;
    }
    // A book that rents this GPU but sells no such server: the rental is priced alone and owning
    // is reported as not offered (the owning curves are still built, from the built-in defaults,
    // because the rent curves share their months; computeCost() leaves their figures out).
    const bool rents = m_in.customRent || !m_in.rentOffer.empty() || m_book.defaultOfferFor(m_c.gpuId);
    if (!priceOverride && rents && m_oneHalf) {
        set("node_price_gpus", static_cast<double>(m_c.gpusPerNode), "cluster", "the cluster's GPUs per node",
            "");
        m_model.notOffered =
            NotOffered{CostHalf::Buy, notOfferedReason(CostHalf::Buy, m_book.name, m_book.nameZh, m_c.gpuId)};
        return std::nullopt;
    }
    if (!priceOverride) {
        std::vector<std::string> gpus;
        for (const auto& p : m_book.purchases)
            gpus.insert(gpus.end(), p.gpus.begin(), p.gpus.end());
        std::string list;
        for (const auto& g : gpus)
            list += (list.empty() ? "" : ", ") + g;
        if (list.empty())
            return inputError("cost.overrides.node_price", msg::kErrorCostNoPurchaseNone,
                              {m_book.id, m_c.gpuId});
        return inputError("cost.overrides.node_price", msg::kErrorCostNoPurchase,
                          {m_book.id, m_c.gpuId, list});
    }
    // A node price from the scenario is for one of the cluster's servers.
    set("node_price_gpus", static_cast<double>(m_c.gpusPerNode), "cluster", "the cluster's GPUs per node",
        "");
    // Used only when neither the price book nor the scenario gives the node's power.
    const double kw = estimatedNodeMaxKw(m_c.gpusPerNode, m_c.gpuTdpW);
    set("node_max_kw", kw, "estimate", "GPU TDP × GPUs per node × 10.2/5.6 (DGX H100 node max / GPU TDP)",
        "");
    if (m_in.overrides.count("node_max_kw") == 0)
        m_model.notes.push_back(
            makeMessage(msg::kCostNodePowerEstimated, {formatNumber(m_c.gpuTdpW), formatFixed(kw, 2)}));
    return std::nullopt;
}

std::optional<Error> Resolver::chooseOffer() {
    const RentOffer* offer = nullptr;
    if (m_in.customRent) {
        offer = &*m_in.customRent;
    } else if (!m_in.rentOffer.empty()) {
        offer = m_book.offer(m_in.rentOffer);
        std::vector<std::string> ids;
        for (const RentOffer* o : m_book.offersFor(m_c.gpuId))
            ids.push_back(o->id);
        if (!offer)
            return inputError("cost.rent_offer",
                              unknownIdReason(msg::kErrorUnknownRentOfferClosest,
                                              msg::kErrorUnknownRentOfferList, m_in.rentOffer, ids));
        if (!offer->rents(m_c.gpuId))
            return inputError("cost.rent_offer", msg::kErrorCostOfferGpu, {offer->id, m_c.gpuId});
    } else {
        offer = m_book.defaultOfferFor(m_c.gpuId);
        if (!offer && (m_model.notOffered || !m_oneHalf))  // neither half, or both needed
            return inputError("cost.rent_offer", msg::kErrorCostNoRentOffer, {m_book.id, m_c.gpuId});
        if (!offer) {
            // A book that sells this GPU's servers but rents none: owning is priced alone. The rent
            // curves run on an offer of no price, whose figures computeCost() leaves out.
            RentOffer none;
            none.gpus = {m_c.gpuId};
            m_model.offer = none;
            m_model.term = none.terms.front();
            m_model.notOffered = NotOffered{
                CostHalf::Rent, notOfferedReason(CostHalf::Rent, m_book.name, m_book.nameZh, m_c.gpuId)};
            return std::nullopt;
        }
    }
    m_model.offer = *offer;
    if (m_in.rentPrice)
        m_model.offer.price = *m_in.rentPrice;
    if (m_in.rentReleasedWhenIdle)
        m_model.offer.releasedWhenIdle = *m_in.rentReleasedWhenIdle;
    const std::string termId = m_in.rentTerm.empty() ? m_model.offer.terms.front().id : m_in.rentTerm;
    const RentTerm* term = m_model.offer.term(termId);
    if (!term) {
        std::vector<std::string> ids;
        for (const auto& t : m_model.offer.terms)
            ids.push_back(t.id);
        return inputError("cost.rent_term",
                          unknownIdReason(msg::kErrorUnknownOfferTermClosest, msg::kErrorUnknownOfferTermList,
                                          termId, ids, m_model.offer.id));
    }
    m_model.term = *term;
    for (const RentOffer* o : m_book.offersFor(m_c.gpuId))
        m_model.offers.push_back(o->id == m_model.offer.id ? m_model.offer : *o);
    if (m_in.customRent)
        m_model.offers.push_back(m_model.offer);
    return std::nullopt;
}

void Resolver::convertMoney() {
    const double f = conversionFactor(m_model.bookCurrency, m_model.currency, m_model.cnyPerUsd);
    if (f == 1.0)
        return;
    for (const auto& spec : parameterSpecs())
        if (spec.money)
            setParameter(m_model.params, spec, getParameter(m_model.params, spec) * f);
    convertOffer(m_model.offer, f);
    // The chosen term is a copy made before the conversion: take it again from the converted offer,
    // or its repurchase credit stays in the book's currency (¥100 charged as $100).
    m_model.term = *m_model.offer.term(m_model.term.id);
    for (auto& o : m_model.offers)
        convertOffer(o, f);
    m_model.notes.push_back(makeMessage(msg::kCostConverted, {std::string(currencyCode(m_model.bookCurrency)),
                                                              std::string(currencyCode(m_model.currency)),
                                                              formatNumber(m_model.cnyPerUsd)}));
}

Result<CostModel> Resolver::run() {
    CostModel& m = m_model;
    m.cluster = m_c;
    m.utilization = m_in.utilization;
    m.horizonMonths = static_cast<int>(m_in.horizonMonths);
    m.searchMonths = static_cast<int>(std::max(m_in.horizonMonths, m_in.breakevenSearchMonths));
    m.sensitivityRange = m_in.sensitivityRange;
    m.bookCurrency = m_book.currency;
    m.currency = m_in.currency.value_or(m_book.currency);
    m.cnyPerUsd = m_in.cnyPerUsd;
    m.priceBookId = m_book.id;
    m.priceBookName = m_book.name;
    m.priceBookNameZh = m_book.nameZh;
    // Built-in defaults are in USD (cost_parameters.h).
    const double fromUsd = conversionFactor(Currency::Usd, m_book.currency, m_in.cnyPerUsd);
    for (const auto& spec : parameterSpecs()) {
        double value = getParameter(m.params, spec);
        std::string origin = "default";
        if (spec.money && fromUsd != 1.0 && value != 0) {
            value *= fromUsd;
            origin = "default (USD converted at " + formatNumber(m_in.cnyPerUsd) + ")";
        }
        setParameter(m.params, spec, value);
        // A built-in default's source names its own date ("Aug 2024"); it has no separate as-of.
        m.origins.push_back({std::string(spec.key), value, origin, std::string(spec.source), ""});
    }
    for (const auto& e : m_book.parameters)
        set(e.key, e.value, "price book " + m_book.id, e.source + (e.grade.empty() ? "" : "; " + e.grade),
            e.asOf);
    if (auto e = applyPurchase())
        return *e;
    for (const auto& [key, value] : m_in.overrides)
        set(key, value, "override", "scenario cost.overrides." + key, "");
    if (m_in.discountRate)
        set("discount_rate", *m_in.discountRate, "override", "scenario cost.discount_rate", "");
    const CostParameters& p = m.params;
    if (p.residualAt36Months > 1.0 - p.resaleHaircut)
        return inputError("cost.overrides.residual_at_36_months", msg::kErrorCostResidual,
                          {formatNumber(p.residualAt36Months), formatNumber(1.0 - p.resaleHaircut)});
    if (auto e = chooseOffer())
        return *e;
    auto network = networkBom(m_c.gpus, m_c.nodes, m_c.gpusPerNode, static_cast<std::int64_t>(p.switchPorts));
    if (!network)
        return network.error();
    m.network = network.value();
    convertMoney();
    for (auto& o : m.origins)
        o.value = getParameter(m.params, *findParameter(o.key));
    if (m_c.gpusPerNode != static_cast<std::int64_t>(p.nodePriceGpus))
        m.notes.push_back(makeMessage(msg::kCostServerScaled,
                                      {formatNumber(p.nodePriceGpus), std::to_string(m_c.gpusPerNode)}));
    const bool rentPriced = !m.notOffered || m.notOffered->half != CostHalf::Rent;
    const std::int64_t rented = gpusFor(m.offer, unitsFor(m.offer, m_c.gpus));
    if (rentPriced && rented != m_c.gpus)
        m.notes.push_back(makeMessage(msg::kCostWholeUnits,
                                      {m.offer.id, std::to_string(rented), std::to_string(m_c.gpus)}));
    return m;
}

}  // namespace

Message notOfferedReason(CostHalf half, const std::string& bookName, const std::string& bookNameZh,
                         const std::string& gpuName) {
    return makeNestedMessage(
        half == CostHalf::Rent ? msg::kCostRentNotOffered : msg::kCostPurchaseNotOffered,
        {perLanguageMessage(bookName, bookNameZh.empty() ? bookName : bookNameZh), plainMessage(gpuName)});
}

RentAdjustments CostModel::rentAdjustments() const {
    return {params.rentVolumeDiscount, params.rentPriceDriftPerYear, params.rentSupportUplift,
            params.rentAddonsPerMonth};
}

Result<CostModel> resolveCostModel(const CostInputs& inputs, const PriceBooks& books,
                                   const ClusterFacts& cluster, OneHalf oneHalf) {
    if (auto e = validateCostInputs(inputs))
        return *e;
    if (auto e = checkCluster(cluster))
        return *e;
    const PriceBook* book = books.book(inputs.priceBook);
    if (!book)
        return inputError("cost.price_book",
                          unknownIdReason(msg::kErrorUnknownPriceBookClosest, msg::kErrorUnknownPriceBookList,
                                          inputs.priceBook, books.ids()));
    return Resolver(inputs, *book, cluster, oneHalf).run();
}

}  // namespace clusterplan::cost
