#include "core/studies/options_study.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cmath>
#include <future>
#include <limits>
#include <map>
#include <set>
#include <thread>

#include "core/calibration/engine_session.h"
#include "core/calibration/evaluate.h"
#include "core/calibration/profile_fit.h"
#include "core/catalog/catalog_lookup.h"
#include "core/catalog/cluster_resolution.h"
#include "core/catalog/scenario_check.h"
#include "core/report/plan_format.h"
#include "core/report/plan_scenario.h"
#include "core/search/best_layout.h"
#include "core/search/layout_alternatives.h"
#include "core/search/messages_search.h"
#include "core/util/messages_input_errors.h"
#include "core/util/number_format.h"
#include "core/util/per_language.h"

namespace clusterplan {

namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();
// Round server counts below a size's answer that its search also tries (see SizeSearch::smallest).
constexpr std::int64_t kRoundChecks = 16;

// The precision a job on `gpu` trains in: the scenario's, or, on a GPU without it (FP8 on Ampere
// and on the Ascend 910B), BF16, else FP16, as a customer running the job on that GPU would
// (NVIDIA A100 datasheet: BF16 and FP16 tensor cores, no FP8; FP8 arrived with Hopper).
Precision precisionOn(const GpuSpec& gpu, Precision wanted) {
    if (gpu.peakTflops(wanted) || !(gpu.tflopsBf16 || gpu.tflopsFp16))
        return wanted;
    return gpu.tflopsBf16 ? Precision::Bf16 : Precision::Fp16;
}

std::string precisionName(Precision p) {
    std::string name(toString(p));
    for (char& c : name)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return name;
}

// Cost inputs that describe one server of the scenario's GPU: they do not carry to another GPU type.
constexpr const char* kGpuSpecificOverrides[] = {"node_price", "node_price_gpus", "node_max_kw",
                                                 "residual_at_36_months"};

// optionScenario() on `spec`, the GPU `gpu` of the catalog (null: an id the catalog lacks, whose
// precision stays the scenario's).
Scenario scenarioAtSize(const Scenario& s, const std::string& gpu, const GpuSpec* spec, std::int64_t gpus,
                        std::int64_t gpusPerNode) {
    Scenario v = s;
    if (gpu != s.cluster.gpu) {
        v.cluster.gpu = gpu;
        v.cluster.intraNode.clear();  // the GPU's own scale-up fabric
        v.cluster.cpuMemoryGib = 0;
        v.measured.clear();  // runs measured on another GPU
        for (const char* key : kGpuSpecificOverrides)
            v.cost.overrides.erase(key);
    }
    if (spec)
        v.training.precision = precisionOn(*spec, v.training.precision);
    v.cluster.gpusPerNode = std::min(gpus, gpusPerNode);
    v.cluster.nodes = (gpus + v.cluster.gpusPerNode - 1) / v.cluster.gpusPerNode;
    v.layout = LayoutSpec{};
    v.layout.open = kAllLayoutKeys;  // the best layout at each size
    v.phases.clear();
    v.claim.reset();
    return v;
}

Scenario optionScenarioOn(const Scenario& s, const GpuSpec& gpu, std::int64_t gpus,
                          std::int64_t gpusPerNode) {
    return scenarioAtSize(s, gpu.id, &gpu, gpus, gpusPerNode);
}

cost::Currency studyCurrency(const Scenario& s, const cost::PriceBooks& books) {
    if (s.cost.currency)
        return *s.cost.currency;
    const cost::PriceBook* book = books.book(s.cost.priceBook);
    return book ? book->currency : cost::Currency::Cny;
}

bool hasPrice(const cost::PriceBooks& books, const std::string& gpu) {
    for (const auto& book : books.books()) {
        if (book.purchaseFor(gpu))
            return true;
        for (const cost::RentOffer* o : book.offersFor(gpu))
            if (o->unit != cost::RentUnit::SliceMonth)
                return true;
    }
    return false;
}

// The performance profile that times `gpu` for the scenario's stack and precision, as a reader
// knows it, and whether it was fitted on exactly that stack, architecture and precision.
struct ProfileStatus {
    std::string id, name;
    bool own = false;
};

// `inputs`: the GPU type's, resolved with the built-in profile (the one that times it, borrowed or own).
ProfileStatus profileStatus(const Scenario& s, const ResolvedInputs& inputs) {
    const GpuSpec& gpu = inputs.gpu;
    const Precision precision = precisionOn(gpu, s.training.precision);
    const PerfProfile& p = inputs.profile;
    const bool own = p.calibrated && p.framework == s.training.framework &&
                     p.architecture == gpu.architecture && p.precision == precision;
    std::string id = p.id.empty() ? std::string("default") : p.id;
    // A profile fitted on a stack, an architecture and a precision is named by them; the generic
    // one (fitted on none) by its id.
    std::string name = id;
    if (p.calibrated && !p.architecture.empty()) {
        std::string arch = p.architecture;
        arch[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(arch[0])));
        name = std::string(displayName(p.framework)) + ", " + arch + ", " + precisionName(p.precision);
    }
    return {std::move(id), std::move(name), own};
}

