#include "headless_report.h"

#include <QtGlobal>

#include <iostream>

#include "core/calibration/evaluate.h"
#include "core/catalog/catalog.h"
#include "core/io/scenario_json.h"
#include "core/report/plan_format.h"

namespace clusterplan::app {

bool displayAvailable() {
#if defined(Q_OS_LINUX)
    return !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") || !qEnvironmentVariableIsEmpty("DISPLAY") ||
           !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
#else
    return true;  // Windows and macOS always have a window system
#endif
}

int printHeadlessReport(const std::string& scenarioPath, const Catalog& catalog) {
    std::cerr << "clusterplan: no display found (DISPLAY is not set). Run the window under a display (e.g. "
                 "`xvfb-run clusterplan`), or use the engine headless: clusterplan-cli evaluate FILE "
                 "--format text (in a build tree: build/bin/clusterplan-cli evaluate "
                 "resources/scenarios/default.json --format text)\n";
    Result<Scenario> scenario =
        scenarioPath.empty() ? defaultScenario(catalog) : loadScenarioFile(scenarioPath, catalog);
    if (!scenario) {
        std::cerr << "clusterplan: " << scenario.error().toString() << '\n';
        return 2;
    }
    const Result<Plan> plan = evaluate(scenario.value(), catalog);
    if (!plan) {
        std::cerr << "clusterplan: " << plan.error().toString() << '\n';
        return 1;
    }
    const std::string report = planToText(*plan);
    std::cout << report << (report.ends_with('\n') ? "" : "\n") << std::flush;
    return 0;
}

}  // namespace clusterplan::app
