#pragma once
// The search's explanation of its winner and why no layout fits: each a compile-time constant msg::k... with
// its arity and English template, from the list in messages_search.inc (message_id.h).
#include "core/util/message_id.h"

namespace clusterplan::msg {

#define MESSAGE(name, arity, id, english) inline constexpr MessageId<arity> name{id, english};
#include "core/util/messages_search.inc"
#undef MESSAGE

}  // namespace clusterplan::msg
