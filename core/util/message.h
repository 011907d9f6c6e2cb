#pragma once
// A sentence the engine writes for people (a plan note, the search's explanation), kept as an id
// and its arguments beside its English text. messageText() writes it in another language from the
// message catalog (message_catalog.h), with the same arguments: the window, the Chinese quote and
// the Chinese workbook all use it, with or without Qt. JSON, text and CSV outputs keep the English
// text, so they do not change.
#include <cstddef>
#include <iosfwd>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/language.h"
#include "core/util/message_id.h"

namespace clusterplan {

struct Message {
    std::string id;                 // key in the message catalog, e.g. "plan.does_not_fit"
    std::vector<std::string> args;  // %1, %2, ... already formatted (numbers, "12.3 GiB", key paths)
    std::string text;               // the English sentence: the catalog's template, filled in
    // Arguments that are sentences of their own (an inner error, "a number"): when inner[i] has an
    // id, it is argument %<i+1> and the window translates it too. Empty when no argument is one.
    std::vector<Message> inner = {};
    bool operator==(const Message&) const = default;
};

namespace detail {
// The template filled in: makeMessage()'s work once the arguments are counted.
Message filledMessage(const MessageTemplate& id, std::vector<std::string> args);
Message filledNestedMessage(const MessageTemplate& id, std::vector<Message> args);
}  // namespace detail

// The message `id` (a constant of messages_*.h) with its template filled in with exactly its
// arity's arguments: makeMessage(msg::kPlanDoesNotFit, {"3", "90.1 GiB", "79.1 GiB"}). Another
// count of arguments, like a misspelt id, does not compile.
template <std::size_t N> Message makeMessage(const MessageId<N>& id, std::string (&&args)[N]) {
    return detail::filledMessage(id, std::vector<std::string>(std::make_move_iterator(std::begin(args)),
                                                              std::make_move_iterator(std::end(args))));
}
inline Message makeMessage(const MessageId<0>& id) {
    return detail::filledMessage(id, {});
}
// The same with arguments that are messages themselves (see Message::inner); a plain argument is
// plainMessage(text).
template <std::size_t N> Message makeNestedMessage(const MessageId<N>& id, Message (&&args)[N]) {
    return detail::filledNestedMessage(id, std::vector<Message>(std::make_move_iterator(std::begin(args)),
                                                                std::make_move_iterator(std::end(args))));
}

// Text that is not from the catalog (a number, an id), as an argument of makeNestedMessage.
Message plainMessage(std::string text);

// Replaces %1 ... %99 in `templ` with args[0] ... in one pass, so an argument that itself contains
// "%2" is left as it is. "%%" is a literal "%"; a "%" not followed by a digit is kept.
// Used with the English template here and with the translated one in the window.
std::string fillTemplate(std::string_view templ, const std::vector<std::string>& args);

// Full sentences, then clauses joined by "; " and closed with "." - how the search explains its
// winner ("TP=2 keeps ...; compute is 71.0 % of the 1.20 s step; ..."). The window joins the
// translated parts with the Chinese marks instead.
struct Paragraph {
    std::vector<Message> sentences;
    std::vector<Message> clauses;
    [[nodiscard]] std::string text() const;  // English
    [[nodiscard]] bool empty() const { return sentences.empty() && clauses.empty(); }
    bool operator==(const Paragraph&) const = default;
};

// The English texts, for JSON, text and CSV outputs.
std::vector<std::string> messageTexts(const std::vector<Message>& messages);
// The English texts joined by `separator`.
std::string joinMessages(const std::vector<Message>& messages, std::string_view separator);

// The message in `lang`: its template translated, filled in with the same arguments; arguments that
// are messages themselves (Message::inner) translated too. A message not from the catalog (a
// hand-made one) keeps its text. In English this is exactly `text`.
std::string messageText(const Message& message, Lang lang);
// Sentences, then clauses joined by "; " and closed with "." in English, by "；" and "。" in Chinese.
std::string paragraphText(const Paragraph& paragraph, Lang lang);

// Text reports print the English.
std::ostream& operator<<(std::ostream& out, const Message& m);
std::ostream& operator<<(std::ostream& out, const Paragraph& p);

}  // namespace clusterplan
