// Scenario files: strict reading with key paths, FILE:LINE:COL for malformed JSON, round trips,
// atomic saving, size limit.
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <span>
#include <string_view>
#include <type_traits>

#include "core/calibration/evaluate.h"
#include "core/io/scenario_json.h"
#include "core/model/param_count.h"
#include "core/scenario/scenario_enum_names.h"
#include "test_support.h"

using namespace clusterplan;

namespace {

Result<Scenario> parse(const std::string& text) {
    return parseScenario(text, test::catalog(), "s.json");
}

std::string withLayout(const std::string& layout) {
    return R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3.1-8b"}, "layout": )" +
           layout + "}";
}

std::filesystem::path tempDir() {
    auto dir = std::filesystem::temp_directory_path() / ("clusterplan-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace

TEST_CASE("the built-in default scenario: Llama 3.1 8B on 8x A100 80GB", "[scenario]") {
    const Scenario s = defaultScenario(test::catalog());
    CHECK(s.modelPreset == "llama-3.1-8b");
    CHECK(s.cluster.gpu == "a100-sxm-80gb");
    CHECK(s.cluster.gpus() == 8);
    CHECK(s.training.precision == Precision::Bf16);
    CHECK(s.training.optimizer == Optimizer::AdamW);
    CHECK(evaluate(s, test::catalog()).ok());
}

TEST_CASE("malformed JSON reports FILE:LINE:COL", "[scenario]") {
    auto r = parse("{\n  \"schema\": \"clusterplan.scenario/1\",\n  \"model\": {,}\n}");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().where == "s.json:3:13");
    r = parse("{\"schema\": ");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().where.rfind("s.json:1:", 0) == 0);
}

TEST_CASE("unknown keys, wrong types, ranges and ids name the key path", "[scenario]") {
    auto r = parse(withLayout(R"({"tpp": 2})"));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().where == "layout.tpp");
    CHECK(r.error().message.find("did you mean 'tp'") != std::string::npos);

    r = parse(withLayout(R"({"tp": "two"})"));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().where == "layout.tp");
    CHECK(r.error().message.find("must be a number") != std::string::npos);

    r = parse(withLayout(R"({"zero_stage": 5})"));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().where == "layout.zero_stage");
    CHECK(r.error().message.find("0 to 3") != std::string::npos);

    r = parse(R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3-8b"}})");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().where == "model.preset");
    CHECK(r.error().message.find("'llama-3.1-8b'") != std::string::npos);

    r = parse(
        R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3.1-8b"}, "cluster": {"gpu": "h100"}})");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().where == "cluster.gpu");
    CHECK(r.error().message.find("closest: 'h100") != std::string::npos);

    r = parse(
        R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3.1-8b"}, "cluster": {"nodes": 0}})");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().where == "cluster.nodes");

    r = parse(R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3.1-8b"},
                  "training": {"precision": "fp8"}})");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().where == "training.precision");  // A100 has no FP8 tensor cores

    r = parse(R"({"schema": "clusterplan.scenario/2", "model": {"preset": "llama-3.1-8b"}})");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().where == "schema");
}

TEST_CASE("training.stack_release names a release the stack is modelled at, and round-trips", "[scenario]") {
    const auto plan = [](const std::string& release) {
        return R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3.1-8b"},
                   "training": {"seq_len": 32768, "global_batch": 64, "framework": "nemo")" +
               (release.empty() ? std::string() : R"(, "stack_release": ")" + release + "\"") + R"(},
                   "cluster": {"gpu": "h100-sxm-80gb", "nodes": 2, "inter_node": "ib-ndr-400"},
                   "layout": {"tp": 2, "cp": 2, "pp": 1, "dp": 4}})";
    };
    auto older = parse(plan("te1"));
    REQUIRE(older.ok());
    CHECK(older->training.stackRelease == "te1");
    auto back = parseScenario(scenarioToJson(*older), test::catalog(), "back.json");
    REQUIRE(back.ok());
    CHECK(back.value() == older.value());
    // Left out: the current release, and nothing written.
    auto current = parse(plan(""));
    REQUIRE(current.ok());
    CHECK(current->training.stackRelease.empty());
    CHECK(scenarioToJson(*current).find("stack_release") == std::string::npos);
    // The 2025 attention kernels make the same long-sequence plan faster than 2024's.
    const auto olderPlan = evaluate(*older, test::catalog());
    const auto currentPlan = evaluate(*current, test::catalog());
    REQUIRE(olderPlan.ok());
    REQUIRE(currentPlan.ok());
    CHECK(currentPlan->perf.stepSeconds < olderPlan->perf.stepSeconds * 0.95);
    // A release the stack does not list is refused, naming the key and the releases allowed.
    auto unknown = parse(plan("te9"));
    REQUIRE_FALSE(unknown.ok());
    CHECK(unknown.error().where == "training.stack_release");
    CHECK(unknown.error().message.find("te1, te2") != std::string::npos);
}

