// Options study: which GPU type, offer and cluster size for a job and a deadline. Every row is what
// evaluate() says of the scenario it opens; the bisection finds the sizes an exhaustive scan finds;
// the Pareto front and the recommendation; the answers when nothing meets the target.
#include <algorithm>
#include <boost/json.hpp>
#include <limits>
#include <map>
#include <set>

#include "cli_runner.h"
#include "core/calibration/engine_session.h"
#include "core/calibration/evaluate.h"
#include "core/io/scenario_json.h"
#include "core/search/best_layout.h"
#include "core/studies/fit_suggestions.h"
#include "core/studies/options_format.h"
#include "core/studies/options_study.h"
#include "core/studies/scaling_study.h"
#include "options_jobs.h"
#include "test_support.h"

using namespace clusterplan;

namespace {

Scenario pretraining405b() {
    return test::llama405bPretraining(test::catalog());
}

Scenario fineTune70b() {
    return test::llama70bLora(test::catalog());
}

OptionsStudy study(const Scenario& s, OptionsTarget target, const Catalog& catalog = test::catalog()) {
    auto st = optionsStudy(s, catalog, target);
    REQUIRE(st.ok());
    return std::move(st).value();
}

OptionsStudy withDeadline(const Scenario& s, double days) {
    OptionsTarget t;
    t.deadlineDays = days;
    return study(s, t);
}

// Each study once per test run: the tests below read the same two.
const OptionsStudy& study405b() {
    static const OptionsStudy st = withDeadline(pretraining405b(), 90);
    return st;
}

const OptionsStudy& study70b() {
    static const OptionsStudy st = withDeadline(fineTune70b(), 3);
    return st;
}

void checkRowsAreEvaluate(const OptionsStudy& st) {
    REQUIRE_FALSE(st.rows.empty());
    std::size_t priced = 0;
    std::map<std::string, Layout> best;  // the unbounded search's winner per GPU type and size
    for (const OptionRow& r : st.rows) {
        INFO(r.gpu << " " << r.priceBook << "/" << r.offer << " on " << r.gpus);
        auto plan = evaluate(r.scenario, test::catalog());
        REQUIRE(plan.ok());
        CHECK(plan->layout == r.layout);
        CHECK(plan->run.wallDays == r.days);
        CHECK(plan->scenario.cluster.gpus() == r.gpus);
        CHECK(plan->scenario.cluster.gpu == r.gpu);
        REQUIRE(plan->cost.has_value() == (r.priced && !r.halfPriced));
        if (!r.priced)
            continue;
        ++priced;
        // A book that only rents (or only sells) the GPU: the plan's half, which says so.
        REQUIRE(plan->costHalf.has_value() == r.halfPriced);
        CHECK(r.pricingNote.has_value() == r.halfPriced);
        const cost::CostReport& c = r.halfPriced ? *plan->costHalf : *plan->cost;
        CHECK(c.horizonMonths == r.horizonMonths);
        // The power of the servers, a rental of servers the book does not sell included.
        CHECK(r.powerKw > 0);
        CHECK(r.powerKw == c.nodeMaxKw * static_cast<double>(r.nodes));
        CHECK((r.acquire == Acquire::Rent ? c.runCostRent.value() : c.buyNetTotal) == r.cost);
        if (r.acquire == Acquire::Rent) {
            // The offer the row names is the one the opened scenario bills, as the quote bills it.
            CHECK(c.offer.id == r.offer);
            REQUIRE(c.jobRental.has_value());
            CHECK(c.jobRental->amount == r.cost);
        } else {
            CHECK(c.purchaseId == r.offer);
        }
        CHECK(c.currency == st.currency);
        // The layout is the best one of an unbounded search at that size.
        Scenario open = r.scenario;
        open.layout = LayoutSpec{};
        open.layout.open = kAllLayoutKeys;
        SearchOptions unbounded;
        unbounded.maxLayouts = std::numeric_limits<std::size_t>::max();
        const std::string size = r.gpu + "/" + std::to_string(r.gpus);
        if (!best.count(size)) {
            const SearchResult search = searchLayouts(open, test::catalog(), unbounded);
            REQUIRE(search.best.has_value());
            best[size] = search.ranked[*search.best].layout;
        }
        CHECK(best[size] == r.layout);
    }
    CHECK(priced > 0);
}

// The smallest node count of `gpu` on which `pred` holds, by trying every count from 1.
template <typename Pred> std::optional<std::int64_t> exhaustive(std::int64_t maxNodes, Pred pred) {
    for (std::int64_t n = 1; n <= maxNodes; ++n)
        if (pred(n))
            return n;
    return std::nullopt;
}

// withDeadline: scan up to the deadline's size (every count below it), else up to the smallest fit.
void checkBisectionIsExhaustive(const Scenario& s, const OptionsStudy& st, const std::string& gpuId,
                                bool withDeadline) {
    const auto g =
        std::find_if(st.gpus.begin(), st.gpus.end(), [&](const GpuOptions& o) { return o.gpu == gpuId; });
    REQUIRE(g != st.gpus.end());
    REQUIRE(g->smallestFitGpus.has_value());
    const std::int64_t perNode = g->gpusPerNode;
    // Up to the deadline's size (or the smallest fit): every count below it is checked.
    const std::int64_t last =
        (withDeadline ? g->deadlineGpus.value_or(*g->smallestFitGpus) : *g->smallestFitGpus) / perNode;
    std::map<std::int64_t, OptionProbe> probes;
    for (std::int64_t n = 1; n <= last; ++n)
        probes[n] = probeOption(optionScenario(s, test::catalog(), gpuId, n * perNode, perNode),
                                test::catalog(), kDefaultMaxLayouts);
    const auto fit = exhaustive(last, [&](std::int64_t n) { return probes[n].fits; });
    REQUIRE(fit.has_value());
    CHECK(*fit * perNode == *g->smallestFitGpus);
    if (withDeadline && g->deadlineGpus) {
        const auto meets = exhaustive(
            last, [&](std::int64_t n) { return probes[n].fits && probes[n].days <= st.target.deadlineDays; });
        REQUIRE(meets.has_value());
        CHECK(*meets * perNode == *g->deadlineGpus);
    }
}

bool dominated(const OptionRow& r, const std::vector<OptionRow>& rows) {
    for (const auto& o : rows)
        if (o.priced && ((o.days < r.days && o.cost <= r.cost) || (o.days <= r.days && o.cost < r.cost)))
            return true;
    return false;
}

void checkFront(const OptionsStudy& st) {
    std::size_t onFront = 0;
    for (const OptionRow& r : st.rows) {
        INFO(r.gpu << " " << r.offer << " " << r.days << " days " << r.cost.toString());
        CHECK(r.pareto == (r.priced && !dominated(r, st.rows)));
        onFront += r.pareto ? 1 : 0;
    }
    CHECK(onFront > 0);
    REQUIRE(st.recommended.has_value());
    const OptionRow& rec = st.rows[*st.recommended];
    CHECK(rec.pareto);
    CHECK(rec.meetsDeadline);
    CHECK(rec.withinBudget);
    for (const OptionRow& r : st.rows)
        if (r.priced && r.meetsDeadline && r.withinBudget)
            CHECK(rec.cost <= r.cost);
}

}  // namespace

