#pragma once
// Plan → JSON ("clusterplan.plan/1") and human text. Numbers are formatted by us (shortest
// round-trip, C locale), so output is deterministic and golden-testable.
#include <string>

#include "core/report/plan.h"

namespace clusterplan {

class Catalog;

std::string planToJson(const Plan& plan);
std::string planToText(const Plan& plan);
std::string presetsToText(const Catalog& catalog);

// "79.3 GiB" style formatting used by text reports and the UI.
std::string formatGib(double bytes, int decimals = 1);
// "TP 2 x PP 4 x DP 8", with CP, EP and VPP when used.
std::string layoutText(const Layout& layout);

}  // namespace clusterplan
