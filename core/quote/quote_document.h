#pragma once
// QuoteDocument: everything a customer quote prints, in the PDF's page order (docs/quotes.md):
// cover facts, the verdict, the rent and buy line items, and the assumptions (every price with its
// source and date, the engine's validated accuracy, the estimate disclaimer). Built once from a
// Plan; the text report, the PDF and the workbook all read it, so they print the same numbers.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/quote/line_items.h"
#include "core/quote/price_list.h"
#include "core/report/plan.h"
#include "core/scenario/fine_tuning_spec.h"
#include "core/scenario/quote_info.h"
#include "core/studies/scaling_study.h"
#include "core/util/message.h"
#include "core/validation/accuracy_statement.h"
#include "core/validation/validation.h"

namespace clusterplan::quote {

struct Verdict {
    std::string model;
    Bilingual
        cluster;  // "1 × 8 NVIDIA A100 SXM 80GB (8 GPUs)" / "1 台 × 8 卡 NVIDIA A100 SXM 80GB（共 8 卡）"
    Bilingual layout;  // "TP 1 x PP 1 x DP 8, micro-batch 1, ZeRO-1, selective recomputation"
    // The scenario fixes every layout key (nothing searched): the quote says the layout is the
    // customer's choice (指定), not a recommendation, since a searched one may be faster.
    bool layoutSet = false;
    std::int64_t gpus = 0;  // of the cluster
    bool fits = false;
    double memoryBytes = 0, capacityBytes = 0;
    Bilingual reason;  // why it does not fit: "needs 90.1 GiB > 79.2 GiB usable"
    // Fine-tuning: shown when the run is not full training of every layer.
    TrainingMethod method = TrainingMethod::Full;
    std::int64_t loraRank = 0, frozenLayers = 0;
    double loraAlpha = 0;
    double loraDropout = 0;   // PEFT lora_dropout; named in the verdict only when above 0
    std::string loraTargets;  // "q k v o gate up down"
    double trainableParams = 0, totalParams = 0;
    // CPU offload: shown when the optimizer (and parameters) live in host memory.
    Offload offload = Offload::None;
    double hostBytesPerNode = 0, hostCapacityBytes = 0;
    bool hostFits = true;
    double tokensPerSecond = 0, mfu = 0, trainDays = 0;
    bool hasCost = false;
    std::optional<cost::Money> runCostRent, runCostBuy;
    std::optional<cost::JobRental> jobRental;  // what runCostRent bills: the run's rental
    // Owning, for the run: runCostBuy is its GPU-hours' share of owning over the horizon at the
    // planned utilisation (amortised); runCashBuy what owning costs if bought for this run alone:
    // the purchase and runMonths of running costs, less the resale value after runMonths. Shown
    // when the run is shorter than the horizon.
    std::optional<cost::Money> runCashBuy;
    int runMonths = 0;
    double utilization = 0;
    Bilingual horizonTerm;                         // the rent term of the horizon totals and the break-even
    Bilingual jobTerm;                             // jobRental's term as the quote names it
    cost::Money rentTotal, buyTotal, buyNetTotal;  // over the horizon: accrued rent, own gross, own net
    std::optional<int> breakevenMonth;             // gross; nullopt: never within searchMonths
    std::optional<int> breakevenNetMonth;          // net of resale value (the cost chart's crossing)
    int horizonMonths = 0, searchMonths = 0;
    bool buyCheaper = false;  // own net of resale below rent at the horizon
};

// The engine's accuracy as the assumptions page states it: the labelled pair of
// resources/accuracy.json (validation/accuracy_statement.h) — the grouped cross-validation figure
// (each stack family on a GPU generation predicted without any of its runs, as `clusterplan-cli
// validate` measured it on its date) with the in-sample error as an aside, and the independent
// figure on published runs never used to build the engine.
using Accuracy = AccuracyStatement;

struct QuoteDocument {
    QuoteInfo info;
    std::string date;        // resolved: info.date or the day the report was made
    std::string validUntil;  // date + valid days
    cost::Currency currency = cost::Currency::Cny;
    Verdict verdict;
    std::optional<QuoteOption> rent;
    std::optional<QuoteOption> buy;
    std::optional<QuoteOption> running;  // the owner's running costs: an estimate beside the offer
    std::optional<Error> costError;      // why there are no line items
    std::vector<PriceLine> prices;
    std::optional<Accuracy> accuracy;
    std::vector<Message> notes;  // the engine's notes on the plan and the cost
    // The scaling section's study (quote/quote_scaling.h); set by the caller, which has the
    // catalog. Absent: the PDF leaves the section out.
    std::optional<ScalingReport> scaling;
};

// `today` (YYYY-MM-DD) is used when the quote has no date: the caller injects the clock.
QuoteDocument buildQuoteDocument(const Plan& plan, const std::string& today,
                                 const std::optional<Accuracy>& accuracy);

// "2026-12-30" from "2026-11-30" + 30 days.
[[nodiscard]] std::string addDays(const std::string& isoDate, std::int64_t days);
// "2026年11月30日" / "2026年11月" / "2026年" in Chinese; as written in English.
[[nodiscard]] std::string formatDate(const std::string& date, Lang lang);
// "¥1,224,000.50" in Chinese, "CNY 1,224,000.50" in English (a bare ¥ reads as JPY to English readers).
[[nodiscard]] std::string formatAmount(cost::Money amount, cost::Currency currency, Lang lang);
// A unit price the same way, with its decimals as listed ("USD 4.916", "¥4,166.6667").
[[nodiscard]] std::string formatAmount(cost::UnitPrice price, cost::Currency currency, Lang lang);
// "1,224,000.50": grouped, two decimals, no currency (table cells; the header names the currency).
[[nodiscard]] std::string formatPlain(cost::Money amount);
[[nodiscard]] std::string formatPlain(cost::UnitPrice price);
// "79.3 GiB": memory to a tenth, halves rounded up as a reader rounds (79.25 GiB), one rule for
// every figure of the verdict's memory row so that used + headroom add up to the capacity printed.
[[nodiscard]] double gibTenths(double bytes);
[[nodiscard]] std::string formatGibTenths(double gib);
// "13 %" / "13%".
[[nodiscard]] std::string formatRate(double rate, Lang lang);
// The layout as a customer document prints it: "TP 2 × PP 64 × DP 8 × CP 16, VPP 2" (the
// multiplication sign, where the engine's text uses a Latin "x"; in Chinese "，" between its parts).
[[nodiscard]] std::string documentLayoutText(const Layout& layout, Lang lang = Lang::En);

}  // namespace clusterplan::quote
