// clusterplan: the desktop window. Without a display it prints the plan as text instead.
#include <QApplication>
#include <QFile>
#include <QIcon>

#include <filesystem>
#include <iostream>
#include <memory>

#include "clusterplan_version.h"
#include "gui_command_line.h"
#include "headless_report.h"
#include "mainwindow/main_window.h"
#include "models/plan_controller.h"
#include "scenario/scenario_json.h"

namespace {

// The application id of the desktop entry, AppStream file and icons (packaging/).
const QString kAppId = QStringLiteral("io.github.clusterplan.ClusterPlan");

// The built-in catalog with the user's catalog file merged on top; bad user entries are reported.
clusterplan::Catalog loadCatalog() {
    using namespace clusterplan;
    Catalog catalog = Catalog::builtin();
    if (std::error_code ec; std::filesystem::exists(userCatalogPath(), ec)) {
        if (const Result<bool> merged = catalog.mergeFile(userCatalogPath()); !merged)
            std::cerr << "clusterplan: " << merged.error().toString() << '\n';
        for (const Diagnostic& diagnostic : catalog.diagnostics())
            std::cerr << "clusterplan: " << diagnostic.toString() << '\n';
    }
    return catalog;
}

}  // namespace

int main(int argc, char* argv[]) {
    using namespace clusterplan;
    QCoreApplication::setApplicationName(QStringLiteral("clusterplan"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(kVersion));
    // QApplication aborts without a display; a QCoreApplication still parses the command line.
    const bool display = app::displayAvailable();
    const std::unique_ptr<QCoreApplication> application =
        display ? std::make_unique<QApplication>(argc, argv) : std::make_unique<QCoreApplication>(argc, argv);
    const app::GuiCommandLine commandLine = app::parseGuiCommandLine(*application);
    if (commandLine.exitCode)
        return *commandLine.exitCode;
    const Catalog catalog = loadCatalog();
    if (!display)
        return app::printHeadlessReport(QFile::encodeName(commandLine.scenarioPath).toStdString(), catalog);

    QGuiApplication::setDesktopFileName(kAppId);
    QApplication::setWindowIcon(QIcon::fromTheme(kAppId));
    ui::PlanController controller(catalog, defaultScenario(catalog));
    ui::MainWindow window(controller);
    window.show();
    if (!commandLine.scenarioPath.isEmpty())
        window.openScenarioFile(commandLine.scenarioPath);
    return QApplication::exec();
}
