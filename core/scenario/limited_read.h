#pragma once
// Reading a number whose range is in the input limits table (scenario/input_limits.h): the
// refusal names the key where it is in the file and the table's range, as the window's does.
#include <cstdint>
#include <string_view>

#include "core/scenario/input_limits.h"
#include "core/util/json_read.h"

namespace clusterplan::json {

// Required forms: absent is an error.
std::int64_t limitedInteger(ObjectReader& r, std::string_view key, const InputLimit& limit);
double limitedNumber(ObjectReader& r, std::string_view key, const InputLimit& limit);
// Optional forms: absent leaves `target` unchanged. `limitKey` names the table's row
// ("training.seq_len"); the error names the key where it is ("training.seq_len", "models[3].hidden").
void optLimited(ObjectReader& r, std::string_view key, std::int64_t& target, std::string_view limitKey);
void optLimited(ObjectReader& r, std::string_view key, int& target, std::string_view limitKey);
void optLimited(ObjectReader& r, std::string_view key, double& target, std::string_view limitKey);

}  // namespace clusterplan::json
