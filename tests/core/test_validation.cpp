// The accuracy bar of issue 3: every published run of the calibration set through the engine
// with its own layout; mean absolute error under 10 % per source, no included run off by more than
// 20 %. Excluded runs must say why.
#include "test_support.h"
#include "validation/validation.h"

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
