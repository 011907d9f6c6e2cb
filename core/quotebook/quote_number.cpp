#include "core/quotebook/quote_number.h"

#include <cctype>

namespace clusterplan::quotebook {

namespace {

bool allDigits(std::string_view text) {
    if (text.empty())
        return false;
    for (const char c : text)
        if (!std::isdigit(static_cast<unsigned char>(c)))
            return false;
    return true;
}

// A whole number of at most 18 digits (no overflow).
std::optional<std::int64_t> digitsValue(std::string_view text) {
    if (!allDigits(text) || text.size() > 18)
        return std::nullopt;
    std::int64_t value = 0;
    for (const char c : text)
        value = value * 10 + (c - '0');
    return value;
}

}  // namespace

std::string formatQuoteNumber(const QuoteNumber& number) {
    std::string sequence = std::to_string(number.sequence);
    if (sequence.size() < 4)
        sequence.insert(0, 4 - sequence.size(), '0');
    return number.prefix + "-" + std::to_string(number.year) + "-" + sequence;
}

bool validPrefix(std::string_view prefix) {
    if (prefix.empty() || prefix.size() > 16 || prefix.front() == '-' || prefix.back() == '-')
        return false;
    for (const char c : prefix)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-')
            return false;
    return true;
}

std::optional<QuoteNumber> parseQuoteNumber(std::string_view text) {
    const auto lastDash = text.rfind('-');
    if (lastDash == std::string_view::npos || lastDash < 6)
        return std::nullopt;
    const auto yearDash = text.rfind('-', lastDash - 1);
    if (yearDash == std::string_view::npos)
        return std::nullopt;
    const std::string_view prefix = text.substr(0, yearDash);
    const std::string_view year = text.substr(yearDash + 1, lastDash - yearDash - 1);
    const std::string_view sequence = text.substr(lastDash + 1);
    const auto yearValue = digitsValue(year);
    const auto sequenceValue = digitsValue(sequence);
    if (!validPrefix(prefix) || year.size() != 4 || !yearValue || sequence.size() < 4 || !sequenceValue ||
        *sequenceValue == 0)
        return std::nullopt;
    QuoteNumber number{std::string(prefix), static_cast<int>(*yearValue), *sequenceValue};
    // Only the canonical spelling: "Q-2026-00043" would be a second name of Q-2026-0043.
    if (formatQuoteNumber(number) != text)
        return std::nullopt;
    return number;
}

std::optional<NumberAndRevision> parseNumberAndRevision(std::string_view text) {
    const auto slash = text.rfind('/');
    if (slash == std::string_view::npos)
        return text.empty() ? std::nullopt
                            : std::optional(NumberAndRevision{std::string(text), std::nullopt});
    const auto revision = digitsValue(text.substr(slash + 1));
    if (slash == 0 || !revision || *revision < 1)
        return std::nullopt;
    return NumberAndRevision{std::string(text.substr(0, slash)), *revision};
}

}  // namespace clusterplan::quotebook
