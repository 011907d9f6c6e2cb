// clusterplan: the desktop window. Without a display it prints the plan as text instead.
#include <QApplication>
#include <QFile>
#include <QIcon>
#include <QMessageBox>

#include <iostream>
#include <memory>
#include <optional>

#include "clusterplan_version.h"
#include "core/catalog/catalog_loading.h"
#include "core/io/scenario_json.h"
#include "gui_command_line.h"
#include "headless_report.h"
#include "ui/mainwindow/main_window.h"
#include "ui/models/plan_controller.h"

namespace {

// The application id of the desktop entry, AppStream file and icons (packaging/).
const QString kAppId = QStringLiteral("io.github.clusterplan.ClusterPlan");

// The built-in catalog with the user's catalog.json and pricebook.json on top, loaded as
// clusterplan-cli loads them (core/catalog/catalog_loading.h): bad entries are skipped with a
// warning; a file that cannot be parsed stops the start with exit status 2 (shown in a message box
// too when there is a display, since a desktop launch has no terminal).
std::optional<clusterplan::Catalog> loadUserCatalog(bool display) {
    using namespace clusterplan;
    Result<LoadedCatalog> files = loadCatalog(CatalogFiles{});
    if (!files) {
        const std::string message = files.error().toString();
        std::cerr << "clusterplan: " << message << '\n';
        if (display)
            QMessageBox::critical(nullptr, QStringLiteral("ClusterPlan"), QString::fromStdString(message));
        return std::nullopt;
    }
    for (const Diagnostic& diagnostic : files->warnings)
        std::cerr << "clusterplan: warning: " << diagnostic.toString() << '\n';
    return std::move(files).value().catalog;
}

}  // namespace

int main(int argc, char* argv[]) {
    using namespace clusterplan;
    // QSettings (window state, language, recent files) and the autosave folder use these names.
    QCoreApplication::setOrganizationName(QStringLiteral("ClusterPlan"));
    QCoreApplication::setApplicationName(QStringLiteral("clusterplan"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(kVersion));
    // QApplication aborts without a display; a QCoreApplication still parses the command line.
    const bool display = app::displayAvailable();
    const std::unique_ptr<QCoreApplication> application =
        display ? std::make_unique<QApplication>(argc, argv) : std::make_unique<QCoreApplication>(argc, argv);
    const app::GuiCommandLine commandLine = app::parseGuiCommandLine(*application);
    if (commandLine.exitCode)
        return *commandLine.exitCode;
    const std::optional<Catalog> loaded = loadUserCatalog(display);
    if (!loaded)
        return 2;
    const Catalog& catalog = *loaded;
    if (!display)
        return app::printHeadlessReport(QFile::encodeName(commandLine.scenarioPath).toStdString(), catalog);

    QGuiApplication::setDesktopFileName(kAppId);
    QApplication::setWindowIcon(QIcon::fromTheme(kAppId));
    ui::PlanController controller(catalog, defaultScenario(catalog));
    ui::MainWindow window(controller);
    window.show();
    controller.validateInBackground();
    if (!commandLine.scenarioPath.isEmpty())
        window.openScenarioFile(commandLine.scenarioPath);
    return QApplication::exec();
}
