#pragma once
// Validation against published training runs (resources/calibration): each run goes through
// evaluate() with its own layout, and the quantity its source reports (step time, TFLOP/s per
// GPU in the source's FLOP convention, or tokens/s per GPU) is compared with the prediction of
// the shipped profiles (in-sample: fitted on these runs) and with the prediction of the profiles
// fitted without the run's source (cross-validated, cross_validation.h), which is the figure that
// tells a user how far off a run the engine has never seen may be.
#include <map>
#include <string>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/report/plan.h"
#include "core/scenario/scenario.h"
#include "core/util/result.h"

namespace clusterplan {

struct ValidationRow {
    std::string id;
    std::string source;   // "narayanan2021", "korthikanti2022", "nemo2407", "mosaic", ...
    std::string use;      // "fit", "holdout" or "exclude"
    std::string metric;   // "step_time_s", "tflops_per_gpu", "tokens_per_sec_per_gpu"
    std::string profile;  // performance profile used
    double published = 0;
    double predicted = 0;
    double error = 0;        // (predicted − published) / published
    double cvPredicted = 0;  // by the profiles fitted without this run's source
    double cvError = 0;
    double bandLow = 0, bandHigh = 0;  // the plan's band, in the metric's units
    bool cvInBand = false;             // published value inside the cross-validated plan's band
    std::string note;                  // why excluded, or the assumption the prediction rests on
};

struct ValidationReport {
    std::vector<ValidationRow> rows;
    std::map<std::string, double> meanAbsErrorBySource;  // included runs only
    std::map<std::string, double> maxAbsErrorBySource;
    std::map<std::string, double> cvMeanAbsErrorBySource;
    std::map<std::string, double> cvBandCoverageBySource;             // share of runs inside the CV band
    double meanAbsError = 0, cvMeanAbsError = 0, cvBandCoverage = 0;  // over all included runs
};

// Runs every calibration record; `catalog` supplies GPUs, fabrics and profiles (the built-in one
// or one with user overrides). The run models are read from the embedded calibration files.
Result<ValidationReport> runValidation(const Catalog& catalog);
// Same, with other cross-validation folds (the profile fitter's, before they are embedded).
Result<ValidationReport> runValidationWithFolds(const Catalog& catalog, std::string_view foldsJson);
// Same, with the calibration files' and the cross-validation folds' text given (for tests and the
// profile fitter).
Result<ValidationReport> runValidation(const Catalog& catalog, std::string_view runsJson,
                                       std::string_view modelsJson, std::string_view foldsJson);

// The included calibration runs as scenarios, for tests and for calibrating to a run
// (calibration/profile_fit.h): each with its published figure and the catalog that holds the
// runs' models.
struct CalibrationCase {
    std::string id, source, use, metric;
    double published = 0;
    Scenario scenario;
};
struct CalibrationCases {
    Catalog catalog;  // `base` with the runs' models merged
    std::vector<CalibrationCase> cases;
};
Result<CalibrationCases> calibrationCases(const Catalog& base);
// The quantity a run's source reports (`metric`), as `plan` predicts it.
double calibrationMetric(const std::string& metric, const Plan& plan);

std::string validationToText(const ValidationReport& report);
std::string validationToCsv(const ValidationReport& report);
std::string validationToJson(const ValidationReport& report);

}  // namespace clusterplan
