#include "ui/inputs/training_panel.h"

#include <QComboBox>
#include <optional>

#include "ui/inputs/fine_tuning_fields.h"
#include "ui/inputs/form_helpers.h"
#include "ui/models/engine_terms.h"
#include "ui/models/plan_controller.h"
#include "ui/models/qt_text.h"

namespace clusterplan::ui {

namespace {

// Combo items for an enum, labelled with the names a reader knows ("BF16", "AdamW", "与参数相同"), not
// the scenario file's values ("bf16", "adamw", "param").
template <typename Enum, typename Name>
QList<std::pair<QString, QVariant>> enumItems(std::initializer_list<Enum> values, Name name) {
    QList<std::pair<QString, QVariant>> items;
    for (auto value : values)
        items.append({name(value), static_cast<int>(value)});
    return items;
}

// The stacks by the names their users know ("Megatron-LM", "JAX/XLA (MaxText)"), the same in every
// language, and "another stack" translated.
QList<std::pair<QString, QVariant>> frameworkItems() {
    QList<std::pair<QString, QVariant>> items;
    for (const Framework f : kAllFrameworks)
        items.append({f == Framework::Other ? TrainingPanel::tr("another stack") : toQString(displayName(f)),
                      static_cast<int>(f)});
    return items;
}

// A stack feature: "stack default" (unset, -1), on (1) or off (0).
QList<std::pair<QString, QVariant>> featureItems() {
    return {{TrainingPanel::tr("stack default"), -1},
            {TrainingPanel::tr("on"), 1},
            {TrainingPanel::tr("off"), 0}};
}

// The releases of a stack whose kernels the engine models by release (resources/perf-profiles.json:
// Transformer Engine's attention for NeMo and Megatron-LM, DeepSpeed's 2021 ZeRO-3 gathers); the
// first item leaves the key out: the stack's current release.
QList<std::pair<QString, QVariant>> releaseItems() {
    return {{TrainingPanel::tr("current"), QString()},
            {TrainingPanel::tr("Transformer Engine 1.x (2024)"), QStringLiteral("te1")},
            {TrainingPanel::tr("Transformer Engine 2.x (2025 on)"), QStringLiteral("te2")},
            {TrainingPanel::tr("DeepSpeed v0.3 (2021)"), QStringLiteral("v0.3")}};
}

int featureData(const std::optional<bool>& feature) {
    return feature ? (*feature ? 1 : 0) : -1;
}

std::optional<bool> featureValue(const QComboBox* box) {
    const int data = box->currentData().toInt();
    return data < 0 ? std::nullopt : std::optional<bool>(data == 1);
}

}  // namespace

TrainingPanel::TrainingPanel(PlanController& controller, FieldRegistry& fields, QWidget* parent)
    : QGroupBox(tr("Training"), parent), m_controller(controller) {
    auto* form = new QFormLayout(this);
    m_precision = addComboBox(
        form, fields,
        {QStringLiteral("training.precision"), QStringLiteral("precision"), tr("Precision"),
         tr("Training number format; BF16/FP16/FP8 are mixed precision with FP32 master weights")},
        enumItems({Precision::Fp32, Precision::Bf16, Precision::Fp16, Precision::Fp8}, precisionName));
    m_optimizer =
        addComboBox(form, fields,
                    {QStringLiteral("training.optimizer"), QStringLiteral("optimizer"), tr("Optimizer"),
                     tr("AdamW: two FP32 moments; 8-bit Adam: 8-bit moments; SGD: momentum only")},
                    enumItems({Optimizer::AdamW, Optimizer::Adam8bit, Optimizer::Sgd}, optimizerName));
    m_gradDtype =
        addComboBox(form, fields,
                    {QStringLiteral("training.grad_dtype"), QStringLiteral("gradDtype"), tr("Gradient dtype"),
                     tr("same as the weights: gradients in the weights' format; FP32: FP32 main gradients")},
                    enumItems({GradDtype::Param, GradDtype::Fp32}, gradDtypeName));
    m_seqLen = addLimitedSpinBox(form, fields,
                                 {QStringLiteral("training.seq_len"), QStringLiteral("seqLen"),
                                  tr("Sequence length"), tr("Tokens per sequence")});
    m_globalBatch = addLimitedSpinBox(form, fields,
                                      {QStringLiteral("training.global_batch"), QStringLiteral("globalBatch"),
                                       tr("Global batch"), tr("Sequences per optimizer step")});
    m_framework = addComboBox(
        form, fields,
        {QStringLiteral("training.framework"), QStringLiteral("framework"), tr("Software stack"),
         tr("Training framework: selects the efficiency profile calibrated on that stack's published runs; a "
            "stack without calibrated runs, or another stack, is timed with the nearest stack's profile and "
            "gets the widest band")},
        frameworkItems());
    m_stackRelease = addComboBox(
        form, fields,
        {QStringLiteral("training.stack_release"), QStringLiteral("stackRelease"), tr("Stack release"),
         tr("The stack's release where its kernels differ by release: Transformer Engine 2.x runs attention "
            "about 1.5 times faster on H100 than the 1.x of NeMo's 2024 containers; DeepSpeed v0.3 gathers "
            "ZeRO-3 weights one blocking call per tensor. Current: today's release")},
        releaseItems());
    m_overlapGradReduce = addComboBox(
        form, fields,
        {QStringLiteral("training.overlap_grad_reduce"), QStringLiteral("overlapGradReduce"),
         tr("DP overlap"),
         tr("Gradient reduction during the backward (Megatron-Core --overlap-grad-reduce, PyTorch "
            "DDP/FSDP); off: after it, as Megatron-LM 2021-22 ran. Stack default: on")},
        featureItems());
    m_tpCommOverlap = addComboBox(
        form, fields,
        {QStringLiteral("training.tp_comm_overlap"), QStringLiteral("tpCommOverlap"), tr("TP overlap"),
         tr("TP gathers and reduce-scatters hidden behind the GEMMs in chunks (Transformer Engine "
            "userbuffers, --tp-comm-overlap); needs sequence parallelism. Stack default: on for NeMo")},
        featureItems());
    m_flashAttention =
        addCheckBox(form, fields,
                    {QStringLiteral("training.flash_attention"), QStringLiteral("flashAttention"),
                     tr("FlashAttention"), tr("Attention scores are not stored for backward")});
    m_fineTuning = new FineTuningFields(controller, fields, form, this);

    connect(m_precision, &QComboBox::currentIndexChanged, this, [this] {
        const auto value = static_cast<Precision>(m_precision->currentData().toInt());
        m_controller.update([value](Scenario& scenario) { scenario.training.precision = value; });
    });
    connect(m_optimizer, &QComboBox::currentIndexChanged, this, [this] {
        const auto value = static_cast<Optimizer>(m_optimizer->currentData().toInt());
        m_controller.update([value](Scenario& scenario) { scenario.training.optimizer = value; });
    });
    connect(m_gradDtype, &QComboBox::currentIndexChanged, this, [this] {
        const auto value = static_cast<GradDtype>(m_gradDtype->currentData().toInt());
        m_controller.update([value](Scenario& scenario) { scenario.training.gradDtype = value; });
    });
    connect(m_seqLen, &QSpinBox::valueChanged, this, [this](int value) {
        m_controller.update([value](Scenario& scenario) { scenario.training.seqLen = value; });
    });
    connect(m_globalBatch, &QSpinBox::valueChanged, this, [this](int value) {
        m_controller.update([value](Scenario& scenario) { scenario.training.globalBatch = value; });
    });
    connect(m_framework, &QComboBox::currentIndexChanged, this, [this] {
        const auto value = static_cast<Framework>(m_framework->currentData().toInt());
        m_controller.update([value](Scenario& scenario) { scenario.training.framework = value; });
    });
    connect(m_stackRelease, &QComboBox::currentIndexChanged, this, [this] {
        const std::string value = m_stackRelease->currentData().toString().toStdString();
        m_controller.update([value](Scenario& scenario) { scenario.training.stackRelease = value; });
    });
    connect(m_overlapGradReduce, &QComboBox::currentIndexChanged, this, [this] {
        const auto value = featureValue(m_overlapGradReduce);
        m_controller.update([value](Scenario& scenario) { scenario.training.overlapGradReduce = value; });
    });
    connect(m_tpCommOverlap, &QComboBox::currentIndexChanged, this, [this] {
        const auto value = featureValue(m_tpCommOverlap);
        m_controller.update([value](Scenario& scenario) { scenario.training.tpCommOverlap = value; });
    });
    connect(m_flashAttention, &QCheckBox::toggled, this, [this](bool on) {
        m_controller.update([on](Scenario& scenario) { scenario.training.flashAttention = on; });
    });
    completeToolTips(this, tr("your training setup; efficiency profiles calibrated on published runs"));
    load(controller.scenario());
}

void TrainingPanel::load(const Scenario& scenario) {
    const TrainingSpec& training = scenario.training;
    loadComboData(m_precision, static_cast<int>(training.precision));
    loadComboData(m_optimizer, static_cast<int>(training.optimizer));
    loadComboData(m_gradDtype, static_cast<int>(training.gradDtype));
    loadSpinBox(m_seqLen, training.seqLen);
    loadSpinBox(m_globalBatch, training.globalBatch);
    loadComboData(m_framework, static_cast<int>(training.framework));
    loadComboData(m_stackRelease, QString::fromStdString(training.stackRelease));
    loadComboData(m_overlapGradReduce, featureData(training.overlapGradReduce));
    loadComboData(m_tpCommOverlap, featureData(training.tpCommOverlap));
    loadCheckBox(m_flashAttention, training.flashAttention);
    m_fineTuning->load(scenario);
}

void TrainingPanel::showStackDefaults(const Plan& plan) {
    const auto label = [](bool on) { return tr("stack default (%1)").arg(on ? tr("on") : tr("off")); };
    m_overlapGradReduce->setItemText(0, label(plan.perf.stackOverlapGradReduce));
    m_tpCommOverlap->setItemText(0, label(plan.perf.stackTpCommOverlap));
}

}  // namespace clusterplan::ui
