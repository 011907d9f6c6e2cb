#include "core/studies/claim_value.h"

#include <algorithm>
#include <cmath>

#include "core/perf/messages_perf.h"
#include "core/report/plan_format.h"
#include "core/studies/messages_article.h"
#include "core/util/number_format.h"
#include "core/util/units.h"

namespace clusterplan {

namespace {

std::string sig(double v) {
    return claimNumber(v);
}

// The article writes decimal units ("350GB", "140MB").
std::string gb(double bytes) {
    using units::kGB;
    return bytes >= 1e12  ? sig(bytes / 1e12) + " TB"
           : bytes >= kGB ? sig(bytes / kGB) + " GB"
                          : sig(bytes / 1e6) + " MB";
}

std::string secondsText(double s) {
    return s < 1 ? sig(s * 1e3) + " ms" : sig(s) + " s";
}

// One decimal: GPT-3 has 174.6 B parameters, which three figures would round to 175.
std::string billions(double params) {
    return claimNumber(params / units::kBillion, 1) + " B";
}

double peakTflops(const Plan& p) {
    return p.gpu.peakTflops(p.scenario.training.precision).value_or(0);
}

// Bytes per parameter of each model state without sharding: ZeRO 0 of the same layout.
struct StateBytes {
    double weights = 0, gradients = 0, optimizer = 0;
    [[nodiscard]] double total() const { return weights + gradients + optimizer; }
};
StateBytes stateBytes(const Plan& p) {
    const MemoryBreakdown& m = p.zeroStages.empty() ? p.memory : p.zeroStages.front();
    if (m.params <= 0)
        return {};
    return {m.weights / m.params, m.gradients / m.params, m.optimizer / m.params};
}

// Exposed communication of a step: everything that is neither compute nor the bubble.
double exposedComm(const PerfEstimate& e) {
    return e.tpCommSeconds + e.cpCommSeconds + e.epCommSeconds + e.ppCommSeconds + e.dpCommSeconds +
           e.offloadSeconds;
}

// "1 × 8 NVIDIA A100 SXM4 80GB, TP 1 x PP 1 x DP 8, ZeRO-2, bf16, PyTorch FSDP": what sets two
// compared plans apart, with the GPU's and the stack's names, not their catalog ids.
std::string describe(const Plan& p) {
    const auto& c = p.scenario.cluster;
    return std::to_string(c.nodes) + " × " + std::to_string(c.gpusPerNode) + " " + p.gpu.name + ", " +
           layoutText(p.layout) + ", ZeRO-" + std::to_string(p.layout.zeroStage) + ", " +
           std::string(toString(p.scenario.training.precision)) + ", " +
           std::string(displayName(p.scenario.training.framework));
}

Message fitsWhy(const Plan& p) {
    const StateBytes b = stateBytes(p);
    const MemoryBreakdown& m = p.memory;
    return makeMessage(msg::kArticleWhyFits,
                       {gb(m.total()), gb(m.capacity), billions(p.params.total), sig(b.total()),
                        gb(b.total() * p.params.total), gb(m.modelStates()), layoutText(p.layout),
                        std::to_string(p.layout.zeroStage), gb(m.activations), gb(m.other.total())});
}

Message claimStepParts(const PerfEstimate& e) {
    const double comm = exposedComm(e);
    return makeMessage(msg::kArticleWhyStepParts,
                       {sig(e.stepSeconds), sig(e.computeSeconds + e.recomputeSeconds), sig(comm),
                        sig(e.stepSeconds > 0 ? comm / e.stepSeconds * 100 : 0)});
}

ClaimValue compare(ClaimQuantity q, const Plan& p, const Plan& other) {
    const bool otherStack = [&] {
        for (const Plan* plan : {&p, &other})
            for (const Message& n : plan->perf.notes)
                if (n.id == msg::kPerfProfileOfOtherStack.id || n.id == msg::kPerfProfileUncalibrated.id)
                    return true;
        return false;
    }();
    if (p.scenario.training.framework != other.scenario.training.framework && otherStack) {
        const Plan& borrowed = [&]() -> const Plan& {
            for (const Message& n : p.perf.notes)
                if (n.id == msg::kPerfProfileOfOtherStack.id || n.id == msg::kPerfProfileUncalibrated.id)
                    return p;
            return other;
        }();
        return {std::nullopt, makeMessage(msg::kArticleWhyNoBasis,
                                          {std::string(displayName(borrowed.scenario.training.framework))})};
    }
    const double ratio = p.perf.tokensPerSecond / other.perf.tokensPerSecond;
    const double value = q == ClaimQuantity::Speedup ? ratio : (1 - ratio) * 100;
    return {value, makeMessage(msg::kArticleWhyCompare,
                               {sig(p.perf.tokensPerSecond), sig(other.perf.tokensPerSecond), describe(other),
                                sig(p.perf.computeSeconds), sig(other.perf.computeSeconds),
                                sig(exposedComm(p.perf)), sig(exposedComm(other.perf))})};
}

}  // namespace

std::string claimNumber(double v, int decimals) {
    const double a = std::abs(v);
    if (decimals < 0)
        decimals = a >= 100 || a == 0 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
    std::string s = formatGrouped(v, decimals);
    if (s.find('.') != std::string::npos) {
        s.erase(s.find_last_not_of('0') + 1);
        if (s.back() == '.')
            s.pop_back();
    }
    return s;
}

ClaimValue claimValue(ClaimQuantity q, const Plan& p, const Plan* compared) {
    const MemoryBreakdown& m = p.memory;
    const PerfEstimate& e = p.perf;
    const Layout& l = p.layout;
    switch (q) {
    case ClaimQuantity::Fits:
        return {m.fits() ? 1.0 : 0.0, fitsWhy(p)};
    case ClaimQuantity::ModelParallelDegree: {
        const double degree = static_cast<double>(l.tp * l.pp);
        if (m.fits())
            return {degree, makeMessage(msg::kArticleWhyModelParallelDegree,
                                        {layoutText(l), std::to_string(l.zeroStage)})};
        return {degree, makeMessage(msg::kArticleWhyModelParallelDegreeNone,
                                    {gb(m.total()), gb(m.capacity), layoutText(l)})};
    }
    case ClaimQuantity::Gpus:
        return {static_cast<double>(l.gpus()),
                makeMessage(msg::kArticleWhyGpus, {std::to_string(l.tp), std::to_string(l.pp),
                                                   std::to_string(l.dp), std::to_string(l.gpus())})};
    case ClaimQuantity::WeightsMemory:
        return {m.weights, makeMessage(msg::kArticleWhyWeightsMemory,
                                       {billions(m.params), sig(m.params > 0 ? m.weights / m.params : 0),
                                        gb(m.weights)})};
    case ClaimQuantity::GradientMemory:
        return {m.gradients, makeMessage(msg::kArticleWhyGradientMemory,
                                         {billions(m.params), sig(m.params > 0 ? m.gradients / m.params : 0),
                                          gb(m.gradients)})};
    case ClaimQuantity::ModelStatesMemory: {
        const StateBytes b = stateBytes(p);
        return {m.modelStates(), makeMessage(msg::kArticleWhyModelStatesMemory,
                                             {billions(m.params), sig(b.total()), sig(b.weights),
                                              sig(b.gradients), sig(b.optimizer), gb(m.modelStates())})};
    }
    case ClaimQuantity::MemoryPerGpu:
        return {m.total(), makeMessage(msg::kArticleWhyMemoryPerGpu,
                                       {gb(m.weights), gb(m.gradients), gb(m.optimizer), gb(m.activations),
                                        gb(m.other.total()), gb(m.capacity)})};
    case ClaimQuantity::MemorySaving: {
        const double unsharded = p.zeroStages.at(0).total(), sharded = p.zeroStages.at(3).total();
        return {unsharded / sharded, makeMessage(msg::kArticleWhyMemorySaving,
                                                 {gb(unsharded), gb(sharded), std::to_string(l.dp * l.cp)})};
    }
    case ClaimQuantity::ClusterPeak: {
        const double peak = peakTflops(p) * 1e12 * static_cast<double>(l.gpus());
        const double delivered = peak * e.mfu;
        return {peak, makeMessage(msg::kArticleWhyClusterPeak,
                                  {std::to_string(l.gpus()), sig(peakTflops(p)),
                                   std::string(toString(p.scenario.training.precision)),
                                   sig(peak / 1e15) + " PFLOPS", sig(e.mfu * 100),
                                   sig(delivered / 1e15) + " PFLOPS"})};
    }
    case ClaimQuantity::Mfu:
        return {e.mfu * 100, makeMessage(msg::kArticleWhyMfu,
                                         {sig(e.stepSeconds), sig(e.computeSeconds + e.recomputeSeconds),
                                          sig(exposedComm(e)), sig(e.bubbleSeconds), sig(e.tflopsPerGpu),
                                          sig(peakTflops(p))})};
    case ClaimQuantity::TokensPerDay:
        return {e.tokensPerSecond * units::kSecondsPerDay,
                makeMessage(msg::kArticleWhyTokensPerDay,
                            {sig(e.tokensPerSecond), sig(p.flops.model / units::kBillion) + " GFLOP",
                             std::to_string(l.gpus()), sig(e.tflopsPerGpu), sig(e.mfu * 100)})};
    case ClaimQuantity::StepsPerDay:
        return {units::kSecondsPerDay / e.stepSeconds,
                makeMessage(msg::kArticleWhyStepsPerDay,
                            {sig(e.stepSeconds), std::to_string(p.scenario.training.globalBatch),
                             std::to_string(p.scenario.training.seqLen), sig(e.mfu * 100)})};
    case ClaimQuantity::DpAllReduceTime:
        return {e.dpCommTotalSeconds,
                makeMessage(msg::kArticleWhyDpAllreduceTime,
                            {gb(p.zeroStages.empty() ? m.gradients : p.zeroStages.front().gradients),
                             std::to_string(l.dp), secondsText(e.dpCommTotalSeconds),
                             secondsText(e.dpCommSeconds)})};
    case ClaimQuantity::BubbleShare: {
        const double pp = static_cast<double>(l.pp), mb = static_cast<double>(l.microBatches);
        return {e.bubbleSeconds / e.stepSeconds * 100,
                makeMessage(msg::kArticleWhyBubbleShare,
                            {std::to_string(l.pp), std::to_string(l.microBatches),
                             sig((pp - 1) / (mb + pp - 1) * 100), sig(e.bubbleSeconds), sig(e.stepSeconds),
                             sig((pp - 1) / (pp * mb) * 100)})};
    }
    case ClaimQuantity::LargestMicroBatch:
        if (p.largestMicroBatch == 0 && m.modelStates() > m.capacity)
            return {0.0, makeMessage(msg::kArticleWhyLargestMicroBatchNone,
                                     {gb(m.modelStates()), gb(m.capacity),
                                      std::to_string(p.scenario.training.seqLen)})};
        return {static_cast<double>(p.largestMicroBatch),
                makeMessage(msg::kArticleWhyLargestMicroBatch,
                            {gb(m.modelStates()), gb(m.capacity), std::to_string(p.scenario.training.seqLen),
                             std::to_string(p.largestMicroBatch)})};
    case ClaimQuantity::ComputeTime:
        return {e.computeSeconds + e.recomputeSeconds, claimStepParts(e)};
    case ClaimQuantity::CommShare:
        return {e.stepSeconds > 0 ? exposedComm(e) / e.stepSeconds * 100 : 0.0, claimStepParts(e)};
    case ClaimQuantity::Speedup:
    case ClaimQuantity::Slowdown:
        return compare(q, p, *compared);
    case ClaimQuantity::PurchaseCost: {
        if (!p.cost)
            return {std::nullopt, makeMessage(msg::kArticleWhyNoPrice,
                                              {p.costError ? p.costError->message : std::string()})};
        const auto& c = *p.cost;
        const double perServer = c.capex.servers.units() / static_cast<double>(c.cluster.nodes);
        return {c.capex.capex.units(),
                makeMessage(msg::kArticleWhyPurchaseCost,
                            {std::to_string(c.cluster.nodes), sig(perServer),
                             sig(c.capex.installation.units()), sig(c.capex.capex.units())})};
    }
    }
    return {std::nullopt, plainMessage("")};
}

}  // namespace clusterplan