TEST_CASE("Llama 3.1 405B on 15 T tokens in 90 days: every row is evaluate() of the scenario it opens",
          "[options]") {
    const OptionsStudy& st = study405b();
    checkRowsAreEvaluate(st);
    // The US book rents H100 under several offers: each is its own row at the same size.
    std::set<std::string> h100Offers;
    for (const OptionRow& r : st.rows)
        if (r.gpu == "h100-sxm-80gb" && r.acquire == Acquire::Rent)
            h100Offers.insert(r.priceBook + "/" + r.offer);
    CHECK(h100Offers.size() >= 5);
    // Mixed books (CNY and USD) are compared at the scenario's rate, said in the notes.
    CHECK(std::any_of(st.notes.begin(), st.notes.end(),
                      [](const Message& m) { return m.id == "options.exchange_rate"; }));
}

TEST_CASE("a 70B LoRA fine-tune: every row is evaluate() of the scenario it opens", "[options]") {
    checkRowsAreEvaluate(study70b());
}

TEST_CASE("the bisection's sizes are the smallest an exhaustive scan of node counts finds", "[options]") {
    checkBisectionIsExhaustive(fineTune70b(), study70b(), "a100-sxm-80gb", true);
    checkBisectionIsExhaustive(fineTune70b(), study70b(), "h100-sxm-80gb", true);
    // 405B: its smallest cluster here; the deadline's (about a thousand servers) in options_exhaustive.
    checkBisectionIsExhaustive(pretraining405b(), study405b(), "h200-sxm-141gb", false);
}

