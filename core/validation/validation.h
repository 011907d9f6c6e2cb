#pragma once
// Validation against published training runs (resources/calibration): each run goes through
// evaluate() with its own layout, and the quantity its source reports (step time, TFLOP/s per
// GPU in the source's FLOP convention, or tokens/s per GPU) is compared with the prediction.
#include <map>
#include <string>
#include <vector>

#include "hardware/catalog.h"
#include "util/result.h"

namespace clusterplan {

struct ValidationRow {
    std::string id;
    std::string source;   // "narayanan2021", "korthikanti2022", "nemo2407", "mosaic", ...
    std::string use;      // "fit", "holdout" or "exclude"
    std::string metric;   // "step_time_s", "tflops_per_gpu", "tokens_per_sec_per_gpu"
    std::string profile;  // performance profile used
    double published = 0;
    double predicted = 0;
    double error = 0;  // (predicted − published) / published
    std::string note;  // why excluded, or the assumption the prediction rests on
};

struct ValidationReport {
    std::vector<ValidationRow> rows;
    std::map<std::string, double> meanAbsErrorBySource;  // included runs only
    std::map<std::string, double> maxAbsErrorBySource;
};

// Runs every calibration record; `catalog` supplies GPUs, fabrics and profiles (the built-in one
// or one with user overrides). The run models are read from the embedded calibration files.
Result<ValidationReport> runValidation(const Catalog& catalog);
// Same, with the calibration files' text given (for tests and the profile fitter).
Result<ValidationReport> runValidation(const Catalog& catalog, std::string_view runsJson,
                                       std::string_view modelsJson);

std::string validationToText(const ValidationReport& report);
std::string validationToCsv(const ValidationReport& report);

}  // namespace clusterplan
