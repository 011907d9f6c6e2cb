#pragma once
// Parallel layout inputs: TP, PP, DP (0 = auto), CP, EP, VPP, micro-batch, ZeRO, recompute, SP,
// CPU offload and the host memory it uses; for MoE models the token dispatcher, the EP overlap
// (both "search chooses" while EP is searched), the routing and its balancing-loss coefficient,
// expert TP and DeepSeek-V3's memory measures.
#include <QGroupBox>

#include <cstdint>
#include <vector>

#include "core/report/plan.h"
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

class LayoutPanel : public QGroupBox {
    Q_OBJECT

public:
    LayoutPanel(PlanController& controller, FieldRegistry& fields, QWidget* parent = nullptr);

    void load(const Scenario& scenario);
    // Shows the values the layout search chose for keys the scenario leaves open.
    void showSearched(const Plan& plan);

private:
    struct IntField {
        QSpinBox* box;
        std::int64_t LayoutSpec::*member;
    };

    PlanController& m_controller;
    std::vector<IntField> m_intFields;
    QComboBox* m_zeroStage = nullptr;
    QComboBox* m_recompute = nullptr;
    QCheckBox* m_sequenceParallel = nullptr;
    QComboBox* m_offload = nullptr;                   // layout.offload; "auto": the search may offload
    LimitedDoubleSpinBox* m_cpuMemory = nullptr;      // cluster.cpu_memory_gib; 0 = price book / catalog
    QComboBox* m_dispatcher = nullptr;                // layout.dispatcher; item 0: the search chooses
    QComboBox* m_epOverlap = nullptr;                 // layout.ep_overlap; item 0: the search chooses
    QComboBox* m_routing = nullptr;                   // layout.routing
    LimitedDoubleSpinBox* m_routerAuxLoss = nullptr;  // layout.router_aux_loss; dropless routing only
    QSpinBox* m_expertTp = nullptr;                   // layout.expert_tp; 0 = TP
    QCheckBox* m_recomputeNormUpProj = nullptr;       // layout.recompute_norm_up_proj
    QCheckBox* m_fp8Activations = nullptr;            // layout.fp8_activations

    void addOffloadRows(QFormLayout* form, FieldRegistry& fields);
    void addMoeRows(QFormLayout* form, FieldRegistry& fields);
    void loadMoeRows(const LayoutSpec& layout, bool moe);
};

}  // namespace clusterplan::ui
