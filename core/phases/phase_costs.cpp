// Costs of the phases of a phased plan; the model and its rules are in phase_costs.h.
#include "core/phases/phase_costs.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/cost/cost_curves.h"
#include "core/cost/cost_model.h"
#include "core/cost/renting.h"
#include "core/phases/messages_phases.h"
#include "core/util/as_double.h"
#include "core/util/json_read.h"

namespace clusterplan {

namespace {

using cost::Money;

std::string phasePath(const PhaseSetup& p) {
    return json::indexPath("phases", p.index);
}

// A cost-model error, moved to the phase's key path.
Error phaseError(const PhaseSetup& p, const Error& e) {
    if (e.where == "cost.rent_offer")
        return {phasePath(p) + ".offer", e.message};
    if (e.where == "cost.rent_term")
        return {phasePath(p) + ".term", e.message};
    return {phasePath(p), (e.where.empty() ? "" : e.where + ": ") + e.message};
}

const cost::RentOffer* sliceOfferFor(const cost::PriceBook& book, const std::string& gpu) {
    for (const cost::RentOffer* o : book.offersFor(gpu))
        if (o->unit == cost::RentUnit::SliceMonth)
            return o;
    return nullptr;
}

// Does the scenario's own rent choice (custom quote, offer, or the book's default) rent this GPU?
bool scenarioChoiceRents(const cost::CostInputs& in, const cost::PriceBook& book, const std::string& gpu) {
    if (in.customRent)
        return in.customRent->rents(gpu) && in.customRent->unit != cost::RentUnit::SliceMonth;
    if (in.rentOffer.empty())
        return true;
    const cost::RentOffer* o = book.offer(in.rentOffer);
    return o && o->rents(gpu) && o->unit != cost::RentUnit::SliceMonth;
}

// The scenario's cost inputs with the phase's offer: its own, else the scenario's when that rents
// the phase's GPU (so that a single phase prices exactly as the plain plan), else the book's
// default for the GPU (its first slice offer for a slice).
cost::CostInputs costInputsFor(const Scenario& s, const PhaseSetup& p, const cost::PriceBook& book) {
    cost::CostInputs in = s.cost;
    const auto clearChoice = [&] {
        in.customRent.reset();
        in.rentOffer.clear();
        in.rentTerm.clear();
        in.rentPrice.reset();
    };
    if (!p.offer.empty()) {
        clearChoice();
        in.rentOffer = p.offer;
    } else if (p.slice) {
        clearChoice();
        if (const cost::RentOffer* o = sliceOfferFor(book, p.cluster.gpu))
            in.rentOffer = o->id;
    } else if (!scenarioChoiceRents(s.cost, book, p.cluster.gpu)) {
        clearChoice();
    }
    if (!p.term.empty())
        in.rentTerm = p.term;
    in.horizonMonths = p.months;
    return in;
}

Result<cost::CostModel> modelFor(const Scenario& s, const PhaseSetup& p, const PhaseInputs& resolved) {
    const cost::PriceBook* book = resolved.book;
    if (!book)
        return Error{"cost.price_book", "unknown price book '" + s.cost.priceBook + "'"};
    // The phase check refused unknown GPUs, so the card's own power draw prices it, never an assumed one.
    const GpuSpec& gpu = resolved.gpus.at(p.index);
    const cost::ClusterFacts facts{p.cluster.gpu, p.gpus(), p.slice ? 1 : p.cluster.nodes,
                                   p.slice ? 1 : p.cluster.gpusPerNode, gpu.tdpW};
    cost::CostInputs inputs = costInputsFor(s, p, *book);
    auto model = cost::resolveCostModel(inputs, *resolved.priceBooks, facts);
    if (!model && p.acquire == Acquire::Rent && model.error().where == "cost.overrides.node_price") {
        // A rented GPU the book has no purchase price for (the seed's RTX 3090 card): the
        // ownership side is never used for a rented phase, so any server price resolves it.
        inputs.overrides["node_price"] = 0;
        model = cost::resolveCostModel(inputs, *resolved.priceBooks, facts);
    }
    if (!model)
        return phaseError(p, model.error());
    if (p.slice) {
        // Rent fraction × slices-per-card slices: one "GPU" of an offer cut to that many slices.
        cost::RentOffer& o = model.value().offer;
        o.slicesPerGpu = static_cast<int>(std::lround(p.slice->fraction * o.slicesPerGpu));
    }
    return model;
}

bool sameContract(const PhaseSetup& a, const cost::CostModel& ma, const PhaseSetup& b,
                  const cost::CostModel& mb) {
    return a.acquire == Acquire::Rent && b.acquire == Acquire::Rent && ma.offer.id == mb.offer.id &&
           ma.term.id == mb.term.id && a.cluster.gpu == b.cluster.gpu && a.slice == b.slice;
}

bool sameOwnership(const PhaseSetup& a, const PhaseSetup& b) {
    return a.acquire == Acquire::Buy && b.acquire == Acquire::Buy && a.cluster.gpu == b.cluster.gpu &&
           a.cluster.gpusPerNode == b.cluster.gpusPerNode && a.cluster.nodes == b.cluster.nodes;
}

class Costing {
public:
    Costing(const std::vector<PhaseSetup>& phases, const std::vector<cost::CostModel>& models,
            PhaseCosts& out)
        : m_phases(phases), m_models(models), m_out(out) {}
    void rentRun(std::size_t first, std::size_t last);
    void buyRun(std::size_t first, std::size_t last);

private:
    std::string money(Money m) const { return cost::formatMoney(m, m_out.currency); }
    void add(std::size_t phase, int month, Money amount) {
        m_out.phases[phase].total += amount;
        m_out.months[monthIndex(month)] += amount;
    }
    [[nodiscard]] int lastMonth(std::size_t q) const { return m_phases[q].start + m_phases[q].months - 1; }

