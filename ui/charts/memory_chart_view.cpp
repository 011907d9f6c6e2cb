#include "charts/memory_chart_view.h"

#include "models/plan_summary.h"
#include "report/plan.h"

namespace clusterplan::ui {

MemoryChartView::MemoryChartView(QWidget* parent) : MemoryBarsView(parent) {
    setObjectName(QStringLiteral("memoryChart"));
    chart()->legend()->setAlignment(Qt::AlignRight);
}

void MemoryChartView::setPlan(const Plan& plan) {
    const MemoryBreakdown& memory = plan.memory;
    const QString stage = plan.layout.pp > 1
                              ? tr("stage %1 of %2 (most loaded)").arg(memory.stage).arg(plan.layout.pp)
                              : tr("single pipeline stage");
    const QString title = tr("Per-GPU memory, %1<br><b>%2</b>").arg(stage, formatFit(memory));
    const QString label = plan.layout.pp > 1 ? tr("Stage %1").arg(memory.stage) : tr("Every GPU");
    if (plan.layout.offload == Offload::None) {
        showColumns({label}, {memory}, memory.capacity, title);
        return;
    }
    // CPU offload: a second bar for this GPU's share of host memory, in the same categories.
    MemoryBreakdown host;
    host.weights = memory.host.weights;
    host.gradients = memory.host.gradients;
    host.optimizer = memory.host.optimizer;
    const QString hostLine = tr("host: %1 of %2 per GPU (%3)")
                                 .arg(formatGib(memory.host.total()), formatGib(memory.host.capacity),
                                      memory.host.fits() ? tr("fits") : tr("does not fit"));
    showColumns({label, tr("Host memory (offload)")}, {memory, host}, memory.capacity,
                title + QStringLiteral("<br>") + hostLine);
}

}  // namespace clusterplan::ui
