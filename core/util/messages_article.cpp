// The article's claims checked (studies/article_claims.h, clusterplan-cli article): the verdicts,
// the units the values are written in, and one sentence per quantity saying how the engine's
// number arises. English templates, %1 ... for the arguments; the Chinese of each id is in
// resources/i18n/zh_CN.json. The golden files hold the English as printed.
#include "core/util/message_areas.h"

namespace clusterplan::messages {

namespace {

constexpr MessageTemplate kArticleMessages[] = {
    // Headings and labels of the text, CSV and JSON outputs (studies/article_format.cpp)
    MessageTemplate{"article.title", "The article's claims, checked by the engine"},
    MessageTemplate{"article.summary", "%1 claims: %2 agree, %3 differ, %4 without a basis in the engine."},
    MessageTemplate{"article.label.quote", "Article"},
    MessageTemplate{"article.label.gloss", "In English"},
    MessageTemplate{"article.label.article", "Article's value"},
    MessageTemplate{"article.label.engine", "Engine's value"},
    MessageTemplate{"article.label.verdict", "Verdict"},
    MessageTemplate{"article.label.why", "Why"},
    // Verdicts
    MessageTemplate{"article.verdict.agrees", "agrees"},
    MessageTemplate{"article.verdict.differs", "differs"},
    MessageTemplate{"article.verdict.times", "differs: %1 times the article's value"},
    MessageTemplate{"article.verdict.fraction", "differs: 1/%1 of the article's value"},
    MessageTemplate{"article.verdict.percent", "differs by %1 %"},
    MessageTemplate{"article.verdict.points", "differs by %1 percentage points"},
    MessageTemplate{"article.verdict.no_basis", "no basis"},
    // Values as written: one number, a range, an open end
    MessageTemplate{"article.range", "%1 to %2"},
    MessageTemplate{"article.at_least", "at least %1"},
    MessageTemplate{"article.at_most", "at most %1"},
    MessageTemplate{"article.value.fits", "fits"},
    MessageTemplate{"article.value.does_not_fit", "does not fit"},
    MessageTemplate{"article.unit.mb", "%1 MB"},
    MessageTemplate{"article.unit.gb", "%1 GB"},
    MessageTemplate{"article.unit.tb", "%1 TB"},
    MessageTemplate{"article.unit.ms", "%1 ms"},
    MessageTemplate{"article.unit.s", "%1 s"},
    MessageTemplate{"article.unit.x", "%1×"},
    MessageTemplate{"article.unit.percent", "%1 %"},
    MessageTemplate{"article.unit.tflops", "%1 TFLOPS"},
    MessageTemplate{"article.unit.pflops", "%1 PFLOPS"},
    MessageTemplate{"article.unit.t_tokens_day", "%1 trillion tokens a day"},
    MessageTemplate{"article.unit.b_tokens_day", "%1 billion tokens a day"},
    MessageTemplate{"article.unit.steps_day", "%1 steps a day"},
    MessageTemplate{"article.unit.cny", "CNY %1"},
    MessageTemplate{"article.unit.gpus", "%1 GPUs"},
    MessageTemplate{"article.unit.sequences", "%1 sequences"},
    MessageTemplate{"article.unit.count", "%1"},
    // What each quantity is (the CSV's and JSON's "quantity" in words)
    MessageTemplate{"article.quantity.fits", "fits in GPU memory"},
    MessageTemplate{"article.quantity.model_parallel_degree", "TP × PP of the best layout"},
    MessageTemplate{"article.quantity.gpus", "GPUs of the layout"},
    MessageTemplate{"article.quantity.weights_memory", "weights per GPU"},
    MessageTemplate{"article.quantity.gradient_memory", "gradients per GPU"},
    MessageTemplate{"article.quantity.model_states_memory",
                    "weights, gradients and optimizer states per GPU"},
    MessageTemplate{"article.quantity.memory_per_gpu", "memory per GPU"},
    MessageTemplate{"article.quantity.memory_saving", "memory saved by full sharding"},
    MessageTemplate{"article.quantity.cluster_peak", "dense peak of the cluster"},
    MessageTemplate{"article.quantity.mfu", "model FLOPs utilisation"},
    MessageTemplate{"article.quantity.tokens_per_day", "tokens a day"},
    MessageTemplate{"article.quantity.steps_per_day", "optimizer steps a day"},
    MessageTemplate{"article.quantity.dp_allreduce_time", "gradient all-reduce per step"},
    MessageTemplate{"article.quantity.bubble_share", "pipeline bubble share of the step"},
    MessageTemplate{"article.quantity.largest_micro_batch", "largest micro-batch per GPU"},
    MessageTemplate{"article.quantity.speedup", "speed-up"},
    MessageTemplate{"article.quantity.slowdown", "slowdown"},
    MessageTemplate{"article.quantity.purchase_cost", "purchase price of the servers"},
    // One sentence per quantity: how the engine's number arises (studies/claim_value.cpp)
    MessageTemplate{"article.why.fits",
                    "The best layout needs %1 per GPU of %2: weights, gradients and optimizer states are %3 "
                    "parameters × %4 bytes = %5 in all, before activations."},
    MessageTemplate{"article.why.model_parallel_degree",
                    "The search's fastest layout that fits is %1, with ZeRO-%2: the model states are sharded "
                    "across the data-parallel GPUs instead of split by tensor or pipeline parallelism."},
    MessageTemplate{"article.why.model_parallel_degree.none",
                    "No layout fits: the least memory the search found is %1 per GPU of %2 (%3)."},
    MessageTemplate{"article.why.gpus", "TP %1 × PP %2 × DP %3 = %4 GPUs."},
    MessageTemplate{"article.why.weights_memory", "%1 parameters on the GPU × %2 bytes each = %3."},
    MessageTemplate{
        "article.why.gradient_memory",
        "%1 parameters × %2 bytes per gradient = %3 on each GPU: without ZeRO every data-parallel "
        "rank holds the whole gradient."},
    MessageTemplate{
        "article.why.model_states_memory",
        "%1 parameters × %2 bytes: %3 bytes of weights, %4 of gradients and %5 of optimizer states "
        "(fp32 master weights and two Adam moments), so %6."},
    MessageTemplate{
        "article.why.memory_per_gpu",
        "Weights %1, gradients %2, optimizer states %3, activations %4 and overheads %5 on the most "
        "loaded GPU, against %6 of memory."},
    MessageTemplate{
        "article.why.memory_saving",
        "Without sharding a GPU holds %1; full sharding (ZeRO-3, which FSDP's full shard is) holds "
        "%2 across %3 GPUs: the engine has one answer for both."},
    MessageTemplate{
        "article.why.cluster_peak",
        "%1 GPUs × %2 TFLOPS dense %3 peak = %4; at the predicted MFU of %5 % the cluster delivers "
        "%6."},
    MessageTemplate{
        "article.why.mfu",
        "Of a %1 s step, compute is %2 s, exposed communication %3 s and the pipeline bubble %4 s; "
        "model FLOPs reach %5 TFLOPS per GPU of a %6 TFLOPS peak."},
    MessageTemplate{"article.why.tokens_per_day",
                    "%1 tokens/s × 86,400 s: each token costs %2 of training compute, and %3 GPUs deliver "
                    "%4 TFLOPS each (MFU %5 %)."},
    MessageTemplate{"article.why.steps_per_day",
                    "86,400 s ÷ %1 s per step of %2 sequences × %3 tokens, the model FLOPs at %4 % MFU."},
    MessageTemplate{"article.why.dp_allreduce_time",
                    "%1 of gradients all-reduced across %2 data-parallel GPUs take %3 per step, at the "
                    "bandwidth of the slowest link in the group; %4 of it stays exposed after the backward "
                    "pass."},
    MessageTemplate{"article.why.bubble_share",
                    "With PP %1 and %2 micro-batches per step, 1F1B idles PP − 1 of m + PP − 1 micro-batch "
                    "slots (%3 %): %4 s of a %5 s step. The article's (PP − 1)/(PP × m) gives %6 %."},
    MessageTemplate{"article.why.largest_micro_batch",
                    "Model states take %1 of the GPU's %2; with activations of %3-token sequences, %4 fit "
                    "per micro-batch."},
    MessageTemplate{"article.why.compare",
                    "%1 tokens/s here against %2 tokens/s in %3; per step, compute %4 s vs %5 s and exposed "
                    "communication %6 s vs %7 s."},
    MessageTemplate{
        "article.why.no_basis",
        "No basis: the engine has no published run of %1 to fit a profile on, so it times that stack "
        "with another's profile and cannot tell the two stacks' speeds apart."},
    MessageTemplate{
        "article.why.purchase_cost",
        "Servers: %1 × %2 each in the price book's self-build line, plus %3 of installation = %4."},
    MessageTemplate{"article.why.no_price", "The price book cannot price this cluster: %1"},
};

}  // namespace

std::span<const MessageTemplate> articleMessages() {
    return kArticleMessages;
}

}  // namespace clusterplan::messages
