#include "ui/models/layout_table_model.h"
#include "ui/models/palette.h"

#include "core/report/plan.h"
#include "core/search/candidate_cost.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/engine_terms.h"
#include "ui/models/number_text.h"
#include "ui/models/plan_summary.h"
#include "ui/models/qt_text.h"

#include <QBrush>
#include <QColor>
#include <QRegularExpression>

#include <iterator>

namespace clusterplan::ui {

namespace {

const char* const kFilterKeys[] = {"rank",       "tp",      "pp",      "dp",        "cp",     "ep",
                                   "vpp",        "mb",      "zero",    "recompute", "sp",     "offload",
                                   "dispatcher", "overlap", "routing", "gib",       "tokens", "step",
                                   "mfu",        "days",    "cost",    "fits",      "reason"};
static_assert(std::size(kFilterKeys) == static_cast<std::size_t>(LayoutTableModel::ColumnCount));

}  // namespace

LayoutTableModel::LayoutTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void LayoutTableModel::setPlan(const Plan* plan) {
    beginResetModel();
    m_plan = plan;
    endResetModel();
}

const Candidate* LayoutTableModel::candidate(int row) const {
    if (!m_plan || !m_plan->search || row < 0 || row >= rowCount())
        return nullptr;
    return &m_plan->search->ranked[static_cast<std::size_t>(row)];
}

QString LayoutTableModel::filterKey(int column) {
    return column >= 0 && column < ColumnCount ? QLatin1String(kFilterKeys[column]) : QString();
}

int LayoutTableModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !m_plan || !m_plan->search)
        return 0;
    return static_cast<int>(m_plan->search->ranked.size());
}

int LayoutTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LayoutTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Rank:
        return tr("#");
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
        return tr("micro-batch");
    case Zero:
        return tr("ZeRO");
    case Recompute:
        return tr("recompute");
    case SequenceParallel:
        return tr("SP");
    case CpuOffload:
        return tr("offload");
    case Dispatcher:
        return tr("dispatcher");
    case EpOverlapColumn:
        return tr("EP overlap");
    case Routing:
        return tr("routing");
    case MemoryGib:
        return tr("GiB/GPU");
    case TokensPerSecond:
        return tr("tokens/s");
    case StepSeconds:
        return tr("step s");
    case Mfu:
        return tr("MFU %");
    case Days:
        return tr("days");
    case CostPerMillionTokens:
        return tr("cost/M tokens");
    case Fits:
        return tr("fits");
    case Reason:
        return tr("why not");
    default:
        return {};
    }
}

QVariant LayoutTableModel::data(const QModelIndex& index, int role) const {
    const Candidate* c = candidate(index.row());
    if (!c)
        return {};
    if (role == Qt::DisplayRole)
        return text(*c, index.row(), index.column());
    if (role == kSortRole)
        return value(*c, index.row(), index.column());
    if (role == kKeyRole)
        return engineName(*c, index.column());
    if (role == Qt::TextAlignmentRole && index.column() != Reason && index.column() != Recompute &&
        index.column() != CpuOffload && index.column() != Dispatcher && index.column() != EpOverlapColumn &&
        index.column() != Routing)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && !c->fits)
        return QBrush(QColor(palette::kDisabledText));
    if (role == Qt::ToolTipRole && !c->fits)
        return engineText(notFitReason(*c));
    return {};
}

// The number a column sorts by.
QVariant LayoutTableModel::value(const Candidate& c, int row, int column) const {
    const Layout& l = c.layout;
    switch (column) {
    case Rank:
        return row + 1;
    case Tp:
        return qlonglong(l.tp);
    case Pp:
        return qlonglong(l.pp);
    case Dp:
        return qlonglong(l.dp);
    case Cp:
        return qlonglong(l.cp);
    case Ep:
        return qlonglong(l.ep);
    case Vpp:
        return qlonglong(l.vpp);
    case MicroBatch:
        return qlonglong(l.microBatch);
    case Zero:
        return l.zeroStage;
    case Recompute:
        return static_cast<int>(l.recompute);
    case SequenceParallel:
        return l.sequenceParallel;
    case CpuOffload:
        return static_cast<int>(l.offload);  // none < optimizer < optimizer and parameters
    case Dispatcher:
        return static_cast<int>(l.moe.dispatcher);
    case EpOverlapColumn:
        return static_cast<int>(l.moe.epOverlap);  // none < 1F1B < DualPipe
    case Routing:
        return static_cast<int>(l.moe.routing);
    case MemoryGib:
        return toGib(c.memoryBytes);
    case TokensPerSecond:
        return c.perf.tokensPerSecond;
    case StepSeconds:
        return c.perf.stepSeconds;
    case Mfu:
        return 100 * c.perf.mfu;
    case Days:
        return c.perf.trainDays;
    case CostPerMillionTokens: {
        const auto cost =
            m_plan->cost ? rentPerMillionTokens(*m_plan->cost, c, budgetFactor(*m_plan)) : std::nullopt;
        return cost ? QVariant(*cost) : QVariant();
    }
    case Fits:
        return c.fits;
    case Reason:
        return engineText(notFitReason(c));
    default:
        return {};
    }
}

