#pragma once
// MeasuredRunsModel: the scenario's `measured` runs as an editable table, one row a
// run, one column a key of the run as the scenario file names it. Every edit goes through
// PlanController::update(), so it is undoable, saved with the file and re-evaluated (the fit is
// the engine's, in evaluate()). An empty layout cell is a key left out: the stack's default.
// The engine's error on a run ("measured[1].tokens_per_s") is shown on the cell it names.
#include <QAbstractTableModel>
#include <QString>

#include <vector>

#include "core/scenario/scenario.h"

namespace clusterplan::ui {

class PlanController;

class MeasuredRunsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        Tp,
        Pp,
        Dp,
        Cp,
        Ep,
        Vpp,
        MicroBatch,
        ZeroStage,
        RecomputeColumn,
        SequenceParallel,
        Nodes,
        GlobalBatch,
        TokensPerSecond,
        StepSeconds,
        PeakMemory,
        Source,  // where the run was read from: a log's file and steady lines (text, not fitted)
        ColumnCount
    };

    explicit MeasuredRunsModel(PlanController& controller, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    // Edit role: the text typed (or a combo box's id: "full", "true"); empty clears the key.
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    // The run's key of a column, as the file names it after "measured[i].": "layout.tp", "step_s".
    static QString columnKey(int column);
    // A new run: the scenario's layout and node count, throughput left for the user to type.
    void addRun();
    void removeRun(int row);

    // The cell an engine error names: "measured[1].layout.tp", "measured[0] (cluster.nodes)".
    [[nodiscard]] QModelIndex cellOf(const QString& where) const;
    void markError(const QString& where, const QString& message);
    void clearError();

signals:
    // A cell's text could not be read as its key (not a number); the scenario is unchanged.
    void editRefused(const QString& message);

private:
    void load(const Scenario& scenario);
    bool setLayoutKey(int row, int column, const QString& text);
    bool setRunKey(int row, int column, const QString& text);
    bool refuse(int row, int column, const QString& text, const QString& expected);
    [[nodiscard]] QString display(const MeasuredRun& run, int column) const;
    [[nodiscard]] QString editText(const MeasuredRun& run, int column) const;

    PlanController& m_controller;
    std::vector<MeasuredRun> m_runs;
    QPersistentModelIndex m_errorCell;
    QString m_errorMessage;
};

}  // namespace clusterplan::ui
