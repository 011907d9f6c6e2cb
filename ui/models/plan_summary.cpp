#include "models/plan_summary.h"

#include "models/qt_text.h"
#include "report/plan_format.h"

#include <QStringList>

#include <array>
#include <cmath>

namespace clusterplan::ui {

namespace {

QString row(const QString& label, const QString& value) {
    return QStringLiteral("<tr><td style='padding-right:12px; white-space:nowrap'><b>%1</b></td><td "
                          "style='white-space:nowrap'>%2</td></tr>")
        .arg(label.toHtmlEscaped(), value);
}

// A row whose value may wrap (long explanations).
QString wrappingRow(const QString& label, const QString& value) {
    return QStringLiteral("<tr><td valign='top' style='padding-right:12px; white-space:nowrap'><b>%1</b></td>"
                          "<td width='640'>%2</td></tr>")
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
    parts << QStringLiteral("micro-batch %1").arg(layout.microBatch);
    if (layout.vpp > 1)
        parts << QStringLiteral("VPP %1").arg(layout.vpp);
    parts << QStringLiteral("ZeRO %1").arg(zeroName(layout.zeroStage));
    parts << QStringLiteral("recompute %1").arg(toQString(toString(layout.recompute)));
    if (layout.sequenceParallel)
        parts << QStringLiteral("sequence parallel");
    return parts.join(QStringLiteral(", "));
}

// "weights 14.96 GiB · gradients …": the numbers behind the stacked bar.
QString breakdownText(const MemoryBreakdown& m) {
    const QString dot = QStringLiteral(" %1 ").arg(QChar(0x00B7));
    return QStringList{QStringLiteral("weights ") + formatGib(m.weights),
                       QStringLiteral("gradients ") + formatGib(m.gradients),
                       QStringLiteral("optimizer ") + formatGib(m.optimizer),
                       QStringLiteral("activations ") + formatGib(m.activations),
                       QStringLiteral("other ") + formatGib(m.other.total())}
        .join(dot);
}

// The named overheads inside "other", leaving out the ones that are zero.
QString otherText(const OtherMemory& o) {
    QStringList parts;
    const auto add = [&](const char* name, double bytes) {
        if (bytes > 0)
            parts << QLatin1String(name) + QLatin1Char(' ') + formatGib(bytes);
    };
    add("CUDA context", o.cudaContext);
    add("NCCL buffers", o.commBuffers);
    add("cuBLAS workspace", o.workspace);
    add("ZeRO-3 gather", o.paramGather);
    add("fragmentation", o.fragmentation);
    return parts.join(QStringLiteral(" %1 ").arg(QChar(0x00B7)));
}

// Step time with its uncertainty band, throughput and time to train: numbers from the engine.
QString timeRows(const PerfEstimate& t, std::int64_t gpus) {
    const auto sec = [](double s) { return QStringLiteral("%1 s").arg(s, 0, 'f', s < 10 ? 3 : 1); };
    QString html = row(QStringLiteral("Step time"), QStringLiteral("%1 (%2 to %3, profile %4)")
                                                        .arg(sec(t.stepSeconds), sec(t.stepSecondsLow),
                                                             sec(t.stepSecondsHigh), toQString(t.profileId)));
    QStringList parts;
    for (const StepPart& part : stepParts(t))
        if (part.seconds > 0.0005 * t.stepSeconds)
            parts << QStringLiteral("%1 %2 %")
                         .arg(QLatin1String(part.shortName))
                         .arg(100 * part.seconds / t.stepSeconds, 0, 'f', 1);
    html += row(QStringLiteral("Step parts"), parts.join(QStringLiteral(" %1 ").arg(QChar(0x00B7))));
    html += row(QStringLiteral("Throughput"),
                QStringLiteral("%1 tokens/s (%2 per GPU), %3 TFLOP/s per GPU, MFU %4 %")
                    .arg(t.tokensPerSecond, 0, 'f', 0)
                    .arg(t.tokensPerSecond / static_cast<double>(gpus), 0, 'f', 0)
                    .arg(t.tflopsPerGpu, 0, 'f', 1)
                    .arg(100 * t.mfu, 0, 'f', 1));
    html +=
        row(QStringLiteral("Training time"),
            QStringLiteral("%1 days, %2 GPU-hours").arg(t.trainDays, 0, 'f', 1).arg(t.gpuHours, 0, 'f', 0));
    return html;
}

// "lora r=16 (q,k,v,o,gate,up,down): 207.09 M trainable (0.294 %)" and the offload, if any.
QString methodText(const Plan& plan) {
    const TrainingSpec& t = plan.scenario.training;
    QString text = toQString(toString(t.method));
    if (t.method != TrainingMethod::Full)
        text += QStringLiteral(" r=%1 (%2)").arg(t.lora.rank).arg(toQString(loraTargetList(t.lora.targets)));
    text += QStringLiteral(": %1 M trainable (%2 %)")
                .arg(plan.trainable.trainable / 1e6, 0, 'f', 2)
                .arg(100 * plan.trainable.trainable / plan.params.total, 0, 'f', 3);
    if (plan.layout.offload != Offload::None)
        text += QStringLiteral("; CPU offload %1, host %2 of %3 per GPU")
                    .arg(toQString(toString(plan.layout.offload)), formatGib(plan.memory.host.total()),
                         formatGib(plan.memory.host.capacity));
    return text;
}

QString largestMicroBatchText(const Plan& plan) {
    if (plan.largestMicroBatch <= 0)
        return QStringLiteral("none (one sequence does not fit)");
    if (plan.largestMicroBatch == 1)
        return QStringLiteral("1 sequence");
    return QStringLiteral("%1 sequences").arg(plan.largestMicroBatch);
}

}  // namespace

QString formatGib(double bytes, int decimals) {
    return toQString(clusterplan::formatGib(bytes, decimals));
}

QString formatBillions(double count) {
    return QStringLiteral("%1 B").arg(count / 1e9, 0, 'f', 2);
}

QString formatFlops(double flops) {
    static constexpr std::array<const char*, 6> kPrefixes = {"", "k", "M", "G", "T", "P"};
    std::size_t index = 0;
    double value = flops;
    while (std::abs(value) >= 1000.0 && index + 1 < kPrefixes.size()) {
        value /= 1000.0;
        ++index;
    }
    return QStringLiteral("%1 %2FLOP").arg(value, 0, 'f', 1).arg(QLatin1String(kPrefixes[index]));
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

QString formatFit(const MemoryBreakdown& memory) {
    if (memory.fitsGpu() && !memory.host.fits())
        return QStringLiteral("does NOT fit in host memory (offload needs %1 of %2 per GPU)")
            .arg(formatGib(memory.host.total()), formatGib(memory.host.capacity));
    if (memory.fits())
        return QStringLiteral("fits (%1 of %2)").arg(formatGib(memory.total()), formatGib(memory.capacity));
    return QStringLiteral("does NOT fit (needs %1 of %2)")
        .arg(formatGib(memory.total()), formatGib(memory.capacity));
}

QString planSummaryHtml(const Plan& plan) {
    const MemoryBreakdown& memory = plan.memory;
    const QString fits = memory.fits() ? QStringLiteral("<span style='color:#1b7837'><b>yes</b></span>")
                                       : QStringLiteral("<span style='color:#b2182b'><b>no</b></span>");
    const ClusterSpec& cluster = plan.scenario.cluster;
    const QString nodes =
        cluster.nodes == 1 ? QStringLiteral("1 node") : QStringLiteral("%1 nodes").arg(cluster.nodes);
    const QString gpus = QStringLiteral("%1 %2 %3 (%4 %2 %5 GPUs)")
                             .arg(cluster.gpus())
                             .arg(QChar(0x00D7))
                             .arg(toQString(plan.gpu.name).toHtmlEscaped(), nodes)
                             .arg(cluster.gpusPerNode);

    // The numbers, then the engine's notes below them.
    QString html =
        QStringLiteral("<h3 style='margin:0'>%1</h3><table><tr><td valign='top'><table cellspacing='2'>")
            .arg(toQString(plan.scenario.model.name).toHtmlEscaped());
    html += row(QStringLiteral("Parameters"),
                QStringLiteral("%1 total, %2 active")
                    .arg(formatBillions(plan.params.total), formatBillions(plan.params.active)));
    html += row(QStringLiteral("FLOPs / token"),
                QStringLiteral("%1 (model), %2 (hardware, with recompute)")
                    .arg(formatFlops(plan.flops.model), formatFlops(plan.flops.hardware)));
    html += row(QStringLiteral("Method"), methodText(plan).toHtmlEscaped());
    html += row(QStringLiteral("Cluster"), gpus);
    html += row(QStringLiteral("Layout"), formatLayoutDegrees(plan.layout));
    html += row(QString(), layoutDetails(plan.layout).toHtmlEscaped());
    html += row(QStringLiteral("Micro-batches / step"), QString::number(plan.layout.microBatches));
    html +=
        row(QStringLiteral("Memory per GPU"), QStringLiteral("%1 of %2 (pipeline stage %3)")
                                                  .arg(formatGib(memory.total()), formatGib(memory.capacity))
                                                  .arg(memory.stage));
    html += row(QStringLiteral("Breakdown"), breakdownText(memory));
    html += row(QStringLiteral("Other"), otherText(memory.other));
    html += row(QStringLiteral("Fits"), fits);
    html += row(QStringLiteral("Largest micro-batch that fits"), largestMicroBatchText(plan));
    html += timeRows(plan.perf, plan.layout.gpus());
    if (plan.search)
        html += wrappingRow(QStringLiteral("Layout search"),
                            QStringLiteral("%1 layouts evaluated. %2<br>%3")
                                .arg(plan.search->evaluated)
                                .arg(toQString(plan.search->explanation).toHtmlEscaped(),
                                     toQString(plan.search->ruleOfThumb).toHtmlEscaped()));
    html += QStringLiteral("</table></td></tr></table>");
    // Notes go below the numbers, full width, so they never squeeze into a narrow column.
    if (!plan.notes.empty()) {
        html += QStringLiteral("<p style='margin:4px 0 0 0'><b>Notes</b></p><ul style='margin-top:2px'>");
        for (const std::string& note : plan.notes)
            html += QStringLiteral("<li>%1</li>").arg(toQString(note).toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    return html;
}

}  // namespace clusterplan::ui