OptionProbe probeOf(const Result<Plan>& plan) {
    OptionProbe out;
    if (!plan) {
        out.notFit = plan.error().reason;
        out.days = kNever;
        return out;
    }
    const Plan& p = plan.value();
    out.layout = p.layout;
    out.fits = p.search && p.search->best.has_value();
    out.tokensPerSecond = p.perf.tokensPerSecond;
    out.mfu = p.perf.mfu;
    out.days = p.run.progresses ? p.run.wallDays : kNever;
    out.complete = out.fits && p.search && !p.search->boundNote && !p.search->offloadChosen;
    if (!out.fits && p.search && !p.search->ranked.empty())
        out.notFit = notFitReason(p.search->ranked.front());
    return out;
}

// The probes of one GPU type on the study's engine session. The type's scenario is checked and its
// inputs resolved once; each size is then resolved as a variant of it (EngineSession::resolveVariant),
// with no check and no catalog look-up again. A scenario that lists measured runs is evaluated as
// evaluate() plans it (fitted to its runs; the session keeps the fit), as the rows it opens are.
class Prober {
public:
    Prober(EngineSession& session, const Scenario& typeScenario) : m_session(session) {
        if (!typeScenario.measured.empty()) {
            // The scenario's own GPU, checked with the study's scenario: its built-in profile.
            m_builtin = resolveInputs(typeScenario, session.sharedCatalog());
            return;
        }
        auto prepared = session.prepare(typeScenario);
        if (prepared)
            m_prepared = std::move(prepared).value();
        else
            m_error = prepared.error();
    }

    // The plan of `v` with its layout searched as `search` does, read for the probe. The search's
    // winner (or, when none fits, the layout closest to fitting) comes from bestLayout(): the same
    // visits and the same choice as searchLayouts() without keeping the ranking or timing the
    // layouts that do not fit; the plan is then that layout's, as evaluate() plans the scenario a
    // row opens (the plan of an open scenario is its best layout's, search aside).
    [[nodiscard]] OptionProbe probe(const Scenario& v, std::size_t maxLayouts) const {
        const SearchOptions options = searchOptions(maxLayouts);
        if (!v.measured.empty())
            return probeOf(m_session.evaluate(v, options));
        if (m_error)
            return probeOf(*m_error);
        const ResolvedInputs inputs = m_session.resolveVariant(v, *m_prepared);
        BestLayout found = bestLayout(v, inputs.hardware(), options);
        const std::optional<Candidate>& chosen = found.best ? found.best : found.closest;
        if (!chosen)  // no layout divides this size: the plan says why
            return probeOf(planScenario(v, inputs, options, PlanParts::stepTimeOnly()));
        Scenario fixed = v;
        fixed.layout = fixedSpec(chosen->layout);
        auto plan = planScenario(fixed, inputs, options, PlanParts::stepTimeOnly());
        if (!plan)
            return probeOf(plan);
        OptionProbe out;
        const Plan& p = plan.value();
        out.layout = p.layout;
        out.fits = found.best.has_value();
        out.tokensPerSecond = p.perf.tokensPerSecond;
        out.mfu = p.perf.mfu;
        out.days = p.run.progresses ? p.run.wallDays : kNever;
        out.complete = out.fits && !found.bounded && !found.offloadChosen;
        if (!out.fits)
            out.notFit = notFitReason(*chosen);
        return out;
    }

    // The type's inputs with the built-in profile (none when its scenario is refused).
    [[nodiscard]] const ResolvedInputs* builtinInputs() const {
        return m_builtin ? &*m_builtin : m_prepared ? &m_prepared->inputs : nullptr;
    }

    // Whether probe(v, maxLayouts) finds a layout that fits, from memory alone (anyLayoutFits()).
    [[nodiscard]] bool fits(const Scenario& v, std::size_t maxLayouts) const {
        if (!v.measured.empty() || m_error)
            return probe(v, maxLayouts).fits;
        return anyLayoutFits(v, m_session.resolveVariant(v, *m_prepared).hardware(),
                             searchOptions(maxLayouts));
    }

private:
    static SearchOptions searchOptions(std::size_t maxLayouts) {
        SearchOptions options;
        options.maxLayouts = maxLayouts;
        options.threads = 1;  // the study spreads GPU types over the cores
        return options;
    }

private:
    EngineSession& m_session;
    std::optional<PreparedScenario> m_prepared;
    std::optional<ResolvedInputs> m_builtin;
    std::optional<Error> m_error;
};

// One GPU type's sizes: a bisection on whole servers, every probe a search as `search` runs it.
class SizeSearch {
public:
    SizeSearch(const Scenario& s, const Prober& prober, const GpuSpec& gpu, std::int64_t perNode,
               double deadline, const std::atomic<bool>* cancel)
        : m_s(s), m_prober(prober), m_gpu(gpu), m_perNode(perNode), m_deadline(deadline), m_cancel(cancel) {}