TEST_CASE("explicit model fields override the preset, custom models need no preset", "[scenario]") {
    auto r =
        parse(R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3.1-8b", "layers": 16}})");
    REQUIRE(r.ok());
    CHECK(r->model.layers == 16);
    CHECK(r->model.hidden == 4096);
    r = parse(R"({"schema": "clusterplan.scenario/1", "model": {"layers": 2, "hidden": 256, "heads": 4,
        "kv_heads": 4, "head_dim": 64, "ffn_hidden": 1024, "vocab": 1000}})");
    REQUIRE(r.ok());
    CHECK(r->modelPreset.empty());
    r = parse(R"({"schema": "clusterplan.scenario/1", "model": {"layers": 2}})");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().where == "model.hidden");
}

TEST_CASE("a model given by its fields defaults kv_heads to heads and head_dim to hidden/heads",
          "[scenario]") {
    // Llama 2 7B's config without num_key_value_heads (Touvron et al. 2023, 6.74 B parameters):
    // plain multi-head attention, 32 heads of 128.
    auto r = parse(R"({"schema": "clusterplan.scenario/1", "model": {"layers": 32, "hidden": 4096,
        "heads": 32, "ffn_hidden": 11008, "vocab": 32000, "max_seq_len": 4096}})");
    REQUIRE(r.ok());
    CHECK(r->model.kvHeads == 32);
    CHECK(r->model.headDim == 128);
    CHECK_THAT(countParams(r->model).total / 1e9, Catch::Matchers::WithinRel(6.74, 0.005));
    // hidden not a multiple of heads: head_dim cannot be derived, and the message says so.
    r = parse(R"({"schema": "clusterplan.scenario/1", "model": {"layers": 2, "hidden": 250, "heads": 3,
        "ffn_hidden": 1024, "vocab": 1000}})");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().where == "model.head_dim");
    CHECK(r.error().message.find("not a multiple of heads") != std::string::npos);
}

TEST_CASE("save is atomic and round-trips", "[scenario]") {
    const auto dir = tempDir();
    const std::string path = (dir / "plan.json").string();
    Scenario s = defaultScenario(test::catalog());
    s.layout.tp = 2;
    s.training.seqLen = 8192;
    s.model.layers = 30;
    REQUIRE(saveScenarioFile(s, path).ok());
    auto back = loadScenarioFile(path, test::catalog());
    REQUIRE(back.ok());
    CHECK(back.value() == s);
    // A failed save (folder missing) leaves nothing behind and reports the path.
    auto bad = saveScenarioFile(s, (dir / "missing" / "x.json").string());
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().where.find("x.json") != std::string::npos);
    // No temporary files are left beside the saved one.
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir))
        ++files;
    CHECK(files == 1);
    std::filesystem::remove_all(dir);
}

TEST_CASE("files over 16 MiB are refused", "[scenario]") {
    const auto dir = tempDir();
    const auto path = dir / "big.json";
    {
        std::ofstream out(path);
        out << std::string(kMaxScenarioBytes + 1, ' ');
    }
    auto r = loadScenarioFile(path.string(), test::catalog());
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("16 MiB") != std::string::npos);
    std::filesystem::remove_all(dir);
}

