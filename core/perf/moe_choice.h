#pragma once
// What the layout search chooses for an MoE model's expert-parallel traffic when the scenario
// leaves it open (layout.dispatcher, layout.ep_overlap): the dispatchers and overlaps the stack
// runs, under its own rules, and of those the fastest dispatcher for the layout.
#include <vector>

#include "core/perf/step_time.h"
#include "core/scenario/framework.h"
#include "core/scenario/moe_options.h"

namespace clusterplan {

// Dispatchers a stack offers, its default first:
// - Megatron-LM and NeMo (Megatron-Core: --moe-token-dispatcher-type alltoall|allgather|flex,
//   --moe-flex-dispatcher-backend deepep|hybridep, megatron/training/arguments.py): all-to-all,
//   all-gather, and the flex dispatcher as HybridEP where a rack-scale NVLink domain spans servers
//   (HybridEP's target, Megatron-LM docs/discussions/deepseek-v3-gb200-optimization), else DeepEP;
// - torchtitan: its default all-to-all and DeepEP (torchtitan/distributed/deepep, 2025-11);
// - another stack (one the list does not name, as DeepSeek's own that trained DeepSeek-V3 with
//   DeepEP): all of them;
// - the others (DeepSpeed-MoE's _AllToAll in deepspeed/moe/sharded_moe.py, ...): the all-to-all.
std::vector<MoeDispatcher> stackDispatchers(Framework f, bool rackScale);

// Whether the stack runs the EP overlap on this layout:
// - 1F1B A2A overlap (--overlap-moe-expert-parallel-comm): Megatron-LM and NeMo, with EP > 1, the
//   all-to-all or flex dispatcher, no full recomputation, and interleaving when PP > 1 (Megatron-LM
//   arguments.py: "supported with alltoall/flex token dispatcher", "disable full recomputation",
//   "only supported with vpp");
// - DualPipe: another stack only (no listed stack ships it; deepseek-ai/DualPipe), an even PP of
//   2 or more without interleaving, and an even number of micro-batches, at least 2·PP
//   (dualpipe.py, DualPipe.step: num_ranks % 2 == 0, num_chunks % 2 == 0, num_chunks >= 2·num_ranks).
bool stackRunsEpOverlap(Framework f, EpOverlap o, const Layout& l);

// The layout's MoE options with the open ones chosen (`open`: LayoutKey bits kDispatcher,
// kEpOverlap): the stack's dispatcher with the least EP time on this layout (the step time grows
// with it whatever hides it; ties keep the stack's default), and the 1F1B A2A overlap where the
// stack runs it (it only hides traffic). DualPipe changes memory too: the search weighs it as a
// layout of its own.
MoeOptions searchedMoeOptions(const PerfInputs& in, unsigned open);

}  // namespace clusterplan
