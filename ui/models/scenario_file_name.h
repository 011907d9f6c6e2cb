#pragma once
// Scenario file names: the extension the desktop's MIME type recognises (packaging/
// io.github.clusterplan.ClusterPlan.mime.xml, glob *.clusterplan.json) and the file dialogs' filter.
#include <QString>

namespace clusterplan::ui {

inline const QString kScenarioExtension = QStringLiteral(".clusterplan.json");

// Open/Save dialog filter: scenario files (*.clusterplan.json, and any *.json), then all files.
QString scenarioFileFilter();
// The name the Save dialog proposes: the current file, else "untitled.clusterplan.json" in `directory`.
QString proposedScenarioPath(const QString& currentPath, const QString& directory);
// A chosen name without any extension gets ".clusterplan.json"; a name with one is kept as typed.
QString withScenarioExtension(const QString& path);

}  // namespace clusterplan::ui
