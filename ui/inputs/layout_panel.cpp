#include "ui/inputs/layout_panel.h"

#include "ui/inputs/form_helpers.h"
#include "ui/models/engine_terms.h"
#include "ui/models/plan_controller.h"
#include "ui/models/qt_text.h"

namespace clusterplan::ui {

namespace {

using IntFieldSpec = BoundIntField<LayoutSpec>;

// The scenario key bit of a layout member (scenario.h LayoutKey).
unsigned keyOf(std::int64_t LayoutSpec::*member) {
    if (member == &LayoutSpec::tp)
        return kTp;
    if (member == &LayoutSpec::pp)
        return kPp;
    if (member == &LayoutSpec::dp)
        return kDp;
    if (member == &LayoutSpec::cp)
        return kCp;
    if (member == &LayoutSpec::ep)
        return kEp;
    if (member == &LayoutSpec::vpp)
        return kVpp;
    return kMicroBatch;
}

std::vector<IntFieldSpec> intFieldSpecs() {
    return {
        {{QStringLiteral("layout.tp"), QStringLiteral("tp"), LayoutPanel::tr("Tensor parallel (TP)"),
          LayoutPanel::tr("Splits every layer's matrices; must divide the heads")},
         &LayoutSpec::tp},
        {{QStringLiteral("layout.pp"), QStringLiteral("pp"), LayoutPanel::tr("Pipeline parallel (PP)"),
          LayoutPanel::tr("Pipeline stages; layers are split between them")},
         &LayoutSpec::pp},
        {{QStringLiteral("layout.dp"), QStringLiteral("dp"), LayoutPanel::tr("Data parallel (DP)"),
          LayoutPanel::tr("Model replicas; auto = the remaining GPUs, GPUs / (TP·PP·CP)")},
         &LayoutSpec::dp},
        {{QStringLiteral("layout.cp"), QStringLiteral("cp"), LayoutPanel::tr("Context parallel (CP)"),
          LayoutPanel::tr("Splits each sequence between GPUs")},
         &LayoutSpec::cp},
        {{QStringLiteral("layout.ep"), QStringLiteral("ep"), LayoutPanel::tr("Expert parallel (EP)"),
          LayoutPanel::tr("Splits the routed experts of MoE layers")},
         &LayoutSpec::ep},
        {{QStringLiteral("layout.vpp"), QStringLiteral("vpp"), LayoutPanel::tr("Virtual stages (VPP)"),
          LayoutPanel::tr("Model chunks per GPU (interleaved 1F1B schedule)")},
         &LayoutSpec::vpp},
        {{QStringLiteral("layout.micro_batch"), QStringLiteral("microBatch"), LayoutPanel::tr("Micro-batch"),
          LayoutPanel::tr("Sequences per micro-batch")},
         &LayoutSpec::microBatch},
    };
}

}  // namespace

LayoutPanel::LayoutPanel(PlanController& controller, FieldRegistry& fields, QWidget* parent)
    : QGroupBox(tr("Parallel layout"), parent), m_controller(controller) {
    auto* form = new QFormLayout(this);
    for (const IntFieldSpec& spec : intFieldSpecs()) {
        QSpinBox* box = addLimitedSpinBox(form, fields, spec.info);
        const auto member = spec.member;
        connect(box, &QSpinBox::valueChanged, this, [this, member](int value) {
            m_controller.update([member, value](Scenario& scenario) {
                scenario.layout.*member = value;
                scenario.layout.open &= ~keyOf(member);  // an edited key is no longer searched
            });
        });
        m_intFields.push_back({box, member});
    }
    for (const IntField& field : m_intFields) {
        if (field.member == &LayoutSpec::dp)
            field.box->setSpecialValueText(tr("auto (the rest)"));
    }

    m_zeroStage =
        addComboBox(form, fields,
                    {QStringLiteral("layout.zero_stage"), QStringLiteral("zeroStage"), tr("ZeRO stage"),
                     tr("Sharding across data-parallel ranks: 1 optimizer states, 2 + gradients, "
                        "3 + parameters (FSDP full shard)")},
                    {{tr("0 (DDP)"), 0}, {tr("1"), 1}, {tr("2"), 2}, {tr("3 (FSDP)"), 3}});
    QList<std::pair<QString, QVariant>> recompute;
    for (Recompute value : {Recompute::None, Recompute::Selective, Recompute::Full})
        recompute.append({recomputeName(value), static_cast<int>(value)});
    m_recompute = addComboBox(form, fields,
                              {QStringLiteral("layout.recompute"), QStringLiteral("recompute"),
                               tr("Recompute"), tr("Activation recomputation (checkpointing)")},
                              recompute);
    m_sequenceParallel =
        addCheckBox(form, fields,
                    {QStringLiteral("layout.sequence_parallel"), QStringLiteral("sequenceParallel"),
                     tr("Sequence parallel"), tr("Shards norm and dropout activations across the TP group")});

    addOffloadRows(form, fields);

    connect(m_zeroStage, &QComboBox::currentIndexChanged, this, [this] {
        const int stage = m_zeroStage->currentData().toInt();
        m_controller.update([stage](Scenario& scenario) {
            scenario.layout.zeroStage = stage;
            scenario.layout.open &= ~unsigned(kZeroStage);
        });
    });
    connect(m_recompute, &QComboBox::currentIndexChanged, this, [this] {
        const auto value = static_cast<Recompute>(m_recompute->currentData().toInt());
        m_controller.update([value](Scenario& scenario) {
            scenario.layout.recompute = value;
            scenario.layout.open &= ~unsigned(kRecompute);
        });
    });
    connect(m_sequenceParallel, &QCheckBox::toggled, this, [this](bool on) {
        m_controller.update([on](Scenario& scenario) {
            scenario.layout.sequenceParallel = on;
            scenario.layout.open &= ~unsigned(kSequenceParallel);
        });
    });
    completeToolTips(
        this, tr("searched by ClusterPlan when the scenario file leaves the key out, else your choice"));
    load(controller.scenario());
}

void LayoutPanel::addOffloadRows(QFormLayout* form, FieldRegistry& fields) {
    QList<std::pair<QString, QVariant>> offload{{tr("auto (only if nothing fits)"), -1}};
    for (Offload value : {Offload::None, Offload::Optimizer, Offload::OptimizerAndParams})
        offload.append({offloadName(value), static_cast<int>(value)});
    m_offload = addComboBox(form, fields,
                            {QStringLiteral("layout.offload"), QStringLiteral("offload"), tr("CPU offload"),
                             tr("optimizer: ZeRO-Offload (optimizer states and step on the CPU); "
                                "optimizer and parameters: parameters in host memory too (ZeRO-Infinity)")},
                            offload);
    m_cpuMemory =
        addLimitedDoubleSpinBox(form, fields,
                                {QStringLiteral("cluster.cpu_memory_gib"), QStringLiteral("cpuMemory"),
                                 tr("Host memory"), tr("DDR memory per server, used by CPU offload")},
                                0, 1, tr(" GiB per server"));
    m_cpuMemory->setUnsetValue(0, tr("auto (price book / catalog)"));
    connect(m_offload, &QComboBox::currentIndexChanged, this, [this] {
        const int value = m_offload->currentData().toInt();
        m_controller.update([value](Scenario& scenario) {
            scenario.layout.offload =
                value < 0 ? std::nullopt : std::optional<Offload>(static_cast<Offload>(value));
        });
    });
    connect(m_cpuMemory, &QDoubleSpinBox::valueChanged, this, [this](double gib) {
        m_controller.update([gib](Scenario& scenario) { scenario.cluster.cpuMemoryGib = gib; });
    });
}

void LayoutPanel::showSearched(const Plan& plan) {
    const LayoutSpec& spec = plan.scenario.layout;
    const Layout& chosen = plan.layout;
    const auto searchedValue = [&](std::int64_t LayoutSpec::*member) -> std::int64_t {
        if (member == &LayoutSpec::tp)
            return chosen.tp;
        if (member == &LayoutSpec::pp)
            return chosen.pp;
        if (member == &LayoutSpec::dp)
            return chosen.dp;
        if (member == &LayoutSpec::cp)
            return chosen.cp;
        if (member == &LayoutSpec::ep)
            return chosen.ep;
        if (member == &LayoutSpec::vpp)
            return chosen.vpp;
        return chosen.microBatch;
    };
    const QString searched = tr(" (searched)");
    for (const IntField& field : m_intFields) {
        const bool open = (spec.open & keyOf(field.member)) != 0;
        field.box->setSuffix(open ? searched : QString());
        if (open)
            loadSpinBox(field.box, searchedValue(field.member));
    }
    if (spec.isOpen(kZeroStage))
        loadComboData(m_zeroStage, chosen.zeroStage);
    if (spec.isOpen(kRecompute))
        loadComboData(m_recompute, static_cast<int>(chosen.recompute));
    if (spec.isOpen(kSequenceParallel))
        loadCheckBox(m_sequenceParallel, chosen.sequenceParallel);
}

void LayoutPanel::load(const Scenario& scenario) {
    for (const IntField& field : m_intFields)
        loadSpinBox(field.box, scenario.layout.*field.member);
    loadComboData(m_zeroStage, scenario.layout.zeroStage);
    loadComboData(m_recompute, static_cast<int>(scenario.layout.recompute));
    loadCheckBox(m_sequenceParallel, scenario.layout.sequenceParallel);
    loadComboData(m_offload, scenario.layout.offload ? static_cast<int>(*scenario.layout.offload) : -1);
    loadDoubleSpinBox(m_cpuMemory, scenario.cluster.cpuMemoryGib);
}

}  // namespace clusterplan::ui
