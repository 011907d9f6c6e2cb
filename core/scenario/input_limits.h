#pragma once
// The allowed range of every numeric scenario input that is checked against fixed bounds, in one
// table read by the file reader (io/), the scenario checks and the window's fields, so that a
// value is accepted or refused the same way wherever it is typed, and every refusal states the
// same range. The bounds are generous limits that keep the arithmetic finite, not physics.
// Ranges that depend on other inputs (top_k ≤ experts, frozen layers ≤ layers, a LoRA rank ≤ the
// hidden size) are checked where both are known; the cost inputs have their own table
// (cost/cost_parameters.h) and the measured runs their constants (limits.h).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/util/result.h"

namespace clusterplan {

struct InputLimit {
    std::string_view key;  // scenario key path, as errors name it: "training.seq_len"
    double min;
    double max;
    bool integer;  // a count: refused when not whole

    [[nodiscard]] std::int64_t minInt() const { return static_cast<std::int64_t>(min); }
    [[nodiscard]] std::int64_t maxInt() const { return static_cast<std::int64_t>(max); }
    [[nodiscard]] bool contains(double value) const { return value >= min && value <= max; }  // NaN: false
};

// Every limit, in the order of the scenario file.
std::span<const InputLimit> inputLimits();
// The limit of `key`; an unknown key is a programming error (aborts), so that a typo in a reader
// or a panel cannot silently drop a check.
const InputLimit& inputLimit(std::string_view key);
// The same, or null when `key` has no limit in the table.
const InputLimit* findInputLimit(std::string_view key);

// "is 0, allowed range 1 to 1024" on `where` (the key itself, or "models[3].hidden" in the
// catalog), when `value` is outside `limit`; whole numbers are checked for counts.
std::optional<Error> limitError(std::string where, double value, const InputLimit& limit);
// The check of the table's own key: checkLimit("cluster.nodes", nodes).
std::optional<Error> checkLimit(std::string_view key, double value);

}  // namespace clusterplan
