// The options study's bisection against an exhaustive scan of every server count up to its answer,
// for Llama 3.1 405B on 15 T tokens in 90 days (thousands of layout searches per GPU type: labelled
// `slow`, run by the optimised test run, not under ASan). The fine-tune's and the 405B's smallest
// clusters are scanned in test_options.cpp.
#include <algorithm>
#include <atomic>
#include <future>
#include <thread>
#include <vector>

#include "core/studies/options_study.h"
#include "options_jobs.h"
#include "test_support.h"

using namespace clusterplan;

TEST_CASE("Llama 3.1 405B in 90 days: the study's size is the first of an exhaustive scan",
          "[options][slow]") {
    const Scenario s = test::llama405bPretraining(test::catalog());
    OptionsTarget target;
    target.deadlineDays = 90;
    for (const char* gpu : {"h200-sxm-141gb", "h100-sxm-80gb", "b200-sxm-180gb"}) {
        INFO(gpu);
        target.gpuTypes = {gpu};
        auto study = optionsStudy(s, test::catalog(), target);
        REQUIRE(study.ok());
        const GpuOptions& g = study->gpus.front();
        REQUIRE(g.deadlineGpus.has_value());
        const std::int64_t perNode = g.gpusPerNode;
        const std::int64_t last = *g.deadlineGpus / perNode;
        // Every count from one server to the answer, spread over the cores.
        std::vector<char> meets(static_cast<std::size_t>(last + 1), 0);
        std::atomic<std::int64_t> next{1};
        const auto scan = [&] {
            for (std::int64_t n = next++; n <= last; n = next++) {
                const OptionProbe p =
                    probeOption(optionScenario(s, test::catalog(), g.gpu, n * perNode, perNode),
                                test::catalog(), kDefaultMaxLayouts);
                meets[static_cast<std::size_t>(n)] = p.fits && p.days <= target.deadlineDays;
            }
        };
        std::vector<std::future<void>> workers;
        for (unsigned t = 1; t < std::max(1u, std::thread::hardware_concurrency()); ++t)
            workers.push_back(std::async(std::launch::async, scan));
        scan();
        for (auto& w : workers)
            w.get();
        const auto first = std::find(meets.begin() + 1, meets.end(), 1);
        REQUIRE(first != meets.end());
        CHECK((first - meets.begin()) * perNode == *g.deadlineGpus);
    }
}
