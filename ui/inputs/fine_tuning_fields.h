#pragma once
// Fine-tuning rows of the training form: method (full, LoRA, QLoRA), LoRA rank, alpha,
// targets, trainable embeddings and dropout, frozen layers, and the data given either as tokens
// (pre-training) or as a data set × epochs (fine-tuning). Rows that do not apply are hidden.
#include <QObject>

#include <array>

#include "core/scenario/scenario.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QSpinBox;

namespace clusterplan::ui {

class LimitedDoubleSpinBox;

class FieldRegistry;
class PlanController;

class FineTuningFields : public QObject {
    Q_OBJECT

public:
    // Adds its rows to `form`.
    FineTuningFields(PlanController& controller, FieldRegistry& fields, QFormLayout* form, QObject* parent);

    void load(const Scenario& scenario);

private:
    void addMethodRows(FieldRegistry& fields);
    void addDataRows(FieldRegistry& fields);
    void connectMethodRows();
    void connectDataRows();
    void showRowsFor(const TrainingSpec& training);

    PlanController& m_controller;
    QFormLayout* m_form;
    QComboBox* m_method = nullptr;
    QSpinBox* m_rank = nullptr;
    QDoubleSpinBox* m_alpha = nullptr;
    QWidget* m_targets = nullptr;
    std::array<QCheckBox*, 7> m_targetBoxes{};
    QCheckBox* m_trainableEmbeddings = nullptr;
    QDoubleSpinBox* m_dropout = nullptr;  // training.lora.dropout
    QSpinBox* m_frozenLayers = nullptr;
    QComboBox* m_dataMode = nullptr;
    LimitedDoubleSpinBox* m_tokens = nullptr;
    LimitedDoubleSpinBox* m_samples = nullptr;
    LimitedDoubleSpinBox* m_meanTokens = nullptr;
    LimitedDoubleSpinBox* m_epochs = nullptr;
};

}  // namespace clusterplan::ui
