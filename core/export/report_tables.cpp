#include "core/export/report_tables.h"

#include <cmath>

#include "core/quote/labels.h"
#include "core/quote/messages_quote.h"
#include "core/quote/offer_names.h"
#include "core/quote/price_list.h"
#include "core/report/plan_format.h"
#include "core/util/units.h"

namespace clusterplan::report_tables {

namespace {

using csv::Cell;

Cell bytes(double b) {
    return csv::number(std::round(b));
}

Cell flag(bool b) {
    return csv::text(b ? "true" : "false");
}

Cell cents(cost::Money m) {
    return csv::money(m.cents());
}

// "4.916", "4166.6667", "1.80": a unit price with its decimals (two to four).
Cell price(cost::UnitPrice p) {
    return {p.toString(), true};
}

std::vector<Cell> layoutRow(std::size_t rank, const Layout& l, double memory, double capacity,
                            const PerfEstimate& t, bool fits, bool pareto, const std::string& reason) {
    return {csv::integer(static_cast<std::int64_t>(rank)),
            flag(fits),
            flag(pareto),
            csv::integer(l.tp),
            csv::integer(l.pp),
            csv::integer(l.dp),
            csv::integer(l.cp),
            csv::integer(l.ep),
            csv::integer(l.vpp),
            csv::integer(l.microBatch),
            csv::integer(l.microBatches),
            csv::integer(l.zeroStage),
            csv::text(std::string(toString(l.recompute))),
            flag(l.sequenceParallel),
            csv::text(std::string(toString(l.offload))),
            bytes(memory),
            bytes(capacity),
            csv::number(t.stepSeconds),
            csv::number(t.tokensPerSecond),
            csv::number(t.mfu),
            csv::number(t.trainDays),
            csv::number(t.gpuHours),
            csv::text(reason),
            csv::integer(l.etp())};
}

}  // namespace

csv::Table layouts(const Plan& p) {
    csv::Table t{{"rank",
                  "fits",
                  "pareto",
                  "tp",
                  "pp",
                  "dp",
                  "cp",
                  "ep",
                  "vpp",
                  "micro_batch",
                  "micro_batches",
                  "zero_stage",
                  "recompute",
                  "sequence_parallel",
                  "offload",  // CPU offload: none, optimizer, optimizer_and_params (layout.offload)
                  "memory_bytes",
                  "capacity_bytes",
                  "step_time_s",
                  "tokens_per_s",
                  "mfu",
                  "train_days",
                  "gpu_hours",
                  "reason",
                  "expert_tp"},  // Megatron-Core's expert TP (its default: tp)
                 {}};
    if (p.search) {
        std::size_t rank = 1;
        for (const Candidate& c : p.search->ranked)
            t.rows.push_back(layoutRow(rank++, c.layout, c.memoryBytes, c.capacityBytes, c.perf, c.fits,
                                       c.pareto, notFitReason(c).text));
    } else {
        const std::string reason = p.memory.fits() ? ""
                                                   : "needs " + formatGib(p.memory.total()) + " > " +
                                                         formatGib(p.memory.capacity) + " usable";
        t.rows.push_back(layoutRow(1, p.layout, p.memory.total(), p.memory.capacity, p.perf, p.memory.fits(),
                                   false, reason));
    }
    return t;
}

csv::Table memory(const Plan& p) {
    const MemoryBreakdown& m = p.memory;
    csv::Table t{{"term", "bytes", "gib"}, {}};
    const auto add = [&](const char* term, double b) {
        t.rows.push_back({csv::text(term), bytes(b), csv::number(std::round(b) / units::kGiB)});
    };
    add("weights", m.weights);
    add("gradients", m.gradients);
    add("optimizer", m.optimizer);
    add("activations", m.activations);
    add("cuda_context", m.other.cudaContext);
    add("comm_buffers", m.other.commBuffers);
    add("workspace", m.other.workspace);
    add("param_gather", m.other.paramGather);
    add("fragmentation", m.other.fragmentation);
    add("total", m.total());
    add("capacity", m.capacity);
    return t;
}

csv::Table runLength(const Plan& p) {
    csv::Table t{{"term", "value", "unit"}, {}};
    const auto add = [&](const char* term, double v, const char* unit) {
        t.rows.push_back({csv::text(term), csv::number(v), csv::text(unit)});
    };
    const FeedCheck& f = p.feed;
    const RunLength& r = p.run;
    add("feed_binds", f.binds ? 1 : 0, "bool");
    add("feed_needed_per_node", f.neededPerNode, "samples/s");
    add("feed_cpu_per_node", f.cpuPerNode, "samples/s");
    add("feed_storage_per_node", f.storagePerNode, "samples/s");
    add("feed_gpu_utilization", f.gpuUtilization, "share");
    add("steady_days", r.steadyDays, "days");
    add("wall_days", r.wallDays, "days");
    add("goodput", r.goodput, "share");
    add("budget_gpu_hours", r.budgetGpuHours, "GPU-hours");
    add("interruptions", r.interruptions, "count");
    add("checkpoint_bytes", std::round(r.checkpointBytes), "bytes");
    add("checkpoint_write_s", r.checkpointWriteSeconds, "s");
    add("checkpoint_interval_h", r.checkpointIntervalHours, "h");
    return t;
}

csv::Table monthlyCost(const cost::CostReport& r) {
    // Every amount says its tax basis in its header, as line_items.csv does, and every row the
    // contract term the rent is billed on over the horizon (the PDF's "租用 36 个月合计（“…”合同期，
    // 不含税）"): a month's rent means nothing without its term.
    const std::string c = "excl_tax_" + std::string(cost::currencyCode(r.currency));
    csv::Table t{{"month", "rent_cash_" + c, "rent_accrued_" + c, "buy_" + c, "buy_net_" + c, "rent_pv_" + c,
                  "buy_pv_" + c, "rent_term", "rent_term_zh"},
                 {}};
    const quote::Bilingual term = quote::termName(r.offer, r.term);
    for (const auto& m : r.monthly)
        t.rows.push_back({csv::integer(m.month), cents(m.rent), cents(m.rentAccrued), cents(m.buy),
                          cents(m.buyNet), cents(m.rentPv), cents(m.buyPv), csv::text(term.en),
                          csv::text(term.zh)});
    return t;
}

csv::Table priceSources(const cost::CostReport& r) {
    // What each figure rests on as the quote's price list says it ("This offer", "Published market
    // report"), in both languages: not the price book's or the offer's ids, which no customer knows.
    const std::string c(cost::currencyCode(r.currency));
    csv::Table t{{"key", "value", "basis", "basis_zh", "as_of"}, {}};
    // The rental price: this offer's, named as the quote names it, per its unit.
    const quote::Bilingual offer = quote::bilingual(msg::kQuoteBasisOffer), name = quote::offerName(r.offer),
                           unit = quote::rentUnitName(r.offer.unit);
    t.rows.push_back({csv::text("rent_price"), csv::number(r.offer.price),
                      csv::text(offer.en + ": " + name.en + " (" + c + " per " + unit.en + ")"),
                      csv::text(offer.zh + "：" + name.zh + "（" + c + " / " + unit.zh + "）"),
                      csv::text(r.offer.asOf)});
    for (const auto& p : r.parameters) {
        const quote::Bilingual basis = quote::parameterBasis(p);
        t.rows.push_back({csv::text(p.key), csv::number(p.value), csv::text(basis.en), csv::text(basis.zh),
                          csv::text(p.asOf)});
    }
    return t;
}

csv::Table lineItems(const quote::QuoteDocument& d) {
    const std::string c(cost::currencyCode(d.currency));
    csv::Table t{{"option", "group", "key", "item", "item_zh", "configuration", "quantity", "unit",
                  "unit_price_" + c, "discount_fraction", "list_amount_" + c, "amount_excl_tax_" + c,
                  "vat_category", "vat_rate_fraction", "vat_" + c, "amount_incl_tax_" + c,
                  // A Chinese reader's configuration and unit (the columns above keep their places).
                  "configuration_zh", "unit_zh"},
                 {}};
    for (const auto* option :
         {d.rent ? &*d.rent : nullptr, d.buy ? &*d.buy : nullptr, d.running ? &*d.running : nullptr}) {
        if (!option)
            continue;
        for (const auto& g : option->groups)
            for (const auto& l : g.lines)
                t.rows.push_back({csv::text(option->key), csv::text(g.key), csv::text(l.key),
                                  csv::text(l.name.en), csv::text(l.name.zh), csv::text(l.spec.en),
                                  csv::number(l.quantity), csv::text(l.unit.en), price(l.unitPrice),
                                  csv::number(l.discount), cents(l.listAmount), cents(l.amount),
                                  csv::text(quote::toString(l.category)), csv::number(l.vatRate),
                                  cents(l.tax), cents(l.gross), csv::text(l.spec.zh), csv::text(l.unit.zh)});
        // The refundable deposit: paid with the rental, returned at its end, outside every total,
        // so its amount columns stay empty and the sum of a column is still the option's total.
        if (option->deposit != cost::Money())
            t.rows.push_back({csv::text(option->key), csv::text("deposit"),
                              csv::text(option->key + ".deposit"),
                              csv::text(quote::label(quote::Lang::En, msg::kQuoteXlsxDeposit)),
                              csv::text(quote::label(quote::Lang::Zh, msg::kQuoteXlsxDeposit)), csv::text(""),
                              csv::number(1), csv::text("deposit"), cents(option->deposit), csv::number(0),
                              csv::text(""), csv::text(""), csv::text(""), csv::text(""), csv::text(""),
                              csv::text(""), csv::text(""), csv::text("")});
    }
    return t;
}

csv::Table validation(const ValidationReport& r) {
    csv::Table t{{"id", "source", "use", "metric", "profile", "published", "predicted", "error", "note"}, {}};
    for (const auto& row : r.rows)
        t.rows.push_back({csv::text(row.id), csv::text(row.source), csv::text(row.use), csv::text(row.metric),
                          csv::text(row.profile), csv::number(row.published), csv::number(row.predicted),
                          csv::number(row.error), csv::text(row.note)});
    return t;
}

}  // namespace clusterplan::report_tables
