#pragma once
// How fast the routed experts' grouped GEMMs run against the large GEMMs a profile's efficiency was
// fitted on: a fine-grained expert (a small FFN, so a short reduction for its down-projection, and
// few tokens) runs well below the plateau. Two mechanisms, both visible in DeepGEMM's kernel
// measurements on H800 (deepseek-ai/DeepGEMM README.md, "Performance", commit a6d97a1c of
// 2025-02-25, FP8 E4M3, NVCC 12.8):
// - the reduction length K: every output tile pays a fixed prologue and epilogue (filling the TMA
//   pipeline, writing and converting the tile) against K / BLOCK_K main-loop steps, so the
//   tensor-core share is K / (K + K0): at 4,096 rows, K = 512 reaches 590 TFLOP/s and K = 16,384
//   1,358;
// - the expert's weights are read from HBM once per GEMM whatever its rows, so with few tokens per
//   expert the GEMM turns memory-bound: 4 experts of 256 rows (N 4,096, K 7,168) reach 932 TFLOP/s,
//   4 of 8,192 rows 1,297.
// The two overlap only in part (the weights stream while earlier tiles compute): the time is the
// 1.5-norm of the compute and memory times. K0 = 512 and the 1.5 fit DeepGEMM's 15 GEMMs of at least
// 256 rows within 2.7 % on average (worst 8.4 %) with a plateau of 72 % of the H800's FP8 peak; the
// engine puts the plateau at the profile's own GEMM efficiency. A narrow N (2,112: 17 column tiles)
// leaves SMs idle, a wave effect not modelled.
#include <cstdint>

namespace clusterplan {

// One GEMM of an expert: `rows` tokens × reduction `k` → `n` outputs, bytes per element of its
// weights, its input and its output.
struct ExpertGemm {
    double rows = 0, n = 0, k = 0;
    double weightBytes = 2, inputBytes = 2, outputBytes = 2;
};

// Reduction length at which an output tile spends as long outside its main loop as in it.
inline constexpr double kGemmTileOverheadK = 512;
// Exponent of the norm that adds the compute and the weight-streaming times.
inline constexpr double kGemmOverlapNorm = 1.5;

// Seconds of one such GEMM at `plateauFlops` (the tensor cores' rate on a large GEMM: peak ×
// profile efficiency) and `bytesPerSecond` of HBM.
double expertGemmSeconds(const ExpertGemm& g, double plateauFlops, double bytesPerSecond);

// Speed of an expert's forward, input-gradient and weight-gradient GEMMs (the latter two with
// K and N swapped, and with the rows as the reduction) against a reference GEMM of the model's
// dense shape (`referenceRows` tokens, hidden × hidden), the shape the profile's efficiency was
// fitted on: 1 for the same shape, below 1 for fine-grained experts.
struct ExpertGemmSpeed {
    double forward = 1;   // share of the reference speed
    double backward = 1;  // input and weight gradients together
};
ExpertGemmSpeed expertGemmSpeed(const ExpertGemm& expert, double referenceRows, double hidden,
                                double plateauFlops, double bytesPerSecond);

}  // namespace clusterplan
