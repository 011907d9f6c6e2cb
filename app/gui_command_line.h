#pragma once
// clusterplan's command line (QCommandLineParser): --help, --version and an optional scenario FILE
// to open. Qt's own options (-platform, -style, ...) are taken out by QApplication beforehand.
#include <QString>

#include <optional>

class QCoreApplication;

namespace clusterplan::app {

struct GuiCommandLine {
    QString scenarioPath;         // empty: the built-in default scenario
    std::optional<int> exitCode;  // set when the process ends now: help, version or a usage error
};

// Parses app.arguments(); prints the help, the version or the usage error itself.
GuiCommandLine parseGuiCommandLine(const QCoreApplication& app);

}  // namespace clusterplan::app
