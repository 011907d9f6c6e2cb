#pragma once
// Which cluster for this job: the options study. For a scenario's model and training job (tokens,
// precision, stack) and a target (a deadline in days, optionally a budget), every GPU type that has
// a price in the loaded price books (or the types asked for) at the smallest cluster that fits and
// the smallest that meets the deadline, in whole servers, each with its best layout, priced under
// every way to get it: each rent offer of every book renting that GPU, and its purchase.
//
// Sizes come from a bisection on the deadline over whole servers (1, 2, 4 ... servers, then halving
// the interval), confirmed by the servers just below the answer (days do not always fall as GPUs
// rise: a layout may need a divisible count), every probe a search as `search` runs it. The rows at
// the final sizes take the best layout of an unbounded search and are priced by evaluate() of the
// scenario each row opens (OptionRow::scenario): a row is what the window shows for that scenario.
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/cost/money.h"
#include "core/parallel/layout.h"
#include "core/scenario/scenario.h"
#include "core/util/language.h"
#include "core/util/message.h"

namespace clusterplan {

struct OptionsTarget {
    double deadlineDays = 0;            // 0: no deadline (rows at the smallest cluster that fits)
    std::optional<double> budget;       // in the study's currency (OptionsStudy::currency); none: no budget
    std::vector<std::string> gpuTypes;  // catalog ids; empty: every GPU type with a price
    // Largest cluster tried, in GPUs (rounded down to whole servers of each type).
    std::int64_t maxGpus = 32'768;
    unsigned threads = 0;  // GPU types studied at once; 0: one per hardware thread
    // Called from the study's threads after each GPU type: (types done, types in all).
    std::function<void(std::size_t, std::size_t)> progress = {};
    // Set from any thread to stop the study early: it then answers the error "cancelled".
    const std::atomic<bool>* cancel = nullptr;
};

// Why an option has the size it has.
enum class OptionSize { SmallestFit, MeetsDeadline };

struct OptionRow {
    std::string gpu;        // catalog id
    std::string gpuName;    // "NVIDIA H100 SXM 80GB"
    std::string gpuNameZh;  // the catalog's name_zh (empty: gpuName in Chinese too)
    Acquire acquire = Acquire::Rent;
    std::string priceBook;    // book id
    std::string offer;        // rent offer id (rent rows); the book's purchase entry id (buy rows)
    std::string offerName;    // as the book names it
    std::string offerNameZh;  // the book's name_zh (empty: offerName in Chinese too)
    std::string priceBookName, priceBookNameZh;
    OptionSize size = OptionSize::SmallestFit;
    std::int64_t gpus = 0, nodes = 0, gpusPerNode = 0;
    Layout layout;
    std::string layoutText;            // "TP 8 x PP 16 x DP 16, VPP 8, mb 1, ZeRO-1, selective"
    double days = 0;                   // budgeted wall days, interruptions, checkpoints and restarts included
    double daysLow = 0, daysHigh = 0;  // the prediction band on those days
    double tokensPerSecond = 0;
    double mfu = 0;
    bool meetsDeadline = false;
    bool withinBudget = true;
    bool priced = false;  // cost computed (else `reason` says why)
    // Rent: the job's rental as the quote bills it under this offer. Buy: the owned cost at the
    // horizon net of resale (what the purchase costs the customer over the cost horizon).
    cost::Money cost;
    cost::Money purchase;  // capex of the cluster (both kinds: what buying it would cost)
    cost::Money tco;       // owned cost at the horizon, net of resale
    int horizonMonths = 0;
    double perMillionTokens = 0;  // cost / millions of training tokens
    double powerKw = 0;       // the cluster's IT power at its maximum (servers × node maximum); priced rows
    std::string profile;      // the performance profile that timed it (its id)
    std::string profileName;  // the same as a reader knows it: "NeMo, Hopper, BF16"; "generic"
    bool calibrated = false;  // that profile was fitted on this stack, GPU architecture and precision
    bool pareto = false;      // no other priced row is both faster and cheaper
    std::optional<Message> reason;  // why it is not priced, or misses the deadline or the budget
    // What an unpriced row shows where its cost would be ("not priced"): never a blank.
    std::optional<Message> priceNote;
    // A book that only rents (or only sells) this GPU prices its half alone: the rental has no
    // purchase or owned cost beside it (purchase and tco are zero), the purchase no rental; the note
    // says so. The amounts are those of the plan's half (Plan::costHalf) of the scenario the row
    // opens, the rental's power that of its servers.
    bool halfPriced = false;
    std::optional<Message> pricingNote;
    Scenario scenario;  // the scenario this option opens (layout fixed, offer chosen)
};

// One GPU type's outcome: its sizes, or why it has none.
struct GpuOptions {
    std::string gpu;
    std::string gpuName;
    std::string gpuNameZh;  // the catalog's name_zh (empty: gpuName in Chinese too)
    std::int64_t gpusPerNode = 0;
    std::optional<std::int64_t> smallestFitGpus;
    std::optional<std::int64_t> deadlineGpus;
    double fastestDays = 0;  // at the largest size tried, when none meets the deadline
    std::int64_t fastestGpus = 0;
    std::optional<Message> reason;  // no price, fits nowhere, misses the deadline at every size
    std::size_t probes = 0;         // layout searches the bisection ran (its memory-only fit checks aside)
};

struct OptionsStudy {
    OptionsTarget target;
    cost::Currency currency = cost::Currency::Cny;
    double cnyPerUsd = 7.2;
    double tokens = 0;
    std::vector<GpuOptions> gpus;
    std::vector<OptionRow> rows;             // by GPU type, size, then rent offers and the purchase
    std::optional<std::size_t> recommended;  // index into rows; on the Pareto front
    Message recommendation;                  // the choice and its reason, or why there is none
    std::vector<Message> notes;              // the exchange rate, borrowed profiles, skipped offers
};

// The names a reader of `lang` knows: the price book's Chinese names (name_zh) in Chinese.
[[nodiscard]] const std::string& offerDisplayName(const OptionRow& row, Lang lang);
[[nodiscard]] const std::string& priceBookDisplayName(const OptionRow& row, Lang lang);
// The row's GPU as the reader's language names it (the catalog's name_zh in Chinese).
[[nodiscard]] const std::string& gpuDisplayName(const OptionRow& row, Lang lang);
[[nodiscard]] const std::string& gpuDisplayName(const GpuOptions& gpu, Lang lang);

// Errors: an unknown GPU id in target.gpuTypes ("gpu_types"), a deadline or budget out of range,
// a scenario the engine refuses, and target.cancel set ("options": cancelled).
Result<OptionsStudy> optionsStudy(const Scenario& scenario, const Catalog& catalog,
                                  const OptionsTarget& target);

// The Pareto front of days against cost over the priced rows: marks OptionRow::pareto.
void markParetoFront(std::vector<OptionRow>& rows);

// The scenario at `gpus` GPUs of `gpu` (servers of `gpusPerNode`), every layout key open: what a
// probe of the bisection searches. The scenario's own GPU keeps its fabrics and measured runs.
Scenario optionScenario(const Scenario& scenario, const Catalog& catalog, const std::string& gpu,
                        std::int64_t gpus, std::int64_t gpusPerNode);

// "TP 8 x PP 16 x DP 16, VPP 8, mb 1, ZeRO-1, selective": the layout with what the memory needs.
std::string optionRecipeText(const Layout& layout);

// Days (budgeted wall days) and fit of the best layout at one size, as the bisection probes it.
struct OptionProbe {
    bool fits = false;
    double days = 0;
    Layout layout;
    Message notFit;  // why the closest layout does not fit (empty when it fits)
    // Tokens per second and MFU of the best layout: their ratio bounds any size's throughput
    // (MFU cannot pass 1), which the deadline's search starts from.
    double tokensPerSecond = 0;
    double mfu = 0;
    // The search visited every layout (no bound cut it) and one fits without offload: an unbounded
    // search at this size makes the same visits and finds the same layout.
    bool complete = false;
};
OptionProbe probeOption(const Scenario& probeScenario, const Catalog& catalog, std::size_t maxLayouts);

}  // namespace clusterplan
