// The accuracy bar (docs/performance-model.md, "Validation against published runs"): every
// published run of the calibration set through the engine with its own layout. What the engine
// promises is the leave-one-group-out figure (last test case); the in-sample bars below guard
// against regressions: mean absolute error under 12 % per source and no run off by more than 40 %.
// The exception is OLMo-core, whose README gives neither the GPU count nor the layout and rounds
// its figures: its runs are never fitted, held to 30 % on average. Excluded runs must say why. The
// runs past 20 % are the misses docs/performance-model.md lists with the mechanism the engine lacks
// (13 B with FSDP on 8 H100, FP8 MoE proxies, InternEvo's single micro-step at 1,024 GPUs).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/validation/accuracy_statement.h"
#include "core/validation/validation.h"
#include "test_support.h"

using namespace clusterplan;

TEST_CASE("calibration runs: MAE under 12 % per source, no run over 40 %", "[validation]") {
    auto report = runValidation(test::catalog());
    REQUIRE(report.ok());
    CHECK(report->meanAbsErrorBySource.size() >= 8);
    for (const auto& [source, mae] : report->meanAbsErrorBySource) {
        INFO(source << ": MAE " << mae << ", max " << report->maxAbsErrorBySource.at(source));
        CHECK(mae < (source == "olmocore" ? 0.30 : 0.12));
    }
    std::size_t holdouts = 0;
    for (const auto& row : report->rows) {
        INFO(row.id);
        if (row.use == "exclude")
            CHECK_FALSE(row.note.empty());
        else if (row.source != "olmocore")
            CHECK(std::abs(row.error) < 0.40);
        holdouts += row.use == "holdout" ? 1 : 0;
    }
    CHECK(holdouts >= 40);
}

TEST_CASE("holdout runs, never fitted, meet the same bar", "[validation]") {
    auto report = runValidation(test::catalog());
    REQUIRE(report.ok());
    double sum = 0;
    int n = 0;
    for (const auto& row : report->rows)
        if (row.use == "holdout")
            sum += std::abs(row.error), ++n;
    REQUIRE(n > 0);
    CHECK(sum / n < 0.10);
}

TEST_CASE("leave-one-source-out: every run also predicted without its source, band coverage",
          "[validation]") {
    auto report = runValidation(test::catalog());
    REQUIRE(report.ok());
    REQUIRE(report->cvMeanAbsErrorBySource.size() == report->meanAbsErrorBySource.size());
    bool someDiffer = false;
    for (const auto& row : report->rows) {
        if (row.use == "exclude")
            continue;
        INFO(row.id);
        CHECK(row.cvPredicted > 0);
        CHECK(row.bandLow <= row.predicted);
        CHECK(row.bandHigh >= row.predicted);
        someDiffer = someDiffer || std::abs(row.cvPredicted - row.predicted) > 1e-6 * row.predicted;
    }
    CHECK(someDiffer);  // the folds are really fitted without the source
    // Under cross-validation the band holds the published value in >= 80 % of runs.
    CHECK(report->cvBandCoverage >= 0.80);
    // The cross-validated error is the honest one; it cannot beat the in-sample fit on average.
    CHECK(report->cvMeanAbsError >= report->meanAbsError - 1e-9);
}

TEST_CASE("validate --format json lists per run and per source the cross-validated figures", "[validation]") {
    auto report = runValidation(test::catalog());
    REQUIRE(report.ok());
    const std::string json = validationToJson(report.value());
    for (const char* key :
         {"\"published\"", "\"predicted\"", "\"cv_predicted\"", "\"band_low\"", "\"band_high\"",
          "\"mean_abs_error\"", "\"cv_mean_abs_error\"", "\"band_coverage\""})
        CHECK(json.find(key) != std::string::npos);
    // A folds file without the source's fold is refused with the source named.
    auto bad = runValidationWithFolds(test::catalog(), R"({"folds": []})");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().message.find("no fold") != std::string::npos);
}

