// Times evaluate() (memory plan incl. ZeRO comparison and largest-micro-batch search) on a few
// scenarios, and a scenario calibrated to measured runs against the same file without its runs (the
// fit asks the plan for step times only, so it should cost a few plain plans, not dozens). Prints
// microseconds per call; run from a Release build: build/bin/bench_evaluate [calibrate FILE].
#include <chrono>
#include <cstdio>
#include <string>

#include "core/calibration/evaluate.h"
#include "core/io/scenario_json.h"

using namespace clusterplan;

namespace {

double microsecondsPerCall(const Scenario& s, const Catalog& c, int calls) {
    const auto start = std::chrono::steady_clock::now();
    std::size_t sink = 0;
    for (int i = 0; i < calls; ++i)
        sink += evaluate(s, c).ok() ? 1 : 0;
    const auto end = std::chrono::steady_clock::now();
    if (sink != static_cast<std::size_t>(calls))
        std::fprintf(stderr, "unexpected evaluation error\n");
    return std::chrono::duration<double, std::micro>(end - start).count() / calls;
}

}  // namespace

int main(int argc, char** argv) {
    const Catalog catalog = Catalog::builtin();
    if (argc == 3 && std::string(argv[1]) == "calibrate") {
        auto calibrated = loadScenarioFile(argv[2], catalog);
        if (!calibrated) {
            std::fprintf(stderr, "%s\n", calibrated.error().toString().c_str());
            return 2;
        }
        Scenario plain = calibrated.value();
        plain.measured.clear();
        const double withRuns = microsecondsPerCall(calibrated.value(), catalog, 50);
        const double without = microsecondsPerCall(plain, catalog, 50);
        std::printf("%-52s %10.1f us\n", "evaluate with its measured runs (fit included)", withRuns);
        std::printf("%-52s %10.1f us\n", "evaluate without them", without);
        std::printf("%-52s %10.2f\n", "ratio", withRuns / without);
        return 0;
    }
    Scenario s = defaultScenario(catalog);
    std::printf("%-52s %10.1f us\n", "Llama 3.1 8B, 8x A100, DP 8", microsecondsPerCall(s, catalog, 2000));

    s.modelPreset = "llama-3.1-405b";
    s.model = *catalog.model("llama-3.1-405b");
    s.cluster = {"h100-sxm-80gb", 8, 2048, "", "ib-ndr-400"};
    s.training.globalBatch = 2048;
    s.layout = LayoutSpec{8, 16, 0, 1, 1, 1, 1, 1, Recompute::Full, true};
    std::printf("%-52s %10.1f us\n", "Llama 3.1 405B, 16384x H100, TP8 PP16 DP128",
                microsecondsPerCall(s, catalog, 200));

    s.modelPreset = "deepseek-v3";
    s.model = *catalog.model("deepseek-v3");
    s.cluster = {"h800-sxm-80gb", 8, 256, "", "ib-ndr-400"};
    s.training.seqLen = 4096;
    s.training.globalBatch = 15360;
    s.layout = LayoutSpec{1, 16, 0, 1, 64, 1, 1, 1, Recompute::None, false};
    std::printf("%-52s %10.1f us\n", "DeepSeek-V3, 2048x H800, PP16 EP64 DP128",
                microsecondsPerCall(s, catalog, 200));
    return 0;
}
