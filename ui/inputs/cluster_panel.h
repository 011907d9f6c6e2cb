#pragma once
// Cluster inputs: the GPU model and how many GPUs, as GPUs per node × nodes; and what feeds them:
// the training data's pipeline, loader workers per GPU and CPU cores per server.
#include <QGroupBox>

#include "core/scenario/scenario.h"

class QComboBox;
class QFormLayout;
class QLabel;
class QSpinBox;
class QDoubleSpinBox;

namespace clusterplan::ui {

class LimitedDoubleSpinBox;

class FieldRegistry;
class LimitedSpinBox;
class PlanController;

class ClusterPanel : public QGroupBox {
    Q_OBJECT

public:
    ClusterPanel(PlanController& controller, FieldRegistry& fields, QWidget* parent = nullptr);

    void load(const Scenario& scenario);

private:
    void addFeedRows(QFormLayout* form, FieldRegistry& fields);

    PlanController& m_controller;
    QComboBox* m_gpu = nullptr;
    QSpinBox* m_gpusPerNode = nullptr;
    QSpinBox* m_nodes = nullptr;
    QLabel* m_total = nullptr;
    QComboBox* m_pipeline = nullptr;              // training.data_pipeline.preset
    LimitedSpinBox* m_workers = nullptr;          // cluster.loader_workers_per_gpu; -1 = default
    LimitedSpinBox* m_cores = nullptr;            // cluster.cpu_cores_per_node; 0 = default
    LimitedSpinBox* m_drives = nullptr;           // cluster.nvme_drives; 0 = default
    LimitedDoubleSpinBox* m_networkFs = nullptr;  // cluster.network_fs_gb_s; 0 = local drives
};

}  // namespace clusterplan::ui
