#pragma once
// LayoutTableModel: one row per layout of the plan's search ranking (plan.search->ranked, in the
// engine's order), one column per layout key and per result: memory per GPU, tokens/s, step
// time, MFU, days, cost per million tokens (rented, at the plan's price), fits, and why not.
// Display text is formatted; Qt::UserRole holds the number used to sort. LayoutFilterProxy sorts
// and filters it ("tp=8 zero=1", "dispatcher=deepep overlap=1f1b routing=dropless", free text,
// fits only). The model points into the controller's
// current plan and is reset on every setPlan().
#include <QAbstractTableModel>
#include <QSortFilterProxyModel>
#include <QStringList>

#include <utility>
#include <vector>

namespace clusterplan {
struct Plan;
struct Candidate;
}  // namespace clusterplan

namespace clusterplan::ui {

class LayoutTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        Rank,
        Tp,
        Pp,
        Dp,
        Cp,
        Ep,
        Vpp,
        MicroBatch,
        Zero,
        Recompute,
        SequenceParallel,
        CpuOffload,  // CPU offload (layout.offload): none, optimizer, optimizer and parameters
        // MoE keys (layout.dispatcher, layout.ep_overlap, layout.routing); the Explorer shows the
        // first two for a MoE search (routing is the scenario's, the same on every row: filter only).
        Dispatcher,
        EpOverlapColumn,
        Routing,
        MemoryGib,
        TokensPerSecond,
        StepSeconds,
        Mfu,
        Days,
        CostPerMillionTokens,
        Fits,
        Reason,
        ColumnCount
    };
    static constexpr int kSortRole = Qt::UserRole;
    // The engine's name of an enum cell ("full", "optimizer_and_params"), so that a filter such as
    // "offload=optimizer" matches in either language; invalid for other columns.
    static constexpr int kKeyRole = Qt::UserRole + 1;

    explicit LayoutTableModel(QObject* parent = nullptr);

    // `plan` must outlive the next setPlan() call (the controller's current plan does).
    void setPlan(const Plan* plan);
    [[nodiscard]] const Candidate* candidate(int row) const;
    // Short key names used by the filter ("tp", "zero", "fits", ...), one per column.
    [[nodiscard]] static QString filterKey(int column);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    [[nodiscard]] QVariant value(const Candidate& c, int row, int column) const;
    [[nodiscard]] QString text(const Candidate& c, int row, int column) const;
    [[nodiscard]] static QVariant engineName(const Candidate& c, int column);

    const Plan* m_plan = nullptr;
};

// Sorts by the numbers (kSortRole) and keeps rows matching every term of the filter: "key=value"
// (key from LayoutTableModel::filterKey, value compared with the cell text or the engine's name of
// the value, LayoutTableModel::kKeyRole) or free text found in
// any cell; optionally only layouts that fit.
class LayoutFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT

public:
    explicit LayoutFilterProxy(QObject* parent = nullptr);

    void setTerms(const QString& terms);
    void setFitsOnly(bool fitsOnly);

protected:
    [[nodiscard]] bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    std::vector<std::pair<int, QString>> m_keyed;  // column, value
    QStringList m_free;
    bool m_fitsOnly = false;
};

}  // namespace clusterplan::ui
