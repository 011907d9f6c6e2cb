#pragma once
// Importing a vendor's price list into a price book: each a compile-time constant msg::k... with its arity
// and English template, from the list in messages_price_list.inc (message_id.h).
#include "core/util/message_id.h"

namespace clusterplan::msg {

#define MESSAGE(name, arity, id, english) inline constexpr MessageId<arity> name{id, english};
#include "core/util/messages_price_list.inc"
#undef MESSAGE

}  // namespace clusterplan::msg
