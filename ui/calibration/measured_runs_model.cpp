#include "ui/calibration/measured_runs_model.h"
#include "ui/models/palette.h"

#include "ui/models/plan_controller.h"
#include "ui/models/qt_text.h"

#include <QBrush>
#include <QColor>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <array>
#include <climits>
#include <functional>
#include <optional>

namespace clusterplan::ui {

namespace {

// The integer layout keys, in column order Tp .. ZeroStage.
struct IntegerKey {
    LayoutKey bit;
    std::int64_t LayoutSpec::*member;  // null: zero_stage, an int
};
constexpr std::array<IntegerKey, 8> kIntegerKeys{{{kTp, &LayoutSpec::tp},
                                                  {kPp, &LayoutSpec::pp},
                                                  {kDp, &LayoutSpec::dp},
                                                  {kCp, &LayoutSpec::cp},
                                                  {kEp, &LayoutSpec::ep},
                                                  {kVpp, &LayoutSpec::vpp},
                                                  {kMicroBatch, &LayoutSpec::microBatch},
                                                  {kZeroStage, nullptr}}};

LayoutKey layoutBit(int column) {
    if (column == MeasuredRunsModel::RecomputeColumn)
        return kRecompute;
    if (column == MeasuredRunsModel::SequenceParallel)
        return kSequenceParallel;
    return kIntegerKeys[static_cast<std::size_t>(column)].bit;
}

bool isLayoutColumn(int column) {
    return column <= MeasuredRunsModel::SequenceParallel;
}

std::int64_t layoutInteger(const LayoutSpec& l, int column) {
    const IntegerKey& k = kIntegerKeys[static_cast<std::size_t>(column)];
    return k.member ? l.*(k.member) : l.zeroStage;
}

// A number as typed: the user's locale first ("1,234.5"), then plain C ("1234.5").
std::optional<double> readNumber(const QString& text) {
    bool ok = false;
    double value = QLocale().toDouble(text, &ok);
    if (!ok)
        value = text.toDouble(&ok);
    return ok ? std::optional<double>(value) : std::nullopt;
}

std::optional<std::int64_t> readInteger(const QString& text) {
    bool ok = false;
    qlonglong value = QLocale().toLongLong(text, &ok);
    if (!ok)
        value = text.toLongLong(&ok);
    return ok ? std::optional<std::int64_t>(value) : std::nullopt;
}

QString number(double value) {
    return QLocale().toString(value, 'g', 12);
}

QString measuredRecomputeName(Recompute r) {
    switch (r) {
    case Recompute::None:
        return MeasuredRunsModel::tr("none");
    case Recompute::Selective:
        return MeasuredRunsModel::tr("selective");
    case Recompute::Full:
        return MeasuredRunsModel::tr("full");
    }
    return {};
}

}  // namespace

MeasuredRunsModel::MeasuredRunsModel(PlanController& controller, QObject* parent)
    : QAbstractTableModel(parent), m_controller(controller) {
    load(controller.scenario());
    connect(&controller, &PlanController::scenarioChanged, this, &MeasuredRunsModel::load);
}

void MeasuredRunsModel::load(const Scenario& scenario) {
    if (scenario.measured.size() != m_runs.size()) {
        beginResetModel();
        m_runs = scenario.measured;
        endResetModel();
        return;
    }
    m_runs = scenario.measured;
    if (!m_runs.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int MeasuredRunsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_runs.size());
}

int MeasuredRunsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString MeasuredRunsModel::columnKey(int column) {
    static const std::array<const char*, ColumnCount> kKeys{"layout.tp",
                                                            "layout.pp",
                                                            "layout.dp",
                                                            "layout.cp",
                                                            "layout.ep",
                                                            "layout.vpp",
                                                            "layout.micro_batch",
                                                            "layout.zero_stage",
                                                            "layout.recompute",
                                                            "layout.sequence_parallel",
                                                            "nodes",
                                                            "global_batch",
                                                            "tokens_per_s",
                                                            "step_s",
                                                            "peak_memory_gib",
                                                            "source"};
    return QString::fromLatin1(kKeys[static_cast<std::size_t>(column)]);
}

QString MeasuredRunsModel::display(const MeasuredRun& run, int column) const {
    const LayoutSpec& l = run.layout;
    if (isLayoutColumn(column) && l.isOpen(layoutBit(column)))
        return tr("default");
    switch (column) {
    case Dp:
        return l.dp == 0 ? tr("the rest") : QString::number(l.dp);
    case RecomputeColumn:
        return measuredRecomputeName(l.recompute);
    case SequenceParallel:
        return l.sequenceParallel ? tr("yes") : tr("no");
    case Nodes:
        return QString::number(run.nodes);
    case GlobalBatch:
        return run.globalBatch > 0 ? QString::number(run.globalBatch) : tr("scenario's");
    case TokensPerSecond:
        return run.tokensPerSecond != 0 ? number(run.tokensPerSecond) : QString();
    case StepSeconds:
        return run.stepSeconds != 0 ? number(run.stepSeconds) : QString();
    case PeakMemory:
        return run.peakMemoryGib ? number(*run.peakMemoryGib) : QString();
    case Source:
        return toQString(run.source);
    default:
        return QString::number(layoutInteger(l, column));
    }
}

QString MeasuredRunsModel::editText(const MeasuredRun& run, int column) const {
    const LayoutSpec& l = run.layout;
    if (isLayoutColumn(column) && l.isOpen(layoutBit(column)))
        return {};
    switch (column) {
    case RecomputeColumn:
        return toQString(toString(l.recompute));
    case SequenceParallel:
        return l.sequenceParallel ? QStringLiteral("true") : QStringLiteral("false");
    case GlobalBatch:
        return run.globalBatch > 0 ? QString::number(run.globalBatch) : QString();
    case Nodes:
    case TokensPerSecond:
    case StepSeconds:
    case PeakMemory:
    case Source:
        return display(run, column);
    default:
        return QString::number(layoutInteger(l, column));
    }
}

QVariant MeasuredRunsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const MeasuredRun& run = m_runs[static_cast<std::size_t>(index.row())];
    const bool error = m_errorCell.isValid() && m_errorCell == index;
    switch (role) {
    case Qt::DisplayRole:
        return display(run, index.column());
    case Qt::EditRole:
        return editText(run, index.column());
    case Qt::TextAlignmentRole:  // numbers to the right, the source's text to the left
        return static_cast<int>((index.column() == Source ? Qt::AlignLeft : Qt::AlignRight) |
                                Qt::AlignVCenter);
    case Qt::ForegroundRole:
        // A key left out reads as a hint, not a value.
        if (isLayoutColumn(index.column()) && run.layout.isOpen(layoutBit(index.column())))
            return QBrush(QColor(palette::kDisabledText));
        return {};
    case Qt::BackgroundRole:
        return error ? QVariant(QBrush(QColor(palette::kErrorFill))) : QVariant();
    case Qt::ToolTipRole:
        if (error)
            return m_errorMessage;
        return tr("Scenario key: measured[%1].%2").arg(index.row()).arg(columnKey(index.column()));
    default:
        return {};
    }
}