    const OptionProbe& probe(std::int64_t nodes) {
        static const OptionProbe cancelled{false, kNever, {}, {}, 0, 0, false};
        if (m_cancel && m_cancel->load())
            return cancelled;
        static const OptionProbe noLayout{false, kNever, {}, {}, 0, 0, false};
        if (!resolves(nodes))
            return noLayout;
        return memo(m_cache, nodes, [&] { return m_prober.probe(at(nodes), kDefaultMaxLayouts); });
    }
    // Whether a layout fits at `nodes` servers: the probe's answer when it ran, else the memory of
    // the layouts the probe's search would visit, without their step times.
    bool fits(std::int64_t nodes) {
        if ((m_cancel && m_cancel->load()) || !resolves(nodes))
            return false;
        if (const auto it = m_cache.find(nodes); it != m_cache.end())
            return it->second.fits;
        return memo(m_fits, nodes, [&] { return m_prober.fits(at(nodes), kDefaultMaxLayouts); });
    }
    bool meets(std::int64_t nodes) {
        if (!fits(nodes))
            return false;
        // Fewer days than the job takes at 100 % MFU are out of reach: such a size cannot meet the
        // deadline, and is not searched.
        if (m_deadline > 0 && m_gpuDaysAtPeak > 0 &&
            m_gpuDaysAtPeak / static_cast<double>(nodes * m_perNode) > m_deadline * (1 + 1e-9))
            return false;
        const OptionProbe& p = probe(nodes);
        return p.fits && (m_deadline <= 0 || p.days <= m_deadline);
    }
    // GPU-days the job takes at 100 % MFU: the budgeted days at any size are at least these over
    // its GPUs (MFU cannot pass 1, and budgeted days are never below steady-state days).
    void setGpuDaysAtPeak(double gpuDays) { m_gpuDaysAtPeak = gpuDays; }
    [[nodiscard]] std::size_t probes() const { return m_cache.size(); }
    // The size probed so far with the fewest days, and its days.
    [[nodiscard]] std::pair<std::int64_t, double> fastest() const {
        std::pair<std::int64_t, double> best{0, kNever};
        for (const auto& [nodes, p] : m_cache)
            if (p.fits && p.days < best.second)
                best = {nodes, p.days};
        return best;
    }

    // The smallest node count in [from, maxNodes] where `pred` holds: doubling from `from` (on
    // counts with a layout) to a count where it holds, halving the interval down to its first count, then the
    // two counts below the answer checked (and the answer moved down while one of them holds). Whether any
    // layout divides `nodes` servers at all (divisibility only, no search): a size without one never fits,
    // and days jump over such holes (the batch must split evenly).
    bool resolves(std::int64_t nodes) {
        return memo(m_resolves, nodes, [&] {
            const Scenario v = at(nodes);
            return anyLayoutResolves(v, v.cluster.gpus(), v.training.globalBatch);
        });
    }

    // The smallest node count in [from, maxNodes] where `pred` holds: doubling from `from` to a
    // count where it holds, halving the interval down to its first count (a midpoint without any
    // layout moves to the nearest count with one: it cannot hold there), then the two counts with a
    // layout below the answer checked (and the answer moved down while one of them holds).
    template <typename Pred>
    std::optional<std::int64_t> smallest(std::int64_t from, std::int64_t maxNodes, Pred pred) {
        // The doubling steps on counts with a layout (the first at or above each double): a hole
        // would be a miss that says nothing about the counts around it.
        const auto validFrom = [&](std::int64_t n) -> std::optional<std::int64_t> {
            for (; n <= maxNodes; ++n)
                if (resolves(n))
                    return n;
            return std::nullopt;
        };
        std::int64_t miss = from - 1;
        auto first = validFrom(from);
        if (!first)
            return std::nullopt;
        std::int64_t hit = *first;
        while (!pred(hit)) {
            miss = hit;
            const auto next = validFrom(std::max(hit + 1, std::min(maxNodes, hit * 2)));
            if (!next)
                return std::nullopt;
            hit = *next;
        }
        while (hit - miss > 1) {
            const std::int64_t mid = miss + (hit - miss) / 2;
            std::optional<std::int64_t> valid;
            for (std::int64_t d = 0; !valid && (mid - d > miss || mid + d < hit); ++d) {
                if (mid - d > miss && resolves(mid - d))
                    valid = mid - d;
                else if (d > 0 && mid + d < hit && resolves(mid + d))
                    valid = mid + d;
            }
            if (!valid)
                break;  // no count between has a layout: `hit` is the first
            (pred(*valid) ? hit : miss) = *valid;
        }
        // Rounder counts split the batch better and can be much faster than their neighbours: the
        // multiples of the answer's power of two (at most kRoundChecks of them) below it are tried,
        // smallest first, and the answer moves to the first that holds.
        for (bool moved = true; moved;) {
            moved = false;
            std::int64_t step = hit & -hit;
            while (step > 1 && (hit - from) / step > kRoundChecks)
                step *= 2;
            if ((hit - from) / step <= kRoundChecks)
                for (std::int64_t n = (from + step - 1) / step * step; n < hit; n += step)
                    if (resolves(n) && pred(n)) {
                        hit = n;
                        moved = true;
                        break;
                    }
        }
        for (bool moved = true; moved;) {
            moved = false;
            int checked = 0;
            for (std::int64_t below = hit - 1; below >= from && checked < 2; --below) {
                if (!resolves(below))
                    continue;
                ++checked;
                if (pred(below)) {
                    hit = below;
                    moved = true;
                    break;
                }
            }
        }
        return hit;
    }

private:
    // The probe's scenario at `nodes` servers.
    [[nodiscard]] Scenario at(std::int64_t nodes) const {
        return optionScenarioOn(m_s, m_gpu, nodes * m_perNode, m_perNode);
    }
    // map[nodes], computed once.
    template <typename Value, typename Compute>
    static const Value& memo(std::map<std::int64_t, Value>& map, std::int64_t nodes, const Compute& compute) {
        auto it = map.find(nodes);
        if (it == map.end())
            it = map.emplace(nodes, compute()).first;
        return it->second;
    }

