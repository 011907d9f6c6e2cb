#include "ui/inputs/inputs_panel.h"

#include "ui/i18n/engine_text.h"
#include "ui/inputs/cluster_panel.h"
#include "ui/inputs/cost_panel.h"
#include "ui/inputs/form_helpers.h"
#include "ui/inputs/layout_panel.h"
#include "ui/inputs/limited_spin_box.h"
#include "ui/inputs/model_panel.h"
#include "ui/inputs/training_panel.h"
#include "ui/inputs/wheel_guard.h"
#include "ui/models/plan_controller.h"
#include "ui/models/qt_text.h"

#include <QFormLayout>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

namespace clusterplan::ui {

InputsPanel::InputsPanel(PlanController& controller, QWidget* parent)
    : QWidget(parent), m_controller(controller) {
    m_model = new ModelPanel(controller, m_fields);
    m_cluster = new ClusterPanel(controller, m_fields);
    m_training = new TrainingPanel(controller, m_fields);
    m_layout = new LayoutPanel(controller, m_fields);
    m_cost = new CostPanel(controller, m_fields);
    QList<QFormLayout*> forms;
    auto* groups = new QWidget;
    auto* groupsColumn = new QVBoxLayout(groups);
    for (QGroupBox* group :
         std::initializer_list<QGroupBox*>{m_model, m_cluster, m_training, m_layout, m_cost}) {
        forms.append(qobject_cast<QFormLayout*>(group->layout()));
        groupsColumn->addWidget(group);
    }
    groupsColumn->addStretch(1);
    alignLabelColumns(forms);

    m_scroll = new QScrollArea;
    m_scroll->setObjectName(QStringLiteral("inputsScroll"));  // its position outlives a language switch
    m_scroll->setWidget(groups);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // As narrow as the fields allow, not as wide as they like: at 1024 pixels the results need the
    // room. The splitter still gives the inputs their preferred width when there is room.
    m_scroll->setMinimumWidth(groups->minimumSizeHint().width() +
                              m_scroll->verticalScrollBar()->sizeHint().width());
    new WheelGuard(m_scroll);  // owned by the scroll area

    // Below the scroll area, so an error is seen wherever the inputs are scrolled.
    m_errorLabel = new QLabel;
    m_errorLabel->setObjectName(QStringLiteral("errorLabel"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextFormat(Qt::PlainText);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorLabel->setStyleSheet(
        QStringLiteral("QLabel { color: #b2182b; background: #fdecea; "
                       "border: 1px solid #d7301f; border-radius: 3px; padding: 6px; margin: 2px 4px; }"));
    m_errorLabel->hide();

    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 4);
    column->addWidget(m_scroll, 1);
    column->addWidget(m_errorLabel);

    connect(&controller, &PlanController::scenarioChanged, this, &InputsPanel::load);
    connect(&controller, &PlanController::inputError, this, &InputsPanel::showError);
    connect(&controller, &PlanController::planChanged, this, &InputsPanel::clearErrorFor);
    for (QWidget* panel : {static_cast<QWidget*>(m_model), static_cast<QWidget*>(m_cluster),
                           static_cast<QWidget*>(m_training), static_cast<QWidget*>(m_layout)}) {
        for (auto* box : panel->findChildren<LimitedSpinBox*>())
            connect(box, &LimitedSpinBox::refused, this, &InputsPanel::showRefusal);
        for (auto* box : panel->findChildren<LimitedDoubleSpinBox*>())
            connect(box, &LimitedDoubleSpinBox::refused, this, &InputsPanel::showRefusal);
    }
    connect(&controller, &PlanController::planChanged, this, &InputsPanel::showPlan);
}

void InputsPanel::showPlan(const Plan& plan) {
    m_layout->showSearched(plan);
    m_cost->showPlan(plan);
    m_training->showStackDefaults(plan);
    markCostProblem(plan);
}

void InputsPanel::load(const Scenario& scenario) {
    m_model->load(scenario);
    m_cluster->load(scenario);
    m_training->load(scenario);
    m_layout->load(scenario);
    m_cost->load(scenario);
}

QString InputsPanel::fieldName(const QString& where) const {
    const QWidget* field = m_fields.find(where);
    const auto* form = field && field->parentWidget()
                           ? qobject_cast<QFormLayout*>(field->parentWidget()->layout())
                           : nullptr;
    const auto* label =
        form ? qobject_cast<QLabel*>(form->labelForField(const_cast<QWidget*>(field))) : nullptr;
    if (!label)
        return where;
    QString name =
        QTextDocumentFragment::fromHtml(label->text()).toPlainText().remove(QLatin1Char('&')).trimmed();
    while (name.endsWith(QLatin1Char(':')) || name.endsWith(QChar(0xFF1A)))
        name.chop(1);
    return name.isEmpty() ? where : name;
}

void InputsPanel::showError(const QString& where, const QString& message) {
    //: An input error: the field's name, then the reason ("TP: is 5, must divide ...").
    const QString text =
        where.isEmpty() ? message : tr("%1: %2", "key path: reason").arg(fieldName(where), message);
    if (QWidget* field = m_fields.mark(where, text))
        m_scroll->ensureWidgetVisible(field);
    const QString results = m_controller.plan() ? tr("The results show the last valid plan.")
                                                : tr("There is no valid plan to show yet.");
    m_errorLabel->setText(text + QLatin1Char('\n') + results);
    m_errorLabel->show();
}

void InputsPanel::showRefusal(const QString& where, const QString& message) {
    m_refusedAt = m_controller.scenario();
    //: A number typed outside its field's range: the field's name, then the reason with the range.
    const QString text = tr("%1: %2", "key path: reason").arg(fieldName(where), message);
    if (QWidget* field = m_fields.mark(where, text))
        m_scroll->ensureWidgetVisible(field);
    m_errorLabel->setText(text + QLatin1Char('\n') + tr("The field keeps its value before the edit."));
    m_errorLabel->show();
}

void InputsPanel::clearErrorFor(const Plan& plan) {
    if (m_refusedAt && plan.scenario == *m_refusedAt)
        return;
    m_refusedAt.reset();
    clearError();
}

void InputsPanel::clearError() {
    m_fields.clearMarks();
    m_errorLabel->clear();
    m_errorLabel->hide();
}

// A plan without cost says why, with the key path ("cost.rent_offer"); that field is marked
// (the cost chart's title says why too). A price book that offers one half is no input error: the
// Cost tab prices that half and says which is missing.
void InputsPanel::markCostProblem(const Plan& plan) {
    if (plan.costError && !plan.costHalf && plan.costError->where.rfind("cost.", 0) == 0)
        m_fields.mark(toQString(plan.costError->where), engineErrorLine(*plan.costError));
}

}  // namespace clusterplan::ui