// The bisection's probes read the search's winner without keeping its ranking, and ask first whether
// anything fits from memory alone: both must answer what the full search and its plan answer, with
// and without CPU offload (405B on a few servers fits only by offloading, or not at all), within
// the default bound and a small one (the offload modes then share what the first visits left).
TEST_CASE("a probe is the full search's plan: layout, fit, days and the closest layout when none fits",
          "[options]") {
    const Scenario s = pretraining405b();
    EngineSession session(test::catalog());
    std::size_t fitting = 0, notFitting = 0, offloaded = 0;
    for (const char* gpu : {"h100-sxm-80gb", "a100-sxm-40gb", "h200-sxm-141gb"}) {
        const std::int64_t perNode = test::catalog().gpu(gpu)->defaultGpusPerNode;
        for (const std::int64_t nodes : {1, 2, 3, 5, 8, 12, 16, 24, 64}) {
            for (const std::size_t bound : {kDefaultMaxLayouts, std::size_t{300}}) {
                INFO(gpu << " x " << nodes << " servers, bound " << bound);
                const Scenario v = optionScenario(s, test::catalog(), gpu, nodes * perNode, perNode);
                SearchOptions options;
                options.maxLayouts = bound;
                auto plan = evaluate(v, test::catalog(), options);
                const OptionProbe probe = probeOption(v, test::catalog(), bound);
                if (!plan) {
                    CHECK_FALSE(probe.fits);
                    CHECK(probe.notFit.id == plan.error().reason.id);
                    continue;
                }
                REQUIRE(plan->search.has_value());
                const SearchResult& search = *plan->search;
                const bool fits = search.best.has_value();
                CHECK(probe.fits == fits);
                CHECK(probe.layout == plan->layout);
                CHECK(probe.days == (plan->run.progresses ? plan->run.wallDays : probe.days));
                CHECK(probe.tokensPerSecond == plan->perf.tokensPerSecond);
                CHECK(probe.mfu == plan->perf.mfu);
                CHECK(probe.complete == (fits && !search.boundNote && !search.offloadChosen));
                CHECK(probe.notFit == notFitReason(search.ranked.front()));
                auto prepared = session.prepare(v);
                REQUIRE(prepared);
                const ClusterHardware hardware = prepared->inputs.hardware();
                CHECK(anyLayoutFits(v, hardware, options) == fits);
                const BestLayout found = bestLayout(v, hardware, options);
                CHECK(found.evaluated == search.evaluated);
                CHECK(found.offloadChosen == search.offloadChosen);
                CHECK(found.bounded == search.boundNote.has_value());
                REQUIRE(found.best.has_value() == fits);
                REQUIRE(found.closest.has_value() == !fits);
                const Candidate& chosen = fits ? *found.best : *found.closest;
                CHECK(chosen.layout == search.ranked.front().layout);
                CHECK(chosen.memoryBytes == search.ranked.front().memoryBytes);
                if (fits)
                    CHECK(chosen.perf.stepSeconds == search.ranked.front().perf.stepSeconds);
                (fits ? fitting : notFitting) += 1;
                offloaded += search.offloadChosen ? 1 : 0;
            }
        }
    }
    // The sizes cover each answer: a layout that fits, one that fits by offloading, none.
    CHECK(fitting > 0);
    CHECK(notFitting > 0);
    CHECK(offloaded > 0);
}

