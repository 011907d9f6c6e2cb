// Launch configurations (core/launch/): the four reference layouts exported for each framework
// (golden files), every flag and key checked against the lists extracted from the frameworks' own
// argument parsers and config classes (tests/data/launch/extract_flags.py), the refusals with their
// reasons, the note for another stack, and the CLI.
#include <algorithm>
#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "cli_runner.h"
#include "core/launch/launch_config.h"
#include "core/launch/messages_launch.h"
#include "golden.h"
#include "test_support.h"

using namespace clusterplan;

namespace {

const std::string kData = std::string(CLUSTERPLAN_TEST_DATA) + "/launch";
const std::vector<std::string> kLayouts = {"dense-3d", "moe-ep-etp", "fsdp", "zero3-offload"};
const std::vector<Framework> kFrameworks = {Framework::Megatron, Framework::Nemo, Framework::Torchtitan,
                                            Framework::DeepSpeed};

Scenario scenario(const std::string& name) {
    auto s = loadScenarioFile(kData + "/" + name + ".json", test::catalog());
    REQUIRE(s.ok());
    return s.value();
}

Result<LaunchConfig> exportFor(const std::string& name, Framework framework) {
    return launchConfigForScenario(scenario(name), test::catalog(), framework);
}

// The extracted list and the commit its header names ("# REPO TAG, commit SHA").
struct FlagList {
    std::string commit;
    std::set<std::string> entries;
};

FlagList flagList(std::string_view file) {
    std::ifstream in(kData + "/" + std::string(file));
    REQUIRE(in.good());
    FlagList list;
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("# ", 0) == 0) {
            if (const auto at = line.find(", commit "); at != std::string::npos && list.commit.empty())
                list.commit = line.substr(at + 9);
            continue;
        }
        if (!line.empty())
            list.entries.insert(line);
    }
    return list;
}

// DeepSpeed's constants.py names keys without their place: a key outside zero_optimization passes
// when each of its parts is one of them (bf16.enabled: "bf16" and "enabled").
bool inList(const FlagList& list, Framework framework, const LaunchSetting& s) {
    if (list.entries.count(s.name))
        return framework != Framework::Nemo || s.name != "mixed_precision" ||
               list.entries.count("mixed_precision=" + s.value) > 0;
    if (framework != Framework::DeepSpeed || s.name.rfind("zero_optimization", 0) == 0)
        return false;
    std::stringstream parts(s.name);
    std::string part;
    while (std::getline(parts, part, '.'))
        if (!list.entries.count(part))
            return false;
    return true;
}

// The dense 3D layout's Llama 3.1 70B (80 layers) on `nodes` servers with PP `pp`, no interleaving.
Result<Plan> denseWithPp(std::int64_t nodes, std::int64_t pp) {
    Scenario s = scenario("dense-3d");
    s.cluster.nodes = nodes;
    s.layout.pp = pp;
    s.layout.vpp = 1;
    auto plan = evaluate(s, test::catalog());
    INFO((plan.ok() ? std::string() : plan.error().toString()));
    REQUIRE(plan.ok());
    return plan;
}

std::string exportText(const Result<LaunchConfig>& config) {
    if (!config)
        return "refused: " + config.error().where + ": " + config.error().message + "\n";
    std::string text;
    for (const Message& note : config->notes)
        text += "note: " + note.text + "\n";
    for (const LaunchFile& f : config->files)
        text += "==> " + f.name + (f.executable ? " (executable)" : "") + " <==\n" + f.text;
    return text;
}

}  // namespace

TEST_CASE("each export targets the commit its flag list was extracted at", "[launch]") {
    REQUIRE(launchTargets().size() == kFrameworks.size());
    for (const LaunchTarget& target : launchTargets()) {
        INFO(target.flagsFile);
        const FlagList list = flagList(target.flagsFile);
        CHECK(list.commit == target.commit);
        CHECK(list.entries.size() > 100);
    }
}

TEST_CASE("every flag or key an export writes is one its framework accepts at that version", "[launch]") {
    int checked = 0;
    for (const Framework framework : kFrameworks) {
        const FlagList list = flagList(launchTarget(framework)->flagsFile);
        for (const std::string& layout : kLayouts) {
            const auto config = exportFor(layout, framework);
            if (!config)
                continue;
            for (const LaunchSetting& s : config->settings) {
                INFO(layout << " for " << toString(framework) << ": " << s.name << " " << s.value);
                CHECK(inList(list, framework, s));
                ++checked;
            }
        }
    }
    CHECK(checked > 300);
}