TEST_CASE("leave-one-group-out: each stack on its GPU generation predicted as an unseen stack",
          "[validation]") {
    auto report = runValidation(test::catalog());
    REQUIRE(report.ok());
    // Narayanan 2021 and Korthikanti 2022 are one group (Megatron-LM on A100): one fold holds both
    // out, where leave-one-source-out kept the other paper in the fit.
    REQUIRE(report->transferByGroup.count("megatron-ampere-dense"));
    REQUIRE(report->transferByGroup.size() >= 4);
    int megatronSources = 0;
    for (const char* source : {"narayanan2021", "korthikanti2022"})
        for (const auto& row : report->rows)
            if (row.source == source && row.use != "exclude") {
                CHECK(row.group == "megatron-ampere-dense");
                CHECK(row.stackGroup == "megatron-ampere");
                ++megatronSources;
                break;
            }
    CHECK(megatronSources == 2);
    bool someDiffer = false;
    int runs = 0;
    for (const auto& row : report->rows) {
        if (row.use == "exclude")
            continue;
        INFO(row.id);
        ++runs;
        CHECK(row.groupCvPredicted > 0);
        CHECK(row.groupBandLow < row.groupCvPredicted);
        CHECK(row.groupBandHigh > row.groupCvPredicted);
        CHECK(row.gpus > 0);
        someDiffer = someDiffer || std::abs(row.groupCvPredicted - row.cvPredicted) > 1e-6 * row.cvPredicted;
    }
    CHECK(someDiffer);  // the group folds are not the source folds
    CHECK(report->transfer.runs == runs);
    // The summaries add up: per group and per GPU-count bucket, every run once.
    int byGroup = 0, byGpus = 0;
    for (const auto& [group, t] : report->transferByGroup)
        byGroup += t.runs;
    for (const auto& [bucket, t] : report->transferByGpus)
        byGpus += t.runs;
    CHECK(byGroup == runs);
    CHECK(byGpus == runs);
    // Model class is the third key: NeMo's MoE runs on H100 are a group of their own, and the
    // summary by class keeps MoE apart.
    CHECK(report->transferByGroup.count("nemo-hopper-moe") == 1);
    REQUIRE(report->transferByClass.count("moe") == 1);
    REQUIRE(report->transferByClass.count("dense") == 1);
    CHECK(report->transferByClass.at("moe").runs + report->transferByClass.at("dense").runs == runs);
    const std::string text = validationToText(report.value());
    CHECK(text.find("model class") != std::string::npos);
    CHECK(text.find("nemo-hopper-moe") != std::string::npos);
    // The grouped figure is measured, not promised: this records where it stands (182-run set,
    // bands by novelty: 7.5 % mean error, 94 % coverage, median band ±22 %; the bar: 12 %, 80 %,
    // ±25 %) so a change that makes transfer worse shows here.
    CHECK(report->transfer.meanAbsError < 0.12);
    CHECK(report->transfer.bandCoverage >= 0.80);
    CHECK(report->transfer.medianBandHalfWidth < 0.25);
    // FSDP on H100, the worst group: 30.6 % before the GPU's overlap slowdown (Hopper's persistent
    // GEMMs lose a wave to NCCL's SMs) and OLMo-core's fp32 gradient reduce, 20.9 % with them,
    // 18.6 % with the sharded-buffer copies of FSDP1/FSDP2 and Lee et al.'s overlap share (0.29),
    // 9.9 % (band coverage 62 % -> 85 %) once its Ampere-generation attention kernels run at
    // 1/1.75 of the Hopper-native ones (FlashAttention-3, arXiv:2407.08608).
    // The other dense groups stay under 10 %. NeMo's Grok-1 MoE runs on H100, scored apart since
    // groups have a model class, are 16.1 % off (13.6 % before the EP group followed Megatron-Core's
    // expert rank order; the FP8 MoE proxies the misses list): recorded here, not promised, until
    // the engine models what those runs lack (MoE dispatch and its overlap).
    REQUIRE(report->transferByGroup.count("fsdp-hopper-dense") == 1);
    CHECK(report->transferByGroup.at("fsdp-hopper-dense").meanAbsError < 0.12);
    CHECK(report->transferByGroup.at("fsdp-hopper-dense").bandCoverage >= 0.80);
    for (const auto& [group, t] : report->transferByGroup) {
        INFO(group);
        if (group != "fsdp-hopper-dense")
            CHECK(t.meanAbsError < (group == "nemo-hopper-moe" ? 0.17 : 0.10));
    }
    // A folds file without group folds is refused with the group named.
    const std::string sourcesOnly =
        R"({"folds": [{"held_out": "narayanan2021", "profiles": []}, {"held_out": "korthikanti2022", "profiles": []},
                      {"held_out": "nemo2407", "profiles": []}, {"held_out": "mosaic", "profiles": []}]})";
    auto bad = runValidationWithFolds(test::catalog(), sourcesOnly);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().message.find("holding out group") != std::string::npos);
}

