// The accuracy bar (docs/performance-model.md, "Validation against published runs"): every
// published run of the calibration set through the engine with its own layout; mean absolute error
// under 10 % per source, no included run off by more than 20 %. Excluded runs must say why.
#include "core/validation/validation.h"
#include "test_support.h"

using namespace clusterplan;

TEST_CASE("calibration runs: MAE under 10 % per source, no run over 20 %", "[validation]") {
    auto report = runValidation(test::catalog());
    REQUIRE(report.ok());
    CHECK(report->meanAbsErrorBySource.size() >= 4);  // narayanan, korthikanti, nemo, mosaic
    for (const auto& [source, mae] : report->meanAbsErrorBySource) {
        INFO(source << ": MAE " << mae << ", max " << report->maxAbsErrorBySource.at(source));
        CHECK(mae < 0.10);
        CHECK(report->maxAbsErrorBySource.at(source) < 0.20);
    }
    std::size_t holdouts = 0;
    for (const auto& row : report->rows) {
        INFO(row.id);
        if (row.use == "exclude")
            CHECK_FALSE(row.note.empty());
        else
            CHECK(std::abs(row.error) < 0.20);
        holdouts += row.use == "holdout" ? 1 : 0;
    }
    CHECK(holdouts >= 10);
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
    REQUIRE(report->transferByGroup.count("megatron-ampere"));
    REQUIRE(report->transferByGroup.size() >= 4);
    int megatronSources = 0;
    for (const char* source : {"narayanan2021", "korthikanti2022"})
        for (const auto& row : report->rows)
            if (row.source == source && row.use != "exclude") {
                CHECK(row.group == "megatron-ampere");
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
    // What the engine states is the grouped figure; it is measured, not promised: this records
    // where it stands (73-run set: 8.9 % mean error, 85 % coverage, median band ±19 %) so a change
    // that makes transfer worse shows here.
    CHECK(report->transfer.meanAbsError < 0.12);
    CHECK(report->transfer.bandCoverage >= 0.80);
    CHECK(report->transfer.medianBandHalfWidth < 0.25);
    // A folds file without group folds is refused with the group named.
    const std::string sourcesOnly =
        R"({"folds": [{"held_out": "narayanan2021", "profiles": []}, {"held_out": "korthikanti2022", "profiles": []},
                      {"held_out": "nemo2407", "profiles": []}, {"held_out": "mosaic", "profiles": []}]})";
    auto bad = runValidationWithFolds(test::catalog(), sourcesOnly);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().message.find("holding out group") != std::string::npos);
}
