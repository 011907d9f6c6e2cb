#include "inputs/cluster_panel.h"

#include "inputs/form_helpers.h"
#include "models/plan_controller.h"
#include "models/qt_text.h"

#include <QLabel>

namespace clusterplan::ui {

ClusterPanel::ClusterPanel(PlanController& controller, FieldRegistry& fields, QWidget* parent)
    : QGroupBox(tr("Cluster"), parent), m_controller(controller) {
    auto* form = new QFormLayout(this);
    QList<std::pair<QString, QVariant>> gpus;
    for (const std::string& id : controller.catalog().gpuIds())
        gpus.append({toQString(controller.catalog().gpu(id)->name), toQString(id)});
    m_gpu = addComboBox(form, fields, {QStringLiteral("cluster.gpu"), QStringLiteral("gpu"), tr("GPU"), {}},
                        gpus);
    m_gpusPerNode = addSpinBox(form, fields,
                               {QStringLiteral("cluster.gpus_per_node"), QStringLiteral("gpusPerNode"),
                                tr("GPUs per node"), tr("GPUs in one server (one NVLink/NVSwitch domain)")},
                               1, 1024);
    m_nodes = addSpinBox(form, fields,
                         {QStringLiteral("cluster.nodes"), QStringLiteral("nodes"), tr("Nodes"),
                          tr("Servers, connected by the inter-node fabric")},
                         1, 100000);
    fields.add(QStringLiteral("cluster.gpus"), m_nodes);
    m_total = new QLabel;
    m_total->setObjectName(QStringLiteral("totalGpus"));
    form->addRow(tr("Total GPUs"), m_total);

    connect(m_gpu, &QComboBox::currentIndexChanged, this, [this] {
        const std::string id = toStdString(m_gpu->currentData().toString());
        m_controller.update([&](Scenario& scenario) { scenario.cluster.gpu = id; });
    });
    connect(m_gpusPerNode, &QSpinBox::valueChanged, this, [this](int value) {
        m_controller.update([value](Scenario& scenario) { scenario.cluster.gpusPerNode = value; });
    });
    connect(m_nodes, &QSpinBox::valueChanged, this, [this](int value) {
        m_controller.update([value](Scenario& scenario) { scenario.cluster.nodes = value; });
    });
    completeToolTips(
        this, tr("GPU datasheets in the built-in catalog (resources/catalog.json) or your catalog.json"));
    load(controller.scenario());
}

void ClusterPanel::load(const Scenario& scenario) {
    loadComboData(m_gpu, toQString(scenario.cluster.gpu));
    loadSpinBox(m_gpusPerNode, scenario.cluster.gpusPerNode);
    loadSpinBox(m_nodes, scenario.cluster.nodes);
    m_total->setText(QString::number(scenario.cluster.gpus()));
}

}  // namespace clusterplan::ui
