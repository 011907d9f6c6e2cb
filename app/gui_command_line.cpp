#include "gui_command_line.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <iostream>

#include "clusterplan_version.h"

namespace clusterplan::app {

namespace {

// Exit codes shared with clusterplan-cli (app/cli_commands.h): 0 ok, 2 bad input.
constexpr int kOk = 0;
constexpr int kBadInput = 2;

GuiCommandLine usageError(const QString& message) {
    std::cerr << "clusterplan: " << message.toStdString() << "\nTry 'clusterplan --help'.\n";
    return {.scenarioPath = {}, .exitCode = kBadInput};
}

}  // namespace

GuiCommandLine parseGuiCommandLine(const QCoreApplication& app) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "ClusterPlan plans distributed LLM training: memory per GPU, parallel layouts, step time and\n"
        "rent-vs-buy cost. Opens FILE, or the built-in default scenario, in a window. Without a display\n"
        "it prints the plan as text instead (the same as `clusterplan-cli evaluate FILE --format text`)."));
    // Our own -h/-v instead of addHelpOption(): its --help-all can only be answered by exit().
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help and exit."));
    const QCommandLineOption version({QStringLiteral("v"), QStringLiteral("version")},
                                     QStringLiteral("Show the version and exit."));
    parser.addOption(help);
    parser.addOption(version);
    parser.addPositionalArgument(
        QStringLiteral("FILE"),
        QStringLiteral("Scenario file to open (\"schema\": \"clusterplan.scenario/1\", "
                       "usually *.clusterplan.json)."),
        QStringLiteral("[FILE]"));
    if (!parser.parse(app.arguments()))
        return usageError(parser.errorText());
    if (parser.isSet(help)) {
        std::cout << parser.helpText().toStdString();
        return {.scenarioPath = {}, .exitCode = kOk};
    }
    if (parser.isSet(version)) {
        std::cout << "clusterplan " << kVersion << '\n';
        return {.scenarioPath = {}, .exitCode = kOk};
    }
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1)
        return usageError(QStringLiteral("one scenario FILE at most, got %1").arg(files.size()));
    return {.scenarioPath = files.value(0), .exitCode = std::nullopt};
}

}  // namespace clusterplan::app
