// clusterplan: the desktop window. Without a display it prints the plan as text instead.
#include <QApplication>

#include <iostream>

#include "hardware/catalog_loading.h"
#include "mainwindow/main_window.h"
#include "models/plan_controller.h"
#include "report/plan_format.h"
#include "scenario/scenario_json.h"

int main(int argc, char* argv[]) {
    using namespace clusterplan;
    // The same loading as clusterplan-cli (core/hardware/catalog_loading.h): a broken user file
    // stops here with exit 2, bad entries are skipped with a warning.
    Result<LoadedCatalog> files = loadCatalog(CatalogFiles{});
    if (!files) {
        std::cerr << "clusterplan: " << files.error().toString() << '\n';
        return 2;
    }
    for (const Diagnostic& diagnostic : files->warnings)
        std::cerr << "clusterplan: warning: " << diagnostic.toString() << '\n';
    const Catalog catalog = std::move(files).value().catalog;
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
    // QSettings (window state, language, recent files) and the autosave folder use these names.
    QApplication::setOrganizationName(QStringLiteral("ClusterPlan"));
    QApplication::setApplicationName(QStringLiteral("clusterplan"));
    ui::PlanController controller(catalog, std::move(scenario));
    if (argc > 1)
        controller.setFilePath(QString::fromLocal8Bit(argv[1]));
    ui::MainWindow window(controller);
    window.show();
    return QApplication::exec();
}
