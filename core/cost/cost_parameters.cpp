// The parameter table (see cost_parameters.h): one row per CostParameters field with its JSON
// key, allowed range, whether it is money, and the source of its built-in default
// (the `source` the report prints). Ranges are plausibility bounds that also keep every product of the model
// far below Money::kMaxUnits.
#include "core/cost/cost_parameters.h"

#include <cmath>

#include "core/util/messages_file_errors.h"
#include "core/util/messages_input_errors.h"
#include "core/util/number_format.h"

namespace clusterplan::cost {

namespace {

using P = CostParameters;
using S = ParameterSpec;

constexpr double kItem = 1e9;  // one priced item (a server, a salary)
constexpr double kLump = 1e12;
constexpr bool kMoney = true;
constexpr bool kPlain = false;

S share(std::string_view key, double P::*m, std::string_view source) {
    return {key, m, 0, 1, false, false, kPlain, "share", source};
}
S discount(std::string_view key, double P::*m, std::string_view source) {
    return {key, m, 0, 1, true, false, kPlain, "share", source};
}
S money(std::string_view key, double P::*m, double max, std::string_view unit, std::string_view source) {
    return {key, m, 0, max, false, false, kMoney, unit, source};
}
S count(std::string_view key, double P::*m, double min, double max, std::string_view unit,
        std::string_view source) {
    return {key, m, min, max, false, true, kPlain, unit, source};
}
S number(std::string_view key, double P::*m, double min, double max, std::string_view unit,
         std::string_view source) {
    return {key, m, min, max, false, false, kPlain, unit, source};
}

std::vector<S> makeSpecs() {
    return {
        money("node_price", &P::nodePrice, kItem, "per server",
              "8xH100 SXM HGX server $300,000: SemiAnalysis DGX H100 $270k (May 2023), $310-317k quotes in "
              "Latent Space's spreadsheet (Aug 2024); B"),
        count("node_price_gpus", &P::nodePriceGpus, 1, 1024, "GPUs", "HGX/DGX servers hold 8 GPUs; A"),
        number("node_max_kw", &P::nodeMaxKw, 0.01, 1000, "kW", "NVIDIA DGX H100 datasheet: 10.2 kW max; A"),
        money("switch_price", &P::switchPrice, 1e8, "per switch",
              "64-port NDR switch (QM9700 class) $36,000 (NVIDIA-branded ~$50k): Latent Space \"$2 H100s\" "
              "cluster spreadsheet (Aug 2024); B"),
        count("switch_ports", &P::switchPorts, 4, 4096, "ports", "NVIDIA QM9700: 64 NDR 400G ports; A"),
        money("optic_per_gpu_per_tier", &P::opticPerGpuPerTier, 1e7, "per GPU per tier",
              "$1,280 optics + cables per GPU per tier, reproduces the 2-tier $2,560/GPU of Latent Space's "
              "spreadsheet (Aug 2024); B"),
        money("frontend_per_node", &P::frontendPerNode, 1e8, "per server",
              "front-end/management Ethernet $5,000 per node; Asm"),
        number("storage_tb_per_gpu", &P::storageTbPerGpu, 0, 1e4, "TB",
               "2 TB per GPU, infra-economics.com; C/Asm"),
        money("storage_per_tb", &P::storagePerTb, 1e7, "per TB",
              "$500/TB below 1 PB, infra-economics.com; C/Asm"),
        money("storage_per_tb_large", &P::storagePerTbLarge, 1e7, "per TB",
              "$250/TB at 1 PB or more, infra-economics.com; C/Asm"),
        number("storage_large_tb", &P::storageLargeTb, 0, 1e9, "TB", "1 PB = 1,000 TB threshold; C/Asm"),
        money("other_hardware", &P::otherHardware, kLump, "lump sum", "racks, PDUs, other lump sums: 0; Asm"),
        share("install_share", &P::installShare, "installation, integration, shipping 3 % of HW (US); Asm"),
        share("f_busy", &P::fBusy, "training draws ~70-85 % of node nameplate: 0.80; Asm"),
        share("f_idle", &P::fIdle, "idle node draw 0.25 of node max; Asm"),
        share("net_power_share", &P::netPowerShare, "network 5-10 % of IT load note: 5 %; C"),
        number("pue", &P::pue, 1, 5, "ratio",
               "US 1.3: Uptime Institute survey average 1.56 (2024), new builds <= 1.3; A/B"),
        money("electricity_per_kwh", &P::electricityPerKwh, 100, "per kWh",
              "US $0.08/kWh: EIA Electric Power Annual, 2023 data (2024-10-17), industrial TX 6.60, VA 8.92 "
              "c/kWh; A"),
        money("colo_per_kw_month", &P::coloPerKwMonth, 1e6, "per kW-month",
              "$184.06 per kW-month of contracted IT kW, energy extra: CBRE North America Data Center Trends "
              "H2 "
              "2024 (2025-02-26), 250-500 kW primary markets; A"),
        money("colo_per_cabinet_month", &P::coloPerCabinetMonth, 1e8, "per cabinet-month",
              "0 = per-kW colocation; cabinet style (power quota included) when set; Asm"),
        count("nodes_per_cabinet", &P::nodesPerCabinet, 1, 1000, "servers",
              "one GPU server per cabinet; Asm"),
        money("staff_cost_per_year", &P::staffCostPerYear, kItem, "per FTE-year",
              "$200k/yr loaded: SemiAnalysis ClusterMAX TCO budgets $16,667/month of engineering; B"),
        number("gpus_per_fte", &P::gpusPerFte, 1, 1e7, "GPUs", "FTE = max(0.1, GPUs/256); B/Asm"),
        number("fte_min", &P::fteMin, 0, 1e4, "FTE", "FTE = max(0.1, GPUs/256); B/Asm"),
        share("maintenance_in_warranty", &P::maintenanceInWarranty,
              "2 %/yr of HW under a 3-year warranty (\"5-10 % of hardware per year\", weak); C/Asm"),
        share("maintenance_after_warranty", &P::maintenanceAfterWarranty,
              "8 %/yr of HW after the warranty; C/Asm"),
        number("warranty_years", &P::warrantyYears, 0, 50, "years", "3-year warranty; Asm"),
        share("insurance_share", &P::insuranceShare, "insurance + property tax 0.5 %/yr of HW (US); Asm"),
        money("software_per_gpu_year", &P::softwarePerGpuYear, 1e8, "per GPU-year", "licences, default 0"),
        money("other_per_month", &P::otherPerMonth, 1e11, "per month", "bandwidth and other, default 0"),
        share("residual_at_36_months", &P::residualAt36Months,
              "H100 resale 25 % at 36 months (secondary-market estimates 25-35 %); C/Asm"),
        discount("resale_haircut", &P::resaleHaircut, "day-one haircut h0 0.15; C/Asm"),
        number("book_life_years", &P::bookLifeYears, 1, 50, "years",
               "3 years (range 3-6; hyperscalers 5-6 in 10-K filings); A/B"),
        share("discount_rate", &P::discountRate, "US 10 %: CoreWeave 10-Q (2025-06-30), debt at 7-15 %; A"),
        share("loan_share", &P::loanShare, "no loan by default"),
        share("loan_rate", &P::loanRate, "10 %/yr: CoreWeave 10-Q (2025-06-30), debt at 7-15 %; A"),
        count("loan_term_months", &P::loanTermMonths, 1, 600, "months", "36 months; Asm"),
        discount("rent_volume_discount", &P::rentVolumeDiscount, "none by default"),
        number("rent_price_drift_per_year", &P::rentPriceDriftPerYear, -0.9, 10, "share per year",
               "0: prices held (H100 rent halved in 2024, rose ~40 % Oct 2025-Mar 2026)"),
        number("rent_support_uplift", &P::rentSupportUplift, 0, 10, "share", "none by default"),
        money("rent_addons_per_month", &P::rentAddonsPerMonth, 1e11, "per month", "none by default"),
    };
}

}  // namespace

const std::vector<ParameterSpec>& parameterSpecs() {
    static const std::vector<ParameterSpec> specs = makeSpecs();
    return specs;
}

const ParameterSpec* findParameter(std::string_view key) {
    for (const auto& spec : parameterSpecs())
        if (spec.key == key)
            return &spec;
    return nullptr;
}

std::vector<std::string> parameterKeys() {
    std::vector<std::string> keys;
    for (const auto& spec : parameterSpecs())
        keys.emplace_back(spec.key);
    return keys;
}

std::optional<Message> rangeProblem(double value, double min, double max, bool maxExclusive, bool integer) {
    if (!std::isfinite(value))
        return makeMessage(msg::kErrorNotFinite);
    const auto range = [&](const MessageId<3>& id) {
        return makeMessage(id, {formatNumber(value), formatNumber(min), formatNumber(max)});
    };
    if (integer && value != std::floor(value))
        return range(maxExclusive ? msg::kErrorRangeWholeBelow : msg::kErrorRangeWhole);
    const bool tooHigh = maxExclusive ? value >= max : value > max;
    if (value < min || tooHigh)
        return range(maxExclusive ? msg::kErrorRangeBelow : msg::kErrorRange);
    return std::nullopt;
}

std::optional<Message> rangeProblem(double value, const ParameterSpec& spec) {
    return rangeProblem(value, spec.min, spec.max, spec.maxExclusive, spec.integer);
}

void setParameter(CostParameters& p, const ParameterSpec& spec, double value) {
    p.*(spec.member) = value;
}

double getParameter(const CostParameters& p, const ParameterSpec& spec) {
    return p.*(spec.member);
}

}  // namespace clusterplan::cost
