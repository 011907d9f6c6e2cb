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

// Bit flags, as the scenario's LayoutKey: one name per bit.
enum Part : unsigned {
    kHead = 1u << 0,
    kBody = 1u << 1,
    kTail = 1u << 2,
#ifdef CASE_UNNAMED_FLAG
    kFin = 1u << 3,
#endif
};

constexpr std::string_view partName(Part p) {
    switch (p) {
    case kHead:
        return "head";
    case kBody:
        return "body";
    case kTail:
        return "tail";
    }
    return {};
}

constexpr auto kPartNames = flagNames<Part, partName>();
static_assert(kPartNames.size() == 3);
static_assert(enumName(kPartNames, kTail, "?") == "tail");
static_assert(enumName(kPartNames, static_cast<Part>(3), "?") == "?");
static_assert(enumFromName(kPartNames, "body") == kBody);

}  // namespace clusterplan
