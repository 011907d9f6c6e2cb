#pragma once
// Owning a cluster, month by month (defaults and their sources in cost_parameters.h):
//   Capex  = HW × (1 + k_install),  HW = C_srv + C_sw + C_opt + C_fe + C_stor + other
//   P_node_avg = P_node_max × (u·f_busy + (1 − u)·f_idle)           node power, not GPU TDP
//   E_month = N_n × P_node_avg × (1 + k_netpower) × PUE × 730 h × price_kWh
//   Colo    = kW_contract × rate_per_kW_month, kW_contract = N_n × P_node_max × (1 + k_netpower)
//             or cabinets × price (China cabinet style, power quota included: no metered energy)
//   Staff   = max(FTE_min, N_g / GPUs_per_FTE) × salary / 12
//   Maint   = k_maint(year) × HW / 12 (k_in under warranty, k_out after); Ins = k_ins × HW / 12
//   RV(m)   = HW_resell × (1 − h0) × (ρ / (1 − h0))^(m/36),  HW_resell = C_srv + C_sw
//   PMT     = φ·Capex × (r/12) / (1 − (1 + r/12)^(−n)); cash at m = 0 is (1 − φ)·Capex
//   D_month = (Capex − RV(12·L)) / (12·L)   (accounting only)
// Every monthly line is rounded to the cent once (Money), so totals are exact sums of lines.
#include <cstdint>
#include <vector>

#include "core/cost/cost_inputs.h"
#include "core/cost/cost_parameters.h"
#include "core/cost/money.h"
#include "core/cost/network_bom.h"

namespace clusterplan::cost {

inline constexpr double kHoursPerMonth = 8760.0 / 12.0;  // h = 730, the month AWS and Azure price by

struct CapexBreakdown {
    NetworkBom network;
    double storageTb = 0;
    Money servers, switches, optics, frontend, storage, other;
    Money hardware;      // HW
    Money installation;  // HW × k_install
    Money capex;         // HW + installation
    Money resaleBase;    // HW_resell = servers + switches
};

struct OpexMonth {
    Money energy, colo, staff, maintenance, insurance, software, other;
    [[nodiscard]] Money total() const {
        return energy + colo + staff + maintenance + insurance + software + other;
    }
};

struct OwnSchedule {
    CapexBreakdown capex;
    double nodeMaxKw = 0;    // per node, scaled to the cluster's GPUs per node
    double itAverageKw = 0;  // IT_avg_kW
    double contractKw = 0;   // kW_contract
    double fte = 0;
    Money cashAtStart;  // (1 − φ)·Capex
    Money loanPayment;  // PMT, months 1..n
    std::int64_t loanMonths = 0;
    Money depreciationPerMonth;
    std::vector<OpexMonth> opex;     // O_k, k = 0 .. months−1
    std::vector<Money> residual;     // RV(m), m = 0 .. months
    std::vector<Money> loanBalance;  // balance still owed after m months, m = 0 .. months
};

// The node price and power in `p` are per server of p.nodePriceGpus GPUs and are scaled to the
// cluster's GPUs per node.
OwnSchedule buildOwnSchedule(const CostParameters& p, const ClusterFacts& cluster, const NetworkBom& network,
                             double utilization, int months);

// Storage volume: TB_per_GPU × N_g (priced per TB, cheaper at or above the large-volume threshold).
double storageTerabytes(const CostParameters& p, const ClusterFacts& cluster);

}  // namespace clusterplan::cost
