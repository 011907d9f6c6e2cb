#include "ui/charts/cost_input_names.h"

#include "ui/models/qt_text.h"

#include <QCoreApplication>

#include <array>
#include <utility>

namespace clusterplan::ui {

namespace {

// Key → English name, marked for lupdate in the context "CostInputName" (the .ts file has the
// Chinese). The keys are the ones core/cost/sensitivity.cpp varies.
constexpr std::array<std::pair<std::string_view, const char*>, 20> kNames{{
    {"node_price", QT_TRANSLATE_NOOP("CostInputName", "server price")},
    {"rent_price", QT_TRANSLATE_NOOP("CostInputName", "rent price")},
    {"utilization", QT_TRANSLATE_NOOP("CostInputName", "utilisation")},
    {"electricity_per_kwh", QT_TRANSLATE_NOOP("CostInputName", "power price")},
    {"pue", QT_TRANSLATE_NOOP("CostInputName", "PUE")},
    {"colo_per_kw_month", QT_TRANSLATE_NOOP("CostInputName", "colo per kW")},
    {"colo_per_cabinet_month", QT_TRANSLATE_NOOP("CostInputName", "colo per cabinet")},
    {"node_max_kw", QT_TRANSLATE_NOOP("CostInputName", "server power")},
    {"staff_cost_per_year", QT_TRANSLATE_NOOP("CostInputName", "staff cost")},
    {"maintenance_in_warranty", QT_TRANSLATE_NOOP("CostInputName", "upkeep in warranty")},
    {"maintenance_after_warranty", QT_TRANSLATE_NOOP("CostInputName", "upkeep after warranty")},
    {"insurance_share", QT_TRANSLATE_NOOP("CostInputName", "insurance")},
    {"residual_at_36_months", QT_TRANSLATE_NOOP("CostInputName", "resale value")},
    {"install_share", QT_TRANSLATE_NOOP("CostInputName", "installation")},
    {"switch_price", QT_TRANSLATE_NOOP("CostInputName", "switch price")},
    {"optic_per_gpu_per_tier", QT_TRANSLATE_NOOP("CostInputName", "optics")},
    {"storage_per_tb", QT_TRANSLATE_NOOP("CostInputName", "storage per TB")},
    {"storage_per_tb_large", QT_TRANSLATE_NOOP("CostInputName", "bulk storage per TB")},
    {"discount_rate", QT_TRANSLATE_NOOP("CostInputName", "discount rate")},
    {"loan_rate", QT_TRANSLATE_NOOP("CostInputName", "loan rate")},
}};

}  // namespace

QString costInputName(std::string_view key) {
    for (const auto& [k, name] : kNames) {
        if (k == key)
            return QCoreApplication::translate("CostInputName", name);
    }
    return toQString(std::string(key));
}

}  // namespace clusterplan::ui
