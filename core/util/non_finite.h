#pragma once
// The last guard before a number leaves the program: JSON has no NaN or infinity (RFC 8259 §6),
// and a NaN in a CSV cell or on screen is a wrong answer, never an acceptable one. Every input is
// range-checked on reading, so a non-finite result is a bug in the engine: the writers throw
// NonFiniteValue naming the key path ("time.mfu", "layouts[3].step_s"), the CLI reports it as an
// internal error (exit 1) and file-saving entry points turn it into an Error.
#include <stdexcept>
#include <string>
#include <string_view>

namespace clusterplan {

struct NonFiniteValue : std::logic_error {
    NonFiniteValue(std::string keyPath, double value);
    std::string keyPath;
};

// Returns `value`, or throws NonFiniteValue naming `keyPath` when it is NaN or infinite.
double requireFinite(double value, std::string_view keyPath);

}  // namespace clusterplan
