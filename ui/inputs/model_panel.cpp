#include "ui/inputs/model_panel.h"

#include "ui/inputs/form_helpers.h"
#include "ui/inputs/moe_mla_rows.h"
#include "ui/models/plan_controller.h"
#include "ui/models/qt_text.h"

#include <QFormLayout>
#include <QSignalBlocker>

namespace clusterplan::ui {

namespace {

using IntFieldSpec = BoundIntField<ModelSpec>;

std::vector<IntFieldSpec> intFieldSpecs() {
    return {
        {{QStringLiteral("model.layers"), QStringLiteral("layers"), ModelPanel::tr("Layers (L)"), {}},
         &ModelSpec::layers},
        {{QStringLiteral("model.hidden"), QStringLiteral("hidden"), ModelPanel::tr("Hidden size (h)"), {}},
         &ModelSpec::hidden},
        {{QStringLiteral("model.heads"), QStringLiteral("heads"), ModelPanel::tr("Attention heads (a)"), {}},
         &ModelSpec::heads},
        {{QStringLiteral("model.kv_heads"), QStringLiteral("kvHeads"), ModelPanel::tr("KV heads (g)"),
          ModelPanel::tr("Key/value heads: equal to heads for MHA, fewer for GQA, 1 for MQA")},
         &ModelSpec::kvHeads},
        {{QStringLiteral("model.head_dim"), QStringLiteral("headDim"), ModelPanel::tr("Head dim (d_h)"), {}},
         &ModelSpec::headDim},
        {{QStringLiteral("model.ffn_hidden"),
          QStringLiteral("ffnHidden"),
          ModelPanel::tr("FFN size (f)"),
          {}},
         &ModelSpec::ffnHidden},
        {{QStringLiteral("model.vocab"), QStringLiteral("vocab"), ModelPanel::tr("Vocabulary (V)"), {}},
         &ModelSpec::vocab},
    };
}

// The fields this panel edits; a model equal to its preset on all of them is not "edited".
bool sameArchitecture(const ModelSpec& a, const ModelSpec& b) {
    return a.layers == b.layers && a.hidden == b.hidden && a.heads == b.heads && a.kvHeads == b.kvHeads &&
           a.headDim == b.headDim && a.ffnHidden == b.ffnHidden && a.vocab == b.vocab && a.mlp == b.mlp &&
           a.moe == b.moe && a.mla == b.mla;
}

}  // namespace

ModelPanel::ModelPanel(PlanController& controller, FieldRegistry& fields, QWidget* parent)
    : QGroupBox(tr("Model"), parent), m_controller(controller) {
    auto* form = new QFormLayout(this);
    QList<std::pair<QString, QVariant>> presets;
    for (const std::string& id : controller.catalog().modelIds())
        presets.append({toQString(controller.catalog().model(id)->name), toQString(id)});
    m_preset = addComboBox(form, fields,
                           {QStringLiteral("model.preset"), QStringLiteral("modelPreset"), tr("Preset"),
                            tr("Published model configuration; edited fields are kept on top of it")},
                           presets);
    fields.add(QStringLiteral("model"), m_preset);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &ModelPanel::choosePreset);

    for (const IntFieldSpec& spec : intFieldSpecs()) {
        QSpinBox* box = addLimitedSpinBox(form, fields, spec.info);
        const auto member = spec.member;
        connect(box, &QSpinBox::valueChanged, this, [this, member](int value) { editModel(member, value); });
        m_intFields.push_back({box, member});
    }
    m_mlp = addComboBox(form, fields, {QStringLiteral("model.mlp"), QStringLiteral("mlp"), tr("MLP"), {}},
                        {{tr("SwiGLU (gated, 3 matrices)"), static_cast<int>(MlpKind::SwiGlu)},
                         {tr("GeLU (2 matrices)"), static_cast<int>(MlpKind::Gelu)}});
    connect(m_mlp, &QComboBox::currentIndexChanged, this,
            [this] { editMlp(static_cast<MlpKind>(m_mlp->currentData().toInt())); });
    m_moeMla = new MoeMlaRows(
        form, fields,
        [this](const std::function<void(ModelSpec&)>& edit) {
            m_controller.update([&](Scenario& scenario) {
                edit(scenario.model);
                markCustom(scenario);
            });
        },
        this);
    completeToolTips(
        this, tr("the preset's published configuration (model card or paper); a field you edit replaces it"));
    load(controller.scenario());
}

void ModelPanel::load(const Scenario& scenario) {
    loadPresetLabels(scenario);
    for (const IntField& field : m_intFields)
        loadSpinBox(field.box, scenario.model.*field.member);
    loadComboData(m_mlp, static_cast<int>(scenario.model.mlp));
    m_moeMla->load(scenario.model);
}

void ModelPanel::choosePreset(int index) {
    const std::string id = toStdString(m_preset->itemData(index).toString());
    const ModelSpec* preset = m_controller.catalog().model(id);
    if (!preset)
        return;  // the "custom model" entry: nothing to apply
    m_controller.update([&](Scenario& scenario) {
        scenario.modelPreset = id;
        scenario.model = *preset;
    });
}

void ModelPanel::editModel(std::int64_t ModelSpec::*member, std::int64_t value) {
    m_controller.update([&](Scenario& scenario) {
        scenario.model.*member = value;
        markCustom(scenario);
    });
}

void ModelPanel::editMlp(MlpKind kind) {
    m_controller.update([&](Scenario& scenario) {
        scenario.model.mlp = kind;
        markCustom(scenario);
    });
}

void ModelPanel::markCustom(Scenario& scenario) const {
    const ModelSpec* preset = m_controller.catalog().model(scenario.modelPreset);
    if (!preset)
        return;  // a fully custom model keeps its own name
    const bool edited = !sameArchitecture(*preset, scenario.model);
    scenario.model.name = edited ? preset->name + " (edited)" : preset->name;
}

void ModelPanel::loadPresetLabels(const Scenario& scenario) {
    const QSignalBlocker blocker(m_preset);
    const Catalog& catalog = m_controller.catalog();
    int current = m_preset->findData(toQString(scenario.modelPreset));
    if (current < 0) {
        current = m_preset->findData(QString());
        if (current < 0) {
            m_preset->addItem(tr("Custom model"), QString());
            current = m_preset->count() - 1;
        }
    }
    for (int i = 0; i < m_preset->count(); ++i) {
        const ModelSpec* preset = catalog.model(toStdString(m_preset->itemData(i).toString()));
        if (!preset)
            continue;
        QString text = toQString(preset->name);
        if (i == current && !sameArchitecture(*preset, scenario.model))
            text += tr(" (edited)");
        m_preset->setItemText(i, text);
    }
    m_preset->setCurrentIndex(current);
}

}  // namespace clusterplan::ui
