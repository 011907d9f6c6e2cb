#pragma once
// The quote's labels and sentences (quote/labels.h): each a compile-time constant msg::k... with its arity
// and English template, from the list in messages_quote.inc (message_id.h).
#include "core/util/message_id.h"

namespace clusterplan::msg {

#define MESSAGE(name, arity, id, english) inline constexpr MessageId<arity> name{id, english};
#include "core/quote/messages_quote.inc"
#undef MESSAGE

// The whole list, registered into the message catalog (message_catalog.h) by any program that
// includes this header, so by any program that can write one of these messages.
#define MESSAGE(name, arity, id, english) name,
inline constexpr MessageTemplate kQuoteList[] = {
#include "core/quote/messages_quote.inc"
};
#undef MESSAGE
inline const bool kQuoteListRegistered = registerMessageList(kQuoteList);

}  // namespace clusterplan::msg