QString LayoutTableModel::text(const Candidate& c, int row, int column) const {
    const QVariant v = value(c, row, column);
    switch (column) {
    case Recompute:
        return recomputeName(c.layout.recompute);
    case CpuOffload:
        return offloadName(c.layout.offload);
    case Dispatcher:
        return dispatcherName(c.layout.moe.dispatcher);
    case EpOverlapColumn:
        return epOverlapName(c.layout.moe.epOverlap);
    case Routing:
        return routingName(c.layout.moe.routing);
    case SequenceParallel:
        return c.layout.sequenceParallel ? tr("on") : tr("off");
    case Fits:
        return c.fits ? tr("yes") : tr("no");
    case MemoryGib:
        return formatPlainNumber(v.toDouble(), 2);
    case TokensPerSecond:
        return formatPlainNumber(v.toDouble(), 0);
    case StepSeconds:
        return formatPlainNumber(v.toDouble(), 3);
    case Mfu:
        return formatPlainNumber(v.toDouble(), 1);
    case Days:
        return formatPlainNumber(v.toDouble(), 1);
    case CostPerMillionTokens:
        return v.isValid()
                   ? QStringLiteral("%1 %2").arg(toQString(cost::currencySymbol(m_plan->cost->currency)),
                                                 formatPlainNumber(v.toDouble(), 3))
                   : tr("n/a");
    default:
        return v.toString();
    }
}

QVariant LayoutTableModel::engineName(const Candidate& c, int column) {
    switch (column) {
    case Recompute:
        return toQString(toString(c.layout.recompute));
    case CpuOffload:
        return toQString(toString(c.layout.offload));
    case Dispatcher:
        return toQString(toString(c.layout.moe.dispatcher));
    case EpOverlapColumn:
        return toQString(toString(c.layout.moe.epOverlap));
    case Routing:
        return toQString(toString(c.layout.moe.routing));
    default:
        return {};
    }
}

LayoutFilterProxy::LayoutFilterProxy(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(LayoutTableModel::kSortRole);
}

void LayoutFilterProxy::setTerms(const QString& terms) {
    m_keyed.clear();
    m_free.clear();
    const QStringList parts = terms.split(QRegularExpression(QStringLiteral("[\\s,;]+")), Qt::SkipEmptyParts);
    for (const QString& part : parts) {
        const qsizetype eq = part.indexOf(QLatin1Char('='));
        int column = -1;
        if (eq > 0)
            for (int c = 0; c < LayoutTableModel::ColumnCount && column < 0; ++c)
                if (LayoutTableModel::filterKey(c).compare(part.left(eq), Qt::CaseInsensitive) == 0)
                    column = c;
        if (column >= 0)
            m_keyed.emplace_back(column, part.mid(eq + 1));
        else
            m_free << part;
    }
    invalidateFilter();
}

void LayoutFilterProxy::setFitsOnly(bool fitsOnly) {
    if (fitsOnly == m_fitsOnly)
        return;
    m_fitsOnly = fitsOnly;
    invalidateFilter();
}

bool LayoutFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    const QAbstractItemModel* model = sourceModel();
    const auto cell = [&](int column) {
        return model->index(sourceRow, column, sourceParent).data(Qt::DisplayRole).toString();
    };
    if (m_fitsOnly && !model->index(sourceRow, LayoutTableModel::Fits, sourceParent)
                           .data(LayoutTableModel::kSortRole)
                           .toBool())
        return false;
    const auto isEngineName = [&](int column, const QString& wanted) {
        const QVariant name = model->index(sourceRow, column, sourceParent).data(LayoutTableModel::kKeyRole);
        return name.isValid() && name.toString().compare(wanted, Qt::CaseInsensitive) == 0;
    };
    for (const auto& [column, wanted] : m_keyed)
        if (cell(column).compare(wanted, Qt::CaseInsensitive) != 0 && !isEngineName(column, wanted))
            return false;
    for (const QString& word : m_free) {
        bool found = false;
        for (int c = 0; c < LayoutTableModel::ColumnCount && !found; ++c)
            found = cell(c).contains(word, Qt::CaseInsensitive);
        if (!found)
            return false;
    }
    return true;
}

}  // namespace clusterplan::ui
