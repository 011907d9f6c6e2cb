#pragma once
// CostParameters: every number of the owning model (ownership.h) and the rent-side adjustments
// (renting.h), with built-in defaults (US figures where a default differs by region; price books
// override them per region, scenarios override them per key). Each field names its source and
// grade (A primary, B reputable secondary, C weak, Asm assumption).
//
// parameterSpecs() lists each field once with its JSON key, allowed range and whether it is an
// amount of money (converted between currencies); price books ("parameters") and scenario
// overrides ("cost.overrides") are read through that one table, so both give the same messages.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/result.h"

namespace clusterplan::cost {

struct CostParameters {
    // ---- Capex ----
    double nodePrice = 300'000;  // 8×H100 SXM HGX server: SemiAnalysis $270k (May 2023), Latent Space
                                 // $310-317k (Aug 2024); B
    double nodePriceGpus =
        8;  // GPUs in the server that nodePrice buys (scaled to the cluster's GPUs per node)
    double nodeMaxKw = 10.2;            // DGX H100 max system power 10.2 kW, NVIDIA datasheet; A
    double switchPrice = 36'000;        // 64-port NDR switch (QM9700 class), Latent Space sheet (Aug 2024); B
    double switchPorts = 64;            // QM9700: 64 × 400G NDR ports, NVIDIA datasheet; A
    double opticPerGpuPerTier = 1'280;  // optics + cables per GPU per tier, Latent Space sheet (Aug 2024); B
    double frontendPerNode = 5'000;     // front-end/management Ethernet per node; Asm
    double storageTbPerGpu = 2;         // infra-economics.com (undated); C / Asm
    double storagePerTb = 500;          // below the large-volume threshold; C / Asm
    double storagePerTbLarge = 250;     // at or above the threshold; C / Asm
    double storageLargeTb = 1'000;      // threshold: 1 PB (decimal)
    double otherHardware = 0;           // racks, PDUs, other lump sums; Asm
    double installShare = 0.03;  // installation, integration, shipping: 3 % of HW (US), 2 % (China); Asm
    // ---- Power and facility ----
    double fBusy = 0.80;          // node draw while training, share of node max (~70-85 % of nameplate); Asm
    double fIdle = 0.25;          // node draw while idle, share of node max; Asm
    double netPowerShare = 0.05;  // switches, storage, head nodes: 5 % of node power ("5-10 % of IT load"); C
    double pue = 1.3;             // US new builds ≤ 1.3 (Uptime 2024 survey average 1.56); A/B
    double electricityPerKwh = 0.08;  // US industrial, EIA Electric Power Annual 2023 (TX 6.60, VA 8.92 ¢); A
    double coloPerKwMonth = 184.06;   // CBRE N. America H2 2024 (2025-02-26), 250-500 kW, energy extra; A
    double coloPerCabinetMonth = 0;   // China cabinet style (power included); 0 = per-kW colocation
    double nodesPerCabinet = 1;       // servers per cabinet in cabinet mode; Asm
    // ---- People and upkeep ----
    double staffCostPerYear = 200'000;  // loaded salary per FTE, SemiAnalysis ClusterMAX TCO budgets; B
    double gpusPerFte = 256;            // FTE = max(fteMin, GPUs / gpusPerFte); B / Asm
    double fteMin = 0.1;
    double maintenanceInWarranty = 0.02;  // per year of HW, under a 3-year warranty; C / Asm
    double maintenanceAfterWarranty =
        0.08;  // per year of HW after it ("5-10 % of hardware per year"); C / Asm
    double warrantyYears = 3;
    double insuranceShare = 0.005;  // insurance + property tax per year of HW (US; China 0); Asm
    double softwarePerGpuYear = 0;  // licences; default 0
    double otherPerMonth = 0;       // bandwidth and other monthly costs
    // ---- Resale, depreciation, financing ----
    double residualAt36Months = 0.25;  // H100 resale share at 36 months (25-35 %); C / Asm
    double resaleHaircut = 0.15;       // day-one haircut h0; C / Asm
    double bookLifeYears = 3;          // range 3-6 (hyperscalers 5-6, 10-K filings); A/B
    double discountRate = 0.10;        // US 10 %: CoreWeave 10-Q (2025-06-30) debt at 7-15 %; A
    double loanShare = 0;              // share of capex financed (φ)
    double loanRate = 0.10;            // annual loan rate r: CoreWeave debt 7-15 %; A
    double loanTermMonths = 36;
    // ---- Renting adjustments (renting.h) ----
    double rentVolumeDiscount = 0;     // applied after the term discount, before fixed credits
    double rentPriceDriftPerYear = 0;  // g in r(m) = r0 (1 + g)^(m/12); floating prices only
    double rentSupportUplift = 0;      // support uplift, share of the discounted rent
    double rentAddonsPerMonth = 0;     // storage TB-months, egress, public IPs: one monthly sum
    bool operator==(const CostParameters&) const = default;
};

struct ParameterSpec {
    std::string_view key;
    double CostParameters::*member;
    double min;
    double max;
    bool maxExclusive;  // discounts: 100 % off is not a price
    bool integer;
    bool money;  // an amount in the price book's currency (converted for reports)
    std::string_view unit;
    std::string_view source;  // where the built-in default comes from, with its grade
};

const std::vector<ParameterSpec>& parameterSpecs();
const ParameterSpec* findParameter(std::string_view key);
std::vector<std::string> parameterKeys();

// "is 1.5, allowed range 0 to 1" (or nullopt when `value` is allowed). Shared by every cost
// reader so that messages read the same everywhere.
// A catalog message (ids "error.range*"), so that the window translates it.
std::optional<Message> rangeProblem(double value, double min, double max, bool maxExclusive = false,
                                    bool integer = false);
std::optional<Message> rangeProblem(double value, const ParameterSpec& spec);

// Sets the parameter `key` (which must exist) to `value`.
void setParameter(CostParameters& p, const ParameterSpec& spec, double value);
double getParameter(const CostParameters& p, const ParameterSpec& spec);

}  // namespace clusterplan::cost