TEST_CASE("the four reference layouts exported for each framework match their golden files", "[launch]") {
    for (const std::string& layout : kLayouts)
        for (const Framework framework : kFrameworks)
            test::checkGolden("launch-" + layout + "-" + std::string(toString(framework)), "txt",
                              exportText(exportFor(layout, framework)));
}

TEST_CASE("a layout a framework cannot express is refused on its key with the reason", "[launch]") {
    SECTION("DeepSpeed without the model's own TP and PP code") {
        const auto config = exportFor("dense-3d", Framework::DeepSpeed);
        REQUIRE_FALSE(config.ok());
        CHECK(config.error().where == "layout.tp");
        CHECK(config.error().reason.id == msg::kLaunchDeepSpeedModelParallel.id);
    }
    SECTION("parameters in host memory are no Megatron-LM layout") {
        const auto config = exportFor("zero3-offload", Framework::Megatron);
        REQUIRE_FALSE(config.ok());
        CHECK(config.error().where == "layout.offload");
    }
    SECTION("torchtitan splits the layers evenly over the stages") {
        // 80 layers over PP 3 (48 GPUs, DP 4): Megatron-LM's uneven split, not torchtitan's
        const auto plan = denseWithPp(6, 3);
        // Megatron-LM runs the plan's 27 / 27 / 26 with the first and last stage set apart.
        const auto megatron = launchConfig(plan.value(), Framework::Megatron);
        REQUIRE(megatron.ok());
        std::map<std::string, std::string> flags;
        for (const LaunchSetting& setting : megatron->settings)
            flags[setting.name] = setting.value;
        CHECK(flags["--decoder-first-pipeline-num-layers"] == "27");
        CHECK(flags["--decoder-last-pipeline-num-layers"] == "26");
        const auto config = launchConfig(plan.value(), Framework::Torchtitan);
        REQUIRE_FALSE(config.ok());
        CHECK(config.error().where == "layout.pp");
        CHECK(config.error().message.find("80 layers") != std::string::npos);
    }
    SECTION("Megatron-LM sets only the first and last stage apart") {
        // 80 layers over PP 6 (24 GPUs): 14, 14, 13, 13, 13, 13, whose middle is uneven
        const auto plan = denseWithPp(3, 6);
        for (const Framework framework : {Framework::Megatron, Framework::Nemo}) {
            const auto config = launchConfig(plan.value(), framework);
            REQUIRE_FALSE(config.ok());
            CHECK(config.error().where == "layout.pp");
            CHECK(config.error().reason.id == msg::kLaunchMegatronUneven.id);
        }
    }
    SECTION("LoRA: the launches train every weight") {
        Scenario s = scenario("dense-3d");
        s.training.method = TrainingMethod::Lora;
        for (const Framework framework : kFrameworks) {
            const auto config = launchConfigForScenario(s, test::catalog(), framework);
            REQUIRE_FALSE(config.ok());
            CHECK(config.error().where == "training.method");
        }
    }
    SECTION("a stack with no export") {
        const auto config = exportFor("fsdp", Framework::Fsdp);
        REQUIRE_FALSE(config.ok());
        CHECK(config.error().where == "framework");
    }
}

