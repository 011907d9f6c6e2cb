#include "ui/models/plan_summary.h"

#include "core/report/plan_format.h"
#include "core/util/units.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/engine_terms.h"
#include "ui/models/number_text.h"
#include "ui/models/qt_text.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

#include <array>
#include <cmath>

namespace clusterplan::ui {

namespace {

// Translation context of the summary's free functions (lupdate reads PlanSummary::tr).
struct PlanSummary {
    Q_DECLARE_TR_FUNCTIONS(PlanSummary)
};

// A number with `decimals` decimals in the window's locale; "–" when it is not finite.
QString fixed(double value, int decimals) {
    return formatNumber(value, decimals);
}

// A label and its value; the value wraps at the pane's width. Unwrapped values (and a 640-pixel
// column for the search's explanation) made the pane scroll sideways at 1400 × 900.
QString row(const QString& label, const QString& value) {
    return QStringLiteral("<tr><td valign='top' style='padding-right:12px; white-space:nowrap'><b>%1</b></td>"
                          "<td>%2</td></tr>")
        .arg(label.toHtmlEscaped(), value);
}

QString zeroName(int stage) {
    switch (stage) {
    case 0:
        return QStringLiteral("0 (DDP)");
    case 3:
        return QStringLiteral("3 (FSDP)");
    default:
        return QString::number(stage);
    }
}

QString layoutDetails(const Layout& layout) {
    QStringList parts;
    parts << PlanSummary::tr("micro-batch %1").arg(layout.microBatch);
    if (layout.vpp > 1)
        parts << PlanSummary::tr("VPP %1").arg(layout.vpp);
    parts << PlanSummary::tr("ZeRO %1").arg(zeroName(layout.zeroStage));
    parts << PlanSummary::tr("recompute %1").arg(recomputeName(layout.recompute));
    if (layout.sequenceParallel)
        parts << PlanSummary::tr("sequence parallel");
    if (layout.expertTp > 0)
        parts << PlanSummary::tr("expert TP %1").arg(layout.expertTp);
    if (layout.moe.dispatcher == MoeDispatcher::AllGather)
        parts << PlanSummary::tr("all-gather dispatch");
    else if (layout.moe.dispatcher == MoeDispatcher::DeepEp)
        parts << PlanSummary::tr("DeepEP dispatch");
    else if (layout.moe.dispatcher == MoeDispatcher::HybridEp)
        parts << PlanSummary::tr("HybridEP dispatch");
    if (layout.moe.epOverlap == EpOverlap::OneFOneB)
        parts << PlanSummary::tr("1F1B EP overlap");
    else if (layout.moe.epOverlap == EpOverlap::DualPipe)
        parts << PlanSummary::tr("DualPipe");
    if (layout.moe.recomputeNormUpProj)
        parts << PlanSummary::tr("norms and up-projections recomputed");
    if (layout.moe.fp8Activations)
        parts << PlanSummary::tr("FP8 activations");
    if (layout.offload != Offload::None)
        parts << PlanSummary::tr("CPU offload %1").arg(offloadName(layout.offload));
    return parts.join(PlanSummary::tr(", "));
}

// "weights 14.96 GiB · gradients …": the numbers behind the stacked bar.
QString breakdownText(const MemoryBreakdown& m) {
    const QString dot = QStringLiteral(" %1 ").arg(QChar(0x00B7));
    return QStringList{PlanSummary::tr("weights %1").arg(formatGib(m.weights)),
                       PlanSummary::tr("gradients %1").arg(formatGib(m.gradients)),
                       PlanSummary::tr("optimizer %1").arg(formatGib(m.optimizer)),
                       PlanSummary::tr("activations %1").arg(formatGib(m.activations)),
                       PlanSummary::tr("other %1").arg(formatGib(m.other.total()))}
        .join(dot);
}

// The named overheads inside "other", leaving out the ones that are zero.
QString otherText(const OtherMemory& o) {
    QStringList parts;
    const auto add = [&](const QString& name, double bytes) {
        if (bytes > 0)
            parts << name + QLatin1Char(' ') + formatGib(bytes);
    };
    add(PlanSummary::tr("CUDA context"), o.cudaContext);
    add(PlanSummary::tr("NCCL buffers"), o.commBuffers);
    add(PlanSummary::tr("cuBLAS workspace"), o.workspace);
    add(PlanSummary::tr("ZeRO-3 gather"), o.paramGather);
    add(PlanSummary::tr("fragmentation"), o.fragmentation);
    return parts.join(QStringLiteral(" %1 ").arg(QChar(0x00B7)));
}

// Step time with its uncertainty band, throughput and time to train: numbers from the engine.
QString timeRows(const PerfEstimate& t, std::int64_t gpus) {
    const auto sec = [](double s) { return PlanSummary::tr("%1 s").arg(fixed(s, s < 10 ? 3 : 1)); };
    QString html =
        row(PlanSummary::tr("Step time"), PlanSummary::tr("%1 (%2 to %3, profile %4)")
                                              .arg(sec(t.stepSeconds), sec(t.stepSecondsLow),
                                                   sec(t.stepSecondsHigh), profileName(t.profileId)));
    QStringList parts;
    for (const StepPart& part : stepParts(t))
        if (part.seconds > 0.0005 * t.stepSeconds)
            parts << PlanSummary::tr("%1 %2 %").arg(stepPartName(part.shortName),
                                                    fixed(100 * part.seconds / t.stepSeconds, 1));
    html += row(PlanSummary::tr("Step parts"), parts.join(QStringLiteral(" %1 ").arg(QChar(0x00B7))));
    html += row(PlanSummary::tr("Throughput"),
                PlanSummary::tr("%1 tokens/s (%2 per GPU), %3 TFLOP/s per GPU, MFU %4 %")
                    .arg(fixed(t.tokensPerSecond, 0), fixed(t.tokensPerSecond / static_cast<double>(gpus), 0),
                         fixed(t.tflopsPerGpu, 1), fixed(100 * t.mfu, 1)));
    return html;
}

// Steady-state and budgeted days side by side, and whether the servers feed the GPUs.
QString runRows(const Plan& plan) {
    const PerfEstimate& t = plan.perf;
    const RunLength& r = plan.run;
    QString html =
        row(PlanSummary::tr("Training time"),
            PlanSummary::tr("%1 days steady-state %2 %3 days budgeted (goodput %4 %), %5 GPU-hours")
                .arg(fixed(t.trainDays, 1), QString(QChar(0x00B7)), fixed(r.wallDays, 1),
                     fixed(100 * r.goodput, 1), fixed(r.budgetGpuHours, 0)));
    html += row(PlanSummary::tr("Interruptions"),
                PlanSummary::tr("%1 expected (one every %2 h), checkpoint of %3 GB every %4 h")
                    .arg(fixed(r.interruptions, 1), fixed(r.mtbfHours, 1),
                         fixed(r.checkpointBytes / units::kGB, 0), fixed(r.checkpointIntervalHours, 2)));
    const FeedCheck& f = plan.feed;
    const QString rates =
        PlanSummary::tr("per server: GPUs need %1, workers prepare %2, storage reads %3 samples/s")
            .arg(fixed(f.neededPerNode, 1), fixed(f.cpuPerNode, 1), fixed(f.storagePerNode, 0));
    const QString verdict =
        f.binds ? PlanSummary::tr("<span style='color:#b2182b'><b>binds</b></span> (%1), GPUs at %2 %; %3")
                      .arg(f.bottleneck == "cpu" ? PlanSummary::tr("CPU") : PlanSummary::tr("storage"),
                           fixed(100 * f.gpuUtilization, 0), rates)
                : PlanSummary::tr("keeps up (%1%2 the need); %3")
                      .arg(fixed(f.margin, 1), QChar(0x00D7))
                      .arg(rates);
    html += row(PlanSummary::tr("Data feed"), verdict);
    return html;
}

// "lora r=16 (q,k,v,o,gate,up,down): 207.09 M trainable (0.294 %)" and the offload, if any.
QString methodText(const Plan& plan) {
    const TrainingSpec& t = plan.scenario.training;
    QString text = methodName(t.method);
    if (t.method != TrainingMethod::Full)
        text += QStringLiteral(" r=%1 (%2)").arg(t.lora.rank).arg(toQString(loraTargetList(t.lora.targets)));
    text += PlanSummary::tr(": %1 M trainable (%2 %)")
                .arg(fixed(plan.trainable.trainable / 1e6, 2),
                     fixed(100 * plan.trainable.trainable / plan.params.total, 3));
    if (plan.layout.offload != Offload::None)
        text += PlanSummary::tr("; CPU offload %1, host %2 of %3 per GPU")
                    .arg(offloadName(plan.layout.offload), formatGib(plan.memory.host.total()),
                         formatGib(plan.memory.host.capacity));
    return text;
}

QString largestMicroBatchText(const Plan& plan) {
    if (plan.largestMicroBatch <= 0)
        return PlanSummary::tr("none (one sequence does not fit)");
    // Spelled out, not "%n sequence(s)": the English window has no translation file to choose a
    // plural form from.
    return plan.largestMicroBatch == 1 ? PlanSummary::tr("1 sequence")
                                       : PlanSummary::tr("%1 sequences").arg(plan.largestMicroBatch);
}

}  // namespace

QString formatGib(double bytes, int decimals) {
    return PlanSummary::tr("%1 GiB").arg(fixed(toGib(bytes), decimals));
}

QString formatBillions(double count) {
    return PlanSummary::tr("%1 B").arg(fixed(count / units::kBillion, 2));
}

QString formatFlops(double flops) {
    static constexpr std::array<const char*, 6> kPrefixes = {"", "k", "M", "G", "T", "P"};
    std::size_t index = 0;
    double value = flops;
    while (std::abs(value) >= 1000.0 && index + 1 < kPrefixes.size()) {
        value /= 1000.0;
        ++index;
    }
    return QStringLiteral("%1 %2FLOP").arg(fixed(value, 1), QLatin1String(kPrefixes[index]));
}

QString formatLayoutDegrees(const Layout& layout) {
    const QChar times(0x00D7);
    QStringList degrees{QString::number(layout.tp), QString::number(layout.pp), QString::number(layout.dp)};
    QStringList names{QStringLiteral("TP"), QStringLiteral("PP"), QStringLiteral("DP")};
    if (layout.cp > 1 || layout.ep > 1) {
        degrees << QString::number(layout.cp) << QString::number(layout.ep);
        names << QStringLiteral("CP") << QStringLiteral("EP");
    }
    return QStringLiteral("%1 (%2)").arg(degrees.join(times), names.join(times));
}

QString formatLayoutWithOffload(const Layout& layout) {
    if (layout.offload == Offload::None)
        return formatLayoutDegrees(layout);
    return PlanSummary::tr("%1 + CPU offload %2")
        .arg(formatLayoutDegrees(layout), offloadName(layout.offload));
}

QString formatFit(const MemoryBreakdown& memory) {
    if (memory.fitsGpu() && !memory.host.fits())
        return PlanSummary::tr("does NOT fit in host memory (offload needs %1 of %2 per GPU)")
            .arg(formatGib(memory.host.total()), formatGib(memory.host.capacity));
    if (memory.fits())
        return PlanSummary::tr("fits (%1 of %2)").arg(formatGib(memory.total()), formatGib(memory.capacity));
    return PlanSummary::tr("does NOT fit (needs %1 of %2)")
        .arg(formatGib(memory.total()), formatGib(memory.capacity));
}

QString formatNodes(std::int64_t nodes) {
    // Spelled out rather than "%n node(s)", as above.
    return nodes == 1 ? PlanSummary::tr("1 node")
                      : PlanSummary::tr("%1 nodes").arg(formatNumber(static_cast<double>(nodes), 0));
}

QString planSummaryHtml(const Plan& plan) {
    const MemoryBreakdown& memory = plan.memory;
    const QString fits = QStringLiteral("<span style='color:%1'><b>%2</b></span>")
                             .arg(memory.fits() ? QStringLiteral("#1b7837") : QStringLiteral("#b2182b"),
                                  memory.fits() ? PlanSummary::tr("yes") : PlanSummary::tr("no"));
    const ClusterSpec& cluster = plan.scenario.cluster;
    const QString nodes = formatNodes(cluster.nodes);
    const QString gpus = PlanSummary::tr("%1 %2 %3 (%4 %2 %5 GPUs)")
                             .arg(formatNumber(static_cast<double>(cluster.gpus()), 0))
                             .arg(QChar(0x00D7))
                             .arg(localName(plan.gpu.name, plan.gpu.nameZh).toHtmlEscaped(), nodes)
                             .arg(cluster.gpusPerNode);

    // The numbers, then the engine's notes below them. One table, not nested: QTextDocument lays a
    // table's cells out in several passes, and a wrapper table multiplied the summary's layout, the
    // largest part of the window's work per edit (bench_window).
    QString html = QStringLiteral("<h3 style='margin:0'>%1</h3><table cellspacing='2'>")
                       .arg(modelName(plan.scenario.model.name).toHtmlEscaped());
    html += row(PlanSummary::tr("Parameters"),
                PlanSummary::tr("%1 total, %2 active")
                    .arg(formatBillions(plan.params.total), formatBillions(plan.params.active)));
    html += row(PlanSummary::tr("FLOPs / token"),
                PlanSummary::tr("%1 (model), %2 (hardware, with recompute)")
                    .arg(formatFlops(plan.flops.model), formatFlops(plan.flops.hardware)));
    html += row(PlanSummary::tr("Method"), methodText(plan).toHtmlEscaped());
    html += row(PlanSummary::tr("Cluster"), gpus);
    html += row(PlanSummary::tr("Layout"), formatLayoutDegrees(plan.layout));
    html += row(QString(), layoutDetails(plan.layout).toHtmlEscaped());
    html += row(PlanSummary::tr("Micro-batches / step"), QString::number(plan.layout.microBatches));
    // The most loaded stage, counted from 1 (the plan's JSON keeps the rank from 0).
    const QString perGpu =
        plan.layout.pp > 1
            ? PlanSummary::tr("%1 of %2 (the most loaded pipeline stage, %3 of %4)")
                  .arg(formatGib(memory.total()), formatGib(memory.capacity))
                  .arg(memory.stage + 1)
                  .arg(plan.layout.pp)
            : PlanSummary::tr("%1 of %2").arg(formatGib(memory.total()), formatGib(memory.capacity));
    html += row(PlanSummary::tr("Memory per GPU"), perGpu);
    html += row(PlanSummary::tr("Breakdown"), breakdownText(memory));
    html += row(PlanSummary::tr("Other"), otherText(memory.other));
    html += row(PlanSummary::tr("Fits"), fits);
    html += row(PlanSummary::tr("Largest micro-batch that fits"), largestMicroBatchText(plan));
    html += timeRows(plan.perf, plan.layout.gpus());
    html += runRows(plan);
    if (plan.search)
        html += row(PlanSummary::tr("Layout search"),
                    PlanSummary::tr("%1 layouts evaluated. %2<br>%3")
                        .arg(formatNumber(static_cast<double>(plan.search->evaluated), 0))
                        .arg(engineText(plan.search->explanation).toHtmlEscaped(),
                             engineText(plan.search->ruleOfThumb).toHtmlEscaped()));
    html += QStringLiteral("</table>");
    // Notes go below the numbers, full width, so they never squeeze into a narrow column.
    if (!plan.notes.empty()) {
        html += QStringLiteral("<p style='margin:4px 0 0 0'><b>%1</b></p><ul style='margin-top:2px'>")
                    .arg(PlanSummary::tr("Notes"));
        for (const QString& note : engineTexts(plan.notes))
            html += QStringLiteral("<li>%1</li>").arg(note.toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    return html;
}

}  // namespace clusterplan::ui
