#include "ui/charts/memory_chart_view.h"

#include "core/report/plan.h"
#include "ui/models/plan_summary.h"

namespace clusterplan::ui {

MemoryChartView::MemoryChartView(QWidget* parent) : MemoryBarsView(parent) {
    setObjectName(QStringLiteral("memoryChart"));
}

void MemoryChartView::setPlan(const Plan& plan) {
    setPlans(plan, nullptr, nullptr);
}

void MemoryChartView::setPlans(const Plan& plan, const Plan* selected, const Plan* baseline) {
    const MemoryBreakdown& memory = plan.memory;
    const QString stage = plan.layout.pp > 1
                              ? tr("stage %1 of %2 (most loaded)").arg(memory.stage).arg(plan.layout.pp)
                              : tr("single pipeline stage");
    const QString title = tr("Per-GPU memory, %1<br><b>%2</b>").arg(stage, formatFit(memory));
    const QString label = plan.layout.pp > 1 ? tr("Stage %1").arg(memory.stage) : tr("Every GPU");
    QStringList labels{label};
    std::vector<MemoryBreakdown> columns{memory};
    QString fullTitle = title;
    if (plan.layout.offload != Offload::None) {
        // CPU offload: a second bar for this GPU's share of host memory, in the same categories.
        MemoryBreakdown host;
        host.weights = memory.host.weights;
        host.gradients = memory.host.gradients;
        host.optimizer = memory.host.optimizer;
        fullTitle +=
            QStringLiteral("<br>") + tr("host: %1 of %2 per GPU (%3)")
                                         .arg(formatGib(memory.host.total()), formatGib(memory.host.capacity),
                                              memory.host.fits() ? tr("fits") : tr("does not fit"));
        labels << tr("Host memory (offload)");
        columns.push_back(host);
    }
    if (selected || baseline)
        labels[0] = tr("Current %1").arg(formatLayoutWithOffload(plan.layout));
    if (selected) {
        labels << tr("Selected %1").arg(formatLayoutWithOffload(selected->layout));
        columns.push_back(selected->memory);
    }
    if (baseline) {
        labels << tr("Baseline %1").arg(formatLayoutWithOffload(baseline->layout));
        columns.push_back(baseline->memory);
    }
    showColumns(labels, columns, memory.capacity, fullTitle);
}

}  // namespace clusterplan::ui
