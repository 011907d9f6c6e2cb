#pragma once
// DocumentActions: New, Open, Open Recent, Save, Save As and the unsaved-changes question, on the
// controller's scenario. Dialogs go through the Prompter (tests answer them); every file opened
// or saved goes to the recent files.
#include <QObject>
#include <QString>

namespace clusterplan::ui {

class PlanController;
class Prompter;
class RecentFiles;

class DocumentActions : public QObject {
    Q_OBJECT

public:
    DocumentActions(PlanController& controller, Prompter& prompter, RecentFiles& recent,
                    QObject* parent = nullptr);

    void newScenario();
    void open();
    // Opens `path` after asking about unsaved changes (recent files, drag and drop).
    bool openPath(const QString& path);
    bool save();
    bool saveAs();
    // Asks whether to save unsaved edits; false if the user cancels (or saving failed).
    bool maybeSave();

private:
    bool saveTo(const QString& path);

    PlanController& m_controller;
    Prompter& m_prompter;
    RecentFiles& m_recent;
};

}  // namespace clusterplan::ui