QVariant MeasuredRunsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Vertical)
        // Runs counted from 1, as the summary counts pipeline stages; the file's key counts from 0.
        return role == Qt::DisplayRole ? QVariant(QString::number(section + 1)) : QVariant();
    if (role == Qt::ToolTipRole)
        return tr("Scenario key: measured[].%1").arg(columnKey(section));
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Tp:
        return tr("TP");
    case Pp:
        return tr("PP");
    case Dp:
        return tr("DP");
    case Cp:
        return tr("CP");
    case Ep:
        return tr("EP");
    case Vpp:
        return tr("VPP");
    case MicroBatch:
        return tr("Micro-batch");
    case ZeroStage:
        return tr("ZeRO");
    case RecomputeColumn:
        return tr("Recompute");
    case SequenceParallel:
        return tr("Seq. parallel");
    case Nodes:
        return tr("Nodes");
    case GlobalBatch:
        return tr("Global batch");
    case TokensPerSecond:
        return tr("Tokens/s");
    case StepSeconds:
        return tr("Step s");
    case PeakMemory:
        return tr("Peak GiB");
    case Source:
        return tr("Source");
    default:
        return {};
    }
}

Qt::ItemFlags MeasuredRunsModel::flags(const QModelIndex& index) const {
    return index.isValid() ? Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable : Qt::NoItemFlags;
}

bool MeasuredRunsModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (role != Qt::EditRole || !index.isValid() || index.row() >= rowCount())
        return false;
    const QString text = value.toString().trimmed();
    if (text == editText(m_runs[static_cast<std::size_t>(index.row())], index.column()))
        return true;
    return isLayoutColumn(index.column()) ? setLayoutKey(index.row(), index.column(), text)
                                          : setRunKey(index.row(), index.column(), text);
}

bool MeasuredRunsModel::refuse(int row, int column, const QString& text, const QString& expected) {
    emit editRefused(tr("measured[%1].%2: '%3' is not %4").arg(row).arg(columnKey(column), text, expected));
    return false;
}