// Each precision the planner knows, written for each framework: the flag or key that framework reads for
// it (in its extracted list), and nothing of another precision; or a refusal naming training.precision.
TEST_CASE("every precision is written as its framework's own flag or key, or refused", "[launch]") {
    const auto valueOf = [](const LaunchConfig& c, const std::string& name) -> std::optional<std::string> {
        for (const LaunchSetting& s : c.settings)
            if (s.name == name)
                return s.value;
        return std::nullopt;
    };
    for (const Framework framework : kFrameworks) {
        const FlagList list = flagList(launchTarget(framework)->flagsFile);
        for (const Precision precision :
             {Precision::Bf16, Precision::Fp16, Precision::Fp8, Precision::Fp32}) {
            INFO(toString(framework) << " " << toString(precision));
            Scenario s =
                scenario("fsdp");  // H100s (FP8 tensor cores), TP 1 and PP 1: every framework runs it
            s.training.precision = precision;
            const auto config = launchConfigForScenario(s, test::catalog(), framework);
            const bool refused = (framework == Framework::Torchtitan && precision == Precision::Fp16) ||
                                 (framework == Framework::DeepSpeed && precision == Precision::Fp8);
            if (refused) {
                REQUIRE_FALSE(config.ok());
                CHECK(config.error().where == "training.precision");
                continue;
            }
            INFO((config.ok() ? std::string() : config.error().toString()));
            REQUIRE(config.ok());
            for (const LaunchSetting& setting : config->settings) {
                INFO(setting.name << " " << setting.value);
                CHECK(inList(list, framework, setting));
            }
            const auto has = [&](const std::string& name) {
                return valueOf(config.value(), name).has_value();
            };
            switch (framework) {
            case Framework::Megatron:  // FP32 is Megatron-LM's default: neither --bf16 nor --fp16
                CHECK(has("--bf16") == (precision == Precision::Bf16 || precision == Precision::Fp8));
                CHECK(has("--fp16") == (precision == Precision::Fp16));
                CHECK(has("--fp8-format") == (precision == Precision::Fp8));
                break;
            case Framework::Nemo: {
                const std::map<Precision, std::string> recipe = {
                    {Precision::Bf16, "bf16_mixed"},
                    {Precision::Fp16, "fp16_mixed"},
                    {Precision::Fp8, "bf16_with_fp8_delayed_scaling_mixed"},
                    {Precision::Fp32, "null"}};  // no recipe: the provider's FP32
                CHECK(valueOf(config.value(), "mixed_precision") == recipe.at(precision));
                if (precision == Precision::Fp32) {
                    CHECK(valueOf(config.value(), "model.bf16") == "false");
                    CHECK(valueOf(config.value(), "model.fp16") == "false");
                }
                break;
            }
            case Framework::Torchtitan:
                CHECK(valueOf(config.value(), "training.mixed_precision_param") ==
                      (precision == Precision::Fp32 ? "\"float32\"" : "\"bfloat16\""));
                CHECK(has("model.converters") == (precision == Precision::Fp8));
                break;
            default:  // DeepSpeed; FP32 is its default: neither section
                CHECK(has("bf16.enabled") == (precision == Precision::Bf16));
                CHECK(has("fp16.enabled") == (precision == Precision::Fp16));
                break;
            }
        }
    }
}

TEST_CASE("exporting for another stack than the scenario's says how the layout runs under it", "[launch]") {
    const auto same = exportFor("dense-3d", Framework::Megatron);
    REQUIRE(same.ok());
    for (const Message& note : same->notes)
        CHECK(note.id != msg::kLaunchOtherStack.id);
    const auto other = exportFor("fsdp", Framework::Megatron);
    REQUIRE(other.ok());
    REQUIRE_FALSE(other->notes.empty());
    CHECK(other->notes.front().id == msg::kLaunchOtherStack.id);
    CHECK(other->notes.front().args.at(0) == "PyTorch FSDP");
    CHECK(other->notes.front().args.at(1) == "Megatron-LM");
    // The step times differ: the profiles of the two stacks are not the same.
    CHECK(other->notes.front().args.at(2) != other->notes.front().args.at(4));
}

TEST_CASE("DeepSpeed's batch identity holds in the exported ds_config.json", "[launch]") {
    for (const std::string& layout : {std::string("fsdp"), std::string("zero3-offload")}) {
        const Scenario s = scenario(layout);
        const auto plan = evaluate(s, test::catalog());
        REQUIRE(plan.ok());
        const auto config = launchConfig(plan.value(), Framework::DeepSpeed);
        REQUIRE(config.ok());
        const auto& files = config->files;
        const auto ds = std::find_if(files.begin(), files.end(),
                                     [](const LaunchFile& f) { return f.name == "ds_config.json"; });
        REQUIRE(ds != files.end());
        const boost::json::object o = boost::json::parse(ds->text).as_object();
        // train_batch_size = micro batch × accumulation steps × data-parallel GPUs (DeepSpeed's config
        // check).
        const std::int64_t batch = o.at("train_batch_size").to_number<std::int64_t>();
        CHECK(batch == s.training.globalBatch);
        CHECK(o.at("train_micro_batch_size_per_gpu").to_number<std::int64_t>() *
                  o.at("gradient_accumulation_steps").to_number<std::int64_t>() * plan->layout.dp ==
              batch);
        CHECK(o.at("zero_optimization").at("stage").to_number<int>() == plan->layout.zeroStage);
    }
}

