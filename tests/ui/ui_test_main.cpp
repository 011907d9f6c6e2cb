// Catch2 runner for the UI tests: an offscreen QApplication with its own config and runtime dirs,
// so tests neither need a display nor touch ~/.config.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QApplication>
#include <QTemporaryDir>

namespace {

QtMessageHandler previousHandler = nullptr;

// The offscreen platform warns about every top-level window; keep test output readable.
void filterMessages(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (message.contains(QLatin1String("does not support propagateSizeHints")))
        return;
    if (previousHandler)
        previousHandler(type, context, message);
}

}  // namespace

int main(int argc, char* argv[]) {
    // Also covers catch_discover_tests, which runs this binary at build time.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    const QTemporaryDir configDir;
    const QTemporaryDir runtimeDir;  // created with mode 0700, as Qt expects
    qputenv("XDG_CONFIG_HOME", configDir.path().toLocal8Bit());
    qputenv("XDG_RUNTIME_DIR", runtimeDir.path().toLocal8Bit());
    const QTemporaryDir dataDir;  // autosave files (QStandardPaths::AppDataLocation)
    qputenv("XDG_DATA_HOME", dataDir.path().toLocal8Bit());
    // English unless a test switches: the window picks its language from the system locale.
    qputenv("LC_ALL", "en_US.UTF-8");
    qputenv("LANG", "en_US.UTF-8");

    previousHandler = qInstallMessageHandler(filterMessages);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ClusterPlan"));
    QApplication::setApplicationName(QStringLiteral("clusterplan-tests"));
    return Catch::Session().run(argc, argv);
}