    const Scenario& m_s;
    const Prober& m_prober;
    const GpuSpec& m_gpu;
    std::int64_t m_perNode;
    double m_deadline;
    const std::atomic<bool>* m_cancel;
    double m_gpuDaysAtPeak = 0;
    std::map<std::int64_t, OptionProbe> m_cache;
    std::map<std::int64_t, bool> m_fits;  // memory-only answers where no probe ran
    std::map<std::int64_t, bool> m_resolves;
};

struct GpuWork {
    GpuOptions outcome;
    std::vector<OptionRow> rows;
};

// Every way to get `gpu`: each rent offer of each book (slices of a card left out) and each book's
// purchase. The purchase is priced with the book's default offer beside it (the cost model prices
// renting and owning together).
struct Way {
    const cost::PriceBook* book;
    Acquire acquire;
    std::string offer, name, nameZh;
};

std::vector<Way> waysToGet(const cost::PriceBooks& books, const std::string& gpu) {
    std::vector<Way> ways;
    for (const auto& book : books.books()) {
        for (const cost::RentOffer* o : book.offersFor(gpu))
            if (o->unit != cost::RentUnit::SliceMonth)
                ways.push_back({&book, Acquire::Rent, o->id, o->name, o->nameZh});
        if (const cost::PurchaseEntry* p = book.purchaseFor(gpu))
            ways.push_back({&book, Acquire::Buy, p->id, p->name, p->nameZh});
    }
    return ways;
}

// A name in the reader's language: the Chinese one where the book gives one, else the English.
Message namedIn(const std::string& en, const std::string& zh) {
    return perLanguageMessage(en, zh.empty() ? en : zh);
}

const std::string& nameIn(const std::string& en, const std::string& zh, Lang lang) {
    return lang == Lang::Zh && !zh.empty() ? zh : en;
}

Message gpuName(const OptionRow& r) {
    return namedIn(r.gpuName, r.gpuNameZh);
}

Scenario openedScenario(const Scenario& probe, const Catalog& catalog, const Layout& layout, const Way& way,
                        cost::Currency currency) {
    Scenario v = probe;
    v.layout = fixedSpec(layout);
    // A layout that offloads to host memory was found on the probe's servers: an offer that states
    // other servers must not change whether it fits.
    if (layout.offload != Offload::None && v.cluster.cpuMemoryGib == 0)
        v.cluster.cpuMemoryGib = resolveHost(probe, catalog).memoryGib;
    v.cost.priceBook = way.book->id;
    v.cost.rentTerm.clear();
    v.cost.rentPrice.reset();
    v.cost.customRent.reset();
    v.cost.rentReleasedWhenIdle.reset();
    v.cost.currency = currency;
    if (way.acquire == Acquire::Rent) {
        v.cost.rentOffer = way.offer;
    } else {
        const cost::RentOffer* beside = way.book->defaultOfferFor(v.cluster.gpu);
        v.cost.rentOffer = beside ? beside->id : std::string();
    }
    return v;
}