TEST_CASE("Megatron-LM's arguments name each flag once and the batch the plan runs", "[launch]") {
    const auto config = exportFor("moe-ep-etp", Framework::Megatron);
    REQUIRE(config.ok());
    std::set<std::string> seen;
    std::map<std::string, std::string> value;
    for (const LaunchSetting& s : config->settings) {
        INFO(s.name);
        CHECK(seen.insert(s.name).second);
        value[s.name] = s.value;
    }
    CHECK(value.at("--expert-model-parallel-size") == "64");
    CHECK(value.at("--expert-tensor-parallel-size") == "1");
    CHECK(value.at("--pipeline-model-parallel-layout") == "\"Et|(tt|)*30mL\"");
    CHECK(value.at("--fp8-recipe") == "delayed");
    CHECK(value.at("--moe-layer-freq") == "\"([0]*3+[1]*58)\"");
    CHECK(value.count("--num-virtual-stages-per-pipeline-rank") == 0);  // the layout string places the stages
}

// The MoE layout with its dispatcher, EP overlap and routing set: the flags (or Bridge keys, or
// torchtitan keys) each framework reads for them, every one in its extracted list, or a refusal on the
// layout key that says why.
Result<LaunchConfig> moeExport(MoeDispatcher dispatcher, EpOverlap overlap, MoeRouting routing,
                               Framework framework, Recompute recompute = Recompute::Selective) {
    Scenario s = scenario("moe-ep-etp");
    if (framework == Framework::Torchtitan) {
        // torchtitan splits the layers evenly over its stages: the 61 layers without a pipeline.
        s.layout.pp = 1;
        s.layout.vpp = 1;
        s.layout.split = {};
    }
    s.layout.moe.dispatcher = dispatcher;
    s.layout.moe.epOverlap = overlap;
    s.layout.moe.routing = routing;
    s.layout.recompute = recompute;
    return launchConfigForScenario(s, test::catalog(), framework);
}

std::map<std::string, std::string> settingsOf(const LaunchConfig& config) {
    std::map<std::string, std::string> out;
    for (const LaunchSetting& setting : config.settings)
        out[setting.name] = setting.value;
    return out;
}