// The GPU types are studied on several threads at once: the answer is the one-thread answer, row by row.
TEST_CASE("the study spread over threads answers exactly what one thread answers", "[options]") {
    OptionsTarget target;
    target.deadlineDays = 3;
    target.threads = 1;
    const OptionsStudy one = study(fineTune70b(), target);
    target.threads = 3;
    const OptionsStudy three = study(fineTune70b(), target);
    const OptionsStudy& any = study70b();  // one thread per hardware thread
    for (const OptionsStudy* st : {&three, &any}) {
        REQUIRE(st->rows.size() == one.rows.size());
        for (std::size_t i = 0; i < one.rows.size(); ++i) {
            INFO(one.rows[i].gpu << " " << one.rows[i].offer << " " << one.rows[i].gpus);
            CHECK(st->rows[i].gpu == one.rows[i].gpu);
            CHECK(st->rows[i].offer == one.rows[i].offer);
            CHECK(st->rows[i].layout == one.rows[i].layout);
            CHECK(st->rows[i].days == one.rows[i].days);
            CHECK(st->rows[i].cost == one.rows[i].cost);
        }
        CHECK(st->recommended == one.recommended);
        CHECK(st->recommendation == one.recommendation);
    }
}

TEST_CASE("the Pareto set is exactly the non-dominated rows and the recommendation is on it", "[options]") {
    checkFront(study405b());
    checkFront(study70b());
    const OptionsStudy& st = study405b();
    CHECK(st.recommendation.id == "options.two_sentences");
    CHECK(st.recommendation.text.find("Recommended:") == 0);
}

TEST_CASE("every book, rent offer and purchase of the built-in price books has an English and a Chinese name",
          "[options]") {
    const auto chinese = [](const std::string& text) {
        // A CJK ideograph (U+4E00..U+9FFF: three UTF-8 bytes led by 0xE4..0xE9).
        for (unsigned char c : text)
            if (c >= 0xE4 && c <= 0xE9)
                return true;
        return false;
    };
    std::size_t offers = 0;
    for (const auto& book : test::catalog().priceBooks().books()) {
        INFO(book.id);
        CHECK_FALSE(book.name.empty());
        CHECK(chinese(book.nameZh));
        for (const auto& o : book.rentOffers) {
            INFO(o.id);
            CHECK_FALSE(o.name.empty());
            CHECK(chinese(o.nameZh));
            ++offers;
        }
        for (const auto& p : book.purchases) {
            INFO(p.id);
            CHECK_FALSE(p.name.empty());
            CHECK(chinese(p.nameZh));
        }
    }
    CHECK(offers > 10);
}

TEST_CASE("the recommendation names the offer in the reader's language", "[options]") {
    const OptionsStudy& st = study70b();
    REQUIRE(st.recommended.has_value());
    const OptionRow& r = st.rows[*st.recommended];
    REQUIRE_FALSE(r.offerNameZh.empty());
    REQUIRE(r.offerNameZh != r.offerName);
    CHECK(offerDisplayName(r, Lang::En) == r.offerName);
    CHECK(offerDisplayName(r, Lang::Zh) == r.offerNameZh);
    const std::string en = messageText(st.recommendation, Lang::En);
    const std::string zh = messageText(st.recommendation, Lang::Zh);
    CHECK(en == st.recommendation.text);  // the JSON, text and CSV outputs do not change
    CHECK(en.find(r.offerName) != std::string::npos);
    CHECK(zh.find(r.offerNameZh) != std::string::npos);
    CHECK(zh.find(r.offerName) == std::string::npos);
    const std::string text = optionsToText(st, Lang::Zh);
    CHECK(text.find(r.offerNameZh) != std::string::npos);
}

TEST_CASE("a deadline no option meets: a clear answer and the reason per GPU type", "[options]") {
    OptionsTarget t;
    t.deadlineDays = 1;
    t.maxGpus = 1024;
    const OptionsStudy st = study(pretraining405b(), t);
    CHECK_FALSE(st.recommended.has_value());
    CHECK(st.recommendation.id == "options.none_meets_deadline");
    for (const GpuOptions& g : st.gpus) {
        INFO(g.gpu);
        CHECK_FALSE(g.deadlineGpus.has_value());
        REQUIRE(g.reason.has_value());
    }
    for (const OptionRow& r : st.rows) {
        CHECK_FALSE(r.meetsDeadline);
        if (r.priced)
            CHECK(r.reason->id == "options.row.misses_deadline");
    }
}

