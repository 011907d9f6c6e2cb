#pragma once
// LaunchActions: Export ▸ Launch configuration, one entry per framework (Megatron-LM, Megatron-Bridge /
// NeMo, torchtitan, DeepSpeed). Each writes into a chosen folder the files `clusterplan-cli launch`
// writes, and shows the engine's warnings (another stack's profile, placeholders) or its refusal,
// translated. The layout exported is the one the user means: the row selected in the Explorer when
// there is one (a layout picked but not yet applied with "use this layout"), else the layout the window
// plans (the recommended one, or the one the scenario pins). The submenu's first line, the folder
// dialog's title and the status bar name which, with the layout.
#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

#include "core/parallel/layout.h"
#include "core/scenario/framework.h"
#include "core/scenario/scenario.h"

class QAction;
class QMenu;

namespace clusterplan::ui {

class PlanComparison;
class PlanController;
class Prompter;

class LaunchActions : public QObject {
    Q_OBJECT

public:
    // `comparison` (may be null): where the Explorer's selection is.
    LaunchActions(PlanController& controller, Prompter& prompter, const PlanComparison* comparison,
                  QObject* parent = nullptr);
    // The "Launch configuration" submenu, its actions named "exportLaunch_<framework id>", and above
    // them a disabled line "exportLaunchLayout" saying which layout they export.
    void addTo(QMenu* menu);

    // The layout selected in the Explorer when it is not the one planned; empty otherwise.
    [[nodiscard]] std::optional<Layout> selectedLayout() const;
    // What is exported: "the layout selected in the Explorer (TP 4 x PP 2 x DP 8)" or "the planned
    // layout (…)", in the window's language.
    [[nodiscard]] QString exportedLayoutText() const;

    // Without dialogs, for tests: writes into `folder` the export of the layout above; returns an
    // empty string or the error, and puts the engine's warnings in `notes`.
    QString exportLaunch(Framework framework, const QString& folder, QStringList& notes) const;

signals:
    // After the files were written: "Wrote the Megatron-LM core_v0.19.0 launch configuration of …".
    void saved(const QString& message) const;

private:
    void choose(Framework framework);
    [[nodiscard]] Scenario exportedScenario() const;

    PlanController& m_controller;
    Prompter& m_prompter;
    const PlanComparison* m_comparison;
    QAction* m_layoutLine = nullptr;
};

}  // namespace clusterplan::ui
