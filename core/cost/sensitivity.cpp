// Tornado data: each input ± range, re-run, sorted by swing (see sensitivity.h).
#include "core/cost/sensitivity.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/cost/cost_curves.h"

namespace clusterplan::cost {

namespace {

// The inputs varied: the ones a buyer negotiates or measures. Parameters at zero are skipped.
constexpr std::string_view kInputs[] = {
    "node_price",
    "rent_price",
    "utilization",
    "electricity_per_kwh",
    "pue",
    "colo_per_kw_month",
    "colo_per_cabinet_month",
    "node_max_kw",
    "staff_cost_per_year",
    "maintenance_in_warranty",
    "maintenance_after_warranty",
    "insurance_share",
    "residual_at_36_months",
    "install_share",
    "switch_price",
    "optic_per_gpu_per_tier",
    "storage_per_tb",
    "storage_per_tb_large",
    "discount_rate",
    "loan_rate",
};

double valueOf(const CostModel& m, std::string_view input) {
    if (input == "rent_price")
        return m.offer.price;
    if (input == "utilization")
        return m.utilization;
    return getParameter(m.params, *findParameter(input));
}

double upperLimit(const CostModel& m, std::string_view input) {
    if (input == "utilization")
        return 1.0;
    if (input == "rent_price")
        return m.offer.unit == RentUnit::GpuHour ? kMaxGpuHourPrice : kMaxMonthlyPrice;
    if (input == "residual_at_36_months")
        return 1.0 - m.params.resaleHaircut;
    const ParameterSpec& spec = *findParameter(input);
    return spec.maxExclusive ? std::nextafter(spec.max, 0.0) : spec.max;
}

CostModel withValue(const CostModel& base, std::string_view input, double value) {
    CostModel m = base;
    if (input == "rent_price") {
        m.offer.price = value;
        if (m.offer.priceLow)
            m.offer.priceLow = std::min(*m.offer.priceLow, value);
        if (m.offer.priceHigh)
            m.offer.priceHigh = std::max(*m.offer.priceHigh, value);
    } else if (input == "utilization") {
        m.utilization = value;
    } else {
        setParameter(m.params, *findParameter(input), value);
    }
    return m;
}

bool applies(const CostModel& m, std::string_view input) {
    if (input == "loan_rate")
        return m.params.loanShare > 0;
    if (input == "colo_per_kw_month" || input == "electricity_per_kwh" || input == "pue")
        return m.params.coloPerCabinetMonth == 0 && valueOf(m, input) != 0;  // cabinet price includes power
    if (input == "storage_per_tb" || input == "storage_per_tb_large") {
        const bool large = storageTerabytes(m.params, m.cluster) >= m.params.storageLargeTb;
        return (input == "storage_per_tb_large") == large;
    }
    return valueOf(m, input) != 0;
}

}  // namespace

std::vector<SensitivityRow> sensitivity(const CostModel& model, double range) {
    std::vector<SensitivityRow> rows;
    if (range <= 0)
        return rows;
    for (std::string_view input : kInputs) {
        if (!applies(model, input))
            continue;
        SensitivityRow row;
        row.input = std::string(input);
        row.base = valueOf(model, input);
        row.low = row.base * (1.0 - range);
        row.high = std::min(row.base * (1.0 + range), upperLimit(model, input));
        if (input == "pue")
            row.low = std::max(row.low, 1.0);  // PUE cannot fall below 1
        const Headline low = headline(withValue(model, input, row.low));
        const Headline high = headline(withValue(model, input, row.high));
        row.breakevenLow = low.breakeven;
        row.breakevenHigh = high.breakeven;
        row.buyNetLow = low.buyNet;
        row.buyNetHigh = high.buyNet;
        row.rentLow = low.rent;
        row.rentHigh = high.rent;
        row.advantageLow = low.rent - low.buyNet;
        row.advantageHigh = high.rent - high.buyNet;
        row.pvAdvantageLow = low.pvRent - low.pvBuy;
        row.pvAdvantageHigh = high.pvRent - high.pvBuy;
        const bool moves = row.swing() > Money() || row.breakevenLow != row.breakevenHigh ||
                           std::fabs(row.pvAdvantageHigh - row.pvAdvantageLow) >= 0.005;
        if (moves)  // e.g. switch prices for a single server: no switches, no row
            rows.push_back(std::move(row));
    }
    // Tornado order: money swing at the horizon, then the break-even spread, then the PV swing.
    const int never = model.searchMonths + 1;
    auto spread = [never](const SensitivityRow& r) {
        return std::abs(r.breakevenHigh.value_or(never) - r.breakevenLow.value_or(never));
    };
    std::stable_sort(rows.begin(), rows.end(), [&](const SensitivityRow& a, const SensitivityRow& b) {
        if (a.swing() != b.swing())
            return a.swing() > b.swing();
        if (spread(a) != spread(b))
            return spread(a) > spread(b);
        return std::fabs(a.pvAdvantageHigh - a.pvAdvantageLow) >
               std::fabs(b.pvAdvantageHigh - b.pvAdvantageLow);
    });
    return rows;
}

}  // namespace clusterplan::cost
