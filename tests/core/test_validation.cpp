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
#include <map>
#include <set>
#include <sstream>

#include "cli_runner.h"
#include "core/quote/quote_document.h"
#include "core/quote/quote_text.h"
#include "core/validation/accuracy_statement.h"
#include "core/validation/validation.h"
#include "latin_words.h"
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
        if (row.use == "exclude" || row.use == "unseen_stack")
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
        if (row.use == "exclude" || row.use == "unseen_stack")
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
    // bands by novelty: 7.5 % mean error, 96 % coverage, median band ±22 %; the bar: 12 %, 80 %,
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

namespace {

// The q-quantile of `values` with linear interpolation between order statistics (numpy's default,
// as tests/calibration/fit_profiles.py's percentile()).
double quantile(std::vector<double> values, double q) {
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const double pos = q * static_cast<double>(values.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos)), hi = static_cast<std::size_t>(std::ceil(pos));
    return values[lo] + (values[hi] - values[lo]) * (pos - static_cast<double>(lo));
}

}  // namespace

TEST_CASE("the bands by novelty are the widest held-out residual quantiles of validate's groups",
          "[validation]") {
    // How the shipped profiles' bands for what the fit has not seen are derived (fit_profiles.py,
    // novelty_bands; split-conformal over groups): for each leave-one-group-out group, the 95th
    // percentile of how far the true step falls below and above the held-out prediction (log
    // ratio); a group is of the "class" kind when MoE, of the "stack" kind when its stack family has
    // no other group, else of the "generation" kind. A stack never fitted gets the widest side of
    // every group, a GPU generation the stack was not fitted on the widest of the generation groups.
    // Recomputed here from this build's residuals: an engine change that moves them fails until the
    // bands are rederived (fit_profiles.py --bands-only --write).
    auto report = runValidation(test::catalog());
    REQUIRE(report.ok());
    struct Scores {
        std::vector<double> below, above;
        std::string kind;
    };
    std::map<std::string, Scores> groups;
    std::map<std::string, std::set<std::string>> families;
    for (const auto& row : report->rows) {
        if (row.use != "fit" && row.use != "holdout")
            continue;
        const double trueOverPredicted = row.metric == "step_time_s" ? row.published / row.groupCvPredicted
                                                                     : row.groupCvPredicted / row.published;
        const double x = std::log(trueOverPredicted);
        Scores& g = groups[row.group];
        g.below.push_back(std::max(0.0, -x));
        g.above.push_back(std::max(0.0, x));
        g.kind = row.modelClass == "moe" ? "class" : "";
        families[row.stackGroup.substr(0, row.stackGroup.find('-'))].insert(row.stackGroup);
    }
    REQUIRE(groups.size() >= 7);
    double stackLow = 0, stackHigh = 0, generationLow = 0, generationHigh = 0;
    for (auto& [name, g] : groups) {
        if (g.kind.empty())
            g.kind = families.at(name.substr(0, name.find('-'))).size() == 1 ? "stack" : "generation";
        const double low = quantile(g.below, 0.95), high = quantile(g.above, 0.95);
        stackLow = std::max(stackLow, low);
        stackHigh = std::max(stackHigh, high);
        if (g.kind == "generation")
            generationLow = std::max(generationLow, low), generationHigh = std::max(generationHigh, high);
    }
    // A model class the profile was not fitted on keeps the stack's own profile: the groups' spread.
    const double classLow = stackLow, classHigh = stackHigh;
    // A stack with no profile of its own borrows one: every between-stack transfer error validate
    // measures (the runs of each group timed with another stack's profile, and DeepSpeed's runs
    // timed with Megatron's) widens its band, each to its worst run.
    REQUIRE_FALSE(report->crossStack.empty());
    for (const auto& x : report->crossStack) {
        stackLow = std::max(stackLow, -std::log(x.ratio));
        stackHigh = std::max(stackHigh, std::log(x.ratio));
    }
    const PerfProfile& shipped =
        test::catalog().perfProfiles().find(Framework::Other, "any", Precision::Bf16);
    // The profile files keep three decimals.
    CHECK(shipped.unseenStackBandLow == Approx(std::exp(-stackLow)).margin(0.0006));
    CHECK(shipped.unseenStackBandHigh == Approx(std::exp(stackHigh)).margin(0.0006));
    CHECK(shipped.unseenGenerationBandLow == Approx(std::exp(-generationLow)).margin(0.0006));
    CHECK(shipped.unseenGenerationBandHigh == Approx(std::exp(generationHigh)).margin(0.0006));
    CHECK(shipped.unseenClassBandLow == Approx(std::exp(-classLow)).margin(0.0006));
    CHECK(shipped.unseenClassBandHigh == Approx(std::exp(classHigh)).margin(0.0006));
}

