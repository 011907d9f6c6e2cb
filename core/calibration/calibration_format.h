#pragma once
// A profile fit (profile_fit.h) as text: the fitted parameters (before -> after, with bounds) and
// each measured run's error before and after, for `clusterplan-cli calibrate`. The plan JSON writes
// the same fit (report/plan_format.cpp).
#include <string>

#include "core/calibration/profile_fit.h"
#include "core/report/plan.h"

namespace clusterplan {

std::string profileFitToText(const ProfileFit& fit);
// One row per measured run: GPUs, layout, the keys the run left out as the search resolved them
// ("micro_batch=2; zero_stage=1", the scenario file's keys and values), measured and predicted
// step, throughput errors before and after the fit, and last where the run was read (its source:
// "train.log:33-41"; empty for a typed run).
std::string profileFitToCsv(const ProfileFit& fit);
// One line on a plan's time: layout, GPUs, step time with its band, tokens/s, MFU, days to train.
std::string planTimeSummary(const Plan& plan);

}  // namespace clusterplan
