#pragma once
// The quote book's listings and its errors (quotebook/): each a compile-time constant msg::k... with its
// arity and English template, from the list in messages_quote_book.inc (message_id.h).
#include "core/util/message_id.h"

namespace clusterplan::msg {

#define MESSAGE(name, arity, id, english) inline constexpr MessageId<arity> name{id, english};
#include "core/util/messages_quote_book.inc"
#undef MESSAGE

}  // namespace clusterplan::msg