// Each enum's words come from one table (core/util/enum_names.h), walked here through
// scenario_enum_names.h so that a value added to an enum is checked as soon as its switch names it:
// every value's name reads back to that value, no two values share a name, a name is matched exactly
// (a scenario file written "Megatron" or "DeepEP" is an error the reader reports, not a guess), and a
// scenario file holding the value reads back holding it (the reader's own list of allowed words
// included).
template <typename E, typename Parse, typename Field>
void checkEveryValueReadsBack(Parse parse, const Scenario& base, Field field) {
    const std::span<const EnumName<E>> table = enumNameTable(std::type_identity<E>{});
    REQUIRE_FALSE(table.empty());
    std::set<std::string_view> seen;
    for (std::size_t i = 0; i < table.size(); ++i) {
        const auto [value, name] = table[i];
        CAPTURE(name);
        CHECK(static_cast<std::size_t>(value) == i);
        CHECK(toString(value) == name);
        CHECK(parse(name) == value);
        CHECK(seen.insert(name).second);
        std::string upper(name);
        for (char& c : upper)
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        if (upper != name)
            CHECK_FALSE(parse(upper).has_value());

        Scenario holding = base;
        field(holding) = value;
        auto back = parseScenario(scenarioToJson(holding), test::catalog(), "s.json");
        INFO((back.ok() ? std::string() : back.error().where + ": " + back.error().message));
        REQUIRE(back.ok());
        CHECK(field(back.value()) == value);
    }
    CHECK_FALSE(parse("").has_value());
    CHECK_FALSE(parse("no-such-name").has_value());
}

TEST_CASE("the scenario's enum words read back to their values, exactly", "[scenario]") {
    // A MoE model with EP fixed (so the dispatcher and overlap are written) on H100s (FP8 allowed).
    const Scenario moe = test::scenarioFromFile(CLUSTERPLAN_TEST_DATA, "qwen3-235b-256xh100-ep32.json");
    REQUIRE(moe.model.moe.has_value());
    REQUIRE_FALSE(moe.layout.isOpen(kEp));
    checkEveryValueReadsBack<Precision>(
        parsePrecision, moe, [](Scenario & s) -> auto& { return s.training.precision; });
    checkEveryValueReadsBack<Optimizer>(
        parseOptimizer, moe, [](Scenario & s) -> auto& { return s.training.optimizer; });
    checkEveryValueReadsBack<GradDtype>(
        parseGradDtype, moe, [](Scenario & s) -> auto& { return s.training.gradDtype; });
    checkEveryValueReadsBack<Framework>(
        parseFramework, moe, [](Scenario & s) -> auto& { return s.training.framework; });
    checkEveryValueReadsBack<Recompute>(
        parseRecompute, moe, [](Scenario & s) -> auto& { return s.layout.recompute; });
    checkEveryValueReadsBack<MoeDispatcher>(
        parseMoeDispatcher, moe, [](Scenario & s) -> auto& { return s.layout.moe.dispatcher; });
    checkEveryValueReadsBack<EpOverlap>(
        parseEpOverlap, moe, [](Scenario & s) -> auto& { return s.layout.moe.epOverlap; });
    checkEveryValueReadsBack<MoeRouting>(
        parseMoeRouting, moe, [](Scenario & s) -> auto& { return s.layout.moe.routing; });
    checkEveryValueReadsBack<Offload>(
        parseOffload, moe, [](Scenario & s) -> auto& { return s.layout.offload; });
    const Scenario tuning = test::scenarioFromFile(CLUSTERPLAN_TEST_DATA, "quote-scenario-f-qlora.json");
    checkEveryValueReadsBack<TrainingMethod>(
        parseTrainingMethod, tuning, [](Scenario & s) -> auto& { return s.training.method; });
    // LoRA's targets are bits, one name each (kLoraTargetNames): every target alone reads back.
    for (std::size_t i = 0; i < std::size(kLoraTargetNames); ++i) {
        const auto target = static_cast<LoraTarget>(1u << i);
        CAPTURE(kLoraTargetNames[i]);
        CHECK(parseLoraTarget(kLoraTargetNames[i]) == target);
        Scenario holding = tuning;
        holding.training.lora.targets = target;
        const auto back = parseScenario(scenarioToJson(holding), test::catalog(), "s.json");
        REQUIRE(back.ok());
        CHECK(back.value() == holding);
    }
    // The words scenario files and the launch exports already use: a table edit that renames one
    // would break every file that names it.
    CHECK(toString(Framework::OlmoCore) == "olmo-core");
    CHECK(displayName(Framework::MaxText) == "JAX/XLA (MaxText)");
    CHECK(displayName(Framework::Other) == "another stack");
    CHECK(toString(EpOverlap::OneFOneB) == "1f1b");
    CHECK(toString(Offload::OptimizerAndParams) == "optimizer_and_params");
    // A value outside the enum (an integer cast to it) gets the documented fallback, not garbage.
    CHECK(toString(static_cast<MoeDispatcher>(99)) == "all_to_all");
    CHECK(toString(static_cast<Framework>(99)) == "?");
}