TEST_CASE("the whole calibration file is validated: 182 runs from nine sources, six stack groups",
          "[validation]") {
    auto report = runValidation(test::catalog());
    REQUIRE(report.ok());
    CHECK(report->rows.size() == 182);
    std::set<std::string> sources, ids;
    for (const auto& row : report->rows) {
        sources.insert(row.source);
        ids.insert(row.id);
    }
    CHECK(ids.size() == report->rows.size());  // every run once
    CHECK(sources.size() == 9);
    // New stacks and GPUs have profiles of their own (not a fallback's).
    for (const char* group :
         {"internevo-ampere-dense", "nemo-blackwell-dense", "nemo-hopper-dense", "megatron-ampere-dense"})
        CHECK(report->transferByGroup.count(group) == 1);
    // NeMo long-sequence runs: 4 k to 1 M tokens, with context parallelism.
    REQUIRE_FALSE(report->transferBySeqLen.empty());
    CHECK(report->transferBySeqLen.back().first == "> 8,192");
}

TEST_CASE("calibration cases: proxy runs keep the source's layer count, the B200 table its layout",
          "[validation]") {
    auto cases = calibrationCases(test::catalog());
    REQUIRE(cases.ok());
    const auto find = [&](const std::string& id) -> const CalibrationCase& {
        const auto it = std::find_if(cases->cases.begin(), cases->cases.end(),
                                     [&](const CalibrationCase& c) { return c.id == id; });
        REQUIRE(it != cases->cases.end());
        return *it;
    };
    // dgxc-benchmarking 25.03 runs Llama 3.1 405B on 32 GPUs with 7 of its 126 layers.
    const auto& proxy = find("dgxc2503_llama31_405B_BF16_32gpu");
    CHECK(proxy.scenario.model.layers == 7);
    CHECK(find("dgxc2503_llama31_405B_BF16_576gpu").scenario.model.layers == 126);
    // NeMo's B200 long-sequence table states 4x the GPUs its layout uses: the layout's count is run.
    const auto& b200 = find("nemo_longseq_B200_LLAMA3-8B_128K_128gpu");
    CHECK(b200.scenario.cluster.gpus() == 32);  // TP 2 x DP 4 x CP 4
    CHECK(b200.convention == "nemo_model");
    // InternEvo: 4 x 100 Gb RoCE per 8-GPU server.
    CHECK(find("internevo_7B_ckpt_1024gpu_mb8x1").scenario.cluster.nicsPerNode == 4);
    CHECK(find("internevo_7B_ckpt_1024gpu_mb8x1").scenario.training.framework == Framework::InternEvo);
}

TEST_CASE("validate --in-sample predicts with the profiles alone", "[validation]") {
    auto inSample = runValidation(test::catalog(), ValidationScope::InSampleOnly);
    auto full = runValidation(test::catalog());
    REQUIRE(inSample.ok());
    REQUIRE(full.ok());
    REQUIRE(inSample->rows.size() == full->rows.size());
    for (std::size_t i = 0; i < full->rows.size(); ++i) {
        INFO(full->rows[i].id);
        CHECK(inSample->rows[i].predicted == full->rows[i].predicted);
        CHECK(inSample->rows[i].cvPredicted == inSample->rows[i].predicted);
    }
}

