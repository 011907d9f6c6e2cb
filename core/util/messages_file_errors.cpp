// Errors of files, of the scenario file's schema, of cost inputs and price books, of phases, of the
// cost model, and why no parallel layout exists at all; how an error's sentences are joined.
// English templates, %1 ... for the arguments; the Chinese of each id is in
// resources/i18n/zh_CN.json (message_catalog.h). Ids are "<area>.<what>"; the English must stay
// as the outputs print it: the golden files hold it.
#include "core/util/message_areas.h"

namespace clusterplan::messages {

namespace {

// A built-in array, not std::array: clang 14 deduces std::array{...} through a fold over every element and
// stops at 256 (the fuzz build).
constexpr MessageTemplate kFileErrorMessages[] = {
    // Opening and saving files (util/atomic_file.cpp, io/scenario_json.cpp); %1 of the write
    // failures is the system's own reason (strerror)
    MessageTemplate{"error.file.not_readable", "cannot open: not a readable file"},
    MessageTemplate{"error.file.size", "cannot read size: %1"},
    MessageTemplate{"error.file.too_large", "file is %1 bytes; files over %2 MiB are refused"},
    MessageTemplate{"error.file.cannot_open", "cannot open: %1"},
    MessageTemplate{"error.file.no_folder", "cannot save: the folder '%1' does not exist"},
    MessageTemplate{"error.file.not_folder", "cannot save: '%1' is not a folder"},
    MessageTemplate{"error.file.not_regular", "cannot save: it exists and is not a regular file"},
    MessageTemplate{"error.file.read_only", "cannot save: the file is read-only; it was left unchanged"},
    MessageTemplate{"error.file.cannot_create", "cannot save: cannot create a file in '%1': %2"},
    MessageTemplate{"error.file.write_failed", "cannot save: %1; the existing file was left unchanged"},
    MessageTemplate{"error.file.write_failed.full",
                    "cannot save: %1 (the disk or quota is full); the existing file was left unchanged"},
    MessageTemplate{"error.file.cannot_replace", "cannot save: cannot replace the file: %1"},
    MessageTemplate{"error.file.internal", "cannot save, internal error: %1"},
    // The scenario file's schema and top level (io/scenario_schema.cpp, io/scenario_json.cpp)
    MessageTemplate{"error.schema.not_object",
                    "a scenario file is a JSON object with \"schema\": \"clusterplan.scenario/1\""},
    MessageTemplate{"error.schema.required", "is required: \"clusterplan.scenario/%1\""},
    MessageTemplate{"error.schema.not_scenario",
                    "is '%1': not a ClusterPlan scenario (expected 'clusterplan.scenario/%2')"},
    MessageTemplate{"error.schema.newer", "is '%1': the file was written by a newer version of ClusterPlan "
                                          "(this version reads scenario schema versions up to %2); open it "
                                          "with that version or update ClusterPlan. Nothing was loaded."},
    MessageTemplate{"error.schema.expected", "is '%1', expected '%2'"},
    MessageTemplate{"error.scenario.model_required", "is required (at least {\"preset\": \"llama-3.1-8b\"})"},
    MessageTemplate{"error.schema.expected_catalog",
                    "is '%1', expected 'clusterplan.catalog/1' or 'clusterplan.models/1'"},
    // Fine-tuning in the scenario file (io/fine_tuning_json.cpp)
    MessageTemplate{"error.tune.target_unknown", "must be one of q, k, v, o, gate, up, down"},
    MessageTemplate{"error.tune.targets_empty", "is empty; name at least one of q, k, v, o, gate, up, down"},
    // The quote (quote/quote_json.cpp)
    MessageTemplate{"error.quote.text_too_long", "is %1 bytes long, allowed at most %2"},
    MessageTemplate{"error.quote.date", "is '%1', expected a date written YYYY-MM-DD"},
    // Cost inputs, rent offers and price books (cost/cost_parameters.cpp, cost/cost_inputs.cpp,
    // cost/price_book_json.cpp, cost/price_book.cpp)
    MessageTemplate{"error.not_finite", "must be a finite number"},
    MessageTemplate{"error.range.below", "is %1, allowed range %2 to below %3"},
    MessageTemplate{"error.range.whole", "is %1, must be a whole number; allowed range %2 to %3"},
    MessageTemplate{"error.range.whole.below", "is %1, must be a whole number; allowed range %2 to below %3"},
    MessageTemplate{"error.empty", "must not be empty"},
    MessageTemplate{"error.duplicate_id", "'%1' appears twice"},
    MessageTemplate{"error.json.must_be_string", "must be a string"},
    MessageTemplate{"error.cost.price_low", "is %1, above price %2"},
    MessageTemplate{"error.cost.price_high", "is %1, below price %2"},
    MessageTemplate{"error.cost.billing",
                    "only gpu_hour offers bill by the hour; monthly units bill every month"},
    MessageTemplate{"error.cost.no_terms", "must list at least one term"},
    MessageTemplate{"error.cost.no_price_book",
                    "must name a price book (its parameters apply to custom rent too)"},
    MessageTemplate{"error.cost.unknown_parameter", "unknown parameter"},
    MessageTemplate{"error.book.gpus_required", "is required (a list of GPU ids)"},
    MessageTemplate{"error.book.gpus_empty", "must list at least one GPU id"},
    MessageTemplate{"error.book.no_provenance", "must not be empty: every price names its source and date"},
    MessageTemplate{"error.book.no_rule_source", "must not be empty: every contract rule names its source"},
    MessageTemplate{"error.book.currency_changed", "is '%1', but price book '%2' is in %3; use a new id"},
    // Phases (phases/phase_json.cpp, phases/phase_check.cpp)
    MessageTemplate{"error.phase.slice_zero",
                    "is 0, allowed range above 0 up to 1 (the seed's A100 1/20: 0.05)"},
    MessageTemplate{"error.phase.cluster_and_slice", "a phase runs on a cluster or on a slice, not both"},
    MessageTemplate{"error.phase.none", "must list at least one phase (or leave the key out)"},
    MessageTemplate{"error.phase.too_many", "has %1 phases, at most %2"},
    MessageTemplate{"error.phase.too_long", "last %1 months in all, at most %2"},
    MessageTemplate{"error.phase.offer_gpu", "'%1' does not rent '%2'"},
    MessageTemplate{"error.phase.offer_not_slice", "'%1' rents per %2, a slice needs a slice_month offer"},
    MessageTemplate{"error.phase.offer_slice", "'%1' rents slices; give the phase a \"slice\""},
    MessageTemplate{"error.phase.slice_bought", "a slice of a GPU can only be rented"},
    MessageTemplate{"error.phase.no_slice_offer", "price book '%1' has no slice offer for '%2'"},
    MessageTemplate{"error.phase.slice_fraction", "is %1, not a whole number of the offer's 1/%2 slices"},
    MessageTemplate{"error.phase.no_gpus", "has no GPUs; allowed: at least 1 GPU per node and 1 node"},
    MessageTemplate{"error.phase.slice_range", "is %1, allowed range above 0 up to 1"},
    MessageTemplate{"error.phase.offer_bought", "is a rent offer, but the phase buys (\"acquire\": \"buy\")"},
    // The cost model (cost/cost_model.cpp, cost/rent_vs_buy.cpp, cost/network_bom.cpp)
    MessageTemplate{"error.cost.gpus_over_nodes", "is %1, more than nodes × GPUs per node"},
    MessageTemplate{"error.cost.gpu_tdp", "is %1, allowed range above 0 to 100000"},
    MessageTemplate{"error.cost.no_purchase", "price book '%1' has no purchase price for GPU '%2' "
                                              "(it prices: %3); give cost.overrides.node_price"},
    MessageTemplate{"error.cost.no_purchase.none", "price book '%1' has no purchase price for GPU '%2' "
                                                   "(it prices: none); give cost.overrides.node_price"},
    MessageTemplate{"error.cost.offer_gpu", "offer '%1' does not rent GPU '%2'"},
    MessageTemplate{"error.cost.no_rent_offer", "price book '%1' has no rent offer for GPU '%2'; give "
                                                "cost.custom_rent or choose another price book"},
    MessageTemplate{
        "error.cost.residual",
        "is %1, allowed range 0 to 1 − resale_haircut (%2): resale value cannot rise after day one"},
    MessageTemplate{"error.cost.too_large",
                    "amounts exceed %1 currency units; check the prices and the cluster size"},
    MessageTemplate{"error.cost.network_empty",
                    "needs at least one GPU, one node and switches of 4 or more ports"},
    MessageTemplate{"error.cost.network_tiers",
                    "%1 GPUs need more than three tiers of %2-port switches (at most "
                    "%3); a fourth tier is not modelled"},
    MessageTemplate{"error.measured.none", "has no runs to calibrate to"},
    // No parallel layout at all (search/layout_alternatives.cpp noLayoutReason; the same English as the
    // search's
    // explainNoLayout)
    MessageTemplate{"error.no_layout",
                    "no parallel layout splits %1 GPUs for a global batch of %2 sequences: tp·pp·cp·dp "
                    "must equal the GPU count, dp·micro_batch must divide the global batch, tp stays "
                    "within one server and must divide the heads, pp at most the layers (%3)."},
    MessageTemplate{
        "error.no_layout.fixed",
        "no parallel layout splits %1 GPUs for a global batch of %2 sequences: tp·pp·cp·dp must equal "
        "the GPU count, dp·micro_batch must divide the global batch, tp stays within one server and must "
        "divide the heads, pp at most the layers (%3), with the fixed layout keys as given."},
    MessageTemplate{"error.no_layout.nodes.one", "Nearest cluster sizes that work: %1 nodes (%2 GPUs each)."},
    MessageTemplate{"error.no_layout.nodes.two",
                    "Nearest cluster sizes that work: %1 nodes or %2 nodes (%3 GPUs each)."},
    MessageTemplate{"error.no_layout.batches.one",
                    "Nearest global batches that work on %2 GPUs: %1 sequences."},
    MessageTemplate{"error.no_layout.batches.two",
                    "Nearest global batches that work on %3 GPUs: %1 sequences or %2 sequences."},
    MessageTemplate{"error.no_layout.neither",
                    "No nearby cluster size or batch works either: check the fixed layout keys."},
    // Joining (sentences of one error, an error and its place)
    MessageTemplate{"error.sentences.two", "%1 %2"},
    MessageTemplate{"error.sentences.three", "%1 %2 %3"},
    MessageTemplate{"error.at", "%1: %2"},
    // Before a command-line warning: "clusterplan-cli: warning: WHERE: REASON".
    MessageTemplate{"cli.warning", "warning: "},
};

}  // namespace

std::span<const MessageTemplate> fileErrorMessages() {
    return kFileErrorMessages;
}

}  // namespace clusterplan::messages
