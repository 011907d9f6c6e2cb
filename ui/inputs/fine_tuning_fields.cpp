#include "ui/inputs/fine_tuning_fields.h"

#include "ui/models/engine_terms.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QSpinBox>

#include "core/io/fine_tuning_json.h"
#include "core/util/units.h"
#include "ui/inputs/form_helpers.h"
#include "ui/models/plan_controller.h"
#include "ui/models/qt_text.h"

namespace clusterplan::ui {

namespace {

constexpr double kTokensUnit = units::kBillion;  // the tokens field is in billions
// training.lora.dropout must stay below 1; with two decimals the field's largest value is 0.99.
constexpr double kMaxLoraDropoutField = 0.99;

}  // namespace

FineTuningFields::FineTuningFields(PlanController& controller, FieldRegistry& fields, QFormLayout* form,
                                   QObject* parent)
    : QObject(parent), m_controller(controller), m_form(form) {
    addMethodRows(fields);
    addDataRows(fields);
    connectMethodRows();
    connectDataRows();
    load(controller.scenario());
}

void FineTuningFields::addMethodRows(FieldRegistry& fields) {
    QList<std::pair<QString, QVariant>> methods;
    for (TrainingMethod m : {TrainingMethod::Full, TrainingMethod::Lora, TrainingMethod::Qlora})
        methods.append({methodName(m), static_cast<int>(m)});
    m_method = addComboBox(m_form, fields,
                           {QStringLiteral("training.method"), QStringLiteral("method"), tr("Method"),
                            tr("full: every weight trains; lora: frozen 16-bit base + low-rank adapters; "
                               "qlora: frozen base in 4-bit NF4 + adapters")},
                           methods);
    m_rank =
        addLimitedSpinBox(m_form, fields,
                          {QStringLiteral("training.lora.rank"), QStringLiteral("loraRank"), tr("LoRA rank"),
                           tr("r: adapter width; r·(d_in + d_out) parameters per adapted matrix")});
    m_alpha = addDoubleSpinBox(m_form, fields,
                               {QStringLiteral("training.lora.alpha"), QStringLiteral("loraAlpha"),
                                tr("LoRA alpha"),
                                tr("Scale α/r of the adapter output (no effect on memory or time)")},
                               0.01, 1e6, 2);
    m_targets = new QWidget;
    auto* row = new QHBoxLayout(m_targets);
    row->setContentsMargins(0, 0, 0, 0);
    for (std::size_t i = 0; i < m_targetBoxes.size(); ++i) {
        const QString name = toQString(kLoraTargetNames[i]);
        m_targetBoxes[i] = new QCheckBox(name);
        m_targetBoxes[i]->setObjectName(QStringLiteral("loraTarget_") + name);
        row->addWidget(m_targetBoxes[i]);
    }
    m_targets->setObjectName(QStringLiteral("loraTargets"));
    m_targets->setToolTip(
        tr("Linear layers that get adapters (PEFT target_modules); all = every linear layer"));
    fields.add(QStringLiteral("training.lora.targets"), m_targets);
    m_form->addRow(tr("LoRA targets"), m_targets);
    m_trainableEmbeddings = addCheckBox(m_form, fields,
                                        {QStringLiteral("training.lora.trainable_embeddings"),
                                         QStringLiteral("trainableEmbeddings"), tr("Train embeddings"),
                                         tr("Also train the input embedding and the output head")});
    m_dropout = addDoubleSpinBox(
        m_form, fields,
        {QStringLiteral("training.lora.dropout"), QStringLiteral("loraDropout"), tr("LoRA dropout"),
         tr("Dropout on the adapters' input (PEFT lora_dropout, default 0; QLoRA used "
            "0.05–0.1). Above 0 every adapter keeps a mask and a dropped copy of its "
            "input for backward")},
        0, kMaxLoraDropoutField, 2);
    m_dropout->setSingleStep(0.05);
    m_frozenLayers = addLimitedSpinBox(
        m_form, fields,
        {QStringLiteral("training.frozen_layers"), QStringLiteral("frozenLayers"), tr("Frozen layers"),
         tr("Full fine-tune: the first N layers and the embedding do not train")});
}

void FineTuningFields::addDataRows(FieldRegistry& fields) {
    m_dataMode = addComboBox(m_form, fields,
                             {QStringLiteral("training.dataset"), QStringLiteral("dataMode"), tr("Data"),
                              tr("How the amount of training data is given")},
                             {{tr("pre-training (tokens)"), 0}, {tr("fine-tuning (dataset × epochs)"), 1}});
    m_tokens = addLimitedDoubleSpinBox(m_form, fields,
                                       {QStringLiteral("training.tokens"), QStringLiteral("tokens"),
                                        tr("Tokens"), tr("Tokens to train on, in billions")},
                                       3, kTokensUnit, tr(" B"));
    m_samples =
        addLimitedDoubleSpinBox(m_form, fields,
                                {QStringLiteral("training.dataset.samples"), QStringLiteral("samples"),
                                 tr("Samples"), tr("Examples in the data set")},
                                0);
    m_meanTokens = addLimitedDoubleSpinBox(m_form, fields,
                                           {QStringLiteral("training.dataset.mean_tokens_per_sample"),
                                            QStringLiteral("meanTokens"), tr("Tokens per sample"),
                                            tr("Mean tokens per example (prompt + answer)")},
                                           0);
    m_epochs = addLimitedDoubleSpinBox(m_form, fields,
                                       {QStringLiteral("training.dataset.epochs"), QStringLiteral("epochs"),
                                        tr("Epochs"), tr("Passes over the data set")},
                                       2);
}

void FineTuningFields::connectMethodRows() {
    connect(m_method, &QComboBox::currentIndexChanged, this, [this] {
        const auto value = static_cast<TrainingMethod>(m_method->currentData().toInt());
        m_controller.update([value](Scenario& s) {
            s.training.method = value;
            if (value != TrainingMethod::Full)
                s.training.frozenLayers = 0;  // LoRA freezes the whole base already
        });
    });
    connect(m_rank, &QSpinBox::valueChanged, this,
            [this](int v) { m_controller.update([v](Scenario& s) { s.training.lora.rank = v; }); });
    connect(m_alpha, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { m_controller.update([v](Scenario& s) { s.training.lora.alpha = v; }); });
    for (std::size_t i = 0; i < m_targetBoxes.size(); ++i) {
        const unsigned bit = 1u << i;
        connect(m_targetBoxes[i], &QCheckBox::toggled, this, [this, bit](bool on) {
            m_controller.update([bit, on](Scenario& s) {
                s.training.lora.targets =
                    on ? (s.training.lora.targets | bit) : (s.training.lora.targets & ~bit);
            });
        });
    }
    connect(m_trainableEmbeddings, &QCheckBox::toggled, this, [this](bool on) {
        m_controller.update([on](Scenario& s) { s.training.lora.trainableEmbeddings = on; });
    });
    connect(m_dropout, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { m_controller.update([v](Scenario& s) { s.training.lora.dropout = v; }); });
    connect(m_frozenLayers, &QSpinBox::valueChanged, this,
            [this](int v) { m_controller.update([v](Scenario& s) { s.training.frozenLayers = v; }); });
}

void FineTuningFields::connectDataRows() {
    connect(m_dataMode, &QComboBox::currentIndexChanged, this, [this] {
        const bool dataset = m_dataMode->currentData().toInt() == 1;
        m_controller.update([dataset](Scenario& s) {
            if (!dataset)
                s.training.dataset.reset();
            else if (!s.training.dataset)
                s.training.dataset = DatasetSpec{};
        });
    });
    connect(m_tokens, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        m_controller.update([v](Scenario& s) { s.training.tokens = v * kTokensUnit; });
    });
    const auto bindDataset = [this](QDoubleSpinBox* box, double DatasetSpec::*member) {
        connect(box, &QDoubleSpinBox::valueChanged, this, [this, member](double v) {
            m_controller.update([member, v](Scenario& s) {
                if (s.training.dataset)
                    s.training.dataset.value().*member = v;
            });
        });
    };
    bindDataset(m_samples, &DatasetSpec::samples);
    bindDataset(m_meanTokens, &DatasetSpec::meanTokensPerSample);
    bindDataset(m_epochs, &DatasetSpec::epochs);
}

