#include "report/fine_tuning_notes.h"

#include "util/number_format.h"

namespace clusterplan {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

std::string gib(double bytes) {
    return formatFixed(bytes / kGiB, 1) + " GiB";
}

std::string params(double n) {
    return formatFixed(n / 1e6, 2) + "M";
}

void methodNotes(Plan& plan) {
    const TrainingSpec& t = plan.scenario.training;
    const double share = plan.trainable.trainable / plan.params.total * 100;
    if (t.method != TrainingMethod::Full) {
        plan.notes.push_back(
            std::string(t.method == TrainingMethod::Qlora ? "QLoRA" : "LoRA") + " rank " +
            std::to_string(t.lora.rank) + " on " + loraTargetList(t.lora.targets) + ": " +
            params(plan.trainable.trainable) + " trainable parameters (" + formatFixed(share, 3) +
            " % of the model). MFU counts the forward, the input gradients, the adapters' GEMMs and "
            "no weight gradients of the frozen base.");
        if (t.method == TrainingMethod::Qlora)
            plan.notes.push_back(
                "Frozen linear weights in NF4 with double quantisation: 4.127 bits per weight "
                "(QLoRA §3); norms, embeddings and the head stay in 16 bits.");
    } else if (t.frozenLayers > 0) {
        plan.notes.push_back(
            "The first " + std::to_string(t.frozenLayers) +
            " layers and the embedding are frozen: they run forward only; MFU counts no backward "
            "for them.");
    }
}

void offloadNotes(Plan& plan) {
    const MemoryBreakdown& m = plan.memory;
    if (plan.layout.offload == Offload::None)
        return;
    const double perNode = m.host.total() * static_cast<double>(plan.scenario.cluster.gpusPerNode);
    plan.notes.push_back("CPU offload (" + std::string(toString(plan.layout.offload)) + "): " + gib(perNode) +
                         " of host memory per server of " + formatFixed(plan.host.memoryGib, 0) + " GiB (" +
                         plan.host.memorySource + ").");
    if (!m.host.fits())
        plan.notes.push_back("Host memory does not fit: each GPU's offloaded states need " +
                             gib(m.host.total()) + ", its share of the server is " + gib(m.host.capacity) +
                             ".");
    if (plan.host.assumed)
        plan.notes.push_back(
            "No reference server for this GPU in the catalog: host memory bandwidth is assumed "
            "(two sockets of DDR4-3200); set cluster.cpu_memory_gib for the size.");
}

}  // namespace

void addFineTuningNotes(Plan& plan) {
    methodNotes(plan);
    offloadNotes(plan);
    if (plan.search && plan.search->offloadChosen)
        plan.notes.push_back("Nothing fits in GPU memory alone: the searched layout uses CPU offload.");
    if (plan.scenario.training.dataset) {
        const DatasetSpec& d = *plan.scenario.training.dataset;
        plan.notes.push_back("Data set: " + formatNumber(d.samples) + " samples × " +
                             formatNumber(d.meanTokensPerSample) + " tokens × " + formatNumber(d.epochs) +
                             " epochs = " + formatNumber(d.tokens()) + " tokens.");
    }
}

}  // namespace clusterplan