TEST_CASE("a GPU type that cannot meet the deadline is named beside the recommendation", "[options]") {
    // Llama 3.1 8B on 100 B tokens in 20 days: 8 H100 take about 14; the RTX 3090, on at most 64
    // cards, cannot.
    OptionsTarget t;
    t.deadlineDays = 20;
    t.maxGpus = 64;
    t.gpuTypes = {"h100-sxm-80gb", "rtx-3090-24gb"};
    const OptionsStudy st = study(defaultScenario(test::catalog()), t);
    REQUIRE(st.recommended.has_value());
    CHECK(st.rows[*st.recommended].gpu == "h100-sxm-80gb");
    const GpuOptions& rtx = st.gpus[1];
    REQUIRE(rtx.gpu == "rtx-3090-24gb");
    CHECK(rtx.smallestFitGpus.has_value());
    CHECK_FALSE(rtx.deadlineGpus.has_value());
    CHECK(st.recommendation.text.find("NVIDIA GeForce RTX 3090 cannot finish within 20 days") !=
          std::string::npos);
    CHECK(messageText(st.recommendation, Lang::Zh).find("无法在 20 天内完成") != std::string::npos);
    // Its rows are priced by the book that rents the card, though the book sells none: the rental
    // alone, and the row says so.
    for (const OptionRow& r : st.rows)
        if (r.gpu == "rtx-3090-24gb") {
            CHECK(r.priced);
            CHECK(r.halfPriced);
            CHECK(r.acquire == Acquire::Rent);
            CHECK(r.cost > cost::Money{});
            CHECK(r.purchase == cost::Money{});
            REQUIRE(r.pricingNote.has_value());
            CHECK(r.pricingNote->id == "options.row.rent_only");
            CHECK(messageText(*r.pricingNote, Lang::Zh).find("仅租用") != std::string::npos);
        }
}

TEST_CASE("a book that only rents or only sells a GPU prices the half it can, and says so", "[options]") {
    // The 405B study over every priced GPU type: the US book rents A100 40GB and sells none; it sells
    // B200 servers and rents none; the China book sells H200 servers and rents none.
    const OptionsStudy& st = study405b();
    std::set<std::string> rentOnly, buyOnly;
    for (const OptionRow& r : st.rows) {
        INFO(r.gpu << " " << r.priceBook << "/" << r.offer);
        const cost::PriceBook& book = *test::catalog().priceBooks().book(r.priceBook);
        const bool half =
            r.acquire == Acquire::Rent ? !book.purchaseFor(r.gpu) : !book.defaultOfferFor(r.gpu);
        CHECK(r.halfPriced == half);
        if (!half)
            continue;
        CHECK(r.priced);
        REQUIRE(r.pricingNote.has_value());
        if (r.acquire == Acquire::Rent) {
            rentOnly.insert(r.priceBook + "/" + r.gpu);
            CHECK(r.pricingNote->id == "options.row.rent_only");
            CHECK(r.purchase == cost::Money{});
            CHECK(r.tco == cost::Money{});
        } else {
            buyOnly.insert(r.priceBook + "/" + r.gpu);
            CHECK(r.pricingNote->id == "options.row.buy_only");
            CHECK(r.cost == r.tco);
            CHECK(r.purchase > cost::Money{});
        }
    }
    CHECK(rentOnly.count("us-2026/a100-sxm-40gb"));
    CHECK(buyOnly.count("us-2026/b200-sxm-180gb"));
    CHECK(buyOnly.count("cn-seed-2026/h200-sxm-141gb"));
    // The text says which half each such row prices; the JSON has no purchase beside such a rental.
    const std::string text = optionsToText(st, Lang::En);
    CHECK(text.find("Rental only: ") != std::string::npos);
    CHECK(text.find("Purchase only: ") != std::string::npos);
    const auto json = boost::json::parse(optionsToJson(st, Lang::En));
    for (const auto& o : json.at("options").as_array())
        if (o.at("pricing_note").is_string() && o.at("acquire").as_string() == "rent")
            CHECK(o.at("purchase").is_null());
}

