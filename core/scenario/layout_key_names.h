#pragma once
// The name of each layout key (scenario.h, LayoutKey) as a scenario file writes it inside "layout"
// ("micro_batch"): one table for the scenario file's reader and writer (io/scenario_json.cpp), the
// measured runs' assumed keys (calibration/measured_runs.cpp) and the training-log reader
// (launch/training_log.cpp). Made from a switch with no default: a new LayoutKey without a name here
// fails the build (-Wswitch; tests/compile_fail/enum_names.cpp), and every reader of the table has it.
#include <optional>
#include <string_view>

#include "core/scenario/scenario.h"
#include "core/util/enum_names.h"

namespace clusterplan {

constexpr std::string_view layoutKeyText(LayoutKey k) {
    switch (k) {
    case kTp:
        return "tp";
    case kPp:
        return "pp";
    case kDp:
        return "dp";
    case kCp:
        return "cp";
    case kEp:
        return "ep";
    case kVpp:
        return "vpp";
    case kMicroBatch:
        return "micro_batch";
    case kZeroStage:
        return "zero_stage";
    case kRecompute:
        return "recompute";
    case kSequenceParallel:
        return "sequence_parallel";
    case kDispatcher:
        return "dispatcher";
    case kEpOverlap:
        return "ep_overlap";
    }
    return {};  // an integer cast to the enum: not one key
}

// Every layout key and its name, in bit order.
inline constexpr auto kLayoutKeyNames = flagNames<LayoutKey, layoutKeyText>();
static_assert((1u << kLayoutKeyNames.size()) - 1 == kAllLayoutKeys, "every layout key has a name");

// A layout key's name; empty for a value that is not one key. parseLayoutKey reads the name back.
constexpr std::string_view layoutKeyName(LayoutKey key) {
    return enumName(kLayoutKeyNames, key, {});
}
constexpr std::optional<LayoutKey> parseLayoutKey(std::string_view name) {
    return enumFromName(kLayoutKeyNames, name);
}

// The keys the search chooses only where it chooses EP too: how EP moves tokens and what hides it. A
// scenario that fixes "ep" keeps them fixed (at Megatron-Core's defaults) when it leaves them out.
inline constexpr unsigned kLayoutKeysOpenWithEp = kDispatcher | kEpOverlap;

}  // namespace clusterplan
