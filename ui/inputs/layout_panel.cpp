#include "ui/inputs/layout_panel.h"

#include "ui/inputs/form_helpers.h"
#include "ui/models/engine_terms.h"
#include "ui/models/moe_layout_keys.h"
#include "ui/models/plan_controller.h"
#include "ui/models/qt_text.h"

#include <QStandardItemModel>

#include <initializer_list>

namespace clusterplan::ui {

namespace {

using IntFieldSpec = BoundIntField<LayoutSpec>;

// The combo item of a MoE key the search chooses (its data; the values are the enums' own, from 0).
constexpr int kSearchChooses = -1;

// Item 0 of a MoE key's combo, "search chooses": selectable only while EP is searched too.
void allowSearchChoice(QComboBox* box, bool allowed) {
    if (auto* items = qobject_cast<QStandardItemModel*>(box->model()))
        if (QStandardItem* item = items->item(0))
            item->setEnabled(allowed);
}

// A combo's items: `first` (when not empty) as kSearchChooses, then each value by its name.
template <typename E>
QList<std::pair<QString, QVariant>> namedItems(const QString& first, std::initializer_list<E> values,
                                               QString (*name)(E)) {
    QList<std::pair<QString, QVariant>> items;
    if (!first.isEmpty())
        items.append({first, kSearchChooses});
    for (E value : values)
        items.append({name(value), static_cast<int>(value)});
    return items;
}

// A MoE key's combo edits the scenario: "search chooses" opens `key`, its value back at Megatron-
// Core's default (as a file that leaves the key out reads); a value pins it.
template <typename E>
void connectSearchable(QComboBox* box, PlanController& controller, unsigned key, E MoeOptions::*member) {
    QObject::connect(box, &QComboBox::currentIndexChanged, box, [box, &controller, key, member] {
        const int value = box->currentData().toInt();
        controller.update([value, key, member](Scenario& scenario) {
            LayoutSpec& l = scenario.layout;
            l.moe.*member = value == kSearchChooses ? MoeOptions{}.*member : static_cast<E>(value);
            l.open = value == kSearchChooses ? (l.open | key) : (l.open & ~key);
        });
    });
}

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
            const Layout* searched = m_controller.plan() ? &m_controller.plan()->layout : nullptr;
            m_controller.update([member, value, searched](Scenario& scenario) {
                scenario.layout.*member = value;
                if (member == &LayoutSpec::ep)  // the dispatcher and overlap are searched only with EP
                    fixExpertParallel(scenario.layout, searched);
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
    addMoeRows(form, fields);

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

void LayoutPanel::addMoeRows(QFormLayout* form, FieldRegistry& fields) {
    const QString search = tr("search chooses");
    m_dispatcher = addComboBox(
        form, fields,
        {QStringLiteral("layout.dispatcher"), QStringLiteral("dispatcher"), tr("Token dispatcher"),
         tr("How MoE tokens reach their experts' GPUs: all-to-all, all-gather over the expert group, "
            "or DeepEP / HybridEP (a token crosses the network once per server, then NVLink)")},
        namedItems(search,
                   {MoeDispatcher::AllToAll, MoeDispatcher::AllGather, MoeDispatcher::DeepEp,
                    MoeDispatcher::HybridEp},
                   dispatcherName));
    m_epOverlap = addComboBox(
        form, fields,
        {QStringLiteral("layout.ep_overlap"), QStringLiteral("epOverlap"), tr("EP overlap"),
         tr("What hides the expert-parallel all-to-all: nothing, one micro-batch's dispatch beside "
            "another's compute (1F1B), or DeepSeek's DualPipe (two copies of the parameters)")},
        namedItems(search, {EpOverlap::None, EpOverlap::OneFOneB, EpOverlap::DualPipe}, epOverlapName));
    m_routing =
        addComboBox(form, fields,
                    {QStringLiteral("layout.routing"), QStringLiteral("routing"), tr("Routing"),
                     tr("forced balance: every expert gets as many tokens (as published benchmarks "
                        "run); dropless: learned routing, the busiest expert sets the pace; token "
                        "drop: capacity factor 1, inputs padded to capacity")},
                    namedItems({}, {MoeRouting::ForcedBalance, MoeRouting::Dropless, MoeRouting::TokenDrop},
                               routingName));
    m_routerAuxLoss = addLimitedDoubleSpinBox(
        form, fields,
        {QStringLiteral("layout.router_aux_loss"), QStringLiteral("routerAuxLoss"),
         tr("Balancing-loss coefficient"),
         tr("The router's load-balancing loss coefficient under dropless routing (Megatron-Core "
            "--moe-aux-loss-coeff); larger means less wait for the busiest expert rank")},
        4);
    m_routerAuxLoss->setSingleStep(0.001);
    setFieldSource(m_routerAuxLoss,
                   tr("your choice; 0.001 when the scenario file leaves it out, the coefficient of "
                      "Megatron-MoE-ModelZoo's Qwen3-235B-A22B configuration"));

    m_expertTp = addLimitedSpinBox(
        form, fields,
        {QStringLiteral("layout.expert_tp"), QStringLiteral("expertTp"), tr("Expert TP"),
         tr("Tensor parallel size of the expert layers (Megatron-Core --expert-tensor-parallel-size); "
            "the experts fold over the same GPUs as the attention: expert TP × EP × expert DP = TP × CP × "
            "DP")});
    m_expertTp->setSpecialValueText(tr("auto (= TP)"));
    m_recomputeNormUpProj =
        addCheckBox(form, fields,
                    {QStringLiteral("layout.recompute_norm_up_proj"), QStringLiteral("recomputeNormUpProj"),
                     tr("Recompute norms and up-projections"),
                     tr("RMSNorm outputs and MLA up-projections recomputed in the backward instead of stored "
                        "(DeepSeek-V3 technical report, arXiv:2412.19437 §3.3)")});
    m_fp8Activations = addCheckBox(
        form, fields,
        {QStringLiteral("layout.fp8_activations"), QStringLiteral("fp8Activations"),
         tr("FP8 activation storage"),
         tr("Inputs of the linear layers after attention and of the experts' SwiGLU cached in FP8 "
            "(DeepSeek-V3 technical report, arXiv:2412.19437 §3.3)")});
    connect(m_expertTp, &QSpinBox::valueChanged, this, [this](int value) {
        m_controller.update([value](Scenario& scenario) { scenario.layout.expertTp = value; });
    });
    connect(m_recomputeNormUpProj, &QCheckBox::toggled, this, [this](bool on) {
        m_controller.update([on](Scenario& scenario) { scenario.layout.moe.recomputeNormUpProj = on; });
    });
    connect(m_fp8Activations, &QCheckBox::toggled, this, [this](bool on) {
        m_controller.update([on](Scenario& scenario) { scenario.layout.moe.fp8Activations = on; });
    });

    connectSearchable(m_dispatcher, m_controller, kDispatcher, &MoeOptions::dispatcher);
    connectSearchable(m_epOverlap, m_controller, kEpOverlap, &MoeOptions::epOverlap);
    connect(m_routing, &QComboBox::currentIndexChanged, this, [this] {
        const auto value = static_cast<MoeRouting>(m_routing->currentData().toInt());
        m_controller.update([value](Scenario& scenario) { scenario.layout.moe.routing = value; });
    });
    connect(m_routerAuxLoss, &QDoubleSpinBox::valueChanged, this, [this](double alpha) {
        m_controller.update([alpha](Scenario& scenario) { scenario.layout.moe.routerAuxLoss = alpha; });
    });
}

void LayoutPanel::loadMoeRows(const LayoutSpec& layout, bool moe) {
    loadComboData(m_dispatcher,
                  layout.isOpen(kDispatcher) ? kSearchChooses : static_cast<int>(layout.moe.dispatcher));
    loadComboData(m_epOverlap,
                  layout.isOpen(kEpOverlap) ? kSearchChooses : static_cast<int>(layout.moe.epOverlap));
    loadComboData(m_routing, static_cast<int>(layout.moe.routing));
    loadDoubleSpinBox(m_routerAuxLoss, layout.moe.routerAuxLoss);
    loadSpinBox(m_expertTp, layout.expertTp);
    loadCheckBox(m_recomputeNormUpProj, layout.moe.recomputeNormUpProj);
    loadCheckBox(m_fp8Activations, layout.moe.fp8Activations);
    for (QWidget* input : std::initializer_list<QWidget*>{m_dispatcher, m_epOverlap, m_routing, m_expertTp})
        input->setEnabled(moe);  // a dense model has no experts to route
    // Only learned routing has a balancing loss: forced balance and token drop ignore it.
    m_routerAuxLoss->setEnabled(moe && layout.moe.routing == MoeRouting::Dropless);
    allowSearchChoice(m_dispatcher, layout.isOpen(kEp) || layout.isOpen(kDispatcher));
    allowSearchChoice(m_epOverlap, layout.isOpen(kEp) || layout.isOpen(kEpOverlap));
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
    // "search chooses (DeepEP)": the key stays open, the item names what the search chose.
    const bool moe = plan.scenario.model.moe.has_value();
    m_dispatcher->setItemText(0, spec.isOpen(kDispatcher) && moe
                                     ? tr("search chooses (%1)").arg(dispatcherName(chosen.moe.dispatcher))
                                     : tr("search chooses"));
    m_epOverlap->setItemText(0, spec.isOpen(kEpOverlap) && moe
                                    ? tr("search chooses (%1)").arg(epOverlapName(chosen.moe.epOverlap))
                                    : tr("search chooses"));
}

void LayoutPanel::load(const Scenario& scenario) {
    for (const IntField& field : m_intFields)
        loadSpinBox(field.box, scenario.layout.*field.member);
    loadComboData(m_zeroStage, scenario.layout.zeroStage);
    loadComboData(m_recompute, static_cast<int>(scenario.layout.recompute));
    loadCheckBox(m_sequenceParallel, scenario.layout.sequenceParallel);
    loadComboData(m_offload, scenario.layout.offload ? static_cast<int>(*scenario.layout.offload) : -1);
    loadDoubleSpinBox(m_cpuMemory, scenario.cluster.cpuMemoryGib);
    loadMoeRows(scenario.layout, scenario.model.moe.has_value());
}

}  // namespace clusterplan::ui