TEST_CASE("the plan's MoE dispatcher, EP overlap and routing are what the export runs", "[launch]") {
    SECTION("each dispatcher as Megatron-Core names it, with the flex backend") {
        const std::vector<std::pair<MoeDispatcher, std::pair<std::string, std::string>>> expected = {
            {MoeDispatcher::AllToAll, {"alltoall", ""}},
            {MoeDispatcher::AllGather, {"allgather", ""}},
            {MoeDispatcher::DeepEp, {"flex", "deepep"}},
            {MoeDispatcher::HybridEp, {"flex", "hybridep"}},
        };
        for (const auto& [dispatcher, names] : expected) {
            const auto megatron =
                moeExport(dispatcher, EpOverlap::None, MoeRouting::Dropless, Framework::Megatron);
            REQUIRE(megatron.ok());
            auto flags = settingsOf(*megatron);
            CHECK(flags["--moe-token-dispatcher-type"] == names.first);
            CHECK(flags.count("--moe-flex-dispatcher-backend") == (names.second.empty() ? 0u : 1u));
            if (!names.second.empty())
                CHECK(flags["--moe-flex-dispatcher-backend"] == names.second);
            const auto bridge = moeExport(dispatcher, EpOverlap::None, MoeRouting::Dropless, Framework::Nemo);
            REQUIRE(bridge.ok());
            auto keys = settingsOf(*bridge);
            CHECK(keys["model.moe_token_dispatcher_type"] == names.first);
            const FlagList megatronList = flagList("flags-megatron.txt"),
                           bridgeList = flagList("flags-bridge.txt");
            for (const LaunchSetting& setting : megatron->settings)
                CHECK(inList(megatronList, Framework::Megatron, setting));
            for (const LaunchSetting& setting : bridge->settings)
                CHECK(inList(bridgeList, Framework::Nemo, setting));
        }
    }
    SECTION("DeepSeek-V3's node-limited routing: 8 groups, the best 4") {
        const auto config =
            moeExport(MoeDispatcher::AllToAll, EpOverlap::None, MoeRouting::Dropless, Framework::Megatron);
        REQUIRE(config.ok());
        auto flags = settingsOf(*config);
        CHECK(flags["--moe-router-num-groups"] == "8");
        CHECK(flags["--moe-router-group-topk"] == "4");
    }
    SECTION("token drop at capacity 1 with padded inputs; dropless is the default") {
        const auto drop =
            moeExport(MoeDispatcher::AllToAll, EpOverlap::None, MoeRouting::TokenDrop, Framework::Megatron);
        REQUIRE(drop.ok());
        auto flags = settingsOf(*drop);
        CHECK(flags["--moe-expert-capacity-factor"] == "1.0");
        CHECK(flags.count("--moe-pad-expert-input-to-capacity") == 1);
        const auto dropless =
            moeExport(MoeDispatcher::AllToAll, EpOverlap::None, MoeRouting::Dropless, Framework::Megatron);
        REQUIRE(dropless.ok());
        CHECK(settingsOf(*dropless).count("--moe-expert-capacity-factor") == 0);
        // Megatron-Core's own default coefficient is 0 (no balancing); the plan timed the default's 1e-3.
        CHECK(settingsOf(*dropless).at("--moe-aux-loss-coeff") == "0.001");
        CHECK(settingsOf(*drop).count("--moe-aux-loss-coeff") == 0);
        // DeepEP's flex dispatcher does not pad to capacity.
        const auto deepep =
            moeExport(MoeDispatcher::DeepEp, EpOverlap::None, MoeRouting::TokenDrop, Framework::Megatron);
        REQUIRE_FALSE(deepep.ok());
        CHECK(deepep.error().where == "layout.routing");
        CHECK(deepep.error().reason.id == msg::kLaunchDeepEpTokenDrop.id);
    }
    SECTION("a dropless router trains with the balancing-loss coefficient the plan timed") {
        Scenario s = scenario("moe-ep-etp");
        s.layout.moe.routing = MoeRouting::Dropless;
        s.layout.moe.routerAuxLoss = 0.02;
        const auto megatron = launchConfigForScenario(s, test::catalog(), Framework::Megatron);
        REQUIRE(megatron.ok());
        CHECK(settingsOf(*megatron).at("--moe-aux-loss-coeff") == "0.02");
        const auto script = std::find_if(megatron->files.begin(), megatron->files.end(),
                                         [](const LaunchFile& f) { return f.name == "pretrain_gpt.sh"; });
        REQUIRE(script != megatron->files.end());
        CHECK(script->text.find("--moe-aux-loss-coeff 0.02 \\\n") != std::string::npos);
        const auto bridge = launchConfigForScenario(s, test::catalog(), Framework::Nemo);
        REQUIRE(bridge.ok());
        CHECK(settingsOf(*bridge).at("model.moe_aux_loss_coeff") == "0.02");
        s.layout.moe.routing = MoeRouting::ForcedBalance;
        const auto forced = launchConfigForScenario(s, test::catalog(), Framework::Megatron);
        REQUIRE(forced.ok());
        CHECK(settingsOf(*forced).count("--moe-aux-loss-coeff") == 0);
    }
    SECTION("forced balance is a benchmark setting the export says it leaves out") {
        const auto forced = moeExport(MoeDispatcher::AllToAll, EpOverlap::None, MoeRouting::ForcedBalance,
                                      Framework::Megatron);
        REQUIRE(forced.ok());
        CHECK(settingsOf(*forced).count("--moe-router-force-load-balancing") == 0);
        CHECK(forced->files.front().text.find(
                  "# (--moe-router-force-load-balancing). That is a benchmark setting") != std::string::npos);
        const auto dropless =
            moeExport(MoeDispatcher::AllToAll, EpOverlap::None, MoeRouting::Dropless, Framework::Megatron);
        REQUIRE(dropless.ok());
        CHECK(dropless->files.front().text.find("benchmark setting") == std::string::npos);
    }
    SECTION("the 1F1B EP overlap is Megatron-Core's flag; DualPipe and its preconditions are refused") {
        const auto overlap = moeExport(MoeDispatcher::AllToAll, EpOverlap::OneFOneB, MoeRouting::Dropless,
                                       Framework::Megatron);
        REQUIRE(overlap.ok());
        CHECK(settingsOf(*overlap).count("--overlap-moe-expert-parallel-comm") == 1);
        const auto bridge =
            moeExport(MoeDispatcher::AllToAll, EpOverlap::OneFOneB, MoeRouting::Dropless, Framework::Nemo);
        REQUIRE(bridge.ok());
        CHECK(settingsOf(*bridge)["comm_overlap.overlap_moe_expert_parallel_comm"] == "true");
        for (const Framework framework : {Framework::Megatron, Framework::Nemo}) {
            const auto dualpipe =
                moeExport(MoeDispatcher::AllToAll, EpOverlap::DualPipe, MoeRouting::Dropless, framework);
            REQUIRE_FALSE(dualpipe.ok());
            CHECK(dualpipe.error().where == "layout.ep_overlap");
            CHECK(dualpipe.error().reason.id == msg::kLaunchMegatronDualPipe.id);
        }
        const auto full = moeExport(MoeDispatcher::AllToAll, EpOverlap::OneFOneB, MoeRouting::Dropless,
                                    Framework::Megatron, Recompute::Full);
        REQUIRE_FALSE(full.ok());
        CHECK(full.error().reason.id == msg::kLaunchEpOverlapRecompute.id);
        const auto allgather = moeExport(MoeDispatcher::AllGather, EpOverlap::OneFOneB, MoeRouting::Dropless,
                                         Framework::Megatron);
        REQUIRE_FALSE(allgather.ok());
        CHECK(allgather.error().reason.id == msg::kLaunchEpOverlapAllGather.id);
        Scenario fp32 = scenario("moe-ep-etp");
        fp32.training.precision = Precision::Fp32;
        fp32.layout.recompute = Recompute::Selective;
        fp32.layout.moe.epOverlap = EpOverlap::OneFOneB;
        const auto inFp32 = launchConfigForScenario(fp32, test::catalog(), Framework::Megatron);
        REQUIRE_FALSE(inFp32.ok());
        CHECK(inFp32.error().reason.id == msg::kLaunchEpOverlapFp32.id);
    }
    SECTION("torchtitan: PyTorch's all-to-all or DeepEP, dropless, no 1F1B overlap") {
        const auto deepep =
            moeExport(MoeDispatcher::DeepEp, EpOverlap::None, MoeRouting::Dropless, Framework::Torchtitan);
        REQUIRE(deepep.ok());
        CHECK(settingsOf(*deepep)["parallelism.expert_parallel_comm_backend"] == "\"deepep\"");
        const FlagList list = flagList("flags-torchtitan.txt");
        for (const LaunchSetting& setting : deepep->settings)
            CHECK(inList(list, Framework::Torchtitan, setting));
        const auto hybrid =
            moeExport(MoeDispatcher::HybridEp, EpOverlap::None, MoeRouting::Dropless, Framework::Torchtitan);
        REQUIRE_FALSE(hybrid.ok());
        CHECK(hybrid.error().where == "layout.dispatcher");
        const auto drop =
            moeExport(MoeDispatcher::AllToAll, EpOverlap::None, MoeRouting::TokenDrop, Framework::Torchtitan);
        REQUIRE_FALSE(drop.ok());
        CHECK(drop.error().where == "layout.routing");
        const auto overlap = moeExport(MoeDispatcher::AllToAll, EpOverlap::OneFOneB, MoeRouting::Dropless,
                                       Framework::Torchtitan);
        REQUIRE_FALSE(overlap.ok());
        CHECK(overlap.error().where == "layout.ep_overlap");
    }
}