OptionRow priceRow(const Scenario& probe, const GpuSpec& gpu, EngineSession& session, const Layout& layout,
                   const Way& way, OptionSize size, const OptionsStudy& study, const ProfileStatus& status) {
    OptionRow row;
    row.scenario = openedScenario(probe, session.catalog(), layout, way, study.currency);
    row.gpu = probe.cluster.gpu;
    row.gpuName = gpu.name;
    row.gpuNameZh = gpu.nameZh;
    row.acquire = way.acquire;
    row.priceBook = way.book->id;
    row.offer = way.offer;
    row.offerName = way.name;
    row.offerNameZh = way.nameZh;
    row.priceBookName = way.book->name;
    row.priceBookNameZh = way.book->nameZh;
    row.size = size;
    row.gpus = probe.cluster.gpus();
    row.nodes = probe.cluster.nodes;
    row.gpusPerNode = probe.cluster.gpusPerNode;
    row.layout = layout;
    row.layoutText = optionRecipeText(layout);
    row.profile = status.id;
    row.profileName = status.name;
    row.calibrated = status.own;
    auto plan = session.evaluate(row.scenario);
    if (!plan) {
        row.reason = makeNestedMessage(msg::kOptionsRowNotPriced, {plan.error().reason});
        row.priceNote = makeMessage(msg::kOptionsCellNotPriced);
        return row;
    }
    const Plan& p = plan.value();
    if (!p.calibration && !p.scenario.measured.empty())
        row.calibrated = false;
    if (p.calibration)
        row.calibrated = true;
    row.days = p.run.progresses ? p.run.wallDays : kNever;
    const double step = p.perf.stepSeconds;
    row.daysLow = step > 0 ? row.days * p.perf.stepSecondsLow / step : row.days;
    row.daysHigh = step > 0 ? row.days * p.perf.stepSecondsHigh / step : row.days;
    row.tokensPerSecond = p.perf.tokensPerSecond;
    row.mfu = p.perf.mfu;
    row.meetsDeadline = study.target.deadlineDays <= 0 || row.days <= study.target.deadlineDays;
    // A book that only rents (or only sells) this GPU: the cost model prices that half alone
    // (Plan::costHalf), the rental with the power of its servers beside it.
    const bool rentOnly = way.acquire == Acquire::Rent && !way.book->purchaseFor(row.gpu);
    const bool buyOnly = way.acquire == Acquire::Buy && !way.book->defaultOfferFor(row.gpu);
    const bool half = !p.cost && p.costHalf &&
                      ((rentOnly && p.costHalf->rentPriced()) || (buyOnly && p.costHalf->buyPriced()));
    if (!p.cost && !half) {
        row.reason = makeNestedMessage(msg::kOptionsRowNotPriced,
                                       {p.costError ? p.costError->reason : plainMessage("")});
        row.priceNote = makeMessage(msg::kOptionsCellNotPriced);
        return row;
    }
    const cost::CostReport& c = half ? *p.costHalf : *p.cost;
    row.priced = true;
    if (half) {
        row.halfPriced = true;
        row.pricingNote = makeNestedMessage(rentOnly ? msg::kOptionsRowRentOnly : msg::kOptionsRowBuyOnly,
                                            {namedIn(row.priceBookName, row.priceBookNameZh), gpuName(row)});
    }
    row.cost = way.acquire == Acquire::Rent ? c.runCostRent.value_or(c.rentAccruedTotal) : c.buyNetTotal;
    // A rental of a book that sells no such server has no purchase beside it.
    row.purchase = rentOnly ? cost::Money{} : c.capex.capex;
    row.tco = rentOnly ? cost::Money{} : c.buyNetTotal;
    row.horizonMonths = c.horizonMonths;
    row.perMillionTokens = study.tokens > 0 ? row.cost.units() / (study.tokens / 1e6) : 0;
    row.powerKw = c.nodeMaxKw * static_cast<double>(row.nodes);
    row.withinBudget = !study.target.budget || row.cost.units() <= *study.target.budget;
    if (!row.meetsDeadline)
        row.reason = makeMessage(msg::kOptionsRowMissesDeadline,
                                 {formatFixed(row.days, 1), formatNumber(study.target.deadlineDays)});
    else if (!row.withinBudget)
        row.reason =
            makeMessage(msg::kOptionsRowOverBudget,
                        {cost::formatMoney(row.cost, study.currency),
                         cost::formatMoney(cost::Money::fromUnits(*study.target.budget), study.currency)});
    return row;
}

