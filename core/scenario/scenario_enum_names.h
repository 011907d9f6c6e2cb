#pragma once
// The tables of value and name (core/util/enum_names.h) of every enum a scenario file writes as a
// word: the ones toString() writes and the parse functions read. Each is made from its switch, so a
// new value is in its table as soon as it has a name, and whatever walks the tables (the scenario
// tests) covers it without being told.
#include <span>
#include <type_traits>

#include "core/scenario/fine_tuning_spec.h"
#include "core/scenario/framework.h"
#include "core/scenario/moe_options.h"
#include "core/scenario/precision.h"
#include "core/util/enum_names.h"

namespace clusterplan {

std::span<const EnumName<Precision>> enumNameTable(std::type_identity<Precision>);
std::span<const EnumName<Optimizer>> enumNameTable(std::type_identity<Optimizer>);
std::span<const EnumName<GradDtype>> enumNameTable(std::type_identity<GradDtype>);
std::span<const EnumName<Recompute>> enumNameTable(std::type_identity<Recompute>);
std::span<const EnumName<Framework>> enumNameTable(std::type_identity<Framework>);
std::span<const EnumName<MoeDispatcher>> enumNameTable(std::type_identity<MoeDispatcher>);
std::span<const EnumName<EpOverlap>> enumNameTable(std::type_identity<EpOverlap>);
std::span<const EnumName<MoeRouting>> enumNameTable(std::type_identity<MoeRouting>);
std::span<const EnumName<TrainingMethod>> enumNameTable(std::type_identity<TrainingMethod>);
std::span<const EnumName<Offload>> enumNameTable(std::type_identity<Offload>);

}  // namespace clusterplan
