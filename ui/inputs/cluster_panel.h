#pragma once
// Cluster inputs: the GPU model and how many GPUs, as GPUs per node × nodes.
#include <QGroupBox>

#include "scenario/scenario.h"

class QComboBox;
class QLabel;
class QSpinBox;

namespace clusterplan::ui {

class FieldRegistry;
class PlanController;

class ClusterPanel : public QGroupBox {
    Q_OBJECT

public:
    ClusterPanel(PlanController& controller, FieldRegistry& fields, QWidget* parent = nullptr);

    void load(const Scenario& scenario);

private:
    PlanController& m_controller;
    QComboBox* m_gpu = nullptr;
    QSpinBox* m_gpusPerNode = nullptr;
    QSpinBox* m_nodes = nullptr;
    QLabel* m_total = nullptr;
};

}  // namespace clusterplan::ui
