#pragma once
// Training inputs: number formats, optimizer, sequence length, global batch, the software stack
// and its release and features (DP and TP communication overlap), FlashAttention, and the fine-tuning rows
// (inputs/fine_tuning_fields.h).
#include <QGroupBox>

#include "core/report/plan.h"
#include "core/scenario/scenario.h"

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace clusterplan::ui {

class FieldRegistry;
class FineTuningFields;
class PlanController;

class TrainingPanel : public QGroupBox {
    Q_OBJECT

public:
    TrainingPanel(PlanController& controller, FieldRegistry& fields, QWidget* parent = nullptr);

    void load(const Scenario& scenario);
    // The stack's defaults as the plan reports them, in the "stack default (on)" items.
    void showStackDefaults(const Plan& plan);

private:
    PlanController& m_controller;
    QComboBox* m_precision = nullptr;
    QComboBox* m_optimizer = nullptr;
    QComboBox* m_gradDtype = nullptr;
    QSpinBox* m_seqLen = nullptr;
    QSpinBox* m_globalBatch = nullptr;
    QComboBox* m_framework = nullptr;
    QComboBox* m_stackRelease = nullptr;  // current / a release the engine models (training.stack_release)
    QComboBox* m_overlapGradReduce = nullptr;  // stack default / on / off
    QComboBox* m_tpCommOverlap = nullptr;
    QCheckBox* m_flashAttention = nullptr;
    FineTuningFields* m_fineTuning = nullptr;  // method, LoRA, frozen layers, data
};

}  // namespace clusterplan::ui
