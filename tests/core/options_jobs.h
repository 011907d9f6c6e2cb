#pragma once
// The two jobs the options study's goals name, shared by its tests and its benchmark:
// Llama 3.1 405B pre-trained as Meta ran it (8,192-token sequences, 2,048 per step, i.e. 16 M
// tokens, on 15 T tokens: arXiv:2407.21783 §3.4) and Llama 3.1 70B fine-tuned with LoRA on 2 B
// tokens (the QLoRA paper's recipe, r = 64: arXiv:2305.14314).
#include "core/catalog/catalog.h"
#include "core/io/scenario_json.h"

namespace clusterplan::test {

inline Scenario llama405bPretraining(const Catalog& catalog) {
    Scenario s = defaultScenario(catalog);
    s.modelPreset = "llama-3.1-405b";
    s.model = *catalog.model(s.modelPreset);
    s.training.seqLen = 8192;
    s.training.globalBatch = 2048;
    s.training.tokens = 15e12;
    s.cluster.gpu = "h100-sxm-80gb";
    s.cost.priceBook = "us-2026";
    s.cost.rentOffer.clear();
    return s;
}

inline Scenario llama70bLora(const Catalog& catalog) {
    Scenario s = defaultScenario(catalog);
    s.modelPreset = "llama-3.1-70b";
    s.model = *catalog.model(s.modelPreset);
    s.training.method = TrainingMethod::Lora;
    s.training.tokens = 2e9;
    s.training.globalBatch = 64;
    return s;
}

}  // namespace clusterplan::test