TEST_CASE("without a deadline every GPU type is at its smallest cluster that fits, and the cheapest is "
          "recommended",
          "[options]") {
    const OptionsStudy st = withDeadline(fineTune70b(), 0);
    std::size_t fitting = 0;
    for (const GpuOptions& g : st.gpus) {
        INFO(g.gpu);
        CHECK_FALSE(g.deadlineGpus.has_value());
        fitting += g.smallestFitGpus ? 1 : 0;
    }
    CHECK(fitting > 1);
    REQUIRE_FALSE(st.rows.empty());
    for (const OptionRow& r : st.rows) {
        INFO(r.gpu << " " << r.offer);
        CHECK(r.size == OptionSize::SmallestFit);
        CHECK(r.meetsDeadline);
        const auto g =
            std::find_if(st.gpus.begin(), st.gpus.end(), [&](const GpuOptions& o) { return o.gpu == r.gpu; });
        REQUIRE(g != st.gpus.end());
        CHECK(g->smallestFitGpus == r.gpus);
    }
    REQUIRE(st.recommended.has_value());
    const OptionRow& rec = st.rows[*st.recommended];
    CHECK(rec.pareto);
    for (const OptionRow& r : st.rows)
        if (r.priced)
            CHECK(rec.cost <= r.cost);
    CHECK((st.recommendation.id == "options.two_sentences" ||
           st.recommendation.id.rfind("options.recommend.", 0) == 0));
    // The text and JSON say there is no deadline.
    CHECK(boost::json::parse(optionsToJson(st, Lang::En)).at("deadline_days").is_null());
}

TEST_CASE("a budget nothing fits: the cheapest option that meets the deadline is named", "[options]") {
    OptionsTarget t;
    t.deadlineDays = 3;
    t.budget = 10;
    const OptionsStudy st = study(fineTune70b(), t);
    CHECK_FALSE(st.recommended.has_value());
    CHECK(st.recommendation.id == "options.none_in_budget");
    for (const OptionRow& r : st.rows)
        if (r.priced && r.meetsDeadline)
            CHECK(r.reason->id == "options.row.over_budget");
}

TEST_CASE("a GPU type without a price is listed with the reason; an unknown one is an error", "[options]") {
    Catalog catalog = test::catalog();
    GpuSpec unpriced = *catalog.gpu("h100-sxm-80gb");
    unpriced.id = "h100-unpriced";
    unpriced.name = "H100 without a price";
    catalog.putGpu(unpriced);
    OptionsTarget t;
    t.deadlineDays = 3;
    t.gpuTypes = {"h100-unpriced", "a100-sxm-80gb"};
    const OptionsStudy st = study(fineTune70b(), t, catalog);
    REQUIRE(st.gpus.size() == 2);
    REQUIRE(st.gpus[0].reason.has_value());
    CHECK(st.gpus[0].reason->id == "options.gpu.no_price");
    for (const OptionRow& r : st.rows)
        CHECK(r.gpu == "a100-sxm-80gb");
    CHECK(st.recommended.has_value());
    t.gpuTypes = {"h100-sxm-8gb"};
    const auto bad = optionsStudy(fineTune70b(), catalog, t);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().where == "gpu_types");
    CHECK(bad.error().message.find("h100-sxm-80gb") != std::string::npos);
}

// An FP8 job on H100 compared with A100: the A100 has no FP8 tensor cores (NVIDIA A100 datasheet:
// TF32, BF16, FP16, INT8), so its options train in BF16 as a customer would run it, the study says
// so, and its rows open BF16 scenarios; it is not reported as "fits nowhere".
TEST_CASE("a GPU without the job's precision is planned in BF16 and says so", "[options]") {
    Scenario s = fineTune70b();
    s.cluster.gpu = "h100-sxm-80gb";
    s.training.precision = Precision::Fp8;
    OptionsTarget t;
    t.deadlineDays = 30;
    t.gpuTypes = {"h100-sxm-80gb", "a100-sxm-80gb"};
    const OptionsStudy st = study(s, t);
    REQUIRE(st.gpus.size() == 2);
    for (const GpuOptions& g : st.gpus) {
        INFO(g.gpu);
        CHECK_FALSE(g.reason.has_value());
    }
    bool a100Rows = false;
    for (const OptionRow& r : st.rows) {
        INFO(r.gpu);
        CHECK(r.scenario.training.precision == (r.gpu == "a100-sxm-80gb" ? Precision::Bf16 : Precision::Fp8));
        a100Rows = a100Rows || r.gpu == "a100-sxm-80gb";
    }
    CHECK(a100Rows);
    const auto note = std::find_if(st.notes.begin(), st.notes.end(),
                                   [](const Message& m) { return m.id == "options.precision_fallback"; });
    REQUIRE(note != st.notes.end());
    CHECK(note->text.find("no FP8 tensor cores") != std::string::npos);
    CHECK(note->text.find("BF16") != std::string::npos);
}

