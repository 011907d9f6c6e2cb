#pragma once
// Synchronisation with the slowest GPU. A synchronous step ends when the slowest of its N GPUs
// is done: every data-parallel all-reduce, pipeline send and tensor-parallel all-reduce waits for
// it. GPUs of one SKU differ in speed (manufacturing and power management): Sinha et al., "Not All
// GPUs Are Created Equal", SC'22 (arXiv:2208.11035), measure 8 % average performance variation
// across the GPUs of each cluster (median to slowest spread over thousands of GPUs); stragglers
// are the first scale effect the Llama 3 report (arXiv:2407.21783 §3.3.4) and MegaScale
// (arXiv:2402.15627 §5) name. With per-GPU speed ~ Normal(1, σ), the step's compute stretches
// by σ · E[max of N standard normals], which grows like sqrt(2 ln N).
#include <cstdint>

namespace clusterplan {

// Relative standard deviation of per-GPU speed: the 8 % spread of Sinha et al. taken as the range
// of a normal sample of ~4 000 GPUs (about 7 σ), σ ≈ 0.08 / 7.
inline constexpr double kGpuSpeedSigma = 0.08 / 7;

// E[max of n independent standard normals] (Blom's approximation: Φ⁻¹((n − 0.375) / (n + 0.25)),
// within 5 % of the exact value at n = 2 and 1 % from n = 10); 0 for n = 1.
double expectedMaxOfNormals(std::int64_t n);

// Seconds the slowest of `gpus` GPUs adds to `computeSeconds` of kernel time.
double stragglerSeconds(double computeSeconds, std::int64_t gpus);

}  // namespace clusterplan
