#pragma once
// The words an enum is written as (scenario files, command-line values, product names): one
// table of value and name per enum, read both ways, instead of a switch that writes the names and a
// loop that parses them back. A name added to the table is written and read alike.
//
// The table is made from a constexpr switch over the enum that names each value and has no
// default, so the compiler checks it: -Wswitch (in -Wall; warnings are errors) fails the build when
// the enum gains a value the switch does not name. A hand-written table would not: a value it
// missed would silently be written as the fallback name and never be read back. The enum's values
// must be the default ones (0, 1, ... in order), or single bits (1, 2, 4, ...) with flagNames(); the
// switch answers an empty name for any other integer, and the table holds the values up to the first
// one without a name.
//
//   constexpr std::string_view offloadName(Offload o) {
//       switch (o) {
//       case Offload::None: return "none";
//       case Offload::Optimizer: return "optimizer";
//       }
//       return {};  // an integer cast to the enum: not a value
//   }
//   constexpr auto kOffloadNames = enumNames<Offload, offloadName>();
//   enumName(kOffloadNames, Offload::None, "?") == "none"
//   enumFromName(kOffloadNames, "optimizer") == Offload::Optimizer
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace clusterplan {

template <typename E> struct EnumName {
    E value;
    std::string_view name;
};

// The i-th value of an enum: i itself, or for an enum of bit flags the i-th bit.
template <typename E, bool flags> constexpr E nthValue(std::size_t i) {
    return static_cast<E>(flags ? (1ull << i) : i);
}

// How many of the first values `nameOf` names before the first it does not.
template <typename E, std::string_view (*nameOf)(E), bool flags> constexpr std::size_t namedValueCount() {
    std::size_t n = 0;
    while ((!flags || n < 64) && !nameOf(nthValue<E, flags>(n)).empty())
        ++n;
    return n;
}

template <typename E, std::string_view (*nameOf)(E), bool flags> constexpr auto namedValues() {
    constexpr std::size_t n = namedValueCount<E, nameOf, flags>();
    static_assert(n > 0, "the switch names no value: the enum's first value must be 0 (a flag's 1)");
    std::array<EnumName<E>, n> table{};
    for (std::size_t i = 0; i < n; ++i)
        table[i] = {nthValue<E, flags>(i), nameOf(nthValue<E, flags>(i))};
    return table;
}

// The table of every value `nameOf` names, in value order.
template <typename E, std::string_view (*nameOf)(E)> constexpr auto enumNames() {
    return namedValues<E, nameOf, false>();
}

// The same for an enum of bit flags, whose values are single bits 1, 2, 4, ... in order (the
// scenario's LayoutKey): the table holds the bits up to the first one `nameOf` does not name.
template <typename E, std::string_view (*nameOf)(E)> constexpr auto flagNames() {
    return namedValues<E, nameOf, true>();
}

// The name of `value`; `fallback` for a value the table does not hold (an integer cast to the enum).
template <typename E, std::size_t N>
constexpr std::string_view enumName(const std::array<EnumName<E>, N>& table, E value,
                                    std::string_view fallback) {
    for (const EnumName<E>& row : table)
        if (row.value == value)
            return row.name;
    return fallback;
}

// The value named `name` (exactly, case included); none for any other text.
template <typename E, std::size_t N>
constexpr std::optional<E> enumFromName(const std::array<EnumName<E>, N>& table, std::string_view name) {
    for (const EnumName<E>& row : table)
        if (row.name == name)
            return row.value;
    return std::nullopt;
}

}  // namespace clusterplan