TEST_CASE("clusterplan-cli launch writes the files, refuses in the user's language", "[launch][cli]") {
    const auto dir = std::filesystem::temp_directory_path() / "clusterplan-test-launch";
    std::filesystem::remove_all(dir);
    const auto run =
        test::runCli("launch '" + kData + "/fsdp.json' --framework torchtitan --out '" + dir.string() + "'");
    INFO(run.out);
    REQUIRE(run.status == 0);
    CHECK(run.out.find("warning: The scenario trains with PyTorch FSDP") != std::string::npos);
    CHECK(std::filesystem::exists(dir / "torchtitan.toml"));
    const auto perms = std::filesystem::status(dir / "run_train.sh").permissions();
    CHECK((perms & std::filesystem::perms::owner_exec) != std::filesystem::perms::none);
    std::filesystem::remove_all(dir);

    const auto refused =
        test::runCli("launch '" + kData + "/dense-3d.json' --framework deepspeed --lang zh_CN");
    CHECK(refused.status == 2);
    CHECK(refused.out.find("layout.tp") != std::string::npos);
    CHECK(refused.out.find("DeepSpeed 引擎本身不切分层") != std::string::npos);

    const auto unknown = test::runCli("launch '" + kData + "/fsdp.json' --framework fsdp");
    CHECK(unknown.status == 2);
    CHECK(unknown.out.find("allowed: megatron, nemo, torchtitan, deepspeed") != std::string::npos);
}
