// clusterplan: the desktop window. Without a display it prints the plan as text instead.
#include <QApplication>

#include <filesystem>
#include <iostream>

#include "mainwindow/main_window.h"
#include "models/plan_controller.h"
#include "report/plan_format.h"
#include "scenario/scenario_json.h"

int main(int argc, char* argv[]) {
    using namespace clusterplan;
    Catalog catalog = Catalog::builtin();
    if (std::error_code ec; std::filesystem::exists(userCatalogPath(), ec)) {
        if (const Result<bool> merged = catalog.mergeFile(userCatalogPath()); !merged)
            std::cerr << "clusterplan: " << merged.error().toString() << '\n';
        for (const Diagnostic& diagnostic : catalog.diagnostics())
            std::cerr << "clusterplan: " << diagnostic.toString() << '\n';
    }
    Scenario scenario = defaultScenario(catalog);
    if (argc > 1) {
        Result<Scenario> loaded = loadScenarioFile(argv[1], catalog);
        if (!loaded) {
            std::cerr << "clusterplan: " << loaded.error().toString() << '\n';
            return 2;
        }
        scenario = std::move(loaded).value();
    }

#if defined(Q_OS_LINUX)
    // No X11 or Wayland: QApplication would abort, so answer on the terminal instead.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
        std::cerr
            << "clusterplan: no display found (DISPLAY is not set). Run the GUI under a display (e.g. "
               "`xvfb-run build/bin/clusterplan`), or use the engine headless: build/bin/clusterplan-cli "
               "evaluate resources/scenarios/default.json --format text\n";
        const Result<Plan> plan = evaluate(scenario, catalog);
        if (!plan) {
            std::cerr << "clusterplan: " << plan.error().toString() << '\n';
            return 1;
        }
        const std::string report = planToText(*plan);
        std::cout << report << (report.ends_with('\n') ? "" : "\n") << std::flush;
        return 0;
    }
#endif
    QApplication app(argc, argv);
    ui::PlanController controller(catalog, std::move(scenario));
    if (argc > 1)
        controller.setFilePath(QString::fromLocal8Bit(argv[1]));
    ui::MainWindow window(controller);
    window.show();
    return QApplication::exec();
}
