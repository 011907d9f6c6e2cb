// Input errors, the reason next to the red field, in the dialog and in the CLI: JSON values,
// ranges, layout rules, unknown ids, the model, the scenario, fine-tuning, measured runs.
// English templates, %1 ... for the arguments; the Chinese of each id is in
// resources/i18n/zh_CN.json (message_catalog.h). Ids are "<area>.<what>"; the English must stay
// as the outputs print it: the golden files hold it.
#include "core/util/message_areas.h"

namespace clusterplan::messages {

namespace {

// A built-in array, not std::array: clang 14 deduces std::array{...} through a fold over every element and
// stops at 256 (the fuzz build).
constexpr MessageTemplate kInputErrorMessages[] = {
    // Input errors (util/result.h inputError): the reason next to the red field, in the dialog that
    // cannot open a file, and in the CLI. Ids "error.*" (and "json.kind.*" for what a JSON value is).
    // The key path stays outside the template; %N are numbers, ids, key paths and enum values.
    // JSON files: scenarios, catalogs, price books (util/json_read.cpp)
    MessageTemplate{"json.kind.null", "null"},
    MessageTemplate{"json.kind.boolean", "a boolean"},
    MessageTemplate{"json.kind.number", "a number"},
    MessageTemplate{"json.kind.string", "a string"},
    MessageTemplate{"json.kind.array", "an array"},
    MessageTemplate{"json.kind.object", "an object"},
    MessageTemplate{"json.kind.value", "a value"},
    MessageTemplate{"error.json.malformed", "malformed JSON: %1"},
    MessageTemplate{"error.json.not_object", "must be an object, got %1"},
    MessageTemplate{"error.json.required", "is required"},
    MessageTemplate{"error.json.not_number", "must be a number, got %1"},
    MessageTemplate{"error.json.not_whole", "must be a whole number, got %1"},
    MessageTemplate{"error.json.not_string", "must be a string, got %1"},
    MessageTemplate{"error.json.not_boolean", "must be true or false, got %1"},
    MessageTemplate{"error.json.not_array", "must be an array, got %1"},
    MessageTemplate{"error.json.not_allowed", "is '%1', allowed: %2"},
    MessageTemplate{"error.json.unknown_key", "unknown key; known keys: %1"},
    MessageTemplate{"error.json.unknown_key.closest", "unknown key (did you mean '%1'?); known keys: %2"},
    // Ranges (everywhere a number has bounds)
    MessageTemplate{"error.range", "is %1, allowed range %2 to %3"},
    // A scenario's claim (io/claim_json.cpp)
    MessageTemplate{"error.claim.value_or_range",
                    "needs the claimed \"value\", or its range as \"min\" and/or \"max\", not both"},
    MessageTemplate{"error.claim.range_order", "min %1 is above max %2"},
    MessageTemplate{"error.claim.compare_needed",
                    "is required by '%1': the scenario file this one is compared with, in the same folder"},
    MessageTemplate{"error.claim.compare_refused", "is only read by speedup and slowdown, not by '%1'"},
    MessageTemplate{"error.claim.compare_name", "is '%1': a file name in the same folder, without a path"},
    MessageTemplate{"error.claim.compare_missing", "names '%1', which cannot be read: %2"},
    MessageTemplate{"error.description.empty_section", "must name the section of the quoted text"},
    MessageTemplate{"error.article.no_claims", "no scenario in this folder has a \"claim\""},
    // Parallel layout (parallel/layout.cpp; Megatron-LM and DeepSpeed rules)
    MessageTemplate{"error.layout.split_needs_pp", "needs pp > 1 (pipeline stages to split)"},
    MessageTemplate{"error.layout.split_middle",
                    "first (%1) and last (%2) stage layers leave %3 of %4 layers for %5 "
                    "middle stages (need at least one each, and all layers placed)"},
    MessageTemplate{"error.layout.empty_stage",
                    "is %1: stage %2 would hold no transformer layer (allowed: pp up to the layers)"},
    MessageTemplate{"error.layout.vpp_chunks",
                    "is %1: interleaving needs every stage's layers in vpp equal chunks, but stage %2 "
                    "holds %3 (embedding and loss included when counted as layers); set "
                    "first_stage_layers / last_stage_layers or embedding_as_layer / loss_as_layer so "
                    "that each stage's count divides by vpp"},
    // Megatron-Core's --pipeline-model-parallel-layout (parallel/pipeline_layout_string.cpp)
    MessageTemplate{"error.layout.pipeline_layout.char",
                    "has '%1' at character %2; expected a layer letter (E embedding, t transformer layer, "
                    "m MTP layer, L loss), '|' between stages, ',' or a repeat as in (tt|)*4 or t*4"},
    MessageTemplate{"error.layout.pipeline_layout.count",
                    "has '*' at character %1 without a repeat count; expected digits, as in t*4"},
    MessageTemplate{"error.layout.pipeline_layout.group",
                    "has '(' at character %1 that does not close as a repeated group; expected "
                    "(letters)*N without nesting, as in (tt|)*30"},
    MessageTemplate{"error.layout.pipeline_layout.too_long", "expands to more than %1 layers and stages"},
    MessageTemplate{"error.layout.pipeline_layout.ends",
                    "must begin with the embedding E and end with the loss L, each written once "
                    "(it has %1 E and %2 L)"},
    MessageTemplate{"error.layout.pipeline_layout.mtp_order",
                    "places a transformer layer (t) after an MTP layer (m); the MTP layers come last"},
    MessageTemplate{"error.layout.pipeline_layout.stages",
                    "has %1 stages; pp %2 × vpp %3 needs %4 (each '|' ends a stage; Megatron-Core takes "
                    "vpp = stages / pp)"},
    MessageTemplate{"error.layout.pipeline_layout.layers",
                    "places %1 transformer layers (t); the model has %2"},
    MessageTemplate{"error.layout.pipeline_layout.exclusive",
                    "places every layer itself: leave out first_stage_layers, last_stage_layers, "
                    "embedding_as_layer and loss_as_layer"},
    MessageTemplate{"error.layout.tp_heads", "is %1, must divide the attention heads (%2)"},
    MessageTemplate{"error.layout.tp_kv_heads",
                    "is %1, must divide the KV heads (%2) or be a multiple of them (KV heads replicated)"},
    MessageTemplate{"error.layout.pp_layers", "is %1, allowed range 1 to %2 (one layer per stage)"},
    MessageTemplate{"error.layout.vpp_needs_pp", "is %1: interleaving needs pp > 1"},
    MessageTemplate{"error.layout.vpp_micro_batches", "interleaved 1F1B needs the micro-batch count (%1) to "
                                                      "be a multiple of pp (%2), as Megatron-LM requires"},
    MessageTemplate{"error.layout.cp_seq_len", "is %1, must divide the sequence length (%2)"},
    MessageTemplate{"error.layout.ep_no_experts", "is %1, but the model has no experts (allowed: 1)"},
    MessageTemplate{"error.layout.ep_experts", "is %1, must divide the experts (%2)"},
    MessageTemplate{"error.layout.ep_dp_cp",
                    "is %1, must divide dp·cp (%2): experts are spread over data-parallel ranks"},
    MessageTemplate{"error.layout.offload_optimizer",
                    "'optimizer' needs zero_stage 1, 2 or 3 (DeepSpeed ZeRO-Offload)"},
    MessageTemplate{"error.layout.offload_params",
                    "'optimizer_and_params' needs zero_stage 3 (DeepSpeed ZeRO-Infinity)"},
    MessageTemplate{"error.layout.model_parallel_gpus",
                    "tp·pp·cp = %1 does not divide the %2 GPUs of the cluster"},
    MessageTemplate{"error.layout.dp_gpus",
                    "tp·pp·dp·cp = %1 but the cluster has %2 GPUs (set dp to 0 for 'the rest')"},
    MessageTemplate{"error.layout.global_batch.one",
                    "is %1, must be a multiple of dp·micro_batch (%2·%3 = %4); nearest that work: %5"},
    MessageTemplate{"error.layout.global_batch.two",
                    "is %1, must be a multiple of dp·micro_batch (%2·%3 = %4); nearest that work: %6 or %5"},
    // Unknown ids, with the closest known one (util/closest_id.cpp)
    MessageTemplate{"error.unknown.fabric.closest", "unknown fabric '%1' (closest: '%2')"},
    MessageTemplate{"error.unknown.fabric.list",
                    "unknown fabric '%1' (run `clusterplan-cli presets` for the list)"},
    MessageTemplate{"error.unknown.model_preset.closest", "unknown model preset '%1' (closest: '%2')"},
    MessageTemplate{"error.unknown.model_preset.list",
                    "unknown model preset '%1' (run `clusterplan-cli presets` for the list)"},
    MessageTemplate{"error.unknown.gpu.closest", "unknown GPU '%1' (closest: '%2')"},
    MessageTemplate{"error.unknown.gpu.list",
                    "unknown GPU '%1' (run `clusterplan-cli presets` for the list)"},
    MessageTemplate{"error.unknown.gpu_id.closest", "unknown GPU id '%1' (closest: '%2')"},
    MessageTemplate{"error.unknown.gpu_id.list",
                    "unknown GPU id '%1' (run `clusterplan-cli presets` for the list)"},
    MessageTemplate{"error.unknown.price_book.closest", "unknown price book '%1' (closest: '%2')"},
    MessageTemplate{"error.unknown.price_book.list",
                    "unknown price book '%1' (run `clusterplan-cli presets` for the list)"},
    MessageTemplate{"error.unknown.rent_offer.closest", "unknown rent offer '%1' (closest: '%2')"},
    MessageTemplate{"error.unknown.rent_offer.list",
                    "unknown rent offer '%1' (run `clusterplan-cli presets` for the list)"},
    MessageTemplate{"error.unknown.data_pipeline.closest",
                    "unknown data pipeline preset '%1' (closest: '%2')"},
    MessageTemplate{"error.unknown.data_pipeline.list",
                    "unknown data pipeline preset '%1' (run `clusterplan-cli presets` for the list)"},
    MessageTemplate{"error.unknown.parameter.closest", "unknown parameter '%1' (closest: '%2')"},
    MessageTemplate{"error.unknown.parameter.list",
                    "unknown parameter '%1' (run `clusterplan-cli presets` for the list)"},
    MessageTemplate{"error.unknown.rent_offer_in_book.closest",
                    "unknown rent offer '%1' (closest: '%2') in price book '%3'"},
    MessageTemplate{
        "error.unknown.rent_offer_in_book.list",
        "unknown rent offer '%1' (run `clusterplan-cli presets` for the list) in price book '%2'"},
    MessageTemplate{"error.unknown.term.closest", "unknown term '%1' (closest: '%2') of offer '%3'"},
    MessageTemplate{"error.unknown.term.list",
                    "unknown term '%1' (run `clusterplan-cli presets` for the list) of offer '%2'"},
    MessageTemplate{"error.unknown.offer_term.closest", "unknown term of offer '%3' '%1' (closest: '%2')"},
    MessageTemplate{"error.unknown.offer_term.list",
                    "unknown term of offer '%2' '%1' (run `clusterplan-cli presets` for the list)"},
    // The model (model/model_spec.cpp)
    MessageTemplate{
        "error.model.head_dim",
        "is not given and hidden (%1) is not a multiple of heads (%2): give head_dim (1 to 100000)"},
    MessageTemplate{"error.model.kv_heads", "is %1, must divide heads (%2)"},
    // The scenario as a whole (catalog/scenario_check.cpp)
    MessageTemplate{"error.scenario.fabric_not_intra",
                    "'%1' is an inter-node fabric; this key needs an intra-node one"},
    MessageTemplate{"error.scenario.fabric_not_inter",
                    "'%1' is an intra-node fabric; this key needs an inter-node one"},
    MessageTemplate{"error.scenario.precision", "%1 is not supported by %2; allowed: %3"},
    // Fine-tuning (catalog/fine_tuning_check.cpp, io/fine_tuning_json.cpp)
    MessageTemplate{"error.tune.lora_rank", "is %1, allowed range 1 to %2 (the hidden size)"},
    MessageTemplate{"error.tune.lora_dropout", "is %1, allowed range 0 <= p < 1 (0 to below 1)"},
    MessageTemplate{"error.tune.lora_targets",
                    "adapts no layer of this model (%1); choose among q, k, v, o, gate, up, down"},
    MessageTemplate{"error.tune.lora_targets.gelu", "adapts no layer of this model (%1); choose among q, "
                                                    "k, v, o, gate, up, down (a GeLU MLP has no gate)"},
    MessageTemplate{"error.tune.qlora_precision",
                    "%1 with qlora: QLoRA computes in 16 bits; allowed: bf16, fp16"},
    MessageTemplate{"error.tune.frozen_layers", "is %1, allowed range 0 to %2 (the model's layers)"},
    MessageTemplate{"error.tune.frozen_layers_method",
                    "applies to method 'full' only; %1 freezes the whole base model"},
    // Measured runs (catalog/measured_runs_check.cpp)
    MessageTemplate{"error.measured.both_rates", "and tokens_per_s are both given; give one of them"},
    MessageTemplate{"error.measured.no_rate", "is required (the whole job's tokens per second), or step_s"},
    MessageTemplate{"error.measured.too_many", "has %1 runs, allowed: at most %2"},
};

}  // namespace

std::span<const MessageTemplate> inputErrorMessages() {
    return kInputErrorMessages;
}

}  // namespace clusterplan::messages
