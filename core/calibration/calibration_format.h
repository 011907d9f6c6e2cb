#pragma once
// A profile fit (profile_fit.h) as text and JSON: the fitted parameters (before -> after, with
// bounds) and each measured run's error before and after. Used by `clusterplan-cli calibrate` and
// by the plan JSON of a scenario with measured runs.
#include <string>

#include "calibration/profile_fit.h"
#include "report/plan.h"
#include "util/json_write.h"

namespace clusterplan {

std::string profileFitToText(const ProfileFit& fit);
// One line on a plan's time: layout, GPUs, step time with its band, tokens/s, MFU, days to train.
std::string planTimeSummary(const Plan& plan);
// Writes a "calibration" object into the open JSON object.
void writeProfileFitJson(json::Writer& w, const ProfileFit& fit);

}  // namespace clusterplan
