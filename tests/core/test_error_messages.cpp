// The engine's input errors as catalog messages: every error a window user can hit
// carries the id and arguments of its reason beside the English text (util/result.h), so the
// window can show it in Chinese, while the English the CLI and the golden files print is unchanged.
#include <catch2/catch.hpp>

#include <string>

#include "core/calibration/evaluate.h"
#include "core/catalog/scenario_check.h"
#include "core/search/layout_alternatives.h"
#include "core/search/layout_search.h"
#include "core/util/closest_id.h"
#include "core/util/json_read.h"
#include "core/util/message_catalog.h"
#include "core/util/messages_input_errors.h"
#include "test_support.h"

using namespace clusterplan;

namespace {

// The English of an error is its reason's text, and the reason is from the catalog.
void checkTranslatable(const Error& e, const std::string& id) {
    INFO(e.toString());
    CHECK(e.reason.id == id);
    CHECK(messageTemplate(e.reason.id).has_value());
    CHECK(e.message == e.reason.text);
}

Error scenarioError(const std::string& json) {
    const auto s = parseScenario(json, test::catalog(), "test.json");
    REQUIRE_FALSE(s.ok());
    return s.error();
}

}  // namespace

TEST_CASE("inputError fills the English message from the catalog", "[errors]") {
    const Error e = inputError("layout.tp", msg::kErrorLayoutTpHeads, {"5", "32"});
    CHECK(e.where == "layout.tp");
    CHECK(e.message == "is 5, must divide the attention heads (32)");
    CHECK(e.message == e.reason.text);
    CHECK(e.reason.args == std::vector<std::string>{"5", "32"});
    CHECK(e.toString() == "layout.tp: is 5, must divide the attention heads (32)");
    // A reason whose argument is a message of its own keeps it, for the window to translate.
    const Error kind =
        inputError("x", makeNestedMessage(msg::kErrorJsonNotNumber, {makeMessage(msg::kJsonKindString)}));
    CHECK(kind.message == "must be a number, got a string");
    REQUIRE(kind.reason.inner.size() == 1);
    CHECK(kind.reason.inner[0].id == "json.kind.string");
    // A plain error (never shown in the window) has no id; its line is its English.
    const Error plain{"line 3", "a quoted field is not closed"};
    CHECK(plain.reason.id.empty());
    CHECK(errorLine(plain).text == plain.toString());
    CHECK(errorLine(e).text == e.toString());
    CHECK(errorLine(e).id == "error.at");
}

TEST_CASE("TP 5 on 40 GPUs for Llama 3.1 8B is a translatable error naming the 32 heads", "[errors]") {
    Scenario s = test::scenarioWithModel("llama-3.1-8b");
    s.cluster.nodes = 5;
    s.cluster.gpusPerNode = 8;
    s.layout.tp = 5;
    s.layout.open &= ~kTp;
    const auto plan = evaluate(s, test::catalog());
    REQUIRE_FALSE(plan.ok());
    CHECK(plan.error().where == "layout.tp");
    CHECK(plan.error().message == "is 5, must divide the attention heads (32)");
    checkTranslatable(plan.error(), "error.layout.tp_heads");
    CHECK(plan.error().reason.args == std::vector<std::string>{"5", "32"});
}

TEST_CASE("a range error is translatable", "[errors]") {
    Scenario s = test::scenarioWithModel("llama-3.1-8b");
    s.cluster.nodes = 0;
    const auto e = checkScenario(s, test::catalog());
    REQUIRE(e);
    CHECK(e->toString() == "cluster.nodes: is 0, allowed range 1 to 1000000");
    checkTranslatable(*e, "error.range");
}

TEST_CASE("an unknown key in a scenario file is translatable", "[errors]") {
    const Error e = scenarioError(
        R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3.1-8b"}, "training": {"seq_lenn": 4096}})");
    CHECK(e.where == "training.seq_lenn");
    CHECK(e.message.rfind("unknown key (did you mean 'seq_len'?); known keys: ", 0) == 0);
    checkTranslatable(e, "error.json.unknown_key.closest");
    CHECK(e.reason.args.at(0) == "seq_len");
}

TEST_CASE("malformed JSON keeps FILE:LINE:COL and is translatable", "[errors]") {
    const Error e = scenarioError("{\n  \"schema\": \"clusterplan.scenario/1\",,\n}");
    CHECK(e.where == "test.json:2:38");
    CHECK(e.message.rfind("malformed JSON: ", 0) == 0);
    checkTranslatable(e, "error.json.malformed");
}

TEST_CASE("a value of the wrong type names its kind as a message", "[errors]") {
    const Error e = scenarioError(
        R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3.1-8b"}, "cluster": {"nodes": "four"}})");
    CHECK(e.toString() == "cluster.nodes: must be a number, got a string");
    checkTranslatable(e, "error.json.not_number");
    REQUIRE(e.reason.inner.size() == 1);
    CHECK(e.reason.inner[0].id == "json.kind.string");
}

