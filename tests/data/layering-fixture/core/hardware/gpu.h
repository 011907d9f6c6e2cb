#pragma once
// Fixture of the layering check: hardware/ and parallel/ share a level, so either may include the
// other (a CMake list written "hardware;parallel" made them two levels and refused this one).
#include "core/parallel/rules.h"
namespace fixture {
inline constexpr int kGpu = kRules;
}  // namespace fixture
