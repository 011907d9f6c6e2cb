#pragma once
// The words an enum is written as (scenario files, command-line values, product names): one table
// of value and name per enum, read both ways, instead of a switch that writes the names and a loop
// that parses them back. A name added to the table is written and read alike.
//
//   constexpr auto kOffloadNames = std::to_array<EnumName<Offload>>(
//       {{Offload::None, "none"}, {Offload::Optimizer, "optimizer"}});
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

// True when the table lists the enum's values 0, 1, ... N-1 in order, each once: for enums whose
// values are the default ones, a static_assert that no value was left out or listed twice between
// the first and the last.
template <typename E, std::size_t N>
constexpr bool listsEveryValueInOrder(const std::array<EnumName<E>, N>& table) {
    for (std::size_t i = 0; i < N; ++i)
        if (table[i].value != static_cast<E>(i))
            return false;
    return true;
}

}  // namespace clusterplan
