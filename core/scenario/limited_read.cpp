#include "core/scenario/limited_read.h"

#include <limits>

namespace clusterplan::json {

namespace {

// Any finite number: the table's range is checked after, with the table's own text.
double anyNumber(ObjectReader& r, std::string_view key) {
    constexpr double kAny = std::numeric_limits<double>::max();
    return r.number(key, -kAny, kAny);
}

double checked(ObjectReader& r, std::string_view key, const InputLimit& limit) {
    const double x = anyNumber(r, key);
    if (auto error = limitError(r.pathOf(key), x, limit))
        fail(std::move(*error));
    return x;
}

}  // namespace

std::int64_t limitedInteger(ObjectReader& r, std::string_view key, const InputLimit& limit) {
    return static_cast<std::int64_t>(checked(r, key, limit));
}

double limitedNumber(ObjectReader& r, std::string_view key, const InputLimit& limit) {
    return checked(r, key, limit);
}

void optLimited(ObjectReader& r, std::string_view key, std::int64_t& target, std::string_view limitKey) {
    if (r.has(key))
        target = limitedInteger(r, key, inputLimit(limitKey));
    else
        r.ignore({key});
}

void optLimited(ObjectReader& r, std::string_view key, int& target, std::string_view limitKey) {
    if (r.has(key))
        target = static_cast<int>(limitedInteger(r, key, inputLimit(limitKey)));
    else
        r.ignore({key});
}

void optLimited(ObjectReader& r, std::string_view key, double& target, std::string_view limitKey) {
    if (r.has(key))
        target = limitedNumber(r, key, inputLimit(limitKey));
    else
        r.ignore({key});
}

}  // namespace clusterplan::json