TEST_CASE("the stated grouped accuracy is what validate measures on the shipped profiles", "[validation]") {
    // resources/accuracy.json states the grouped cross-validation figure; a refit or an engine change
    // that moves it must rewrite the file (and so every copy), never leave an old promise standing.
    auto report = runValidation(test::catalog());
    REQUIRE(report.ok());
    const GroupedAccuracy& stated = builtinAccuracyStatement().grouped;
    int runs = 0;
    for (const auto& row : report->rows)
        runs += row.use != "exclude";
    CHECK(stated.runs == runs);
    CHECK(stated.groups == static_cast<int>(report->transferByGroup.size()));
    // Stated to the precision the documents print: 0.1 % for errors, 1 % for coverage and width.
    CHECK(std::abs(stated.meanAbsError - report->transfer.meanAbsError) <= 0.0005 + 1e-12);
    CHECK(std::abs(stated.inSampleMeanAbsError - report->meanAbsError) <= 0.0005 + 1e-12);
    CHECK(std::abs(stated.bandCoverage - report->transfer.bandCoverage) <= 0.005 + 1e-12);
    CHECK(std::abs(stated.medianBandHalfWidth - report->transfer.medianBandHalfWidth) <= 0.005 + 1e-12);
}

TEST_CASE("the accuracy statement: a labelled pair, dated, and refused when incomplete", "[validation]") {
    const AccuracyStatement& a = builtinAccuracyStatement();
    // The independent figure as the check recorded it: 169 runs, 15 families, 6 refused.
    CHECK(a.independent.runs == a.independent.evaluatedRuns + a.independent.refused);
    CHECK(a.independent.meanAbsError > a.grouped.meanAbsError);  // the optimistic one is the grouped one
    CHECK_FALSE(a.independent.source.empty());
    CHECK(groupedAccuracySentence(a.grouped).rfind("Grouped cross-validation (`clusterplan-cli validate`, ",
                                                   0) == 0);
    CHECK(independentAccuracySentence(a.independent).find("never used to build the engine") !=
          std::string::npos);
    auto missing = parseAccuracyStatement(R"({"grouped_cross_validation": {}})", "a.json");
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().message.find("independent") != std::string::npos);
    auto undated = parseAccuracyStatement(
        R"({"grouped_cross_validation": {"runs": 1, "groups": 1, "mean_abs_error": 0.1, "band_coverage": 0.9,
             "median_band_half_width": 0.2, "in_sample_mean_abs_error": 0.05, "as_of": "soon", "source": "x"},
            "independent": {"runs": 2, "source_families": 1, "refused": 0, "mean_abs_error": 0.2,
             "evaluated_runs": 2, "evaluated_mean_abs_error": 0.2, "median_abs_error": 0.1, "band_coverage": 0.5,
             "metric": "tokens/s per GPU", "checked": "2026-12-06", "source": "y"}})",
        "a.json");
    REQUIRE_FALSE(undated.ok());
    CHECK(undated.error().where.find("grouped_cross_validation.as_of") != std::string::npos);
}

TEST_CASE("every document that states the accuracy copies the data file's pair", "[validation]") {
    // The README, the quotes guide and the performance model print both labelled sentences exactly
    // as resources/accuracy.json gives them; an edit of either side alone fails here.
    const AccuracyStatement& a = builtinAccuracyStatement();
    const std::string grouped = groupedAccuracySentence(a.grouped);
    const std::string independent = independentAccuracySentence(a.independent);
    for (const char* doc : {"README.md", "docs/quotes.md", "docs/performance-model.md"}) {
        INFO(doc);
        // A path, not string concatenation: GCC 12 warns (-Warray-bounds, a false positive) on
        // `std::string(root) + "/" + doc` for some lengths of the checkout's root.
        std::ifstream in(std::filesystem::path(CLUSTERPLAN_SOURCE_ROOT) / doc);
        REQUIRE(in);
        std::stringstream text;
        text << in.rdbuf();
        // Markdown wraps lines: compare with runs of whitespace as one space.
        std::string flat;
        for (const char c : text.str())
            if (!(std::isspace(static_cast<unsigned char>(c)) && !flat.empty() && flat.back() == ' '))
                flat += std::isspace(static_cast<unsigned char>(c)) ? ' ' : c;
        CHECK(flat.find(grouped) != std::string::npos);
        CHECK(flat.find(independent) != std::string::npos);
    }
}
