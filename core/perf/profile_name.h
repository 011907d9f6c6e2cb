#pragma once
// A performance profile named as a reader knows it: its stack, GPU generation and precision
// ("Megatron-LM, Ampere, BF16"), not its id in resources/perf-profiles.json ("megatron-ampere-bf16").
#include <optional>
#include <string>
#include <string_view>

namespace clusterplan {

// The id's three parts by name; empty for an id of another form ("generic", a user's own). The
// suffix a fit adds ("+measured", calibration/profile_fit.cpp) is not part of the name: see
// isFittedProfileId().
[[nodiscard]] std::optional<std::string> profileDisplayName(std::string_view id);
// The id of a profile fitted to measured runs ("megatron-ampere-fp16+measured"), and the id it was
// fitted from.
[[nodiscard]] bool isFittedProfileId(std::string_view id);
[[nodiscard]] std::string_view unfittedProfileId(std::string_view id);

}  // namespace clusterplan
