#include "core/launch/launch_config.h"

#include <cmath>
#include <filesystem>
#include <string>

#include "core/calibration/engine_session.h"
#include "core/launch/launch_script.h"
#include "core/launch/launch_writers.h"
#include "core/launch/messages_launch.h"
#include "core/parallel/layout.h"
#include "core/util/atomic_file.h"
#include "core/util/number_format.h"

namespace clusterplan {

namespace {

// The commits the flag lists of tests/data/launch/ were extracted at (extract_flags.py's PINS).
const std::vector<LaunchTarget> kTargets = {
    {Framework::Megatron, "Megatron-LM", "NVIDIA/Megatron-LM", "core_v0.19.0",
     "5be9626709af2722333bf54797c954c09edeada3", "flags-megatron.txt"},
    {Framework::Nemo, "Megatron-Bridge (NeMo 2)", "NVIDIA-NeMo/Megatron-Bridge", "v0.6.0",
     "51885cf132b2814188b6855c25a8588254274c2a", "flags-bridge.txt"},
    {Framework::Torchtitan, "torchtitan", "pytorch/torchtitan", "v0.2.2",
     "73a0e6979dd10b6b1904098eb3c8f62c18ab87ce", "flags-torchtitan.txt"},
    {Framework::DeepSpeed, "DeepSpeed", "microsoft/DeepSpeed", "v0.16.4",
     "e2dc3eeb1923073e32739596a4fd051417d4ff92", "flags-deepspeed.txt"},
};

using launch_text::n;

// Refusals every framework shares: a method the launches do not train, a precision the GPU lacks.
std::optional<Error> commonRefusal(const Plan& plan, const LaunchTarget& target) {
    const TrainingSpec& t = plan.scenario.training;
    if (t.method != TrainingMethod::Full)
        return inputError("training.method", msg::kLaunchFineTuning,
                          {std::string(toString(t.method)), std::string(target.product)});
    if (t.precision == Precision::Fp8 && !plan.gpu.peakTflops(Precision::Fp8))
        return inputError("training.precision", msg::kLaunchFp8Gpu, {plan.gpu.name});
    return std::nullopt;
}

// A MoE plan's dispatcher, EP overlap and routing that Megatron-Core core_v0.19.0 cannot run as planned
// (megatron/core/transformer/transformer_config.py __post_init__: the A2A overlap's asserts, flex with
// DeepEP refusing moe_pad_expert_input_to_capacity; the overlap in BF16 or FP16 only, without full
// recompute, with VPP under PP; it has no DualPipe schedule).
std::optional<Error> megatronMoeRefusal(const Plan& plan, const LaunchTarget& target) {
    const Layout& l = plan.layout;
    const MoeOptions& o = l.moe;
    if (o.epOverlap == EpOverlap::DualPipe)
        return inputError("layout.ep_overlap", msg::kLaunchMegatronDualPipe, {std::string(target.product)});
    if (o.epOverlap == EpOverlap::OneFOneB && l.ep > 1) {
        if (o.dispatcher == MoeDispatcher::AllGather)
            return inputError("layout.ep_overlap", msg::kLaunchEpOverlapAllGather);
        if (l.recompute == Recompute::Full)
            return inputError("layout.ep_overlap", msg::kLaunchEpOverlapRecompute);
        if (plan.scenario.training.precision == Precision::Fp32)
            return inputError("layout.ep_overlap", msg::kLaunchEpOverlapFp32);
        if (l.pp > 1 && l.vpp <= 1 && l.split.layout.empty())
            return inputError("layout.ep_overlap", msg::kLaunchEpOverlapVpp, {n(l.pp)});
    }
    if (o.routing == MoeRouting::TokenDrop && o.dispatcher == MoeDispatcher::DeepEp)
        return inputError("layout.routing", msg::kLaunchDeepEpTokenDrop);
    return std::nullopt;
}

// torchtitan v0.2.2 (torchtitan/config/job_config.py): expert_parallel_comm_backend is "standard" or
// "deepep"; the EP overlap is DualPipeV's (pipeline_parallel_expert_parallel_overlap) only; no capacity
// factor in the job config.
std::optional<Error> torchtitanMoeRefusal(const Plan& plan) {
    const MoeOptions& o = plan.layout.moe;
    if (o.dispatcher == MoeDispatcher::AllGather || o.dispatcher == MoeDispatcher::HybridEp)
        return inputError("layout.dispatcher", msg::kLaunchTorchtitanDispatcher,
                          {std::string(toString(o.dispatcher))});
    if (o.epOverlap != EpOverlap::None)
        return inputError("layout.ep_overlap", msg::kLaunchTorchtitanEpOverlap);
    if (o.routing == MoeRouting::TokenDrop)
        return inputError("layout.routing", msg::kLaunchTorchtitanTokenDrop);
    return std::nullopt;
}

std::optional<Error> frameworkRefusal(const Plan& plan, const LaunchTarget& target) {
    const Framework framework = target.framework;
    const Layout& l = plan.layout;
    switch (framework) {
    case Framework::Megatron:
    case Framework::Nemo: {
        if (l.offload == Offload::OptimizerAndParams)
            return inputError("layout.offload", msg::kLaunchMegatronParamOffload);
        const MegatronSplit split = megatronSplit(plan);
        if (!split.even && split.first == 0) {
            const std::int64_t layers = plan.scenario.model.layers, q = layers / l.pp;
            const std::string perStage = std::to_string(q + 1) + " / " + std::to_string(q);
            return inputError("layout.pp", msg::kLaunchMegatronUneven,
                              {n(layers), n(l.pp * l.vpp), perStage});
        }
        if (plan.scenario.model.moe)
            return megatronMoeRefusal(plan, target);
        return std::nullopt;
    }
    case Framework::Torchtitan: {
        if (l.split != PipelineSplit{})
            return inputError("layout.split", msg::kLaunchTorchtitanSplit);
        const std::int64_t stages = l.pp * l.vpp;
        if (l.pp > 1 && plan.scenario.model.layers % stages != 0)
            return inputError("layout.pp", msg::kLaunchTorchtitanUneven,
                              {n(plan.scenario.model.layers), n(stages), n(l.pp) + " × " + n(l.vpp)});
        if (l.offload == Offload::Optimizer)
            return inputError("layout.offload", msg::kLaunchTorchtitanOptimizerOffload);
        if (plan.scenario.training.precision == Precision::Fp16)
            return inputError("training.precision", msg::kLaunchTorchtitanFp16);
        if (plan.scenario.model.moe)
            return torchtitanMoeRefusal(plan);
        return std::nullopt;
    }
    case Framework::DeepSpeed:
        if (l.tp > 1 || l.pp > 1)
            return inputError(l.tp > 1 ? "layout.tp" : "layout.pp", msg::kLaunchDeepSpeedModelParallel,
                              {n(l.tp), n(l.pp)});
        if (l.cp > 1)
            return inputError("layout.cp", msg::kLaunchDeepSpeedContextParallel, {n(l.cp)});
        if (l.ep > 1)
            return inputError("layout.ep", msg::kLaunchDeepSpeedExpertParallel, {n(l.ep)});
        if (plan.scenario.training.precision == Precision::Fp8)
            return inputError("training.precision", msg::kLaunchDeepSpeedFp8);
        if ((l.offload == Offload::Optimizer && l.zeroStage < 1) ||
            (l.offload == Offload::OptimizerAndParams && l.zeroStage < 3))
            return inputError("layout.offload", msg::kLaunchDeepSpeedOffloadStage,
                              {std::string(toString(l.offload)), std::to_string(l.zeroStage)});
        return std::nullopt;
    default:
        return inputError("framework", msg::kLaunchNoExport, {std::string(toString(framework))});
    }
}

}  // namespace

const std::vector<LaunchTarget>& launchTargets() {
    return kTargets;
}

const LaunchTarget* launchTarget(Framework framework) {
    for (const LaunchTarget& t : kTargets)
        if (t.framework == framework)
            return &t;
    return nullptr;
}

Result<LaunchConfig> launchConfig(const Plan& plan, Framework framework) {
    const LaunchTarget* target = launchTarget(framework);
    if (target == nullptr)
        return inputError("framework", msg::kLaunchNoExport, {std::string(toString(framework))});
    if (auto refused = commonRefusal(plan, *target))
        return *refused;
    if (auto refused = frameworkRefusal(plan, *target))
        return *refused;
    LaunchConfig config;
    config.target = *target;
    switch (framework) {
    case Framework::Megatron:
        writeMegatron(plan, config);
        break;
    case Framework::Nemo:
        writeBridge(plan, config);
        break;
    case Framework::Torchtitan:
        writeTorchtitan(plan, config);
        break;
    default:
        writeDeepSpeed(plan, config);
        break;
    }
    if (!plan.memory.fits())
        config.notes.insert(config.notes.begin(), makeMessage(msg::kLaunchDoesNotFit));
    config.notes.push_back(makeMessage(msg::kLaunchPlaceholders));
    return config;
}

Result<LaunchConfig> launchConfigForScenario(const Scenario& scenario, const Catalog& catalog,
                                             Framework framework) {
    EngineSession session(catalog);
    return launchConfigForScenario(scenario, session, framework);
}

Result<LaunchConfig> launchConfigForScenario(const Scenario& scenario, EngineSession& session,
                                             Framework framework) {
    if (launchTarget(framework) == nullptr)
        return inputError("framework", msg::kLaunchNoExport, {std::string(toString(framework))});
    // One session for both plans: the scenario and the variant under the export's stack are checked
    // and resolved by the same path as every other plan, on the fitted profile when the scenario
    // lists measured runs.
    auto plan = session.evaluate(scenario);
    if (!plan)
        return plan.error();
    auto config = launchConfig(plan.value(), framework);
    if (!config || scenario.training.framework == framework)
        return config;
    // Another stack than the scenario's: the same layout, pinned, under the export's stack.
    Scenario other = scenario;
    other.training.framework = framework;
    other.layout = fixedSpec(plan->layout);
    const std::string from(displayName(scenario.training.framework)), to(displayName(framework));
    auto replanned = session.evaluate(other);
    Message note = replanned ? makeMessage(msg::kLaunchOtherStack,
                                           {from, to, formatFixed(replanned->perf.stepSeconds, 2) + " s",
                                            formatFixed(100 * replanned->perf.mfu, 1) + " %",
                                            formatFixed(plan->perf.stepSeconds, 2) + " s"})
                             : makeMessage(msg::kLaunchOtherStackFailed, {from, to});
    config.value().notes.insert(config.value().notes.begin(), std::move(note));
    return config;
}

std::optional<Error> writeLaunchFiles(const LaunchConfig& config, const std::string& folder) {
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec)
        return Error{folder, ec.message()};
    for (const LaunchFile& file : config.files) {
        const std::string path = (std::filesystem::path(folder) / file.name).string();
        if (auto written = writeFileAtomically(path, file.text); !written)
            return written.error();
        if (file.executable)
            std::filesystem::permissions(path,
                                         std::filesystem::perms::owner_exec |
                                             std::filesystem::perms::group_exec |
                                             std::filesystem::perms::others_exec,
                                         std::filesystem::perm_options::add, ec);
        if (ec)
            return Error{path, ec.message()};
    }
    return std::nullopt;
}

}  // namespace clusterplan
