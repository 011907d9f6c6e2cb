#include "ui/charts/zero_comparison_chart_view.h"

#include "core/report/plan.h"

namespace clusterplan::ui {

ZeroComparisonChartView::ZeroComparisonChartView(QWidget* parent) : MemoryBarsView(parent) {
    setObjectName(QStringLiteral("zeroChart"));
}

QStringList ZeroComparisonChartView::stageNames() {
    return {tr("ZeRO-0 (DDP)"), tr("ZeRO-1"), tr("ZeRO-2"), tr("ZeRO-3/FSDP")};
}

void ZeroComparisonChartView::setPlan(const Plan& plan) {
    QStringList labels = stageNames();
    // Two lines each ("ZeRO-0" over "(DDP)"): four one-line names are wider than their slots in a
    // 1024-pixel window, and Qt Charts then hides the first and the last.
    for (QString& label : labels)
        label.replace(QStringLiteral(" ("), QStringLiteral("<br>("))
            .replace(QStringLiteral("（"), QStringLiteral("<br>（"))
            .replace(QLatin1Char('/'), QStringLiteral("/<br>"));
    const auto count = std::min<qsizetype>(labels.size(), static_cast<qsizetype>(plan.zeroStages.size()));
    labels.resize(count);
    const int current = plan.layout.zeroStage;
    if (current >= 0 && current < count)
        labels[current] = tr("<b>%1</b><br>(current)").arg(labels[current]);
    const std::vector<MemoryBreakdown> columns(plan.zeroStages.begin(), plan.zeroStages.begin() + count);
    showColumns(labels, columns, plan.memory.capacity,
                plan.layout.cp > 1
                    ? tr("Per-GPU memory by ZeRO stage (same layout, sharded over DP×CP = %1 GPUs)")
                          .arg(plan.layout.dp * plan.layout.cp)
                    : tr("Per-GPU memory by ZeRO stage (same layout, DP = %1)").arg(plan.layout.dp));
}

}  // namespace clusterplan::ui
