#pragma once
// The engine session: one catalog, and everything an evaluation derives from it that is worth
// keeping. Every plan the program makes goes through it — the CLI, the window, the scaling study,
// validation, phased plans and the article — so a scenario is checked against the catalog once,
// its ids are resolved once (catalog/resolved_inputs.h), and a scenario that lists measured runs
// is planned on the profile fitted to them by one path with one fit cache.
//
// Threads. The catalog is immutable and shared (std::shared_ptr<const Catalog>); resolved inputs
// are values made per evaluation, so evaluations on several threads share nothing they write but
// the fit cache, which sits behind a mutex. A fit is computed outside the lock (two threads that
// miss at once both compute it, and both results are equal) and stored only when it completes: an
// evaluation cancelled or failed mid-fit leaves the cache as it was. The counters are atomic.
//
// What invalidates the fit: a scenario whose fitInputs() differ from the cached one's (the model,
// the training, the cluster, the overheads, the measured runs, the price book and rent offer that
// state the host memory). The search options and the layout do not: the fit resolves each run's
// open keys with the default search, never the plan's. A catalog change (a user catalog, a price
// book updated from a vendor's price list) makes a new session: the session never sees its
// catalog change, so a fit can never outlive the profiles and GPUs it was made on.
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>

#include "core/calibration/profile_fit.h"
#include "core/catalog/resolved_inputs.h"
#include "core/report/plan.h"
#include "core/report/plan_scenario.h"
#include "core/search/layout_search.h"
#include "core/util/result.h"

namespace clusterplan {

// The parts of the scenario fitProfile() reads: model, training, cluster, overheads, the measured
// runs and the price book's server line (the host memory). Layout, the rest of the cost, quote and
// phases are cleared: each run has its own layout (keys it leaves out are resolved by the layout
// search with the default SearchOptions, never the plan's, under the built-in profile and the
// GPUs' memory, which read model, training and cluster only), and a step time reads no price. A
// fit of a scenario holds for every scenario with equal fitInputs() on the same catalog.
Scenario fitInputs(const Scenario& scenario);

// A scenario made ready to plan: its inputs resolved, with the fitted profile in place of the
// built-in one when it lists measured runs (then `fit` says how the fit went).
struct PreparedScenario {
    ResolvedInputs inputs;
    std::optional<ProfileFit> fit;
};

class EngineSession {
public:
    // Work the session did, for tests and benchmarks: each count is what the session itself
    // called, and nothing else in the engine calls checkScenario() or resolves a scenario's ids on
    // an evaluation's path, so per evaluate() of a scenario with measured runs both are 1.
    struct Counters {
        std::uint64_t evaluations = 0;
        std::uint64_t scenarioChecks = 0;    // checkScenario()
        std::uint64_t inputResolutions = 0;  // resolveInputs(): the GPU, fabrics, host, profile
        std::uint64_t fitsComputed = 0;      // fitProfile() (a cache miss)
    };

    explicit EngineSession(std::shared_ptr<const Catalog> catalog);
    // A session on a catalog the caller keeps alive for as long as the session and every
    // ResolvedInputs it made (a tool's catalog for one command, a test's).
    explicit EngineSession(const Catalog& catalog);
    EngineSession(const EngineSession&) = delete;
    EngineSession& operator=(const EngineSession&) = delete;

    [[nodiscard]] const Catalog& catalog() const { return *m_catalog; }
    [[nodiscard]] const std::shared_ptr<const Catalog>& sharedCatalog() const { return m_catalog; }

    // The plan of `scenario`: checked once, resolved once, on the fitted profile when it lists
    // measured runs (the plan then carries the fit and a note saying how it went). Pure and
    // deterministic given the catalog. Errors name the scenario key that makes the plan impossible
    // to compute (unknown GPU, TP not dividing heads, a measured run's layout, ...). A plan that
    // does not fit memory is not an error. `options` steer the search of open layout keys
    // (clusterplan-cli search's flags); `parts` leave out what the caller never reads.
    Result<Plan> evaluate(const Scenario& scenario, const SearchOptions& options = {},
                          const PlanParts& parts = {});

    // checkScenario(), then the scenario's inputs resolved and, with measured runs, the fitted
    // profile in them (the cached fit when fitInputs() match). For studies that plan variants of one
    // scenario (other GPU counts, other fabrics) on the same profile: resolveVariant().
    Result<PreparedScenario> prepare(const Scenario& scenario);
    // The inputs of a variant of a prepared scenario (same GPU and stack; another size or fabric):
    // resolved again, with the prepared profile (fitted or built-in). The variant must pass
    // checkScenario() (its ids are those of the catalog).
    ResolvedInputs resolveVariant(const Scenario& variant, const PreparedScenario& prepared);
    // The fit to the scenario's measured runs: the cached one when fitInputs() match, else computed
    // (and kept) on `prior`, the scenario's resolved inputs with the built-in profile.
    Result<ProfileFit> fit(const Scenario& scenario, const ResolvedInputs& prior);

    [[nodiscard]] Counters counters() const;
    // Forgets the cached fit (the next evaluation with measured runs fits again).
    void clearFit();

private:
    std::optional<Error> check(const Scenario& scenario);
    ResolvedInputs resolve(const Scenario& scenario);

    std::shared_ptr<const Catalog> m_catalog;
    mutable std::mutex m_fitMutex;
    std::shared_ptr<const std::pair<Scenario, ProfileFit>> m_fit;  // fitInputs() and their fit
    std::atomic<std::uint64_t> m_evaluations{0};
    std::atomic<std::uint64_t> m_checks{0};
    std::atomic<std::uint64_t> m_resolutions{0};
    std::atomic<std::uint64_t> m_fits{0};
};

}  // namespace clusterplan
