#pragma once
// InputsPanel: the five input groups (model, cluster, training, layout, cost) in a scroll area and the
// error label under it. Shows the controller's input errors on the field they name and clears them on the
// next valid plan; reloads the fields when the scenario changes (preset chosen, file opened).
#include <QWidget>

#include <optional>

#include "core/scenario/scenario.h"

#include "ui/inputs/field_registry.h"

class QLabel;
class QScrollArea;

namespace clusterplan {
struct Plan;
struct Scenario;
}  // namespace clusterplan

namespace clusterplan::ui {

class ClusterPanel;
class CostPanel;
class LayoutPanel;
class ModelPanel;
class PlanController;
class TrainingPanel;

class InputsPanel : public QWidget {
    Q_OBJECT

public:
    explicit InputsPanel(PlanController& controller, QWidget* parent = nullptr);

    // Shows what the plan decided for the inputs: searched layout keys, the discount rate used,
    // a cost problem on its field. Called on every planChanged.
    void showPlan(const Plan& plan);

    // What the window calls the input at an engine key path: its field's label ("Nodes", "节点数"),
    // or the key path when no field shows it. The key path is the CLI's and the file's word.
    [[nodiscard]] QString fieldName(const QString& where) const;

private:
    void load(const Scenario& scenario);
    void showError(const QString& where, const QString& message);
    // A number typed outside its field's range (LimitedSpinBox::refused): shown like an input error,
    // and kept while the plans shown are of the scenario the refusal left (the field went back to
    // its value before the edit, which may itself be evaluated again).
    void showRefusal(const QString& where, const QString& message);
    void clearError();
    void clearErrorFor(const Plan& plan);
    void markCostProblem(const Plan& plan);

    PlanController& m_controller;
    FieldRegistry m_fields;
    ModelPanel* m_model = nullptr;
    ClusterPanel* m_cluster = nullptr;
    TrainingPanel* m_training = nullptr;
    LayoutPanel* m_layout = nullptr;
    CostPanel* m_cost = nullptr;
    QScrollArea* m_scroll = nullptr;
    QLabel* m_errorLabel = nullptr;
    std::optional<Scenario> m_refusedAt;  // the scenario when a typed value was refused
};

}  // namespace clusterplan::ui
