#include "core/memory/quantized_weights.h"

#include <algorithm>

#include "core/model/lora.h"

namespace clusterplan {

double nf4ConstantBitsPerParam(bool doubleQuantization) {
    if (!doubleQuantization)
        return 32 / kNf4Block;                                  // fp32 absmax per block: 0.5
    return 8 / kNf4Block + 32 / (kNf4Block * kNf4SecondBlock);  // 0.125 + 0.00195 = 0.127
}

double nf4BytesPerParam() {
    return (kNf4Bits + nf4ConstantBitsPerParam()) / 8;
}

double quantizedLayerParams(const LayerParams& p) {
    return p.attention + p.mlp + p.routedExperts + p.router;
}

double dequantBytesPerParam() {
    return nf4BytesPerParam() + 2;
}

double dequantWorkspaceBytes(const ModelSpec& m, const Layout& l) {
    double largest = 0;
    const auto scan = [&](bool moe) {
        for (const LinearMatrix& x : layerLinears(m, moe))
            largest = std::max(largest, x.in * x.out / static_cast<double>(l.tp));
    };
    scan(false);
    if (m.moe)
        scan(true);
    return 2 * largest;
}

}  // namespace clusterplan
