// Times the options study (core/studies/options_study.h) for the two cases its goals name: Llama 3.1
// 405B on 15 T tokens with a 90-day deadline over every priced GPU type (goal: the whole process
// within 2 s on the 2-core development machine), and a Llama 3.1 70B LoRA fine-tune (goal: 0.5 s).
// The process's own time is measured from main() to the end of each study, the built-in catalog's
// loading included; then the study alone, median of several runs. Run from a release-like build:
// build/bin/bench_options [405b|70b].
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "core/io/scenario_json.h"
#include "core/studies/options_study.h"
#include "options_jobs.h"

using namespace clusterplan;

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The same two jobs as tests/core/test_options.cpp (tests/core/options_jobs.h).
Scenario job(const Catalog& catalog, bool big) {
    return big ? test::llama405bPretraining(catalog) : test::llama70bLora(catalog);
}

void run(const char* name, const Catalog& catalog, bool big, double deadline,
         Clock::time_point processStart) {
    OptionsTarget target;
    target.deadlineDays = deadline;
    const Scenario s = job(catalog, big);
    const std::clock_t cpuStart = std::clock();
    auto first = optionsStudy(s, catalog, target);
    const double process = msSince(processStart);
    // CPU time of every thread: on a machine shared with other work the wall time says little.
    const double cpu = 1000.0 * static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC;
    if (!first) {
        std::printf("%s: %s\n", name, first.error().toString().c_str());
        return;
    }
    std::size_t probes = 0;
    for (const auto& g : first->gpus)
        probes += g.probes;
    std::vector<double> times;
    for (int i = 0; i < 3; ++i) {
        const auto start = Clock::now();
        (void)optionsStudy(s, catalog, target);
        times.push_back(msSince(start));
    }
    std::sort(times.begin(), times.end());
    target.threads = 1;
    const auto start = Clock::now();
    (void)optionsStudy(s, catalog, target);
    const double oneThread = msSince(start);
    std::printf("%-40s process to first answer %7.1f ms (study CPU %7.1f ms); study median %7.1f ms (%zu GPU "
                "types, %zu searches, %zu rows), %7.1f ms on 1 thread\n",
                name, process, cpu, times[times.size() / 2], first->gpus.size(), probes, first->rows.size(),
                oneThread);
}

}  // namespace

int main(int argc, char** argv) {
    const auto processStart = Clock::now();
    const std::string which = argc > 1 ? argv[1] : "";
    const Catalog catalog = Catalog::builtin();
    if (which.empty() || which == "405b")
        run("Llama 3.1 405B, 15 T tokens, 90 days", catalog, true, 90, processStart);
    if (which.empty() || which == "70b")
        run("Llama 3.1 70B LoRA, 2 B tokens, 3 days", catalog, false, 3,
            which.empty() ? Clock::now() : processStart);
    return 0;
}
