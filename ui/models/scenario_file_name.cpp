#include "ui/models/scenario_file_name.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace clusterplan::ui {

QString scenarioFileFilter() {
    return QCoreApplication::translate("ScenarioFiles",
                                       "ClusterPlan scenarios (*.clusterplan.json *.json);;All files (*)");
}

QString proposedScenarioPath(const QString& currentPath, const QString& directory) {
    if (!currentPath.isEmpty())
        return currentPath;
    return QDir(directory).filePath(QStringLiteral("untitled") + kScenarioExtension);
}

QString withScenarioExtension(const QString& path) {
    if (QFileInfo(path).suffix().isEmpty())
        return path + kScenarioExtension;
    return path;
}

}  // namespace clusterplan::ui
