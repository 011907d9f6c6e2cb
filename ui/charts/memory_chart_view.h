#pragma once
// MemoryChartView: per-GPU memory of the plan's most loaded pipeline stage, by category, against
// the HBM capacity; the title says whether it fits. Optionally the selected layout and the
// baseline plan stand beside it as more bars.
#include "ui/charts/memory_bars_view.h"

namespace clusterplan {
struct Plan;
}

namespace clusterplan::ui {

class MemoryChartView : public MemoryBarsView {
    Q_OBJECT

public:
    explicit MemoryChartView(QWidget* parent = nullptr);

    void setPlan(const Plan& plan);
    // The plan's bar, then the selected layout's and the baseline's beside it;
    // either may be null.
    void setPlans(const Plan& plan, const Plan* selected, const Plan* baseline);
};

}  // namespace clusterplan::ui
