#pragma once
// Byte units, defined once. Memory capacities and sizes are binary (GiB = 2^30 bytes, as
// nvidia-smi and the CUDA allocator report them); link and HBM bandwidths are decimal (GB/s =
// 1e9 bytes/s, as datasheets quote them). Every conversion goes through these names, never a
// written-out 1e9. Durations: a day of wall-clock seconds.
namespace clusterplan::units {

inline constexpr double kKiB = 1024.0;
inline constexpr double kMiB = 1024.0 * kKiB;
inline constexpr double kGiB = 1024.0 * kMiB;
inline constexpr double kGB = 1e9;
// Counts in billions, as the outputs print them: parameters and tokens ("8.03 B"), GFLOP.
inline constexpr double kBillion = 1e9;
inline constexpr double kSecondsPerDay = 86'400.0;
inline constexpr double kSecondsPerHour = 3'600.0;

}  // namespace clusterplan::units