TEST_CASE("a model that fits nowhere: every GPU type says so and nothing is recommended", "[options]") {
    OptionsTarget t;
    t.deadlineDays = 30;
    t.maxGpus = 16;
    t.gpuTypes = {"a100-sxm-80gb", "h100-sxm-80gb"};
    const OptionsStudy st = study(pretraining405b(), t);
    CHECK(st.rows.empty());
    for (const GpuOptions& g : st.gpus) {
        REQUIRE(g.reason.has_value());
        CHECK(g.reason->id == "options.gpu.fits_nowhere");
        CHECK(g.reason->text.find("16 GPUs") != std::string::npos);
    }
    CHECK(st.recommendation.id == "options.nothing_priced");
}

TEST_CASE("on the scenario's own GPU the options study agrees with the scaling study", "[options]") {
    const Scenario s = fineTune70b();
    const OptionsStudy& st = study70b();
    const auto own = std::find_if(st.gpus.begin(), st.gpus.end(),
                                  [&](const GpuOptions& g) { return g.gpu == s.cluster.gpu; });
    REQUIRE(own != st.gpus.end());
    REQUIRE(own->smallestFitGpus.has_value());
    const ScalingReport scale = scalingStudy(s, test::catalog(), 64, 0);
    // Every count the scaling study tries in whole servers fits exactly when it is at least the
    // options study's smallest cluster, with the same best layout.
    for (const ScalePoint& p : scale.curve) {
        if (p.gpus % own->gpusPerNode != 0)
            continue;
        INFO(p.gpus << " GPUs");
        CHECK(p.fits == (p.gpus >= *own->smallestFitGpus));
        const OptionProbe probe =
            probeOption(optionScenario(s, test::catalog(), s.cluster.gpu, p.gpus, own->gpusPerNode),
                        test::catalog(), kDefaultMaxLayouts);
        CHECK(probe.fits == p.fits);
        if (p.fits)
            CHECK(probe.layout == p.best.layout);
    }
}

