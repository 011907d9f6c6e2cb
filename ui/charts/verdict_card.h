#pragma once
// VerdictCard: the answer a customer is shown, above everything. Big numbers first —
// fits or not (headroom in GiB and %), the recommended layout, tokens/s, MFU, days to train (the
// budgeted days the quote prices, steady-state days in the caption), the run's cost (rented), rent
// vs buy over the horizon and the break-even month — in two rows of four tiles, then a line of
// details. Every number is read from the Plan. With a pinned baseline each big number shows its
// change against the baseline. The card stays compact at 1024 × 700: captions, comparisons and
// details keep to one line each and are cut with "…", the whole text in their tooltip; the card
// keeps one height (a comparison line reserved, two lines of details), so the tabs below never move.
#include <QFrame>

#include <cstdint>
#include <vector>

class QPushButton;

namespace clusterplan {
struct Plan;
}
namespace clusterplan::cost {
struct CostReport;
}

namespace clusterplan::ui {

class ElidedLabel;
class PlanComparison;

class VerdictCard : public QFrame {
    Q_OBJECT

public:
    explicit VerdictCard(PlanComparison& comparison, QWidget* parent = nullptr);

    // The big figure and its caption/delta of tile `name` ("fit", "layout", "throughput", "mfu",
    // "days", "run_cost", "rent_vs_buy", "break_even"), for tests.
    [[nodiscard]] QString figure(const QString& name) const;
    [[nodiscard]] QString caption(const QString& name) const;
    [[nodiscard]] QString delta(const QString& name) const;
    [[nodiscard]] QString details() const;
    // "1 node", "16,384 nodes": servers in the details line, in the window's language.
    [[nodiscard]] static QString nodesText(std::int64_t nodes);

private:
    struct Tile {
        QString name;
        ElidedLabel* figure;
        ElidedLabel* caption;
        ElidedLabel* delta;
    };
    void addTile(const QString& name, const QString& caption);
    void showPlan();
    void showCost(const Plan& plan, const Plan* baseline);
    void showHalfCost(const cost::CostReport& report);
    void showStepWarning(const Plan& plan);
    [[nodiscard]] QString accuracyText() const;
    [[nodiscard]] QString calibrationText(const Plan& p) const;
    void setTile(const QString& name, const QString& figure, const QString& caption, const QString& delta);
    [[nodiscard]] const Tile* tile(const QString& name) const;

    PlanComparison& m_comparison;
    std::vector<Tile> m_tiles;
    ElidedLabel* m_details = nullptr;
    QPushButton* m_pin = nullptr;
    QPushButton* m_clear = nullptr;
};

}  // namespace clusterplan::ui
