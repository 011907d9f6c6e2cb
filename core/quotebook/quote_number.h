#pragma once
// Quote numbers: PREFIX-YEAR-SEQUENCE, "Q-2026-0043", the sequence counted per prefix and year and
// written with at least four digits. The prefix is configurable ("Q", "CP", "BJ-Q"); the book
// proposes the next number inside its write transaction (quote_book.h), so two processes never
// propose the same one.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace clusterplan::quotebook {

inline constexpr std::string_view kDefaultPrefix = "Q";

struct QuoteNumber {
    std::string prefix;
    int year = 0;
    std::int64_t sequence = 0;
    bool operator==(const QuoteNumber&) const = default;
};

// "Q-2026-0043"; sequences above 9999 take more digits ("Q-2026-12345").
[[nodiscard]] std::string formatQuoteNumber(const QuoteNumber& number);
// The parts of a number written as formatQuoteNumber() writes it: the prefix is everything before
// the last two '-' (it may hold '-' itself), then four digits of year, then at least four digits.
// Nothing for a number typed by hand in another form ("ACME/17"), which the book keeps as it is.
[[nodiscard]] std::optional<QuoteNumber> parseQuoteNumber(std::string_view text);
// Whether `prefix` can start a number: 1 to 16 letters, digits and inner '-', no spaces.
[[nodiscard]] bool validPrefix(std::string_view prefix);

// "Q-2026-0043/2" or "Q-2026-0043": the number and, when given, the revision.
struct NumberAndRevision {
    std::string number;
    std::optional<std::int64_t> revision;
};
[[nodiscard]] std::optional<NumberAndRevision> parseNumberAndRevision(std::string_view text);

}  // namespace clusterplan::quotebook