TEST_CASE("the text, JSON and CSV say the same in English and Chinese", "[options]") {
    const OptionsStudy& st = study70b();
    const std::string en = optionsToText(st, Lang::En);
    const std::string zh = optionsToText(st, Lang::Zh);
    CHECK(en.find("Which cluster for this job") != std::string::npos);
    CHECK(zh.find("这项训练用哪种集群") != std::string::npos);
    CHECK(zh.find("推荐") != std::string::npos);
    const auto json = boost::json::parse(optionsToJson(st, Lang::En)).as_object();
    CHECK(json.at("schema").as_string() == "clusterplan.options/1");
    CHECK(json.at("options").as_array().size() == st.rows.size());
    CHECK(json.at("recommended").as_int64() == static_cast<std::int64_t>(*st.recommended));
    const std::string csv = optionsToCsv(st, Lang::En);
    CHECK(static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n')) == st.rows.size() + 1);
}

TEST_CASE("clusterplan-cli options: strict arguments, exit 0 with the reason when nothing fits",
          "[options][cli]") {
    const std::string file = std::string(CLUSTERPLAN_TEST_DATA) + "/llama3-8b-8xa100.json";
    for (const std::string bad :
         {"--deadline 0", "--deadline -3", "--deadline 12abc", "--budget nan", "--format xml", "--lang fr",
          "--gpu-types ,", "--frobnicate", "--gpu-types h100-sxm-8gb"}) {
        INFO(bad);
        // stdout only: the reason goes to stderr.
        const auto run = test::runCommand("{ " + std::string(CLUSTERPLAN_CLI) + " options " + file + " " +
                                          bad + " 2>/dev/null; }");
        CHECK(run.status == 2);
        CHECK(run.out.empty());
    }
    const auto help = test::runCli("options --help");
    CHECK(help.status == 0);
    CHECK(help.out.find("clusterplan-cli options FILE [--deadline DAYS]") != std::string::npos);
    CHECK(test::runCli("--help").out.find("clusterplan-cli options FILE [--deadline DAYS]") !=
          std::string::npos);
    const auto text =
        test::runCli("options " + file + " --deadline 2 --gpu-types a100-sxm-80gb,h100-sxm-80gb");
    CHECK(text.status == 0);
    CHECK(text.out.find("Recommended:") != std::string::npos);
    const auto zh = test::runCli("options " + file + " --deadline 2 --gpu-types a100-sxm-80gb --lang zh_CN");
    CHECK(zh.status == 0);
    CHECK(zh.out.find("推荐") != std::string::npos);
    const auto json = test::runCli("options " + file + " --deadline 0.01 --format json");
    CHECK(json.status == 0);
    const auto parsed = boost::json::parse(json.out).as_object();
    CHECK(parsed.at("recommended").is_null());
    CHECK(std::string(parsed.at("recommendation").as_string().c_str())
              .find("No option finishes within 0.01 days") != std::string::npos);
    const auto csv = test::runCli("options " + file + " --budget 1 --deadline 2 --format csv");
    CHECK(csv.status == 0);
    CHECK(csv.out.find("over_budget") == std::string::npos);  // reasons are sentences, not ids
    CHECK(csv.out.find("more than the budget of") != std::string::npos);
}

TEST_CASE("each plan that would fit a plan that does not, fits", "[options]") {
    // Llama 3.1 70B on 8 A100 with 2 TB of host memory per server, ZeRO-1 without offload: 456 GiB
    // per GPU. Another layout of this cluster (the optimizer on the host) fits.
    Scenario s = test::scenarioWithModel("llama-3.1-70b");
    s.cluster.cpuMemoryGib = 2048;
    auto plan = evaluate(s, test::catalog());
    REQUIRE(plan.ok());
    REQUIRE_FALSE(plan->memory.fits());
    const FitSuggestions fit = whatWouldFit(s, test::catalog());
    REQUIRE(fit.nearestLayout.has_value());
    REQUIRE(fit.smallestCluster.has_value());
    REQUIRE(fit.cheapestOption.has_value());
    for (const auto* suggestion : {&fit.nearestLayout, &fit.smallestCluster, &fit.cheapestOption}) {
        INFO((*suggestion)->text.text);
        auto fits = evaluate((*suggestion)->scenario, test::catalog());
        REQUIRE(fits.ok());
        CHECK(fits->memory.fits());
    }
    // The nearest layout stays on this cluster and changes the fewest keys: the offload.
    CHECK(fit.nearestLayout->scenario.cluster == s.cluster);
    CHECK(fit.nearestLayout->scenario.layout.offload.value_or(Offload::None) != Offload::None);
    CHECK(fit.smallestCluster->scenario.cluster.gpu == s.cluster.gpu);
    // The smallest cluster of this GPU is this one: its best layout offloads too.
    CHECK(fit.smallestCluster->scenario.cluster.gpus() == s.cluster.gpus());
}

TEST_CASE("report refuses to quote a plan that does not fit and names what would", "[options][cli]") {
    const std::string file = std::string(CLUSTERPLAN_TEST_DATA) + "/llama3-70b-8xa100-does-not-fit.json";
    const auto dir = std::filesystem::temp_directory_path() / "clusterplan-report-not-fitting";
    std::filesystem::remove_all(dir);
    const auto run = test::runCli("report " + file + " --no-record --csv " + dir.string());
    CHECK(run.status == 2);
    CHECK(run.out.find("456.2 GiB of 79.2 GiB") != std::string::npos);
    CHECK(run.out.find("so it is not quoted") != std::string::npos);
    CHECK(run.out.find("No layout fits on this cluster") != std::string::npos);
    CHECK(run.out.find("Smallest cluster of this GPU: NVIDIA A100 SXM4 80GB × 16") != std::string::npos);
    CHECK(run.out.find("Cheapest option: ") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir));  // nothing written
    const auto zh = test::runCli("report " + file + " --no-record --lang zh_CN");
    CHECK(zh.status == 2);
    CHECK(zh.out.find("不予报价") != std::string::npos);
    CHECK(zh.out.find("最便宜的方案") != std::string::npos);
}