bool MeasuredRunsModel::setLayoutKey(int row, int column, const QString& text) {
    const auto at = static_cast<std::size_t>(row);
    const LayoutKey bit = layoutBit(column);
    if (text.isEmpty()) {
        m_controller.update([&](Scenario& s) { s.measured[at].layout.open |= bit; });
        return true;
    }
    std::function<void(LayoutSpec&)> set;
    if (column == RecomputeColumn) {
        const auto r = parseRecompute(toStdString(text));
        if (!r)
            return refuse(row, column, text, tr("one of none, selective, full"));
        set = [r](LayoutSpec& l) { l.recompute = *r; };
    } else if (column == SequenceParallel) {
        if (text != QStringLiteral("true") && text != QStringLiteral("false"))
            return refuse(row, column, text, tr("true or false"));
        set = [on = text == QStringLiteral("true")](LayoutSpec& l) { l.sequenceParallel = on; };
    } else {
        const auto v = readInteger(text);
        if (!v)
            return refuse(row, column, text, tr("a whole number (leave it empty for the stack's default)"));
        const IntegerKey& k = kIntegerKeys[static_cast<std::size_t>(column)];
        set = [v, k](LayoutSpec& l) {
            if (k.member)
                l.*(k.member) = *v;
            else
                l.zeroStage =
                    static_cast<int>(std::clamp<std::int64_t>(*v, INT_MIN, INT_MAX));  // engine: 0..3
        };
    }
    m_controller.update([&](Scenario& s) {
        LayoutSpec& l = s.measured[at].layout;
        set(l);
        l.open &= ~unsigned(bit);
    });
    return true;
}

bool MeasuredRunsModel::setRunKey(int row, int column, const QString& text) {
    const auto at = static_cast<std::size_t>(row);
    if (text.isEmpty() && column == Nodes)
        return refuse(row, column, text, tr("a node count (it is required)"));
    if (column == Source) {  // text as typed: where the numbers came from
        m_controller.update([&](Scenario& s) { s.measured[at].source = toStdString(text); });
        return true;
    }
    if (column == Nodes || column == GlobalBatch) {
        const auto v = text.isEmpty() ? std::optional<std::int64_t>(0) : readInteger(text);
        if (!v)
            return refuse(row, column, text, tr("a whole number"));
        m_controller.update(
            [&](Scenario& s) { (column == Nodes ? s.measured[at].nodes : s.measured[at].globalBatch) = *v; });
        return true;
    }
    const auto v = text.isEmpty() ? std::optional<double>(0) : readNumber(text);
    if (!v)
        return refuse(row, column, text, tr("a number"));
    m_controller.update([&](Scenario& s) {
        MeasuredRun& run = s.measured[at];
        switch (column) {
        case TokensPerSecond:  // one of the two throughput figures: typing one clears the other
            run.tokensPerSecond = *v;
            if (*v != 0)
                run.stepSeconds = 0;
            break;
        case StepSeconds:
            run.stepSeconds = *v;
            if (*v != 0)
                run.tokensPerSecond = 0;
            break;
        default:
            run.peakMemoryGib = text.isEmpty() ? std::nullopt : std::optional<double>(*v);
        }
    });
    return true;
}

void MeasuredRunsModel::addRun() {
    m_controller.update([](Scenario& s) {
        MeasuredRun run;
        run.layout = s.layout;
        run.nodes = s.cluster.nodes;
        s.measured.push_back(run);
    });
}

void MeasuredRunsModel::removeRun(int row) {
    if (row < 0 || row >= rowCount())
        return;
    m_controller.update([row](Scenario& s) { s.measured.erase(s.measured.begin() + row); });
}

QModelIndex MeasuredRunsModel::cellOf(const QString& where) const {
    static const QRegularExpression kRun(QStringLiteral("^measured\\[(\\d+)\\]\\.?\\s*\\(?([^)]*)\\)?$"));
    const auto match = kRun.match(where);
    if (!match.hasMatch())
        return {};
    const int row = match.captured(1).toInt();
    const QString key = match.captured(2);
    for (int column = 0; column < ColumnCount; ++column)
        if (columnKey(column) == key)
            return index(row, column);
    // "measured[0] (training.global_batch)": the key's last part, else the run's node count.
    const QString last = key.section(QLatin1Char('.'), -1);
    for (int column = 0; column < ColumnCount; ++column)
        if (columnKey(column).section(QLatin1Char('.'), -1) == last)
            return index(row, column);
    return index(row, Nodes);
}

void MeasuredRunsModel::markError(const QString& where, const QString& message) {
    clearError();
    m_errorCell = cellOf(where);
    m_errorMessage = message;
    if (m_errorCell.isValid())
        emit dataChanged(m_errorCell, m_errorCell);
}

void MeasuredRunsModel::clearError() {
    const QModelIndex was = m_errorCell;
    m_errorCell = QPersistentModelIndex();
    m_errorMessage.clear();
    if (was.isValid())
        emit dataChanged(was, was);
}

}  // namespace clusterplan::ui