    const std::vector<PhaseSetup>& m_phases;
    const std::vector<cost::CostModel>& m_models;
    PhaseCosts& m_out;
};

// One rental contract over phases first..last; see phase_costs.h.
class Contract {
public:
    Contract(const cost::CostModel& m, cost::RentOffer offer, cost::ContractRules rules, int months)
        : m_model(m)
        , m_offer(std::move(offer))
        , m_term(m.term)
        , m_rules(std::move(rules))
        , m_termMonths(std::max(1, m.term.months))
        , m_length((months + m_termMonths - 1) / m_termMonths * m_termMonths) {
        m_listOffer = m_offer;
        m_listOffer.setupFee = 0;  // cards added to a running contract
    }
    [[nodiscard]] const cost::RentSchedule& base(std::int64_t gpus) {
        auto it = m_base.find(gpus);
        if (it == m_base.end())
            it = m_base
                     .emplace(gpus, cost::buildRentSchedule(m_offer, m_term, m_model.rentAdjustments(), gpus,
                                                            m_model.utilization, m_length))
                     .first;
        return it->second;
    }
    // Cards billed month by month at list price (no term discount, no credit, no add-ons twice).
    [[nodiscard]] const cost::RentSchedule& list(std::int64_t gpus) {
        auto it = m_list.find(gpus);
        if (it == m_list.end()) {
            cost::RentAdjustments adj = m_model.rentAdjustments();
            adj.addonsPerMonth = 0;
            it = m_list
                     .emplace(gpus, cost::buildRentSchedule(m_listOffer, cost::RentTerm{}, adj, gpus,
                                                            m_model.utilization, m_length))
                     .first;
        }
        return it->second;
    }
    [[nodiscard]] bool midTerm(int k) const { return k % m_termMonths != 0; }
    [[nodiscard]] int termEnd(int k) const { return (k + m_termMonths - 1) / m_termMonths * m_termMonths; }
    // What leaving `from − to` GPUs at contract month k gives up of the prepaid term.
    [[nodiscard]] Money rest(std::int64_t from, std::int64_t to, int k) {
        Money sum;
        for (int j = k; j < termEnd(k); ++j)
            sum += base(from).accrued[monthIndex(j)] - (to > 0 ? base(to).accrued[monthIndex(j)] : Money());
        return sum;
    }
    [[nodiscard]] const cost::RentOffer& offer() const { return m_offer; }
    [[nodiscard]] const cost::RentTerm& term() const { return m_term; }
    [[nodiscard]] const cost::ContractRules& rules() const { return m_rules; }

private:
    const cost::CostModel& m_model;
    cost::RentOffer m_offer;
    cost::RentOffer m_listOffer;
    cost::RentTerm m_term;
    cost::ContractRules m_rules;
    int m_termMonths;
    int m_length;
    std::map<std::int64_t, cost::RentSchedule> m_base, m_list;
};

// "1 GPU", "8 GPUs" / "8 张 GPU": an argument of the events, translated with them.
Message gpuCount(std::int64_t n) {
    return n == 1 ? makeMessage(msg::kPhaseOneGpu) : makeMessage(msg::kPhaseGpus, {std::to_string(n)});
}

void Costing::rentRun(std::size_t first, std::size_t last) {
    const cost::CostModel& m = m_models[first];
    cost::ContractRules rules = m.term.contract;
    for (std::size_t q = first; q <= last; ++q)
        if (m_phases[q].contract) {
            rules = *m_phases[q].contract;
            break;
        }
    int length = 0;
    for (std::size_t q = first; q <= last; ++q)
        length += m_phases[q].months;
    Contract c(m, m.offer, rules, length);
    // Leaving GPUs part-way through a prepaid term, at contract month k; the event is the
    // phase `q`'s, whose end it is.
    const auto leave = [&](std::size_t q, std::int64_t from, std::int64_t to, int k) {
        if (!c.term().prepay || !c.midTerm(k))
            return;
        const Money rest = c.rest(from, to, k);
        const std::string months = std::to_string(c.termEnd(k) - k);
        const bool refund = c.rules().earlyExit != cost::EarlyExit::NoRefund;
        if (!refund)
            add(q, lastMonth(q), rest);
        auto& events = m_out.phases[q].events;
        if (to > 0)
            events.push_back(
                makeNestedMessage(refund ? msg::kPhaseDropsRefund : msg::kPhaseDropsNoRefund,
                                  {gpuCount(from - to), plainMessage(months), plainMessage(money(rest))}));
        else
            events.push_back(makeMessage(refund ? msg::kPhaseLeavesRefund : msg::kPhaseLeavesNoRefund,
                                         {months, money(rest)}));
    };
    std::int64_t baseGpus = m_phases[first].gpus();
    std::int64_t listGpus = 0;
    int k = 0;  // contract month
    for (std::size_t q = first; q <= last; ++q) {
        const PhaseSetup& p = m_phases[q];
        PhaseCost& pc = m_out.phases[q];
        pc.offerId = c.offer().id;
        pc.termId = c.term().id;
        pc.offerName = c.offer().name;
        pc.gpusRented = cost::gpusFor(c.offer(), cost::unitsFor(c.offer(), p.gpus()));
        pc.contractRules = std::string("add_cards ") + cost::toString(c.rules().addCards) + ", early_exit " +
                           cost::toString(c.rules().earlyExit);
        pc.contractTerms = {
            makeMessage(c.rules().addCards == cost::AddCards::ListPrice ? msg::kPhaseRulesAddListPrice
                                                                        : msg::kPhaseRulesAddDiscount),
            makeMessage(c.rules().earlyExit == cost::EarlyExit::NoRefund ? msg::kPhaseRulesNoRefund
                                                                         : msg::kPhaseRulesProRata)};
        if (c.rules().source.empty())
            pc.contractTerms.push_back(makeMessage(msg::kPhaseRulesDefaults));
        pc.contractSource = c.rules().source.empty()
                                ? "not stated in the price book: the defaults (list price, "
                                  "no refund)"
                                : c.rules().source;
        const std::int64_t held = baseGpus + listGpus;
        if (q > first && p.gpus() > held) {
            const std::int64_t added = p.gpus() - held;
            if (c.midTerm(k) && c.rules().addCards == cost::AddCards::ListPrice) {
                Money extra;
                for (int j = k; j < std::min(c.termEnd(k), k + p.months); ++j)
                    extra += c.base(baseGpus).accrued[monthIndex(j)] +
                             c.list(listGpus + added).accrued[monthIndex(j)] -
                             (listGpus > 0 ? c.list(listGpus).accrued[monthIndex(j)] : Money()) -
                             c.base(baseGpus + added).accrued[monthIndex(j)];
                listGpus += added;
                pc.events.push_back(makeNestedMessage(msg::kPhaseAddsAtListPrice,
                                                      {gpuCount(added), plainMessage(money(extra))}));
            } else {
                baseGpus += added;
                if (c.midTerm(k))
                    pc.events.push_back(makeNestedMessage(msg::kPhaseAddsAtDiscount, {gpuCount(added)}));
            }
        } else if (q > first && p.gpus() < held) {
            const std::int64_t fromList = std::min(listGpus, held - p.gpus());
            listGpus -= fromList;
            const std::int64_t fromBase = held - p.gpus() - fromList;
            if (fromBase > 0) {
                leave(q - 1, baseGpus, baseGpus - fromBase, k);
                baseGpus -= fromBase;
            }
        }
        for (int j = 0; j < p.months; ++j, ++k) {
            if (k > 0 && !c.midTerm(k) && listGpus > 0) {
                baseGpus += listGpus;  // the added cards join the contract at renewal
                listGpus = 0;
            }
            Money month = c.base(baseGpus).accrued[monthIndex(k)];
            if (listGpus > 0)
                month += c.list(listGpus).accrued[monthIndex(k)];
            add(q, p.start + j, month);
        }
    }
    leave(last, baseGpus, 0, k);
}

void Costing::buyRun(std::size_t first, std::size_t last) {
    const cost::CostModel& m = m_models[first];
    int length = 0;
    for (std::size_t q = first; q <= last; ++q)
        length += m_phases[q].months;
    const cost::CostCurves curves = cost::buildOwnCurves(m, m.utilization, length);
    int k = 0;
    for (std::size_t q = first; q <= last; ++q) {
        const PhaseSetup& p = m_phases[q];
        m_out.phases[q].purchaseId = m.purchaseId;
        m_out.phases[q].gpusRented = 0;
        for (int j = 0; j < p.months; ++j, ++k) {
            Money month = curves.ownGross[monthIndex(k + 1)] - curves.ownGross[monthIndex(k)];
            if (k == 0) {
                month += curves.ownGross[0];
                m_out.upfront[monthIndex(p.start + j)] += curves.ownGross[0];
            }
            add(q, p.start + j, month);
        }
    }
    m_out.phases[first].events.insert(
        m_out.phases[first].events.begin(),
        makeMessage(msg::kPhaseBuys, {std::to_string(m.cluster.nodes), std::to_string(m.cluster.gpusPerNode),
                                      money(curves.own.capex.capex)}));
    const Money back = curves.own.residual[monthIndex(length)] - curves.own.loanBalance[monthIndex(length)];
    add(last, lastMonth(last), -back);
    m_out.phases[last].events.push_back(
        makeMessage(msg::kPhaseResale, {std::to_string(length), money(back)}));
}

}  // namespace

Result<PhaseCosts> costPhases(const Scenario& s, const std::vector<PhaseSetup>& phases,
                              const PhaseInputs& resolved) {
    PhaseCosts out;
    std::vector<cost::CostModel> models;
    int months = 0;
    for (const PhaseSetup& p : phases) {
        auto m = modelFor(s, p, resolved);
        if (!m)
            return m.error();
        models.push_back(std::move(m).value());
        months += p.months;
    }
    if (models.empty())
        return Error{"phases", "no phases"};
    out.currency = models.front().currency;
    out.phases.resize(phases.size());
    out.months.assign(monthIndex(months), Money());
    out.upfront.assign(monthIndex(months), Money());
    Costing costing(phases, models, out);
    for (std::size_t first = 0; first < phases.size();) {
        std::size_t last = first;
        if (phases[first].acquire == Acquire::Rent) {
            while (last + 1 < phases.size() &&
                   sameContract(phases[first], models[first], phases[last + 1], models[last + 1]))
                ++last;
            costing.rentRun(first, last);
        } else {
            while (last + 1 < phases.size() && sameOwnership(phases[first], phases[last + 1]))
                ++last;
            costing.buyRun(first, last);
        }
        first = last + 1;
    }
    return out;
}

}  // namespace clusterplan
