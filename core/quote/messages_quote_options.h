#pragma once
// The quote's options page (quote/quote_options.h): each a compile-time constant msg::k... with its
// arity and English template, from the list in messages_quote_options.inc (message_id.h).
#include "core/util/message_id.h"

namespace clusterplan::msg {

#define MESSAGE(name, arity, id, english) inline constexpr MessageId<arity> name{id, english};
#include "core/quote/messages_quote_options.inc"
#undef MESSAGE

// The whole list, registered into the message catalog (message_catalog.h) by any program that
// includes this header, so by any program that can write one of these messages.
#define MESSAGE(name, arity, id, english) name,
inline constexpr MessageTemplate kQuoteOptionsList[] = {
#include "core/quote/messages_quote_options.inc"
};
#undef MESSAGE
inline const bool kQuoteOptionsListRegistered = registerMessageList(kQuoteOptionsList);

}  // namespace clusterplan::msg
