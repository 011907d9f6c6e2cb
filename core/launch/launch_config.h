#pragma once
// The chosen layout as a launch configuration for the framework that will train it: Megatron-LM's
// pretrain_gpt.py arguments with its torchrun line and a Slurm batch script, a Megatron-Bridge
// (NeMo 2's successor) recipe with its overrides, torchtitan's TOML job config, DeepSpeed's
// ds_config.json with its launcher line. Each names the framework version it targets; a layout the
// framework cannot express is refused with the reason (an Error on the layout key).
//
// The flags and keys written are those of the framework at the pinned commit below, as
// tests/data/launch/extract_flags.py extracts them from the framework's own argument parser and
// config classes into tests/data/launch/flags-<framework>.txt (tests/core/test_launch.cpp checks
// every one the exports write against those lists).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/report/plan.h"
#include "core/scenario/framework.h"
#include "core/util/message.h"
#include "core/util/result.h"

namespace clusterplan {

class EngineSession;  // core/calibration/engine_session.h

// The version an export targets: the project, its release tag and the commit the flags were read at.
struct LaunchTarget {
    Framework framework = Framework::Megatron;
    std::string_view product;     // "Megatron-LM"
    std::string_view repository;  // "NVIDIA/Megatron-LM"
    std::string_view tag;         // "core_v0.19.0"
    std::string_view commit;
    std::string_view flagsFile;  // tests/data/launch/flags-<name>.txt
};

// The four frameworks with an export: megatron, nemo (Megatron-Bridge), torchtitan, deepspeed.
[[nodiscard]] const std::vector<LaunchTarget>& launchTargets();
// The export for a stack; nullptr when it has none.
[[nodiscard]] const LaunchTarget* launchTarget(Framework framework);

struct LaunchFile {
    std::string name;  // relative path in the output folder: "pretrain_gpt.sh"
    std::string text;
    bool executable = false;  // a shell script
};

// A flag or key a file sets, as its framework spells it: "--tensor-model-parallel-size",
// "parallelism.tensor_parallel_degree", "zero_optimization.stage", "model.sequence_parallel".
struct LaunchSetting {
    std::string name;
    std::string value;
};

struct LaunchConfig {
    LaunchTarget target;
    std::vector<LaunchFile> files;
    std::vector<LaunchSetting> settings;  // every flag / key the files set, in order
    std::vector<Message> notes;           // warnings: the export is written, but read these
};

// The plan's layout (the recommended one, or the one the scenario pins) as a launch configuration for
// `framework`. Pure: the plan's model, training, cluster and layout in, text out.
Result<LaunchConfig> launchConfig(const Plan& plan, Framework framework);

// The scenario planned, and its layout exported for `framework`. When `framework` is not the
// scenario's stack, the same layout is re-evaluated under that stack's profile and a note says how
// its step time compares.
Result<LaunchConfig> launchConfigForScenario(const Scenario& scenario, const Catalog& catalog,
                                             Framework framework);
// The same through a caller's engine session (the window's, on its catalog): both plans go through
// that session's checks, resolution and fit cache, so a scenario with measured runs is not fitted again.
Result<LaunchConfig> launchConfigForScenario(const Scenario& scenario, EngineSession& session,
                                             Framework framework);

// The files into `folder` (created when missing), each written atomically, the shell scripts
// executable; the error names the file that could not be written.
std::optional<Error> writeLaunchFiles(const LaunchConfig& config, const std::string& folder);

}  // namespace clusterplan
