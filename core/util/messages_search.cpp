// The layout search: its explanation, the stack's default layout, why a layout does not fit,
// the scaling study, and the joiners of an explanation's clauses.
// English templates, %1 ... for the arguments; the Chinese of each id is in
// resources/i18n/zh_CN.json (message_catalog.h). Ids are "<area>.<what>"; the English must stay
// as the outputs print it: the golden files hold it.
#include "core/util/message_areas.h"

namespace clusterplan::messages {

namespace {

// A built-in array, not std::array: clang 14 deduces std::array{...} through a fold over every element and
// stops at 256 (the fuzz build).
constexpr MessageTemplate kSearchMessages[] = {
    // The layout search (search/layout_search.cpp, search/search_explanation.cpp)
    MessageTemplate{
        "search.bounded",
        "The open layout keys allow %1 candidate layouts, more than the search's bound of %2: an evenly "
        "spaced %2 of them were evaluated, so a better layout may exist. Fix some keys in \"layout\" "
        "(micro_batch, vpp, zero_stage, recompute, pp) to search the rest exhaustively."},
    // The stack's default layout (search/framework_defaults.cpp): the band's upper end
    MessageTemplate{"recipe.fsdp",
                    "PyTorch FSDP recipe: full shard (ZeRO-3), activation checkpointing, micro-batch 1"},
    MessageTemplate{"recipe.deepspeed", "DeepSpeed recipe: ZeRO-%1, full checkpointing, micro-batch 1"},
    MessageTemplate{"recipe.olmo_core",
                    "OLMo-core recipe: FSDP full shard (ZeRO-3), no activation checkpointing, micro-batch 1"},
    MessageTemplate{"recipe.internevo",
                    "InternEvo recipe: TP %1, PP %2, ZeRO-1, no activation checkpointing, micro-batch 1"},
    MessageTemplate{"recipe.megatron", "%1 recipe: TP %2, PP %3, distributed optimizer (ZeRO-1), "
                                       "selective recompute, micro-batch 1"},
    MessageTemplate{"recipe.megatron_ep", "%1 recipe: TP %2, PP %3, EP %4, distributed optimizer "
                                          "(ZeRO-1), selective recompute, micro-batch 1"},
    MessageTemplate{"recipe.invalid", "%1 — not valid here: %2"},
    // Why a searched layout does not fit (search/layout_search.cpp)
    MessageTemplate{"search.reason.host", "host memory: needs %1 GiB > %2 GiB per GPU"},
    MessageTemplate{"search.reason.memory", "needs %1 GiB > %2 GiB usable (stage %3)"},
    // Scaling study's comparisons (studies/scaling_study.cpp)
    MessageTemplate{"scaling.compare.one_server", "8 GPUs: 1 server x 8 (%1)"},
    MessageTemplate{"scaling.compare.two_servers", "8 GPUs: 2 servers x 4 over %1"},
    MessageTemplate{"scaling.compare.intra", "%1 GPUs, inside servers: %2"},
    MessageTemplate{"scaling.compare.inter", "%1 GPUs, between servers: %2"},
    // Scaling study (studies/scaling_study.cpp)
    MessageTemplate{"scaling.bounded",
                    "In %1 of these searches the candidate layouts were sampled evenly (at most %2 "
                    "per GPU count, %3 in all): one GPU count searched alone may find a slightly "
                    "faster layout."},
    MessageTemplate{"explain.offload", "No layout fits in GPU memory alone, so the search also tried CPU "
                                       "offload: the best layout offloads '%1' to host memory."},
    MessageTemplate{"explain.no_layout", "No layout: %1"},
    MessageTemplate{"explain.none_fits", "No layout fits in memory on this cluster; the smallest needs %1 "
                                         "GiB per GPU. Add GPUs, or use a GPU with more memory."},
    MessageTemplate{"explain.tp.in_server",
                    "TP=%1 keeps every all-reduce on %2 (%3 exposed per layer and micro-batch)"},
    MessageTemplate{"explain.tp.across_servers",
                    "TP=%1 crosses servers, (%2 exposed per layer and micro-batch)"},
    MessageTemplate{"explain.pp", "PP=%1 costs a %2 bubble with %3 micro-batches"},
    MessageTemplate{"explain.pp.interleaved",
                    "PP=%1 (interleaved ×%2) costs a %3 bubble with %4 micro-batches"},
    MessageTemplate{"explain.dp", "DP traffic is %1 hidden behind backward"},
    MessageTemplate{"explain.dp.zero3",
                    "DP traffic is %1 hidden behind backward (ZeRO-3 gathers every micro-batch)"},
    MessageTemplate{"explain.compute", "compute is %1 of the %2 s step; MFU %3"},
    MessageTemplate{"explain.memory", "memory %1 of %2 GiB with micro-batch %3, ZeRO-%4, recompute %5"},
    MessageTemplate{"explain.recompute.none", "none"},
    MessageTemplate{"explain.recompute.selective", "selective"},
    MessageTemplate{"explain.recompute.full", "full"},
    MessageTemplate{"rule.ddp", "Seed article rule of thumb for %1 B parameters: "
                                "under 10 B parameters: data parallelism (DDP)."},
    MessageTemplate{"rule.dp_pp", "Seed article rule of thumb for %1 B parameters: "
                                  "10-100 B parameters: data + pipeline parallelism."},
    MessageTemplate{"rule.3d", "Seed article rule of thumb for %1 B parameters: over 100 B "
                               "parameters: 3D parallelism (data + tensor + pipeline)."},
    MessageTemplate{"rule.nothing_to_compare", "No layout fits, so there is nothing to compare."},
    MessageTemplate{"rule.agrees", "The computed optimum agrees (%1)."},
    MessageTemplate{"rule.differs", "The computed optimum differs: %1 is faster here."},
    // Joining the clauses of an explanation ("TP=2 keeps ...; compute is ...").
    MessageTemplate{"text.clause_gap", "; "},
    MessageTemplate{"text.stop", "."},
};

}  // namespace

std::span<const MessageTemplate> searchMessages() {
    return kSearchMessages;
}

}  // namespace clusterplan::messages