TEST_CASE("the widest band holds every between-stack transfer error validate measures", "[validation]") {
    // What a stack with no profile of its own gets (torchtitan, JAX/XLA, Colossal-AI, MindSpeed,
    // another stack, DeepSpeed off A100): the nearest stack's profile and the widest band. validate
    // times every dense group's runs, in the fold without the group, with each other stack family's
    // calibrated profile on the same GPU generation, and DeepSpeed's runs with Megatron's; the band's
    // half-width must cover each of those errors, on either side.
    auto report = runValidation(test::catalog());
    REQUIRE(report.ok());
    const PerfProfile& widest = test::catalog().perfProfiles().find(Framework::Other, "any", Precision::Bf16);
    std::set<std::string> pairs;
    double lowest = 1, highest = 1;
    for (const auto& x : report->crossStack) {
        INFO(x.id << " timed with " << x.standIn << ": " << x.error);
        CHECK(x.ratio >= widest.unseenStackBandLow - 0.0006);
        CHECK(x.ratio <= widest.unseenStackBandHigh + 0.0006);
        CHECK(x.standIn.rfind(x.group.substr(0, x.group.find('-')), 0) != 0);  // another stack's profile
        pairs.insert(x.group + " <- " + x.standIn);
        lowest = std::min(lowest, x.ratio);
        highest = std::max(highest, x.ratio);
    }
    // Both GPU generations with two calibrated stacks, both ways, and DeepSpeed on A100.
    for (const char* pair :
         {"fsdp-ampere-dense <- megatron-ampere-bf16", "megatron-ampere-dense <- fsdp-ampere-bf16",
          "nemo-hopper-dense <- fsdp-hopper-bf16", "fsdp-hopper-dense <- nemo-hopper-bf16",
          "deepspeed-ampere-dense <- megatron-ampere-bf16"})
        CHECK(pairs.count(pair) == 1);
    // The band is set by those errors, not wider than they are (three decimals in the file).
    CHECK(widest.unseenStackBandLow == Approx(lowest).margin(0.0006));
    CHECK(widest.unseenStackBandHigh == Approx(highest).margin(0.0006));
    // It holds what the independent check of 2026-12-06 found on stacks timed with a borrowed profile:
    // JAX/XLA on H100 16-26 % slower than predicted in tokens/s, third-party DeepSpeed ZeRO and
    // Colossal-AI runs 16-61 % faster (a true step 0.74 to 1.61 times the predicted one).
    CHECK(widest.unseenStackBandLow <= 0.74);
    CHECK(widest.unseenStackBandHigh >= 1.61);
    // validate prints the pairs, and the share of each inside the band its fold gives (nested).
    const std::string text = validationToText(report.value());
    CHECK(text.find("Each stack timed with another stack's profile") != std::string::npos);
    CHECK(text.find("internevo-ampere-dense <- fsdp-ampere-bf16") != std::string::npos);
    CHECK(validationToJson(report.value()).find("\"cross_stack\"") != std::string::npos);
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

TEST_CASE("runs of a stack never fitted are predicted as an unseen stack and reported apart",
          "[validation]") {
    // DeepSpeed ZeRO-3 on A100 (Narayanan et al. SC'21 Table 2, measured by NVIDIA with DeepSpeed's
    // 2021 release, not by DeepSpeed's authors): no profile is fitted on DeepSpeed, so these runs are
    // timed as a customer's unseen stack is, with the nearest stack's profile and the widest band, and
    // with the gather schedule of the release they ran (stack_release v0.3: one blocking all-gather per
    // parameter tensor). They stay out of the fit, the calibration cases and the grouped figure, and
    // validate reports them apart. Measured on this build: 10 % to 74 % too fast (mean 38 %), all
    // inside the widest band (which they help set); with the current release's prefetched schedule they
    // were 43 % to 342 % too fast, none inside.
    auto report = runValidation(test::catalog());
    REQUIRE(report.ok());
    REQUIRE(report->unseenStackByGroup.count("deepspeed-ampere-dense") == 1);
    const TransferSummary& deepspeed = report->unseenStackByGroup.at("deepspeed-ampere-dense");
    CHECK(deepspeed.runs == 6);
    int unseen = 0;
    for (const auto& row : report->rows) {
        if (row.use != "unseen_stack")
            continue;
        INFO(row.id);
        ++unseen;
        CHECK(row.group == "deepspeed-ampere-dense");
        CHECK(row.profile.rfind("deepspeed", 0) != 0);  // a stand-in stack's profile
        CHECK(row.groupCvPredicted == row.predicted);
        CHECK(row.groupBandLow < row.predicted);
        CHECK(row.groupBandHigh > row.predicted);
    }
    CHECK(unseen == deepspeed.runs);
    CHECK(deepspeed.meanAbsError < 0.40);
    CHECK(deepspeed.bandCoverage == 1.0);
    auto cases = calibrationCases(test::catalog());
    REQUIRE(cases.ok());
    for (const auto& c : cases->cases)
        CHECK(c.use != "unseen_stack");
    CHECK(validationToText(report.value()).find("Runs of stacks no profile was fitted on") !=
          std::string::npos);
    CHECK(validationToJson(report.value()).find("\"unseen_stack_groups\"") != std::string::npos);
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
        runs += row.use == "fit" || row.use == "holdout";
    CHECK(stated.runs == runs);
    CHECK(stated.groups == static_cast<int>(report->transferByGroup.size()));
    // Stated to the precision the documents print: 0.1 % for errors, 1 % for coverage and width.
    CHECK(std::abs(stated.meanAbsError - report->transfer.meanAbsError) <= 0.0005 + 1e-12);
    CHECK(std::abs(stated.inSampleMeanAbsError - report->meanAbsError) <= 0.0005 + 1e-12);
    CHECK(std::abs(stated.bandCoverage - report->transfer.bandCoverage) <= 0.005 + 1e-12);
    CHECK(std::abs(stated.medianBandHalfWidth - report->transfer.medianBandHalfWidth) <= 0.005 + 1e-12);
}

namespace {

std::string fileText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

TEST_CASE("the band widens beyond the largest fitted model by the steepest size drift of the grouped error",
          "[validation]") {
    // How the shipped widening per doubling of the model size is derived (fit_profiles.py,
    // size_drift): for each leave-one-group-out group whose runs span at least one doubling of the
    // model size, the least-squares slope of log(true step / held-out prediction) against
    // log2(parameters as the engine counts them); the widening is exp of the steepest slope, less 1.
    // Recomputed from this build's residuals: an engine change that moves them fails until the bands
    // are rederived (fit_profiles.py --bands-only --write).
    auto report = runValidation(test::catalog());
    REQUIRE(report.ok());
    std::map<std::string, std::vector<std::pair<double, double>>> groups;  // log2 size, log residual
    for (const auto& row : report->rows) {
        if (row.use != "fit" && row.use != "holdout")
            continue;
        const double trueOverPredicted = row.metric == "step_time_s" ? row.published / row.groupCvPredicted
                                                                     : row.groupCvPredicted / row.published;
        groups[row.group].emplace_back(std::log2(row.paramsB), std::log(trueOverPredicted));
    }
    double steepest = 0;
    int spanning = 0;
    for (const auto& [name, points] : groups) {
        double lo = points.front().first, hi = lo, meanSize = 0, meanError = 0;
        for (const auto& [size, error] : points) {
            lo = std::min(lo, size), hi = std::max(hi, size);
            meanSize += size / static_cast<double>(points.size());
            meanError += error / static_cast<double>(points.size());
        }
        if (hi - lo < 1)
            continue;
        double covariance = 0, variance = 0;
        for (const auto& [size, error] : points) {
            covariance += (size - meanSize) * (error - meanError);
            variance += (size - meanSize) * (size - meanSize);
        }
        ++spanning;
        steepest = std::max(steepest, std::abs(covariance / variance));
    }
    REQUIRE(spanning >= 3);
    const PerfProfiles& profiles = test::catalog().perfProfiles();
    const PerfProfile& internevo = profiles.find(Framework::InternEvo, "ampere", Precision::Bf16);
    // The profile files keep three decimals.
    CHECK(internevo.sizeWideningPerDoubling == Approx(std::exp(steepest) - 1).margin(0.0006));
    CHECK(profiles.find(Framework::Other, "any", Precision::Bf16).sizeWideningPerDoubling ==
          Approx(std::exp(steepest) - 1).margin(0.0006));
    // The largest model each calibrated profile was fitted on, rounded up to 0.001 B: InternLM 7B
    // (7.32 B) for InternEvo, so that its own runs are not beyond it.
    double largestInternEvo = 0;
    for (const auto& row : report->rows)
        if (row.use == "fit" && row.profile == internevo.id)
            largestInternEvo = std::max(largestInternEvo, row.paramsB);
    CHECK(internevo.maxCalibratedParamsB == Approx(std::ceil(largestInternEvo * 1000) / 1000).margin(1e-9));
    CHECK(internevo.maxCalibratedParamsB >= largestInternEvo);
}

TEST_CASE("the committed accuracy file is what validate --write-accuracy writes from this build",
          "[validation]") {
    // Regenerating resources/accuracy.json from the shipped profiles must leave it byte for byte as
    // committed (an up-to-date figure keeps its date): a refit or an engine change that moves the
    // grouped figure, or a hand edit, fails here until `clusterplan-cli validate --write-accuracy
    // resources/accuracy.json` has been run.
    auto report = runValidation(test::catalog());
    REQUIRE(report.ok());
    const std::string committed = fileText(std::string(CLUSTERPLAN_SOURCE_ROOT) + "/resources/accuracy.json");
    auto stated = parseAccuracyStatement(committed, "resources/accuracy.json");
    REQUIRE(stated.ok());
    const AccuracyStatement regenerated =
        withGroupedAccuracy(stated.value(), groupedAccuracyOf(report.value()), "2099-12-31");
    CHECK(regenerated.grouped.asOf == stated->grouped.asOf);
    CHECK(accuracyStatementToJson(regenerated) == committed);
    // A moved figure is dated the day it was measured; the independent figure never moves with it.
    GroupedAccuracy moved = groupedAccuracyOf(report.value());
    moved.meanAbsError += 0.01;
    const AccuracyStatement remeasured = withGroupedAccuracy(stated.value(), moved, "2099-12-31");
    CHECK(remeasured.grouped.asOf == "2099-12-31");
    CHECK(accuracyStatementToJson(remeasured) != committed);
    CHECK(remeasured.independent.meanAbsError == stated->independent.meanAbsError);
    CHECK(remeasured.independent.checked == stated->independent.checked);
}

TEST_CASE("validate --write-accuracy rewrites a stale statement in one step", "[validation][cli]") {
    // A copy of the statement with an old grouped figure: the command writes the measured one and
    // keeps the independent check as it was.
    const std::string committed = fileText(std::string(CLUSTERPLAN_SOURCE_ROOT) + "/resources/accuracy.json");
    auto stated = parseAccuracyStatement(committed, "resources/accuracy.json");
    REQUIRE(stated.ok());
    AccuracyStatement stale = stated.value();
    stale.grouped.meanAbsError = 0.5;
    stale.grouped.asOf = "2020-01-01";
    const std::string path =
        (std::filesystem::temp_directory_path() / "clusterplan-accuracy-stale.json").string();
    {
        std::ofstream out(path, std::ios::binary);
        out << accuracyStatementToJson(stale);
    }
    const auto run = test::runCli("validate --format csv --write-accuracy " + path);
    CHECK(run.status == 0);
    auto rewritten = parseAccuracyStatement(fileText(path), path);
    REQUIRE(rewritten.ok());
    CHECK(rewritten->grouped.meanAbsError == stated->grouped.meanAbsError);
    CHECK(rewritten->grouped.asOf != "2020-01-01");
    CHECK(accuracyStatementToJson(rewritten.value()).find(stated->independent.source) != std::string::npos);
    CHECK(rewritten->independent.runs == stated->independent.runs);
    std::filesystem::remove(path);
    // Not a statement: refused, nothing written.
    CHECK(test::runCli("validate --write-accuracy " + std::string(CLUSTERPLAN_SOURCE_ROOT) +
                       "/resources/catalog.json")
              .status == 2);
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

TEST_CASE("the band's reasons and the stated accuracy read in Chinese without English words",
          "[validation]") {
    // Every stack on three GPU generations and an MoE model: each reason the plan gives for its band
    // (a stack never fitted, one fitted on other generations only, DeepSpeed's unfitted A100 runs,
    // beyond the fitted size) and the accuracy lines of the quote, in Chinese, may name products,
    // GPU generations and units only (tests/data/zh-quote-latin-allowlist.txt).
    std::set<std::string> ids;
    for (const char* gpu : {"a100-sxm-80gb", "h100-sxm-80gb", "b200-sxm-180gb"})
        for (const char* model : {"llama-3.1-8b", "mixtral-8x7b"})
            for (const Framework f : kAllFrameworks) {
                Scenario s = test::scenarioWithModel(model);
                s.cluster.gpu = gpu;
                s.cluster.nodes = 512;  // 4,096 GPUs: beyond most profiles' largest calibrated run
                s.training.globalBatch = 4096;
                s.layout.zeroStage = 3;
                s.training.framework = f;
                auto plan = evaluate(s, test::catalog());
                REQUIRE(plan.ok());
                for (const Message& note : plan->perf.notes) {
                    if (note.id.rfind("band.", 0) != 0)
                        continue;
                    ids.insert(note.id);
                    const std::string zh = messageText(note, Lang::Zh);
                    INFO(gpu << " " << model << " " << toString(f) << ": " << zh);
                    CHECK(test::untranslatedWords(zh, {}, CLUSTERPLAN_TEST_DATA).empty());
                    CHECK(zh != note.text);
                }
            }
    for (const char* id :
         {"band.unseen_stack", "band.unseen_other_stack", "band.unfitted_runs", "band.unseen_generation",
          "band.moe", "band.beyond_calibration", "band.beyond_model_size"})
        CHECK(ids.count(id) == 1);
    Scenario s = test::scenarioWithModel("llama-3.1-8b");
    auto plan = evaluate(s, test::catalog());
    REQUIRE(plan.ok());
    const auto doc = quote::buildQuoteDocument(plan.value(), "2026-12-06", builtinAccuracyStatement());
    for (const std::string& line : quote::assumptionLines(doc, Lang::Zh)) {
        INFO(line);
        CHECK(test::untranslatedWords(line, {}, CLUSTERPLAN_TEST_DATA).empty());
    }
}

// A document of the source tree with every run of whitespace as one space: Markdown wraps lines.
static std::string flattenedDocument(const std::string& doc) {
    std::ifstream in(std::string(CLUSTERPLAN_SOURCE_ROOT) + "/" + doc);
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    std::string flat;
    for (const char c : text.str())
        if (!(std::isspace(static_cast<unsigned char>(c)) && !flat.empty() && flat.back() == ' '))
            flat += std::isspace(static_cast<unsigned char>(c)) ? ' ' : c;
    return flat;
}

TEST_CASE("every document that states the accuracy copies the data file's pair", "[validation]") {
    // The quotes guide and the performance model print both labelled sentences exactly
    // as resources/accuracy.json gives them; an edit of either side alone fails here.
    const AccuracyStatement& a = builtinAccuracyStatement();
    const std::string grouped = groupedAccuracySentence(a.grouped);
    const std::string independent = independentAccuracySentence(a.independent);
    for (const char* doc : {"docs/quotes.md", "docs/performance-model.md"}) {
        INFO(doc);
        const std::string flat = flattenedDocument(doc);
        CHECK(flat.find(grouped) != std::string::npos);
        CHECK(flat.find(independent) != std::string::npos);
    }
    // The README states both in one sentence and links the performance model for the pair.
    const std::string readme = flattenedDocument("README.md");
    CHECK(readme.find(accuracyInOneSentence(a)) != std::string::npos);
    CHECK(readme.find("docs/performance-model.md#validation-against-published-runs") != std::string::npos);
}
