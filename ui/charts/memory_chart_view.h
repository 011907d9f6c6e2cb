#pragma once
// MemoryChartView: per-GPU memory of the plan's most loaded pipeline stage, by category, against
// the HBM capacity; the title says whether it fits.
#include "charts/memory_bars_view.h"

namespace clusterplan {
struct Plan;
}

namespace clusterplan::ui {

class MemoryChartView : public MemoryBarsView {
    Q_OBJECT

public:
    explicit MemoryChartView(QWidget* parent = nullptr);

    void setPlan(const Plan& plan);
};

}  // namespace clusterplan::ui
