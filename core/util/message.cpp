#include "core/util/message.h"

#include <ostream>

#include "core/util/message_catalog.h"
#include "core/util/messages_text.h"
#include "core/util/per_language.h"

namespace clusterplan {

std::string fillTemplate(std::string_view templ, const std::vector<std::string>& args) {
    std::string out;
    out.reserve(templ.size() + 16 * args.size());
    for (std::size_t i = 0; i < templ.size(); ++i) {
        const char c = templ[i];
        if (c != '%' || i + 1 >= templ.size()) {
            out += c;
            continue;
        }
        if (templ[i + 1] == '%') {
            out += '%';
            ++i;
            continue;
        }
        // Up to two digits; "%12" is argument 12 only when there are 12 arguments (as Qt's arg()).
        std::size_t n = 0, j = i + 1;
        while (j < templ.size() && j < i + 3 && templ[j] >= '0' && templ[j] <= '9') {
            const std::size_t next = n * 10 + static_cast<std::size_t>(templ[j] - '0');
            if (n != 0 && next > args.size())
                break;
            n = next;
            ++j;
        }
        if (n == 0 || n > args.size()) {
            out += c;
            continue;
        }
        out += args[n - 1];
        i = j - 1;
    }
    return out;
}

namespace detail {

Message filledMessage(const MessageTemplate& id, std::vector<std::string> args) {
    Message m{std::string(id.id), std::move(args), {}};
    m.text = fillTemplate(id.english, m.args);
    return m;
}

Message filledNestedMessage(const MessageTemplate& id, std::vector<Message> args) {
    Message m = filledMessage(id, messageTexts(args));
    m.inner = std::move(args);
    return m;
}

}  // namespace detail

Message plainMessage(std::string text) {
    return Message{{}, {}, std::move(text), {}};
}

std::vector<std::string> messageTexts(const std::vector<Message>& messages) {
    std::vector<std::string> texts;
    texts.reserve(messages.size());
    for (const Message& m : messages)
        texts.push_back(m.text);
    return texts;
}

std::string joinMessages(const std::vector<Message>& messages, std::string_view separator) {
    std::string out;
    for (std::size_t i = 0; i < messages.size(); ++i) {
        if (i)
            out += separator;
        out += messages[i].text;
    }
    return out;
}

std::ostream& operator<<(std::ostream& out, const Message& m) {
    return out << m.text;
}

std::ostream& operator<<(std::ostream& out, const Paragraph& p) {
    return out << p.text();
}

std::string messageText(const Message& message, Lang lang) {
    if (message.id == kPerLanguageMessageId && message.args.size() == 2)
        return message.args[lang == Lang::Zh ? 1 : 0];
    const auto templ = messageTemplate(message.id, lang);
    if (!templ)
        return message.text;
    if (message.inner.empty())
        return fillTemplate(*templ, message.args);
    std::vector<std::string> args;
    args.reserve(message.inner.size());
    for (const Message& inner : message.inner)
        args.push_back(messageText(inner, lang));
    return fillTemplate(*templ, args);
}

namespace {

// The last code point of UTF-8 text (0 for empty text).
char32_t lastCodePoint(const std::string& text) {
    std::size_t start = text.size();
    while (start > 0 && (static_cast<unsigned char>(text[start - 1]) & 0xC0) == 0x80)
        --start;
    if (start == 0)
        return 0;
    --start;
    const auto lead = static_cast<unsigned char>(text[start]);
    const unsigned extra = lead < 0x80 ? 0U : lead < 0xE0 ? 1U : lead < 0xF0 ? 2U : 3U;
    char32_t cp = extra == 0 ? char32_t{lead} : char32_t{lead} & (char32_t{0x3F} >> extra);
    for (std::size_t i = start + 1; i < text.size(); ++i)
        cp = (cp << 6U) | (char32_t{static_cast<unsigned char>(text[i])} & char32_t{0x3F});
    return cp;
}

// Sentences are joined by a space after Latin text and by nothing after a full-width stop (。 and
// the other CJK marks from U+3000).
void appendSentence(std::string& out, const std::string& sentence) {
    if (!out.empty() && lastCodePoint(out) < 0x3000)
        out += ' ';
    out += sentence;
}

}  // namespace

std::string paragraphText(const Paragraph& paragraph, Lang lang) {
    const std::string gap(messageTemplate(msg::kTextClauseGap, lang));
    const std::string stop(messageTemplate(msg::kTextStop, lang));
    std::string out;
    for (const Message& sentence : paragraph.sentences)
        appendSentence(out, messageText(sentence, lang));
    if (!paragraph.clauses.empty()) {
        std::string clauses;
        for (std::size_t i = 0; i < paragraph.clauses.size(); ++i)
            clauses += (i ? gap : "") + messageText(paragraph.clauses[i], lang);
        appendSentence(out, clauses + stop);
    }
    return out;
}

std::string Paragraph::text() const {
    std::string out = joinMessages(sentences, " ");
    if (!clauses.empty())
        out += (out.empty() ? "" : " ") + joinMessages(clauses, "; ") + ".";
    return out;
}

}  // namespace clusterplan