GpuWork studyGpu(const Scenario& s, EngineSession& session, const GpuSpec& gpu, const cost::PriceBooks& books,
                 const OptionsStudy& study, const std::atomic<bool>* cancel) {
    GpuWork work;
    const std::string& gpuId = gpu.id;
    GpuOptions& out = work.outcome;
    out.gpu = gpuId;
    out.gpuName = gpu.name;
    out.gpuNameZh = gpu.nameZh;
    out.gpusPerNode = gpuId == s.cluster.gpu ? s.cluster.gpusPerNode : gpu.defaultGpusPerNode;
    const std::int64_t perNode = std::max<std::int64_t>(1, out.gpusPerNode);
    if (!hasPrice(books, gpuId)) {
        out.reason = makeNestedMessage(msg::kOptionsGpuNoPrice, {namedIn(gpu.name, gpu.nameZh)});
        return work;
    }
    const std::int64_t maxNodes = std::max<std::int64_t>(1, study.target.maxGpus / perNode);
    const Prober prober(session, optionScenarioOn(s, gpu, perNode, perNode));
    SizeSearch sizes(s, prober, gpu, perNode, study.target.deadlineDays, cancel);
    const auto fit = sizes.smallest(1, maxNodes, [&](std::int64_t n) { return sizes.fits(n); });
    if (!fit) {
        out.probes = sizes.probes();
        out.reason = makeNestedMessage(
            msg::kOptionsGpuFitsNowhere,
            {namedIn(gpu.name, gpu.nameZh), plainMessage(std::to_string(maxNodes * perNode)),
             // Planned here even when no layout divides that size: its reason says so.
             prober.probe(optionScenarioOn(s, gpu, maxNodes * perNode, perNode), kDefaultMaxLayouts).notFit});
        return work;
    }
    out.smallestFitGpus = *fit * perNode;
    std::optional<std::int64_t> deadline;
    if (study.target.deadlineDays > 0) {
        // No size below the one that trains the tokens in time at 100 % MFU can meet the deadline
        // (budgeted days are never below steady-state days): the search starts there.
        std::int64_t from = *fit;
        const OptionProbe& smallest = sizes.probe(*fit);
        if (smallest.mfu > 0 && smallest.tokensPerSecond > 0) {
            const double perGpuAtPeak =
                smallest.tokensPerSecond / (smallest.mfu * static_cast<double>(*fit * perNode));
            const double gpusAtPeak = study.tokens / (study.target.deadlineDays * 86'400.0 * perGpuAtPeak);
            if (std::isfinite(gpusAtPeak * study.target.deadlineDays))
                sizes.setGpuDaysAtPeak(gpusAtPeak * study.target.deadlineDays);
            if (std::isfinite(gpusAtPeak))
                from = std::clamp(static_cast<std::int64_t>(gpusAtPeak / static_cast<double>(perNode)), *fit,
                                  maxNodes);
        }
        deadline = sizes.smallest(from, maxNodes, [&](std::int64_t n) { return sizes.meets(n); });
        if (deadline) {
            out.deadlineGpus = *deadline * perNode;
        } else {
            const auto [fastestNodes, fastestDays] = sizes.fastest();
            out.fastestGpus = fastestNodes * perNode;
            out.fastestDays = fastestDays;
            out.reason = makeNestedMessage(msg::kOptionsGpuMissesDeadline,
                                           {namedIn(gpu.name, gpu.nameZh),
                                            plainMessage(formatNumber(study.target.deadlineDays)),
                                            plainMessage(std::to_string(maxNodes * perNode)),
                                            plainMessage(std::to_string(out.fastestGpus)),
                                            plainMessage(formatFixed(out.fastestDays, 1))});
        }
    }
    out.probes = sizes.probes();
    std::vector<std::pair<std::int64_t, OptionSize>> finals{{*fit, OptionSize::SmallestFit}};
    if (deadline && *deadline != *fit)
        finals.push_back({*deadline, OptionSize::MeetsDeadline});
    else if (deadline)
        finals.front().second = OptionSize::MeetsDeadline;
    const auto status = profileStatus(s, *prober.builtinInputs());
    const auto ways = waysToGet(books, gpuId);
    for (const auto& [nodes, size] : finals) {
        // The final size's layout from an unbounded search: never a coarser one than `search` runs.
        // A bounded search that visited every layout and found one that fits without offload is
        // that search already (the same visits in the same order): it is not run twice.
        const Scenario probe = optionScenarioOn(s, gpu, nodes * perNode, perNode);
        const OptionProbe& bounded = sizes.probe(nodes);
        const OptionProbe best =
            bounded.complete ? bounded : prober.probe(probe, std::numeric_limits<std::size_t>::max());
        for (const Way& way : ways)
            work.rows.push_back(priceRow(probe, gpu, session, best.layout, way, size, study, status));
    }
    return work;
}

// "NVIDIA H100 SXM5 80GB × 1,664" in the reader's language.
Message gpusText(const OptionRow& r) {
    const std::string gpus = " × " + std::to_string(r.gpus);
    return perLanguageMessage(r.gpuName + gpus, gpuDisplayName(r, Lang::Zh) + gpus);
}

std::string percentMore(double a, double b) {
    return formatFixed(b > 0 ? 100.0 * (a - b) / b : 0.0, 0);
}

void recommendOption(OptionsStudy& st) {
    const auto money = [&](cost::Money m) { return cost::formatMoney(m, st.currency); };
    std::optional<std::size_t> best;
    bool anyMeets = false;
    std::optional<std::size_t> fastest, cheapestMeeting;
    for (std::size_t i = 0; i < st.rows.size(); ++i) {
        const OptionRow& r = st.rows[i];
        if (!r.priced)
            continue;
        if (!fastest || r.days < st.rows[*fastest].days)
            fastest = i;
        if (!r.meetsDeadline)
            continue;
        anyMeets = true;
        if (!cheapestMeeting || r.cost < st.rows[*cheapestMeeting].cost)
            cheapestMeeting = i;
        if (!r.pareto || !r.withinBudget)
            continue;
        if (!best || r.cost < st.rows[*best].cost ||
            (r.cost == st.rows[*best].cost && r.days < st.rows[*best].days))
            best = i;
    }
    if (!fastest) {
        st.recommendation = makeMessage(msg::kOptionsNothingPriced);
        return;
    }
    if (!anyMeets) {
        const OptionRow& f = st.rows[*fastest];
        st.recommendation = makeNestedMessage(msg::kOptionsNoneMeetsDeadline,
                                              {plainMessage(formatNumber(st.target.deadlineDays)),
                                               gpusText(f), plainMessage(formatFixed(f.days, 1))});
        return;
    }
    if (!best) {
        const OptionRow& c = st.rows[*cheapestMeeting];
        st.recommendation =
            makeNestedMessage(msg::kOptionsNoneInBudget,
                              {plainMessage(formatNumber(st.target.deadlineDays)),
                               plainMessage(money(cost::Money::fromUnits(st.target.budget.value_or(0)))),
                               gpusText(c), plainMessage(money(c.cost))});
        return;
    }
    st.recommended = best;
    const OptionRow& r = st.rows[*best];
    std::vector<Message> parts;
    parts.push_back(
        makeNestedMessage(r.acquire == Acquire::Rent ? msg::kOptionsRecommendRent : msg::kOptionsRecommendBuy,
                          {gpusText(r), namedIn(r.offerName, r.offerNameZh), plainMessage(money(r.cost)),
                           plainMessage(formatFixed(r.days, 1))}));
    // The next faster option on the front that keeps to the budget: what paying more buys.
    std::optional<std::size_t> faster;
    for (std::size_t i = 0; i < st.rows.size(); ++i) {
        const OptionRow& o = st.rows[i];
        if (o.pareto && o.withinBudget && o.days < r.days && (!faster || o.days > st.rows[*faster].days))
            faster = i;
    }
    if (faster) {
        const OptionRow& f = st.rows[*faster];
        parts.push_back(makeNestedMessage(
            msg::kOptionsFaster, {gpusText(f), plainMessage(percentMore(f.cost.units(), r.cost.units())),
                                  plainMessage(formatFixed(r.days - f.days, 1))}));
    }
    // The GPU types that fit but cannot meet the deadline at any size: the customer asks about them.
    std::string late, lateZh;
    for (const GpuOptions& g : st.gpus)
        if (g.smallestFitGpus && !g.deadlineGpus && st.target.deadlineDays > 0) {
            late += (late.empty() ? "" : ", ") + g.gpuName;
            lateZh += (lateZh.empty() ? "" : "、") + gpuDisplayName(g, Lang::Zh);
        }
    if (!late.empty())
        parts.push_back(
            makeNestedMessage(msg::kOptionsCannotFinish,
                              {namedIn(late, lateZh), plainMessage(formatNumber(st.target.deadlineDays))}));
    if (!r.calibrated)
        parts.push_back(
            makeNestedMessage(msg::kOptionsBorrowedProfile, {gpuName(r), plainMessage(r.profileName)}));
    Message joined = parts.front();
    for (std::size_t i = 1; i < parts.size(); ++i)
        joined = makeNestedMessage(msg::kOptionsTwoSentences, {std::move(joined), parts[i]});
    st.recommendation = std::move(joined);
}

}  // namespace

