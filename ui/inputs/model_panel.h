#pragma once
// Model inputs: a preset picker and the architecture fields. Editing a field keeps the preset as
// "based on" (Scenario::modelPreset; scenario files store the edited fields on top of it) and
// marks the model custom by its name and the picker's label: "Llama 3.1 8B (edited)".
#include <QGroupBox>

#include <cstdint>
#include <vector>

#include "core/scenario/scenario.h"

class QComboBox;
class QSpinBox;

namespace clusterplan::ui {

class FieldRegistry;
class MoeMlaRows;
class PlanController;

class ModelPanel : public QGroupBox {
    Q_OBJECT

public:
    ModelPanel(PlanController& controller, FieldRegistry& fields, QWidget* parent = nullptr);

    // Shows `scenario` without emitting edits.
    void load(const Scenario& scenario);

private:
    struct IntField {
        QSpinBox* box;
        std::int64_t ModelSpec::*member;
    };

    void choosePreset(int index);
    void editModel(std::int64_t ModelSpec::*member, std::int64_t value);
    void editMlp(MlpKind kind);
    void markCustom(Scenario& scenario) const;
    void loadPresetLabels(const Scenario& scenario);

    PlanController& m_controller;
    QComboBox* m_preset = nullptr;
    QComboBox* m_mlp = nullptr;
    MoeMlaRows* m_moeMla = nullptr;
    std::vector<IntField> m_intFields;
};

}  // namespace clusterplan::ui
