// Times one single-layout evaluation and one full layout search (every layout key open) for the
// reference cases: DeepSeek-V3 on 2,048 H800 (fine-grained MoE: expert parallelism folded over the
// TP ranks widens the space), GPT-3 175B on 1,024 A100 80GB and Llama 3.1 405B on 16,384
// H100, the search on one thread and on every hardware thread (SearchOptions::threads). Run from a
// release-like build: build/bin/bench_search.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

#include "core/calibration/evaluate.h"
#include "core/io/scenario_json.h"
#include "core/search/layout_search.h"

using namespace clusterplan;

namespace {

template <typename F> double millisecondsPerCall(F&& f, int calls) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < calls; ++i)
        f();
    const auto end = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::milli>(end - start).count() / calls;
}

Scenario scenarioFor(const Catalog& catalog, const char* model, const char* gpu, std::int64_t nodes,
                     std::int64_t seq, std::int64_t batch, const char* inter) {
    Scenario s = defaultScenario(catalog);
    s.modelPreset = model;
    s.model = *catalog.model(model);
    s.cluster = {gpu, 8, nodes, "", inter, 0};
    s.training.seqLen = seq;
    s.training.globalBatch = batch;
    s.layout.open = kAllLayoutKeys;  // every key searched
    return s;
}

void report(const char* name, const Scenario& s, const Catalog& catalog) {
    std::size_t evaluated = 0, space = 0;
    SearchOptions oneThread;
    oneThread.threads = 1;
    const double search = millisecondsPerCall(
        [&] {
            const SearchResult r = searchLayouts(s, catalog, oneThread);
            evaluated = r.evaluated;
            space = r.spaceSize;
        },
        5);
    const double parallel = millisecondsPerCall([&] { (void)searchLayouts(s, catalog); }, 5);
    Scenario fixed = s;
    fixed.layout = LayoutSpec{8, 8, 0, 1, 1, 1, 1, 1, Recompute::Full, true};
    const double single = millisecondsPerCall([&] { (void)evaluate(fixed, catalog); }, 200);
    std::printf("%-44s full search %6.1f ms on 1 thread (%zu valid layouts of %zu visited, %.1f us per valid "
                "one), %6.1f ms on %u; one evaluate() %.3f ms\n",
                name, search, evaluated, space, 1000 * search / static_cast<double>(evaluated), parallel,
                std::max(1u, std::thread::hardware_concurrency()), single);
}

}  // namespace

int main() {
    const Catalog catalog = Catalog::builtin();
    report("DeepSeek-V3, 2,048x H800",
           scenarioFor(catalog, "deepseek-v3", "h800-sxm-80gb", 256, 4096, 8192, "ib-ndr-400"), catalog);
    report("GPT-3 175B, 1,024x A100 80GB",
           scenarioFor(catalog, "gpt3-175b", "a100-sxm-80gb", 128, 2048, 1536, "ib-hdr-200"), catalog);
    report("Llama 3.1 405B, 16,384x H100",
           scenarioFor(catalog, "llama-3.1-405b", "h100-sxm-80gb", 2048, 8192, 2048, "roce-400"), catalog);
    return 0;
}
