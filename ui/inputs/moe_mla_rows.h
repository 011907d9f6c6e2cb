#pragma once
// The model panel's mixture-of-experts and multi-head-latent-attention rows. Each block has a
// check box that turns it on (with a published configuration to start from) and a spin box per
// field, named after the scenario keys the engine uses in its messages ("model.moe.top_k").
#include <QObject>

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "core/scenario/model_spec.h"
#include "ui/inputs/form_helpers.h"

class QCheckBox;
class QFormLayout;
class QSpinBox;

namespace clusterplan::ui {

class FieldRegistry;

class MoeMlaRows : public QObject {
    Q_OBJECT

public:
    // `edit` applies a change to the scenario's model (the panel marks the preset as edited).
    using ModelEdit = std::function<void(const std::function<void(ModelSpec&)>&)>;

    MoeMlaRows(QFormLayout* form, FieldRegistry& fields, ModelEdit edit, QObject* parent = nullptr);

    // Shows `model` without emitting edits.
    void load(const ModelSpec& model);

private:
    template <typename Spec> struct Row {
        QSpinBox* box;
        std::int64_t Spec::*member;
    };

    // A spin box per field of the optional block (`moe` or `mla`); edits apply while it is on.
    template <typename Spec>
    std::vector<Row<Spec>> addRows(QFormLayout* form, FieldRegistry& fields,
                                   const std::vector<BoundIntField<Spec>>& specs,
                                   std::optional<Spec> ModelSpec::*block);
    void addMoeRows(QFormLayout* form, FieldRegistry& fields);
    void addMlaRows(QFormLayout* form, FieldRegistry& fields);

    ModelEdit m_edit;
    QCheckBox* m_moeOn = nullptr;
    QCheckBox* m_mlaOn = nullptr;
    std::vector<Row<MoeSpec>> m_moe;
    std::vector<Row<MlaSpec>> m_mla;
};

}  // namespace clusterplan::ui
