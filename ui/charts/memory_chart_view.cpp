#include "ui/charts/memory_chart_view.h"

#include "core/report/plan.h"
#include "ui/models/engine_terms.h"
#include "ui/models/plan_summary.h"

namespace clusterplan::ui {

namespace {

// Beside a selection or a baseline every bar is labelled in short lines ("Selected", "2×8×64",
// "+ CPU offload", "optimizer") and the degrees' names ("TP×PP×DP") go once into the axis title:
// Qt Charts hides a category label wider than its bar's slot, and three bars share a chart that is
// 260 pixels wide at 1024 × 700 (it showed "two bars without labels").
bool showsCpAndEp(const Layout& layout) {
    return layout.cp > 1 || layout.ep > 1;
}

QString degreeNames(bool withCpAndEp) {
    return withCpAndEp ? QStringLiteral("TP×PP×DP×CP×EP") : QStringLiteral("TP×PP×DP");
}

QString comparedBarLabel(const QString& role, const Layout& layout, bool withCpAndEp) {
    QStringList degrees{QString::number(layout.tp), QString::number(layout.pp), QString::number(layout.dp)};
    if (withCpAndEp)
        degrees << QString::number(layout.cp) << QString::number(layout.ep);
    QStringList lines{role, degrees.join(QChar(0x00D7))};
    if (layout.offload != Offload::None)
        lines << MemoryChartView::tr("+ CPU offload") << offloadName(layout.offload);
    return lines.join(QStringLiteral("<br>"));
}

}  // namespace

MemoryChartView::MemoryChartView(QWidget* parent) : MemoryBarsView(parent) {
    setObjectName(QStringLiteral("memoryChart"));
}

void MemoryChartView::setPlan(const Plan& plan) {
    setPlans(plan, nullptr, nullptr);
}

void MemoryChartView::setPlans(const Plan& plan, const Plan* selected, const Plan* baseline) {
    const MemoryBreakdown& memory = plan.memory;
    // Stages counted from 1, as the summary counts them (the plan keeps Megatron-LM's rank from 0).
    const QString stage = plan.layout.pp > 1
                              ? tr("stage %1 of %2 (most loaded)").arg(memory.stage + 1).arg(plan.layout.pp)
                              : tr("single pipeline stage");
    const QString title = tr("Per-GPU memory, %1<br><b>%2</b>").arg(stage, formatFit(memory));
    const QString label = plan.layout.pp > 1 ? tr("Stage %1").arg(memory.stage + 1) : tr("Every GPU");
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
    QString columnsTitle;
    if (selected || baseline) {
        const bool wide = showsCpAndEp(plan.layout) || (selected && showsCpAndEp(selected->layout)) ||
                          (baseline && showsCpAndEp(baseline->layout));
        columnsTitle = tr("layout %1").arg(degreeNames(wide));
        labels[0] = comparedBarLabel(tr("Current"), plan.layout, wide);
        if (selected) {
            labels << comparedBarLabel(tr("Selected"), selected->layout, wide);
            columns.push_back(selected->memory);
        }
        if (baseline) {
            labels << comparedBarLabel(tr("Baseline"), baseline->layout, wide);
            columns.push_back(baseline->memory);
        }
    }
    showColumns(labels, columns, memory.capacity, fullTitle, columnsTitle);
}

}  // namespace clusterplan::ui