const std::string& gpuDisplayName(const OptionRow& row, Lang lang) {
    return nameIn(row.gpuName, row.gpuNameZh, lang);
}

const std::string& gpuDisplayName(const GpuOptions& gpu, Lang lang) {
    return nameIn(gpu.gpuName, gpu.gpuNameZh, lang);
}

const std::string& offerDisplayName(const OptionRow& row, Lang lang) {
    return nameIn(row.offerName, row.offerNameZh, lang);
}

const std::string& priceBookDisplayName(const OptionRow& row, Lang lang) {
    return nameIn(row.priceBookName, row.priceBookNameZh, lang);
}

std::string optionRecipeText(const Layout& l) {
    return layoutText(l) + ", mb " + std::to_string(l.microBatch) + ", ZeRO-" + std::to_string(l.zeroStage) +
           ", " + std::string(toString(l.recompute)) +
           (l.offload != Offload::None ? ", offload " + std::string(toString(l.offload)) : std::string());
}

Scenario optionScenario(const Scenario& s, const Catalog& catalog, const std::string& gpu, std::int64_t gpus,
                        std::int64_t gpusPerNode) {
    return scenarioAtSize(s, gpu, gpuById(catalog, gpu), gpus, gpusPerNode);
}

OptionProbe probeOption(const Scenario& v, const Catalog& catalog, std::size_t maxLayouts) {
    EngineSession session(catalog);
    return Prober(session, v).probe(v, maxLayouts);
}

void markParetoFront(std::vector<OptionRow>& rows) {
    for (auto& r : rows) {
        r.pareto = r.priced && std::isfinite(r.days);
        if (!r.pareto)
            continue;
        for (const auto& o : rows)
            if (&o != &r && o.priced && o.days <= r.days && o.cost <= r.cost &&
                (o.days < r.days || o.cost < r.cost)) {
                r.pareto = false;
                break;
            }
    }
}

