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
    showColumns({label}, {memory}, memory.capacity, title);
}

}  // namespace clusterplan::ui
