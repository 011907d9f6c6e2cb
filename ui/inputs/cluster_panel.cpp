#include "ui/inputs/cluster_panel.h"

#include <QAbstractItemView>

#include "core/catalog/gpu_switch.h"
#include "core/io/run_inputs_json.h"
#include "core/run/run_realities.h"
#include "ui/inputs/form_helpers.h"
#include "ui/models/engine_terms.h"
#include "ui/models/plan_controller.h"
#include "ui/models/qt_text.h"

#include <QLabel>

namespace clusterplan::ui {

ClusterPanel::ClusterPanel(PlanController& controller, FieldRegistry& fields, QWidget* parent)
    : QGroupBox(tr("Cluster"), parent), m_controller(controller) {
    auto* form = new QFormLayout(this);
    QList<std::pair<QString, QVariant>> gpus;
    for (const std::string& id : controller.catalog().gpuIds()) {
        const GpuSpec& gpu = *controller.catalog().gpu(id);
        gpus.append({localName(gpu.name, gpu.nameZh), toQString(id)});
    }
    m_gpu = addComboBox(form, fields, {QStringLiteral("cluster.gpu"), QStringLiteral("gpu"), tr("GPU"), {}},
                        gpus);
    // The closed box is as wide as 24 characters, not as the longest name ("NVIDIA GB200 NVL72
    // （Blackwell 架构 GPU，186 GB）" widened the inputs and with them the window past 1,024 px in
    // Chinese); its list and each item's tooltip show the names in full.
    m_gpu->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_gpu->setMinimumContentsLength(24);
    for (int i = 0; i < m_gpu->count(); ++i)
        m_gpu->setItemData(i, m_gpu->itemText(i), Qt::ToolTipRole);
    m_gpu->view()->setMinimumWidth(m_gpu->view()->sizeHintForColumn(0) + 2 * m_gpu->view()->frameWidth());
    m_gpusPerNode =
        addLimitedSpinBox(form, fields,
                          {QStringLiteral("cluster.gpus_per_node"), QStringLiteral("gpusPerNode"),
                           tr("GPUs per node"), tr("GPUs in one server (one NVLink/NVSwitch domain)")});
    m_nodes = addLimitedSpinBox(form, fields,
                                {QStringLiteral("cluster.nodes"), QStringLiteral("nodes"), tr("Nodes"),
                                 tr("Servers, connected by the inter-node fabric")});
    fields.add(QStringLiteral("cluster.gpus"), m_nodes);
    m_total = new QLabel;
    m_total->setObjectName(QStringLiteral("totalGpus"));
    form->addRow(tr("Total GPUs"), m_total);
    addFeedRows(form, fields);

    connect(m_gpu, &QComboBox::currentIndexChanged, this, [this] {
        const std::string id = toStdString(m_gpu->currentData().toString());
        m_controller.update([&](Scenario& scenario) { switchGpu(scenario, id, m_controller.catalog()); });
    });
    connect(m_gpusPerNode, &QSpinBox::valueChanged, this, [this](int value) {
        m_controller.update([value](Scenario& scenario) { scenario.cluster.gpusPerNode = value; });
    });
    connect(m_nodes, &QSpinBox::valueChanged, this, [this](int value) {
        m_controller.update([value](Scenario& scenario) { scenario.cluster.nodes = value; });
    });
    connect(m_pipeline, &QComboBox::currentIndexChanged, this, [this] {
        const std::string id = toStdString(m_pipeline->currentData().toString());
        m_controller.update([&](Scenario& scenario) { scenario.training.dataPipeline.preset = id; });
    });
    connect(m_workers, &QSpinBox::valueChanged, this, [this](int value) {
        m_controller.update([value](Scenario& scenario) { scenario.cluster.io.loaderWorkersPerGpu = value; });
    });
    connect(m_cores, &QSpinBox::valueChanged, this, [this](int value) {
        m_controller.update([value](Scenario& scenario) { scenario.cluster.io.cpuCoresPerNode = value; });
    });
    connect(m_drives, &QSpinBox::valueChanged, this, [this](int value) {
        m_controller.update([value](Scenario& scenario) { scenario.cluster.io.nvmeDrives = value; });
    });
    connect(m_networkFs, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        m_controller.update([value](Scenario& scenario) { scenario.cluster.io.networkFsGBs = value; });
    });
    completeToolTips(
        this, tr("GPU datasheets in the built-in catalog (resources/catalog.json) or your catalog.json"));
    load(controller.scenario());
}

// What the data feed depends on; the lowest value of each spin box means "the default"
// (the seed's server in resources/run-realities.json).
void ClusterPanel::addFeedRows(QFormLayout* form, FieldRegistry& fields) {
    m_pipeline = addComboBox(form, fields,
                             {QStringLiteral("training.data_pipeline.preset"), QStringLiteral("dataPipeline"),
                              tr("Training data"), tr("How each sample is read and prepared on the CPU")},
                             {{tr("pre-tokenized text"), QStringLiteral("pretokenized-text")},
                              {tr("raw text, tokenized on the fly"), QStringLiteral("raw-text-tokenize")},
                              {tr("images, decoded and augmented"), QStringLiteral("image-decode-augment")}});
    m_workers = addLimitedSpinBox(form, fields,
                                  {QStringLiteral("cluster.loader_workers_per_gpu"),
                                   QStringLiteral("loaderWorkers"), tr("Loader workers per GPU"),
                                   tr("DataLoader num_workers of each training process")});
    m_workers->setUnsetValue(-1, tr("default (%1)").arg(RunRealities::builtin().server.loaderWorkersPerGpu));
    m_cores = addLimitedSpinBox(form, fields,
                                {QStringLiteral("cluster.cpu_cores_per_node"), QStringLiteral("cpuCores"),
                                 tr("CPU cores per node"), tr("Physical cores of one server, all sockets")});
    m_cores->setUnsetValue(0, tr("default (%1)").arg(RunRealities::builtin().server.cpuCoresPerNode));
    m_drives =
        addLimitedSpinBox(form, fields,
                          {QStringLiteral("cluster.nvme_drives"), QStringLiteral("nvmeDrives"),
                           tr("NVMe drives per node"), tr("Local drives the training data is read from")});
    m_drives->setUnsetValue(0, tr("default (%1)").arg(RunRealities::builtin().server.nvmeDrives));
    m_networkFs = addLimitedDoubleSpinBox(
        form, fields,
        {QStringLiteral("cluster.network_fs_gb_s"), QStringLiteral("networkFs"), tr("Network file system"),
         tr("Read bandwidth of a shared file system for the whole cluster; replaces the local drives")},
        1, 1, tr(" GB/s"));
    m_networkFs->setUnsetValue(0, tr("none (local drives)"));
}

void ClusterPanel::load(const Scenario& scenario) {
    loadComboData(m_gpu, toQString(scenario.cluster.gpu));
    loadSpinBox(m_gpusPerNode, scenario.cluster.gpusPerNode);
    loadSpinBox(m_nodes, scenario.cluster.nodes);
    m_total->setText(QString::number(scenario.cluster.gpus()));
    loadComboData(m_pipeline, toQString(scenario.training.dataPipeline.preset));
    loadSpinBox(m_workers, scenario.cluster.io.loaderWorkersPerGpu);
    loadSpinBox(m_cores, scenario.cluster.io.cpuCoresPerNode);
    loadSpinBox(m_drives, scenario.cluster.io.nvmeDrives);
    loadDoubleSpinBox(m_networkFs, scenario.cluster.io.networkFsGBs);
}

}  // namespace clusterplan::ui
