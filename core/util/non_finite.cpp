#include "core/util/non_finite.h"

#include <cmath>

namespace clusterplan {

namespace {

std::string describe(double value) {
    if (std::isnan(value))
        return "NaN";
    return value > 0 ? "+infinity" : "-infinity";
}

}  // namespace

NonFiniteValue::NonFiniteValue(std::string path, double value)
    : std::logic_error("non-finite value (" + describe(value) + ") at '" + path +
                       "': a bug in the engine, please report it with the input file")
    , keyPath(std::move(path)) {}

double requireFinite(double value, std::string_view keyPath) {
    if (!std::isfinite(value))
        throw NonFiniteValue(std::string(keyPath), value);
    return value;
}

}  // namespace clusterplan
