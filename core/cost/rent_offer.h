#pragma once
// RentOffer: one rental quote as a provider writes it (cost-model.md §3): a price per GPU-hour,
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
    bool operator==(const RentTerm&) const = default;
};

struct RentOffer {
    std::string id;
    std::string name;
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

}  // namespace clusterplan::cost
