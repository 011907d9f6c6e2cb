#pragma once
// ZeroComparisonChartView: the plan's layout under ZeRO 0, 1, 2 and 3 side by side, so the user
// sees what sharding optimizer states, gradients and parameters saves. The current stage is
// marked in its axis label.
#include "ui/charts/memory_bars_view.h"

namespace clusterplan {
struct Plan;
}

namespace clusterplan::ui {

class ZeroComparisonChartView : public MemoryBarsView {
    Q_OBJECT

public:
    explicit ZeroComparisonChartView(QWidget* parent = nullptr);

    // "ZeRO-0 (DDP)", "ZeRO-1", "ZeRO-2", "ZeRO-3/FSDP"
    static QStringList stageNames();

    void setPlan(const Plan& plan);
};

}  // namespace clusterplan::ui
