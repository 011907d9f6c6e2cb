#pragma once
// The window's fallback without a display: QApplication would abort, so clusterplan answers on the
// terminal instead, with the text plan that clusterplan-cli prints.
#include <string>

namespace clusterplan {
class Catalog;
}

namespace clusterplan::app {

// True when Qt can open a window: a platform is forced (QT_QPA_PLATFORM) or X11/Wayland is there.
bool displayAvailable();

// Says how to run the window, then prints the text plan of `scenarioPath` (empty: the built-in
// default scenario). Returns the exit code: 0 ok, 2 bad scenario file, 1 engine error.
int printHeadlessReport(const std::string& scenarioPath, const Catalog& catalog);

}  // namespace clusterplan::app
