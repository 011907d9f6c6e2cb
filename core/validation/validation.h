#pragma once
// Validation against published training runs (resources/calibration): each run goes through
// evaluate() with its own layout, and the quantity its source reports (step time, TFLOP/s per
// GPU in the source's FLOP convention, or tokens/s per GPU) is compared with the prediction of
// the shipped profiles (in-sample: fitted on these runs), of the profiles fitted without the run's
// source, and of the profiles fitted without the run's whole group (its stack family on its GPU
// generation, cross_validation.h). The last is the figure that tells a user how far off a run on a
// stack the engine has never seen may be, and the one the quote and the window state.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/report/plan.h"
#include "core/scenario/scenario.h"
#include "core/util/result.h"
#include "core/validation/accuracy_statement.h"

namespace clusterplan {

struct ValidationRow {
    std::string id;
    std::string source;      // "narayanan2021", "korthikanti2022", "nemo2407", "mosaic", ...
    std::string use;         // "fit", "holdout", "exclude" or "unseen_stack" (a stack never fitted)
    std::string metric;      // "step_time_s", "tflops_per_gpu", "tokens_per_sec_per_gpu"
    std::string convention;  // tflops_per_gpu's FLOP count: "narayanan_eq3" or "nemo_model"
    std::string profile;     // performance profile used
    double published = 0;
    double predicted = 0;
    double error = 0;        // (predicted − published) / published
    double cvPredicted = 0;  // by the profiles fitted without this run's source
    double cvError = 0;
    double bandLow = 0, bandHigh = 0;  // the plan's band, in the metric's units
    bool cvInBand = false;             // published value inside the cross-validated plan's band
    // Leave one group out: predicted by the profiles fitted without any run of this stack family on
    // this GPU generation (cross_validation.h), with the band those folds give. The group adds the
    // model class: dense and MoE runs of one stack and GPU generation are scored apart, since an MoE
    // model brings mechanisms (routing, all-to-all, expert GEMMs) a dense one does not show.
    std::string stackGroup;  // the fold's key: "megatron-ampere", "nemo-hopper", ...
    std::string modelClass;  // "dense" or "moe"
    std::string group;       // stack group × model class: "nemo-hopper-dense", "nemo-hopper-moe", ...
    std::int64_t gpus = 0;
    std::int64_t seqLen = 0;
    double paramsB = 0;  // the model's parameters as the engine counts them, billions (param_count.h)
    double groupCvPredicted = 0;
    double groupCvError = 0;
    double groupBandLow = 0, groupBandHigh = 0;
    bool groupCvInBand = false;
    std::string note;  // why excluded, or the assumption the prediction rests on
};

// Leave-one-group-out figures over a set of runs: the error a customer's unseen stack can expect,
// how often its band holds the published value, and how wide that band is (a band that covers by
// being ±60 % wide keeps no promise worth making).
struct TransferSummary {
    int runs = 0;
    double meanAbsError = 0;
    double bandCoverage = 0;
    double medianBandHalfWidth = 0;  // (high − low) / 2 / prediction, median over the runs
};

// A run timed with another stack's profile, as a stack the engine has no profile for is timed (JAX/XLA
// with NeMo's, Colossal-AI with PyTorch FSDP's): the between-stack transfer errors that set the band of
// a borrowed profile (tests/calibration/fit_profiles.py, novelty_bands).
struct CrossStackRow {
    std::string id;
    std::string group;    // the run's group: "fsdp-hopper-dense"
    std::string standIn;  // the other stack's profile it was timed with: "nemo-hopper-bf16"
    double published = 0, predicted = 0;
    double error = 0;           // (predicted − published) / published, in the run's metric
    double ratio = 1;           // true step / predicted step
    bool unseenStack = false;   // a run of a stack no profile is fitted on (use "unseen_stack")
    bool inWidestBand = false;  // inside the band a borrowed profile gets (the unseen-stack band)
};

struct ValidationReport {
    std::vector<ValidationRow> rows;
    std::map<std::string, double> meanAbsErrorBySource;  // included runs only
    std::map<std::string, double> maxAbsErrorBySource;
    std::map<std::string, double> cvMeanAbsErrorBySource;
    std::map<std::string, double> cvBandCoverageBySource;             // share of runs inside the CV band
    double meanAbsError = 0, cvMeanAbsError = 0, cvBandCoverage = 0;  // over all included runs
    // Leave one group out, overall, per group, and by GPU count and sequence length.
    TransferSummary transfer;
    std::map<std::string, TransferSummary> transferByGroup;  // stack × GPU generation × model class
    std::map<std::string, TransferSummary> transferByClass;  // "dense", "moe": MoE apart
    std::vector<std::pair<std::string, TransferSummary>> transferByGpus;    // "<= 64", "65-1,024", "> 1,024"
    std::vector<std::pair<std::string, TransferSummary>> transferBySeqLen;  // "<= 2,048", ...
    // Runs of stacks no profile was fitted on (use "unseen_stack": DeepSpeed ZeRO-3 on A100), each
    // predicted as a customer's unseen stack is, per stack group; kept out of the figures above, but
    // their errors help set the widest band (crossStack; tests/calibration/fit_profiles.py,
    // novelty_bands, says why).
    std::map<std::string, TransferSummary> unseenStackByGroup;
    // Every included dense run timed, in the fold without its group, with each other stack family's
    // calibrated profile on its GPU generation, and the runs of stacks no profile is fitted on.
    std::vector<CrossStackRow> crossStack;
};

// Whether the runs are also predicted on the cross-validation folds; the profile fitter's inner loop
// needs only the in-sample predictions (the cross-validated fields then repeat them).
enum class ValidationScope { CrossValidated, InSampleOnly };

// Runs every calibration record; `catalog` supplies GPUs, fabrics and profiles (the built-in one
// or one with user overrides). The run models are read from the embedded calibration files.
Result<ValidationReport> runValidation(const Catalog& catalog,
                                       ValidationScope scope = ValidationScope::CrossValidated);
// Same, with other cross-validation folds (the profile fitter's, before they are embedded).
Result<ValidationReport> runValidationWithFolds(const Catalog& catalog, std::string_view foldsJson);
// Same, with the calibration files' and the cross-validation folds' text given (for tests and the
// profile fitter).
// Runs no profile was fitted on (the MoE runs) are predicted by the shipped profiles where no fold
// holds out their source or group; calibration runs need their folds.
enum class UnfittedRuns { NeedFolds, OnShippedProfiles };
Result<ValidationReport> runValidation(const Catalog& catalog, std::string_view runsJson,
                                       std::string_view modelsJson, std::string_view foldsJson,
                                       ValidationScope scope = ValidationScope::CrossValidated,
                                       UnfittedRuns unfittedRuns = UnfittedRuns::NeedFolds);
// The published fine-grained MoE runs (resources/calibration/moe-runs.json, mapped by
// moe-run-models.json), none used for fitting: each predicted by the shipped profiles and by the
// fold that leaves out its stack group, MoE apart; sources are labs (source_family).
Result<ValidationReport> runMoeValidation(const Catalog& catalog);

// The included calibration runs as scenarios, for tests and for calibrating to a run
// (calibration/profile_fit.h): each with its published figure and the catalog that holds the
// runs' models.
struct CalibrationCase {
    std::string id, source, use, metric, convention;
    double published = 0;
    Scenario scenario;
};
struct CalibrationCases {
    Catalog catalog;  // `base` with the runs' models merged
    std::vector<CalibrationCase> cases;
};
Result<CalibrationCases> calibrationCases(const Catalog& base);
// The quantity a run's source reports (`metric`), as `plan` predicts it.
double calibrationMetric(const std::string& metric, const std::string& convention, const Plan& plan);

// The grouped cross-validation figure as resources/accuracy.json states it: the included runs, the
// groups, leave-one-group-out error, band coverage and median width, and the in-sample error
// (unrounded; the date and source are the statement's).
GroupedAccuracy groupedAccuracyOf(const ValidationReport& report);

// Megatron-LM's num_floating_point_operations per token (the TFLOP/s Megatron-Core's MoE runs
// report): MLPs with routed experts × top-k and shared experts, attention projections, causal
// attention halved, `mtpLayers` MTP blocks and their logits; recompute not counted.
double megatronMoeFlopsPerToken(const ModelSpec& m, const TrainingSpec& t, std::int64_t mtpLayers);

std::string validationToText(const ValidationReport& report);
std::string validationToCsv(const ValidationReport& report);
std::string validationToJson(const ValidationReport& report);

}  // namespace clusterplan
