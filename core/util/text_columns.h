#pragma once
// Pieces of the plain-text reports (validate, calibrate, the plan, fine-tuning), written once.
#include <cstddef>
#include <string>

namespace clusterplan {

// `text` right-aligned in `width` columns.
std::string padLeft(const std::string& text, std::size_t width);
// A signed relative error: 0.015 -> "+1.5 %".
std::string percent(double fraction);
// "0.123 s" below ten seconds, "12.3 s" above.
std::string seconds(double s);

}  // namespace clusterplan
