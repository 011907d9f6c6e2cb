#pragma once
// The plan's notes: memory, step time and its band, fine-tuning, the feed, the run's length, the cost: each a
// compile-time constant msg::k... with its arity and English template, from the list in messages_plan.inc
// (message_id.h).
#include "core/util/message_id.h"

namespace clusterplan::msg {

#define MESSAGE(name, arity, id, english) inline constexpr MessageId<arity> name{id, english};
#include "core/util/messages_plan.inc"
#undef MESSAGE

}  // namespace clusterplan::msg
