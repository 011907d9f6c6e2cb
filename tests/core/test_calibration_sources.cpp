// The publications behind the calibration runs, as listed in the About dialog.
#include <catch2/catch.hpp>

#include <algorithm>

#include "core/validation/calibration_sources.h"

using namespace clusterplan;

TEST_CASE("distinct sources in file order with their run counts", "[calibration]") {
    const auto sources = calibrationSources(R"({"runs": [
        {"id": "a_1", "source": "Paper A, Table 1"}, {"id": "b_1", "source": "Paper B"},
        {"id": "a_2", "source": "Paper A, Table 1"}]})",
                                            "runs.json");
    REQUIRE(sources);
    REQUIRE(sources->size() == 2);
    CHECK(sources->at(0).source == "Paper A, Table 1");
    CHECK(sources->at(0).runs == 2);
    CHECK(sources->at(1).source == "Paper B");
    CHECK(sources->at(1).runs == 1);
}

TEST_CASE("a run without a source is an error naming it", "[calibration]") {
    const auto sources =
        calibrationSources(R"({"runs": [{"id": "a", "source": "A"}, {"id": "b"}]})", "runs.json");
    REQUIRE_FALSE(sources);
    CHECK(sources.error().where == "runs.json: runs[1].source");
    CHECK_FALSE(calibrationSources(R"({"runs": 3})", "runs.json"));
    CHECK_FALSE(calibrationSources("{", "runs.json"));
}

TEST_CASE("the embedded calibration set names its papers", "[calibration]") {
    const auto sources = calibrationSources();
    REQUIRE(sources);
    const auto has = [&](const char* text) {
        return std::any_of(sources->begin(), sources->end(), [&](const CalibrationSource& s) {
            return s.source.find(text) != std::string::npos;
        });
    };
    CHECK(has("arXiv:2104.04473"));  // Narayanan et al. 2021, Megatron-LM
    CHECK(has("arXiv:2205.05198"));  // Korthikanti et al. 2022
    CHECK(has("arXiv:1910.02054"));  // Rajbhandari et al. 2020, ZeRO
    CHECK(has("NeMo"));
    CHECK(has("llm-foundry"));
    for (const auto& s : *sources)
        CHECK(s.runs >= 1);
}
