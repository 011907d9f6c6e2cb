#pragma once
// Counts (layers, GPUs, tokens, months) enter floating-point formulas and index vectors: one
// spelling for each conversion instead of a copy in every file.
#include <cstddef>
#include <cstdint>

namespace clusterplan {

inline double asDouble(std::int64_t v) {
    return static_cast<double>(v);
}

// Month m (0-based) of a monthly series as a vector index.
inline std::size_t monthIndex(int m) {
    return static_cast<std::size_t>(m);
}

}  // namespace clusterplan