TEST_CASE("an unknown id names the closest as before, with an id per kind", "[errors]") {
    const std::vector<std::string> gpus{"a100-sxm-80gb", "h100-sxm-80gb"};
    for (const char* wanted : {"h100", "zzzzzzzzzz"}) {
        const Message m =
            unknownIdReason(msg::kErrorUnknownGpuIdClosest, msg::kErrorUnknownGpuIdList, wanted, gpus);
        CHECK(m.text == unknownIdMessage("GPU id", wanted, gpus));
    }
    CHECK(unknownIdReason(msg::kErrorUnknownGpuIdClosest, msg::kErrorUnknownGpuIdList, "h100", gpus).id ==
          "error.unknown.gpu_id.closest");
    CHECK(
        unknownIdReason(msg::kErrorUnknownGpuIdClosest, msg::kErrorUnknownGpuIdList, "zzzzzzzzzz", gpus).id ==
        "error.unknown.gpu_id.list");
    const Message inBook = unknownIdReason(msg::kErrorUnknownRentOfferInBookClosest,
                                           msg::kErrorUnknownRentOfferInBookList, "zzzzzzzzzz", gpus, "cn");
    CHECK(inBook.text == unknownIdMessage("rent offer", "zzzzzzzzzz", gpus) + " in price book 'cn'");

    Scenario s = test::scenarioWithModel("llama-3.1-8b");
    s.cluster.gpu = "h100-sxm-80g";
    const auto e = checkScenario(s, test::catalog());
    REQUIRE(e);
    CHECK(e->message == "unknown GPU 'h100-sxm-80g' (closest: 'h100-sxm-80gb')");
    checkTranslatable(*e, "error.unknown.gpu.closest");
}

TEST_CASE("opening a missing file is translatable", "[errors]") {
    const auto s = loadScenarioFile("/nonexistent/scenario.json", test::catalog());
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().where == "/nonexistent/scenario.json");
    CHECK_FALSE(s.error().reason.id.empty());
    CHECK(s.error().message == s.error().reason.text);
}

namespace {

std::string joinNumbers(const std::vector<std::int64_t>& values, const std::string& unit) {
    std::string out;
    for (std::size_t i = 0; i < values.size(); ++i)
        out += (i == 0 ? "" : " or ") + std::to_string(values[i]) + unit;
    return out;
}

// The English the engine wrote before its errors became catalog messages (the former
// explainNoLayout), kept here as the oracle for noLayoutReason().
std::string expectedEnglish(const Scenario& s, const LayoutAlternatives& a) {
    const std::int64_t gpus = s.cluster.gpus();
    std::string text =
        "no parallel layout splits " + std::to_string(gpus) + " GPUs for a global batch of " +
        std::to_string(s.training.globalBatch) +
        " sequences: tp·pp·cp·dp must equal the GPU count, dp·micro_batch must divide the global batch, tp "
        "stays within one server and must divide the heads, pp at most the layers (" +
        std::to_string(s.model.layers) + ")";
    if (!s.layout.isOpen(kTp) || !s.layout.isOpen(kPp) || !s.layout.isOpen(kCp))
        text += ", with the fixed layout keys as given";
    text += ".";
    if (!a.nodes.empty())
        text += " Nearest cluster sizes that work: " + joinNumbers(a.nodes, " nodes") + " (" +
                std::to_string(s.cluster.gpusPerNode) + " GPUs each).";
    if (!a.globalBatches.empty())
        text += " Nearest global batches that work on " + std::to_string(gpus) +
                " GPUs: " + joinNumbers(a.globalBatches, " sequences") + ".";
    if (a.nodes.empty() && a.globalBatches.empty())
        text += " No nearby cluster size or batch works either: check the fixed layout keys.";
    return text;
}

}  // namespace

TEST_CASE("the no-layout error reads as the search's explanation", "[errors]") {
    // 100 000 GPUs and a global batch of 16 384: nearest node counts and batches (test_search.cpp).
    Scenario big = test::scenarioWithModel("llama-3.1-8b");
    big.cluster.nodes = 12'500;
    big.training.globalBatch = 16'384;
    big.layout.open = kAllLayoutKeys;
    // A fixed dp that no batch near the GPU count works with.
    Scenario fixed = test::scenarioWithModel("llama-3.1-8b");
    fixed.cluster.nodes = 3;
    fixed.layout.tp = 8;
    fixed.layout.open = kAllLayoutKeys & ~kTp;
    for (const Scenario& s : {big, fixed}) {
        const LayoutAlternatives a = nearestWorkingSetups(s);
        const Message m = noLayoutReason(s, a);
        CHECK(m.text == expectedEnglish(s, a));
        for (const LayoutAlternatives& other :
             {LayoutAlternatives{}, LayoutAlternatives{{4}, {}}, LayoutAlternatives{{4, 6}, {96, 104}},
              LayoutAlternatives{{}, {96}}})
            CHECK(noLayoutReason(s, other).text == expectedEnglish(s, other));
    }
    const auto plan = evaluate(big, test::catalog());
    REQUIRE_FALSE(plan.ok());
    CHECK(plan.error().where == "layout");
    CHECK(plan.error().message == expectedEnglish(big, nearestWorkingSetups(big)));
    CHECK(plan.error().message == plan.error().reason.text);
    CHECK_FALSE(plan.error().reason.id.empty());
    // The search's explanation nests the same reason, so the window translates it there too.
    const SearchResult search = searchLayouts(big, test::catalog());
    REQUIRE(search.explanation.sentences.size() == 1);
    const Message& explained = search.explanation.sentences.front();
    CHECK(explained.id == "explain.no_layout");
    REQUIRE(explained.inner.size() == 1);
    CHECK(explained.inner.front() == plan.error().reason);
    CHECK(explained.text == "No layout: " + plan.error().message);
}

TEST_CASE("a cost error in a plan note keeps its reason", "[errors]") {
    Scenario s = test::scenarioWithModel("llama-3.1-8b");
    s.cost.rentOffer = "no-such-offer";
    const auto plan = evaluate(s, test::catalog());
    REQUIRE(plan.ok());
    REQUIRE(plan->costError);
    checkTranslatable(*plan->costError, "error.unknown.rent_offer.list");
    bool found = false;
    for (const Message& note : plan->notes) {
        if (note.id != "plan.cost_not_computed")
            continue;
        found = true;
        CHECK(note.text == "Cost not computed: " + plan->costError->toString());
        REQUIRE(note.inner.size() == 1);
        CHECK(note.inner[0].id == "error.at");
    }
    CHECK(found);
}
