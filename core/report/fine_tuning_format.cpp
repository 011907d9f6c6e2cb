#include "core/report/fine_tuning_format.h"

#include <cmath>

#include "core/report/plan_format.h"
#include "core/util/number_format.h"
#include "core/util/units.h"

namespace clusterplan {

namespace {

using units::kGiB;

double perNode(const Plan& p, double perGpu) {
    return perGpu * static_cast<double>(p.scenario.cluster.gpusPerNode);
}

}  // namespace

std::string flopsConvention(const Plan& p) {
    const TrainingSpec& t = p.scenario.training;
    const std::string palm =
        "PaLM (arXiv:2204.02311 App. B): 6*P_mm + 12*L*a*d_head*s, non-causal, no recompute";
    if (t.method == TrainingMethod::Full && t.frozenLayers == 0)
        return palm;
    if (t.method == TrainingMethod::Full)
        return palm + "; the first frozen_layers run forward only (2*P_mm + attention forward)";
    return "fine-tune: 4*P_mm (forward + input gradients) + weight gradients of trainable weights only + "
           "6*P_lora + attention as PaLM; dequantisation not counted";
}

void writeMethodJson(json::Writer& w, const Plan& p) {
    const TrainingSpec& t = p.scenario.training;
    w.value("method", toString(t.method));
    if (t.method != TrainingMethod::Full) {
        w.value("lora_rank", t.lora.rank).value("lora_alpha", t.lora.alpha);
        w.value("lora_targets", loraTargetList(t.lora.targets)).value("lora_dropout", t.lora.dropout);
    }
    w.value("trainable_params", p.trainable.trainable).value("frozen_params", p.trainable.frozen);
    w.value("quantized_params", p.trainable.quantized);
}

void writeHostJson(json::Writer& w, const Plan& p) {
    const HostMemory& h = p.memory.host;
    w.beginObject("host").value("offload", toString(p.layout.offload));
    w.value("weights", std::round(h.weights)).value("gradients", std::round(h.gradients));
    w.value("optimizer", std::round(h.optimizer)).value("total", std::round(h.total()));
    w.value("per_node", std::round(perNode(p, h.total())));
    w.value("capacity_per_node", std::round(p.host.memoryGib * kGiB)).value("fits", h.fits());
    w.value("capacity_source", p.host.memorySource).value("pcie_gb_s", p.host.pcieGBs);
    w.endObject();
}

void writeMethodText(std::ostream& out, const Plan& p) {
    const TrainingSpec& t = p.scenario.training;
    out << "  method              " << toString(t.method);
    if (t.method != TrainingMethod::Full)
        out << ", rank " << t.lora.rank << ", alpha " << formatNumber(t.lora.alpha) << ", targets "
            << loraTargetList(t.lora.targets) << (t.lora.trainableEmbeddings ? " + embeddings" : "")
            << (t.lora.dropout > 0 ? ", dropout " + formatNumber(t.lora.dropout) : "");
    if (t.frozenLayers > 0)
        out << ", first " << t.frozenLayers << " layers frozen";
    out << "\n  trainable           " << formatFixed(p.trainable.trainable / 1e6, 2) << " M ("
        << formatFixed(100 * p.trainable.trainable / p.params.total, 3) << " %)";
    if (p.trainable.quantized > 0)
        out << ", " << formatFixed(p.trainable.quantized / units::kBillion, 2) << " B frozen in NF4";
    out << "\n";
}

void writeHostText(std::ostream& out, const Plan& p) {
    if (p.layout.offload == Offload::None)
        return;
    const HostMemory& h = p.memory.host;
    out << "  host (CPU offload: " << toString(p.layout.offload) << ")\n";
    out << "    per GPU           " << formatGib(h.total(), 2) << " (weights " << formatGib(h.weights, 2)
        << ", gradients " << formatGib(h.gradients, 2) << ", optimizer " << formatGib(h.optimizer, 2)
        << ")\n";
    out << "    per server        " << formatGib(perNode(p, h.total()), 2) << " of "
        << formatFixed(p.host.memoryGib, 0) << " GiB, " << (h.fits() ? "fits" : "does NOT fit") << "\n";
}

}  // namespace clusterplan
