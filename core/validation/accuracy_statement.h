#pragma once
// The engine's accuracy as the product states it: a labelled pair of dated, sourced figures read
// from resources/accuracy.json (embedded at build time), the one file the README, the window's
// verdict card, the PDF quote and the documentation copy from.
//  - The grouped cross-validation figure: on the calibration runs, each stack family on its GPU
//    generation predicted by profiles fitted without any of its runs (`clusterplan-cli validate`,
//    leave one group out). Measured on the very runs whose mechanisms shaped the engine, so it is
//    the optimistic one of the two.
//  - The independent figure: published runs never used to build the engine, checked once by
//    someone outside the fit; it changes only when a later independent check gives a new one.
#include <string>
#include <string_view>

#include "core/util/result.h"

namespace clusterplan {

struct GroupedAccuracy {
    int runs = 0;
    int groups = 0;
    double meanAbsError = 0;         // leave one group out, share of the published value
    double bandCoverage = 0;         // share of runs whose published value is inside the band
    double medianBandHalfWidth = 0;  // median (high − low) / 2 / prediction
    double inSampleMeanAbsError = 0;
    std::string asOf;  // YYYY-MM-DD
    std::string source;
};

struct IndependentAccuracy {
    int runs = 0;
    int sourceFamilies = 0;
    int refused = 0;          // layouts the engine refused, counted as misses in meanAbsError
    double meanAbsError = 0;  // over every run
    int evaluatedRuns = 0;    // the runs the engine gave a prediction for
    double evaluatedMeanAbsError = 0;
    double medianAbsError = 0;  // over the evaluated runs
    double bandCoverage = 0;
    std::string metric;   // what was compared: "tokens/s per GPU"
    std::string checked;  // YYYY-MM-DD
    std::string source;
};

struct AccuracyStatement {
    std::string schema = "clusterplan.accuracy/1";
    std::string notes;  // what the file is and who reads it
    GroupedAccuracy grouped;
    IndependentAccuracy independent;
};

Result<AccuracyStatement> parseAccuracyStatement(std::string_view json, const std::string& fileLabel);
// The embedded resources/accuracy.json (tests ensure it reads).
const AccuracyStatement& builtinAccuracyStatement();

// The file's text: every key in the committed file's order, numbers to the precision the
// documents print (0.1 % for errors: 3 decimals; 1 % for coverage and width: 2 decimals).
std::string accuracyStatementToJson(const AccuracyStatement& statement);
// `stated` with the grouped figure replaced by `measured` (validate's leave-one-group-out figures,
// rounded as the file keeps them); the date moves to `today` only when a figure changed, so
// regenerating an up-to-date file writes it unchanged. The independent figure is kept as it is:
// it never comes from runs of the calibration set.
AccuracyStatement withGroupedAccuracy(const AccuracyStatement& stated, const GroupedAccuracy& measured,
                                      const std::string& today);

// The pair in English as the README and the documentation print it, one labelled sentence each:
// "Grouped cross-validation (`clusterplan-cli validate`, 2026-12-03): on 160 calibration runs, ...".
std::string groupedAccuracySentence(const GroupedAccuracy& a);
std::string independentAccuracySentence(const IndependentAccuracy& a);
// Both figures in one sentence, the independent one first (what a stack the engine never saw can
// expect): the README's statement.
std::string accuracyInOneSentence(const AccuracyStatement& a);

}  // namespace clusterplan
