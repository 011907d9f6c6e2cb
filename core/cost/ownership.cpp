// Owning a cluster month by month; formulas and sources in ownership.h.
#include "core/cost/ownership.h"

#include <algorithm>
#include <cmath>

#include "core/util/as_double.h"

namespace clusterplan::cost {

namespace {

CapexBreakdown capexOf(const CostParameters& p, const ClusterFacts& c, const NetworkBom& net) {
    CapexBreakdown b;
    b.network = net;
    const double nodePrice = p.nodePrice * asDouble(c.gpusPerNode) / p.nodePriceGpus;
    b.servers = Money::fromUnits(asDouble(c.nodes) * nodePrice);
    b.switches = Money::fromUnits(asDouble(net.switches) * p.switchPrice);
    b.optics = Money::fromUnits(asDouble(net.opticTiers) * p.opticPerGpuPerTier);
    b.frontend = Money::fromUnits(asDouble(c.nodes) * p.frontendPerNode);
    b.storageTb = storageTerabytes(p, c);
    const double perTb = b.storageTb >= p.storageLargeTb ? p.storagePerTbLarge : p.storagePerTb;
    b.storage = Money::fromUnits(b.storageTb * perTb);
    b.other = Money::fromUnits(p.otherHardware);
    b.hardware = b.servers + b.switches + b.optics + b.frontend + b.storage + b.other;
    b.installation = b.hardware.times(p.installShare);
    b.capex = b.hardware + b.installation;
    b.resaleBase = b.servers + b.switches;  // optics, installation, storage assumed worthless
    return b;
}

// RV(m) = HW_resell × (1 − h0) × (ρ / (1 − h0))^(m/36)
Money residualAt(const CostParameters& p, Money resaleBase, int month) {
    const double kept = 1.0 - p.resaleHaircut;
    const double ratio = p.residualAt36Months / kept;
    return resaleBase.times(kept * std::pow(ratio, month / 36.0));
}

void addLoan(const CostParameters& p, OwnSchedule& s, int months) {
    const double principal = s.capex.capex.units() * p.loanShare;
    s.cashAtStart = s.capex.capex - Money::fromUnits(principal);
    s.loanMonths = p.loanShare > 0 ? static_cast<std::int64_t>(p.loanTermMonths) : 0;
    const double n = p.loanTermMonths;
    const double rm = p.loanRate / 12.0;
    const double pmt = p.loanShare <= 0 ? 0.0
                       : rm > 0         ? principal * rm / (1.0 - std::pow(1.0 + rm, -n))
                                        : principal / n;
    s.loanPayment = Money::fromUnits(pmt);
    s.loanBalance.resize(static_cast<std::size_t>(months) + 1);
    for (int m = 0; m <= months; ++m) {
        double balance = 0;
        if (m < s.loanMonths) {
            const double grow = std::pow(1.0 + rm, m);
            balance = rm > 0 ? principal * grow - pmt * (grow - 1.0) / rm : principal - pmt * m;
        }
        s.loanBalance[static_cast<std::size_t>(m)] = Money::fromUnits(std::max(0.0, balance));
    }
}

// Month k's share of a yearly amount: the difference of cumulative twelfths, each rounded to the
// cent, so that the twelve months of a year add up to the yearly amount exactly.
Money monthOfYear(double perYear, int k) {
    const int inYear = k % 12;
    return Money::fromUnits(perYear * (inYear + 1) / 12.0) - Money::fromUnits(perYear * inYear / 12.0);
}

}  // namespace

double storageTerabytes(const CostParameters& p, const ClusterFacts& c) {
    return p.storageTbPerGpu * asDouble(c.gpus);
}

OwnSchedule buildOwnSchedule(const CostParameters& p, const ClusterFacts& c, const NetworkBom& net, double u,
                             int months) {
    OwnSchedule s;
    s.capex = capexOf(p, c, net);
    s.nodeMaxKw = p.nodeMaxKw * asDouble(c.gpusPerNode) / p.nodePriceGpus;
    const double nodes = asDouble(c.nodes);
    const double nodeAverageKw = s.nodeMaxKw * (u * p.fBusy + (1.0 - u) * p.fIdle);
    s.itAverageKw = nodes * nodeAverageKw * (1.0 + p.netPowerShare);
    s.contractKw = nodes * s.nodeMaxKw * (1.0 + p.netPowerShare);
    s.fte = std::max(p.fteMin, asDouble(c.gpus) / p.gpusPerFte);

    // Monthly prices (colocation per kW- or cabinet-month, other costs) accrue as they are; yearly
    // and hourly ones (energy over 8,760 h, wages, insurance, licences, maintenance) accrue as
    // cumulative twelfths of their yearly value, so each year sums to that value to the cent
    // (400,000.00, not 12 × 33,333.33 = 399,999.96).
    OpexMonth monthly;
    const bool cabinets = p.coloPerCabinetMonth > 0;
    double energyPerYear = 0;
    if (cabinets) {
        monthly.colo = Money::fromUnits(std::ceil(nodes / p.nodesPerCabinet) * p.coloPerCabinetMonth);
    } else {
        energyPerYear = s.itAverageKw * p.pue * kHoursPerMonth * 12.0 * p.electricityPerKwh;
        monthly.colo = Money::fromUnits(s.contractKw * p.coloPerKwMonth);
    }
    monthly.other = Money::fromUnits(p.otherPerMonth);
    const double hw = s.capex.hardware.units();
    const double staffPerYear = s.fte * p.staffCostPerYear;
    const double insurancePerYear = p.insuranceShare * hw;
    const double softwarePerYear = asDouble(c.gpus) * p.softwarePerGpuYear;
    const double warrantyMonths = p.warrantyYears * 12.0;

    s.opex.assign(static_cast<std::size_t>(months), monthly);
    for (int k = 0; k < months; ++k) {
        OpexMonth& o = s.opex[static_cast<std::size_t>(k)];
        o.energy = monthOfYear(energyPerYear, k);
        o.staff = monthOfYear(staffPerYear, k);
        o.insurance = monthOfYear(insurancePerYear, k);
        o.software = monthOfYear(softwarePerYear, k);
        const double maintenanceShare =
            k < warrantyMonths ? p.maintenanceInWarranty : p.maintenanceAfterWarranty;
        o.maintenance = monthOfYear(maintenanceShare * hw, k);
    }

    s.residual.resize(static_cast<std::size_t>(months) + 1);
    for (int m = 0; m <= months; ++m)
        s.residual[static_cast<std::size_t>(m)] = residualAt(p, s.capex.resaleBase, m);
    addLoan(p, s, months);

    const int bookMonths = static_cast<int>(std::lround(p.bookLifeYears * 12.0));
    const Money rvBook = residualAt(p, s.capex.resaleBase, bookMonths);
    s.depreciationPerMonth = Money::fromUnits((s.capex.capex - rvBook).units() / bookMonths);
    return s;
}

}  // namespace clusterplan::cost
