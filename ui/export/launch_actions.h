#pragma once
// LaunchActions: Export ▸ Launch configuration, one entry per framework (Megatron-LM, Megatron-Bridge /
// NeMo, torchtitan, DeepSpeed). Each writes into a chosen folder the files `clusterplan-cli launch`
// writes, for the layout the window plans (the recommended one, or the one "use this layout" fixed),
// and shows the engine's warnings (another stack's profile, placeholders) or its refusal, translated.
#include <QObject>
#include <QString>
#include <QStringList>

#include "core/scenario/framework.h"

class QMenu;

namespace clusterplan::ui {

class PlanController;
class Prompter;

class LaunchActions : public QObject {
    Q_OBJECT

public:
    LaunchActions(PlanController& controller, Prompter& prompter, QObject* parent = nullptr);
    // The "Launch configuration" submenu, its actions named "exportLaunch_<framework id>".
    void addTo(QMenu* menu);

    // Without dialogs, for tests: writes into `folder`; returns an empty string or the error, and puts
    // the engine's warnings in `notes`.
    QString exportLaunch(Framework framework, const QString& folder, QStringList& notes) const;

signals:
    // After the files were written: "Wrote the Megatron-LM core_v0.19.0 launch configuration to …".
    void saved(const QString& message) const;

private:
    void choose(Framework framework);

    PlanController& m_controller;
    Prompter& m_prompter;
};

}  // namespace clusterplan::ui