Result<OptionsStudy> optionsStudy(const Scenario& scenario, const Catalog& catalog,
                                  const OptionsTarget& target) {
    if (!(target.deadlineDays >= 0) || target.deadlineDays > 1e5)
        return inputError("deadline_days", msg::kErrorRange,
                          {formatNumber(target.deadlineDays), "0", "100000"});
    if (target.budget && (!(*target.budget > 0) || *target.budget > cost::Money::kMaxUnits))
        return inputError("budget", msg::kErrorRange, {formatNumber(*target.budget), "0", "1e15"});
    if (target.maxGpus < 1 || target.maxGpus > cost::kMaxGpus)
        return inputError("max_gpus", msg::kErrorRange, {std::to_string(target.maxGpus), "1", "1000000"});
    if (auto e = checkScenario(scenario, catalog))
        return *e;
    // One engine session for every probe and row of the study, on every thread; the price books
    // every row is priced from, as the scenario's inputs resolve them.
    EngineSession session(catalog);
    const ResolvedInputs inputs = resolveInputs(scenario, session.sharedCatalog());
    const cost::PriceBooks& books = *inputs.priceBooks;
    OptionsStudy st;
    st.target = target;
    st.target.progress = nullptr;  // the study keeps the target, not the caller's callback
    st.target.cancel = nullptr;
    st.currency = studyCurrency(scenario, books);
    st.cnyPerUsd = scenario.cost.cnyPerUsd;
    st.tokens = scenario.training.tokensToTrain();
    // The GPU types, each looked up once: those asked for, else every one with a price.
    std::vector<const GpuSpec*> specs;
    if (target.gpuTypes.empty()) {
        for (const GpuSpec* gpu : catalogGpus(catalog))
            if (hasPrice(books, gpu->id))
                specs.push_back(gpu);
    } else {
        auto named = namedGpus(catalog, target.gpuTypes, "gpu_types");
        if (!named)
            return named.error();
        specs = std::move(*named);
    }
    std::vector<std::string> gpus;
    for (const GpuSpec* spec : specs)
        gpus.push_back(spec->id);
    // The scenario's own GPU with measured runs is studied on the profile fitted to them, as
    // evaluate() plans it (probeOption evaluates such a scenario).
    std::vector<GpuWork> work(gpus.size());
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> done{0};
    const auto cancelled = [&] { return target.cancel && target.cancel->load(); };
    const auto worker = [&] {
        for (std::size_t i = next++; i < gpus.size() && !cancelled(); i = next++) {
            work[i] = studyGpu(scenario, session, *specs[i], books, st, target.cancel);
            if (target.progress)
                target.progress(++done, gpus.size());
        }
    };
    const unsigned threads =
        std::max(1u, std::min<unsigned>(target.threads ? target.threads
                                                       : std::max(1u, std::thread::hardware_concurrency()),
                                        static_cast<unsigned>(gpus.size())));
    std::vector<std::future<void>> running;
    for (unsigned t = 1; t < threads; ++t)
        running.push_back(std::async(std::launch::async, worker));
    worker();
    for (auto& f : running)
        f.get();
    if (cancelled())
        return inputError("options", makeMessage(msg::kOptionsCancelled));
    std::set<cost::Currency> bookCurrencies;
    std::set<std::string> slices;
    for (auto& w : work) {
        st.gpus.push_back(w.outcome);
        for (auto& r : w.rows)
            st.rows.push_back(std::move(r));
    }
    for (const auto& book : books.books())
        for (const auto& g : gpus) {
            if (!book.offersFor(g).empty() || book.purchaseFor(g))
                bookCurrencies.insert(book.currency);
            for (const cost::RentOffer* o : book.offersFor(g))
                if (o->unit == cost::RentUnit::SliceMonth)
                    slices.insert(o->id);
        }
    markParetoFront(st.rows);
    recommendOption(st);
    st.notes.push_back(makeMessage(msg::kOptionsCurrency, {std::string(cost::currencyCode(st.currency))}));
    if (bookCurrencies.size() > 1 || (bookCurrencies.size() == 1 && *bookCurrencies.begin() != st.currency))
        st.notes.push_back(makeMessage(msg::kOptionsExchangeRate, {formatNumber(st.cnyPerUsd)}));
    int horizon = 0;
    for (const auto& r : st.rows)
        horizon = std::max(horizon, r.horizonMonths);
    st.notes.push_back(makeMessage(msg::kOptionsBasis, {std::to_string(horizon)}));
    // One note for every GPU type timed with a borrowed profile: "B200 (generic), H200 (NeMo, ...)".
    std::set<std::string> borrowed;
    std::string borrowedList, borrowedListZh;
    for (const auto& r : st.rows)
        if (!r.calibrated && borrowed.insert(r.gpu).second) {
            borrowedList += (borrowedList.empty() ? "" : "; ") + r.gpuName + " (" + r.profileName + ")";
            borrowedListZh += (borrowedListZh.empty() ? "" : "；") + gpuDisplayName(r, Lang::Zh) + "（" +
                              r.profileName + "）";
        }
    if (!borrowedList.empty())
        st.notes.push_back(
            makeNestedMessage(msg::kOptionsBorrowedProfiles, {namedIn(borrowedList, borrowedListZh)}));
    for (std::size_t i = 0; i < st.gpus.size(); ++i) {
        const GpuOptions& g = st.gpus[i];
        const GpuSpec* spec = specs[i];
        if (g.gpu != scenario.cluster.gpu &&
            precisionOn(*spec, scenario.training.precision) != scenario.training.precision)
            st.notes.push_back(makeNestedMessage(
                msg::kOptionsPrecisionFallback,
                {namedIn(g.gpuName, g.gpuNameZh), plainMessage(precisionName(scenario.training.precision)),
                 plainMessage(precisionName(precisionOn(*spec, scenario.training.precision)))}));
    }
    if (!slices.empty()) {
        std::string list;
        for (const auto& id : slices)
            list += (list.empty() ? "" : ", ") + id;
        st.notes.push_back(makeMessage(msg::kOptionsSlicesLeftOut, {list}));
    }
    return st;
}

}  // namespace clusterplan
