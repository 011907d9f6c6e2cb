#pragma once
// RentOffer: one rental quote as a provider writes it: a price per GPU-hour,
// per GPU-month, per server-month or per GPU slice-month; hourly billing on demand, reserved or
// spot; contract terms with their discounts and prepayment; a renewal ("repurchase") credit per
// month; deposit and one-time setup. The seed article's offers are expressible as written, e.g.
// "8×A100 server ¥25k-35k/month, 15 % off yearly prepay, ¥100/month off on repurchase".
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clusterplan::cost {

enum class RentUnit { GpuHour, GpuMonth, ServerMonth, SliceMonth };
// Reserved: every hour is billed. OnDemand: billed hours are the used ones only when capacity is
// really released when idle (u_rent = u), else all. Spot: used hours / (1 - interruption loss).
enum class Billing { Reserved, OnDemand, Spot };
enum class CreditPer { Unit, Gpu };

// What a contract term allows when a phased plan changes it before the term ends.
// The seed article's advice (陷阱五): sign terms that add cards mid-term at the original discount
// (①"中途加卡不重新签合同，按原折扣叠加") and refund an early exit pro rata (②"提前退订按使用时长
// 比例退款"); without them, "中途加卡可能要重新签合同，或者提前退订不退余款". Unstated terms take
// the article's warning: added cards at list price until the term ends, no refund.
enum class AddCards { ListPrice, OriginalDiscount };
enum class EarlyExit { NoRefund, ProRataRefund };

struct ContractRules {
    AddCards addCards = AddCards::ListPrice;
    EarlyExit earlyExit = EarlyExit::NoRefund;
    std::string source;  // where the price book found the rule
    bool operator==(const ContractRules&) const = default;
};

struct RentTerm {
    std::string id = "monthly";
    std::string name = "Monthly";
    int months = 1;            // contract length; the price is fixed inside a contract
    double discount = 0;       // term discount, share of list (0.15 = "85折")
    bool prepay = false;       // true: the whole term is paid at its start (cash), accrued monthly
    double renewalCredit = 0;  // amount off per month per unit (or per GPU) ...
    CreditPer creditPer = CreditPer::Unit;
    bool creditFromRenewal = true;  // ... from the second term on ("同账户复购"), else from month 0
    std::string notes;
    // Changes before the term ends (phased plans); braced so that positional initialisers may leave it out.
    ContractRules contract{};
    // The name a Chinese quote prints; empty: the quote names the term by its length (月付, 12 个月期).
    std::string nameZh{};
    bool operator==(const RentTerm&) const = default;
};

struct RentOffer {
    std::string id;
    std::string name;
    std::string nameZh;  // the name a Chinese quote prints; empty: `name`
    std::string provider;
    std::vector<std::string> gpus;  // catalog GPU ids this offer rents
    RentUnit unit = RentUnit::GpuHour;
    double price = 0;                // list price per unit (per hour for GpuHour, per month otherwise)
    std::optional<double> priceLow;  // quoted range, when the source gives one
    std::optional<double> priceHigh;
    int gpusPerUnit = 1;                  // ServerMonth: GPUs per server
    int slicesPerGpu = 1;                 // SliceMonth: slices per full card (1/20 slice: 20)
    std::optional<double> cpuMemoryGib;   // ServerMonth: host memory per server, when the offer states it
    Billing billing = Billing::Reserved;  // GpuHour only; monthly units bill every month
    bool releasedWhenIdle = false;
    double interruptionLoss = 0;  // Spot: share of work lost to interruptions
    std::vector<RentTerm> terms{RentTerm{}};
    double deposit = 0;      // paid at m = 0, returned at the end (PV only)
    double setupFee = 0;     // one-time, with the first month
    bool isDefault = false;  // the book's default offer for its GPUs
    std::string source;
    std::string asOf;
    std::string notes;
    bool operator==(const RentOffer&) const = default;

    [[nodiscard]] const RentTerm* term(std::string_view termId) const {
        for (const auto& t : terms)
            if (t.id == termId)
                return &t;
        return nullptr;
    }
    [[nodiscard]] bool rents(std::string_view gpuId) const {
        for (const auto& g : gpus)
            if (g == gpuId)
                return true;
        return false;
    }
};

[[nodiscard]] const char* toString(RentUnit unit);
[[nodiscard]] const char* toString(Billing billing);
[[nodiscard]] const char* toString(CreditPer per);
[[nodiscard]] const char* toString(AddCards rule);
[[nodiscard]] const char* toString(EarlyExit rule);

}  // namespace clusterplan::cost
