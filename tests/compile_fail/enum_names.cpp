// The enum name tables (core/util/enum_names.h) are made from a switch the compiler checks. This
// file compiles as it is; with CASE_UNNAMED_VALUE the enum gains a value its switch does not name,
// and under -Wall -Werror (-Wswitch) the build must refuse it, so that no value is ever written as a
// fallback name and left unreadable.
#include "core/util/enum_names.h"

namespace clusterplan {

enum class Stage {
    Draft,
    Sent,
    Signed,
#ifdef CASE_UNNAMED_VALUE
    Cancelled,
#endif
};

constexpr std::string_view stageName(Stage s) {
    switch (s) {
    case Stage::Draft:
        return "draft";
    case Stage::Sent:
        return "sent";
    case Stage::Signed:
        return "signed";
    }
    return {};
}

constexpr auto kStageNames = enumNames<Stage, stageName>();
static_assert(kStageNames.size() == 3);
static_assert(enumName(kStageNames, Stage::Sent, "?") == "sent");
static_assert(enumName(kStageNames, static_cast<Stage>(7), "?") == "?");
static_assert(enumFromName(kStageNames, "signed") == Stage::Signed);
static_assert(!enumFromName(kStageNames, "Signed").has_value());

}  // namespace clusterplan