void FineTuningFields::showRowsFor(const TrainingSpec& t) {
    const bool adapters = t.method != TrainingMethod::Full;
    for (QWidget* w : {static_cast<QWidget*>(m_rank), static_cast<QWidget*>(m_alpha), m_targets,
                       static_cast<QWidget*>(m_trainableEmbeddings), static_cast<QWidget*>(m_dropout)})
        m_form->setRowVisible(w, adapters);
    m_form->setRowVisible(m_frozenLayers, !adapters);
    m_form->setRowVisible(m_tokens, !t.dataset);
    for (QWidget* w : {m_samples, m_meanTokens, m_epochs})
        m_form->setRowVisible(w, t.dataset.has_value());
}

void FineTuningFields::load(const Scenario& scenario) {
    const TrainingSpec& t = scenario.training;
    loadComboData(m_method, static_cast<int>(t.method));
    loadSpinBox(m_rank, t.lora.rank);
    loadDoubleSpinBox(m_alpha, t.lora.alpha);
    for (std::size_t i = 0; i < m_targetBoxes.size(); ++i)
        loadCheckBox(m_targetBoxes[i], (t.lora.targets & (1u << i)) != 0);
    loadCheckBox(m_trainableEmbeddings, t.lora.trainableEmbeddings);
    loadDoubleSpinBox(m_dropout, t.lora.dropout);
    loadSpinBox(m_frozenLayers, t.frozenLayers);
    loadComboData(m_dataMode, t.dataset ? 1 : 0);
    loadDoubleSpinBox(m_tokens, t.tokens / kTokensUnit);
    const DatasetSpec d = t.dataset.value_or(DatasetSpec{});
    loadDoubleSpinBox(m_samples, d.samples);
    loadDoubleSpinBox(m_meanTokens, d.meanTokensPerSample);
    loadDoubleSpinBox(m_epochs, d.epochs);
    showRowsFor(t);
}

}  // namespace clusterplan::ui
