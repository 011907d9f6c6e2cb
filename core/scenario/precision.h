#pragma once
// Numeric formats used for training and their storage sizes in bytes.
#include <optional>
#include <string_view>

namespace clusterplan {

enum class Precision { Fp32, Bf16, Fp16, Fp8 };
enum class Optimizer { AdamW, Adam8bit, Sgd };
// Gradient accumulation / reduction dtype: `Param` keeps gradients in the weights' 16-bit
// format (ZeRO paper's 2Ψ); `Fp32` keeps fp32 main gradients (Megatron-LM's default with bf16).
enum class GradDtype { Param, Fp32 };
enum class Recompute { None, Selective, Full };

std::string_view toString(Precision p);
std::string_view toString(Optimizer o);
std::string_view toString(GradDtype g);
std::string_view toString(Recompute r);
std::optional<Precision> parsePrecision(std::string_view s);
std::optional<Optimizer> parseOptimizer(std::string_view s);
std::optional<GradDtype> parseGradDtype(std::string_view s);
std::optional<Recompute> parseRecompute(std::string_view s);

// Bytes of one stored weight / activation element in this training precision. FP8 training
// (Transformer Engine) keeps weights and activations between GEMMs in bf16 and casts to fp8
// inside the GEMM, so it stores 2 bytes (NVIDIA Transformer Engine docs, "FP8 primer").
double weightBytes(Precision p);
double activationBytes(Precision p);

}  // namespace clusterplan
