#pragma once
// A message id known when the code compiles: msg::kPlanDoesNotFit is the id "plan.does_not_fit",
// its English template and its arity, the number of arguments (%1 ... %N) the template takes.
// The constants are declared area by area (messages_*.h, from the lists in messages_*.inc), so a
// typo in a name does not compile, and makeMessage() (message.h) takes exactly N arguments.
#include <cstddef>
#include <span>
#include <string_view>

namespace clusterplan {

// An id and its English template, as the catalog lists them (message_catalog.h).
struct MessageTemplate {
    std::string_view id;       // "plan.does_not_fit"
    std::string_view english;  // "Does not fit: ... needs %2 of %3."
};

// The highest %N in a template (0 when there is none): %1 ... %99, "%%" is a literal "%".
constexpr std::size_t highestPlaceholder(std::string_view templ) {
    std::size_t highest = 0;
    for (std::size_t i = 0; i + 1 < templ.size(); ++i) {
        if (templ[i] != '%')
            continue;
        if (templ[i + 1] == '%') {
            ++i;
            continue;
        }
        std::size_t n = 0;
        for (std::size_t j = i + 1; j < templ.size() && j < i + 3 && templ[j] >= '0' && templ[j] <= '9'; ++j)
            n = n * 10 + static_cast<std::size_t>(templ[j] - '0');
        if (n > highest)
            highest = n;
    }
    return highest;
}

namespace detail {
// Never defined, and not constexpr: MessageId's constructor calls it only for a template whose
// highest %N is not the arity, which makes that constant fail to compile with this name in the error.
void messageTemplateArityDiffersFromItsPlaceholders();
}  // namespace detail

template <std::size_t N> struct MessageId : MessageTemplate {
    static constexpr std::size_t arity = N;
    consteval MessageId(std::string_view id_, std::string_view english_) : MessageTemplate{id_, english_} {
        if (highestPlaceholder(english) != N)
            detail::messageTemplateArityDiffersFromItsPlaceholders();
    }
};

// Adds an area's list to the catalog that run-time look-ups search (message_catalog.h). Each
// messages_<area>.h calls it from an inline variable, so the list is registered once in any program
// that includes the header; util/ never names an area above it. Returns true.
bool registerMessageList(std::span<const MessageTemplate> list);

}  // namespace clusterplan
