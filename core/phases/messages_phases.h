#pragma once
// The phased plan's contract events: each a compile-time constant msg::k... with its arity and
// English template, from the list in messages_phases.inc (message_id.h).
#include "core/util/message_id.h"

namespace clusterplan::msg {

#define MESSAGE(name, arity, id, english) inline constexpr MessageId<arity> name{id, english};
#include "core/phases/messages_phases.inc"
#undef MESSAGE

// The whole list, registered into the message catalog (message_catalog.h) by any program that
// includes this header, so by any program that can write one of these messages.
#define MESSAGE(name, arity, id, english) name,
inline constexpr MessageTemplate kPhasesList[] = {
#include "core/phases/messages_phases.inc"
};
#undef MESSAGE
inline const bool kPhasesListRegistered = registerMessageList(kPhasesList);

}  // namespace clusterplan::msg
