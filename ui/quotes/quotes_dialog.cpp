#include "ui/quotes/quotes_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDate>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

#include "core/cost/money.h"
#include "core/io/scenario_json.h"
#include "core/quotebook/book_format.h"
#include "core/quotebook/messages_quote_book.h"
#include "core/quotebook/price_age.h"
#include "core/quotebook/quote_status.h"
#include "ui/charts/chart_palette.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/money_text.h"
#include "ui/models/qt_text.h"
#include "ui/quotes/quote_book_file.h"

#include <algorithm>

namespace clusterplan::ui {

namespace {

enum QuoteColumn {
    kQuoteNumber,
    kQuoteRevision,
    kQuoteCustomer,
    kQuoteStatus,
    kQuoteDate,
    kQuoteValidUntil,
    kQuoteRent,
    kQuoteBuy,
    kQuotePrices,
    kQuoteColumns
};

constexpr int kQuoteSortRole = Qt::UserRole + 1;

QStandardItem* cell(const QString& text, const QVariant& sortKey = {}) {
    auto* item = new QStandardItem(text);
    item->setData(sortKey.isValid() ? sortKey : QVariant(text), kQuoteSortRole);
    item->setEditable(false);
    return item;
}

cost::Currency currencyOf(const std::string& code) {
    return code == "USD" ? cost::Currency::Usd : cost::Currency::Cny;
}

QStandardItem* amountCell(const std::optional<quotebook::OfferTotals>& totals, const std::string& currency) {
    if (!totals)
        return cell(QStringLiteral("—"), -1.0);
    return cell(moneyText(cost::Money::fromCents(totals->grossCents), currencyOf(currency)),
                static_cast<double>(totals->grossCents));
}

}  // namespace

QuotesDialog::QuotesDialog(const Catalog& catalog, std::string today, QWidget* parent)
    : QDialog(parent), m_catalog(catalog), m_today(today.empty() ? todayIso() : std::move(today)) {
    setObjectName(QStringLiteral("quotesDialog"));
    setWindowTitle(tr("Quote book"));
    m_where = new QLabel;
    m_where->setObjectName(QStringLiteral("quoteBookPath"));
    m_where->setWordWrap(true);
    m_where->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_counts = new QLabel;
    m_counts->setObjectName(QStringLiteral("quoteCounts"));
    m_counts->setWordWrap(true);

    m_customer = new QLineEdit;
    m_customer->setObjectName(QStringLiteral("quoteCustomerFilter"));
    m_customer->setPlaceholderText(tr("customer (part of the name)"));
    m_customer->setClearButtonEnabled(true);
    m_status = new QComboBox;
    m_status->setObjectName(QStringLiteral("quoteStatusFilter"));
    m_status->addItem(tr("every status"), QString());
    const QStringList statusNames = {tr("draft"),   tr("sent"),   tr("accepted"),          tr("lost"),
                                     tr("expired"), tr("active"), tr("expiring in 7 days")};
    const auto& statuses = quotebook::listStatuses();
    for (std::size_t i = 0; i < statuses.size(); ++i)
        m_status->addItem(i < static_cast<std::size_t>(statusNames.size()) ? statusNames[static_cast<int>(i)]
                                                                           : toQString(statuses[i]),
                          toQString(statuses[i]));
    m_since = new QDateEdit;
    m_since->setObjectName(QStringLiteral("quoteSinceFilter"));
    m_since->setCalendarPopup(true);
    m_since->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    m_since->setMinimumDate(QDate(2000, 1, 1));
    m_since->setSpecialValueText(tr("any date"));  // the minimum: no date filter
    m_since->setDate(m_since->minimumDate());
    m_since->setToolTip(tr("Quotes dated on or after this day"));
    m_minAmount = new QDoubleSpinBox;
    m_minAmount->setObjectName(QStringLiteral("quoteAmountFilter"));
    m_minAmount->setRange(0, 1e13);
    m_minAmount->setDecimals(0);
    m_minAmount->setGroupSeparatorShown(true);
    m_minAmount->setSpecialValueText(tr("any amount"));
    m_minAmount->setToolTip(
        tr("Quotes whose rent or buy total incl. VAT is at least this much, in the quote's "
           "currency"));
    m_allRevisions = new QCheckBox(tr("Every revision"));
    m_allRevisions->setObjectName(QStringLiteral("quoteAllRevisions"));
    m_allRevisions->setToolTip(
        tr("List every revision of each quote, not only its last; the earlier ones are greyed. The "
           "counts above still count quotes."));
    auto* filters = new QHBoxLayout;
    filters->addWidget(m_customer, 1);
    filters->addWidget(m_status);
    filters->addWidget(new QLabel(tr("from")));
    filters->addWidget(m_since);
    filters->addWidget(new QLabel(tr("amount at least")));
    filters->addWidget(m_minAmount);
    filters->addWidget(m_allRevisions);

    m_model = new QStandardItemModel(0, kQuoteColumns, this);
    m_model->setHorizontalHeaderLabels({tr("Number"), tr("Rev."), tr("Customer"), tr("Status"), tr("Date"),
                                        tr("Valid until"), tr("Rent incl. VAT"), tr("Buy incl. VAT"),
                                        tr("Prices")});
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(kQuoteSortRole);
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("quotesTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(kQuoteDate, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    // A row as tall as its wrapped Prices text: in Chinese it has no spaces to wrap at, and a
    // one-line row elided it ("已过时（336 …").
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    auto* open = buttons->addButton(tr("Open"), QDialogButtonBox::ActionRole);
    open->setObjectName(QStringLiteral("quoteOpen"));
    open->setToolTip(tr("Open this revision's scenario as it was quoted"));
    auto* revise = buttons->addButton(tr("Revise"), QDialogButtonBox::ActionRole);
    revise->setObjectName(QStringLiteral("quoteRevise"));
    revise->setToolTip(tr("Open it as the next revision of the same number"));
    auto* duplicate = buttons->addButton(tr("Duplicate for another customer…"), QDialogButtonBox::ActionRole);
    duplicate->setObjectName(QStringLiteral("quoteDuplicate"));
    auto* mark = buttons->addButton(tr("Mark as"), QDialogButtonBox::ActionRole);
    mark->setObjectName(QStringLiteral("quoteMark"));
    auto* marks = new QMenu(mark);
    const std::pair<QString, quotebook::StoredStatus> choices[] = {
        {tr("sent"), quotebook::StoredStatus::Sent},
        {tr("accepted"), quotebook::StoredStatus::Accepted},
        {tr("lost"), quotebook::StoredStatus::Lost},
        {tr("draft"), quotebook::StoredStatus::Draft}};
    for (const auto& [text, status] : choices)
        marks->addAction(text, this, [this, status = status] { markCurrent(status); });
    mark->setMenu(marks);
    m_rowButtons = {open, revise, duplicate, mark};
    m_mark = mark;
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("quoteMessage"));
    m_message->setWordWrap(true);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(open, &QPushButton::clicked, this, &QuotesDialog::openCurrent);
    connect(revise, &QPushButton::clicked, this, &QuotesDialog::reviseCurrent);
    connect(duplicate, &QPushButton::clicked, this, [this] {
        bool ok = false;
        const QString name = QInputDialog::getText(this, tr("Duplicate for another customer"),
                                                   tr("Customer:"), QLineEdit::Normal, QString(), &ok);
        if (ok && !name.trimmed().isEmpty())
            duplicateCurrent(name.trimmed());
    });
    connect(m_customer, &QLineEdit::textChanged, this, &QuotesDialog::reload);
    connect(m_status, &QComboBox::currentIndexChanged, this, &QuotesDialog::reload);
    connect(m_since, &QDateEdit::dateChanged, this, &QuotesDialog::reload);
    connect(m_minAmount, &QDoubleSpinBox::valueChanged, this, &QuotesDialog::reload);
    connect(m_allRevisions, &QCheckBox::toggled, this, &QuotesDialog::reload);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &QuotesDialog::updateButtons);
    connect(m_table, &QTableView::doubleClicked, this, &QuotesDialog::openCurrent);

    auto* layout = new QVBoxLayout(this);
    auto* chooseBook = new QPushButton(tr("Another book…"));
    chooseBook->setObjectName(QStringLiteral("quoteBookChoose"));
    chooseBook->setToolTip(tr("Open or start a quote book in another local file (SQLite: not on a network "
                              "drive, where its locking does not work)"));
    connect(chooseBook, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Quote book"), m_book ? toQString(m_book->path()) : QString(),
            tr("Quote books (*.sqlite);;All files (*)"), nullptr, QFileDialog::DontConfirmOverwrite);
        if (!path.isEmpty())
            useBook(path);
    });
    auto* where = new QHBoxLayout;
    where->addWidget(m_where, 1);
    where->addWidget(chooseBook);
    layout->addLayout(where);
    layout->addWidget(m_counts);
    layout->addLayout(filters);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_message);
    layout->addWidget(buttons);
    resize(980, 560);
    openBook();
    reload();
}

void QuotesDialog::openBook() {
    m_book.reset();
    m_message->clear();
    auto book = openQuoteBook();
    if (!book) {
        m_where->setText(tr("The quote book cannot be opened: %1").arg(engineErrorLine(book.error())));
        return;
    }
    m_book.emplace(std::move(book).value());
    m_where->setText(tr("Quote book: %1").arg(QDir::toNativeSeparators(toQString(m_book->path()))));
    if (m_book->warning())
        m_message->setText(engineErrorLine(*m_book->warning()));
}

void QuotesDialog::useBook(const QString& path) {
    setQuoteBookPath(path);
    openBook();
    reload();
}

QuotesDialog::~QuotesDialog() = default;

void QuotesDialog::reload() {
    const std::optional<quotebook::QuoteRecord> keep = currentRecord();
    m_model->removeRows(0, m_model->rowCount());
    m_records.clear();
    if (!m_book) {
        updateButtons();
        return;
    }
    const Lang lang = uiLanguage();
    const auto& books = m_catalog.priceBooks();
    // The dashboard counts the whole book; the table shows what the filters leave.
    if (auto all = m_book->list({{}, {}, m_today, false})) {
        const quotebook::BookCounts c = quotebook::countStatuses(all.value(), m_today, books);
        const QString quotes = c.quotes == 1 ? tr("1 quote") : tr("%1 quotes").arg(c.quotes);
        m_counts->setText(tr("%1: %2 active, %3 expiring within 7 days, %4 expired, %5 accepted; "
                             "%6 priced on an old price book")
                              .arg(quotes)
                              .arg(c.active)
                              .arg(c.expiring)
                              .arg(c.expired)
                              .arg(c.accepted)
                              .arg(c.oldPrices));
    }
    const bool everyRevision = m_allRevisions->isChecked();
    auto listed = m_book->list({toStdString(m_customer->text().trimmed()),
                                toStdString(m_status->currentData().toString()), m_today, everyRevision});
    if (!listed) {
        m_message->setText(engineErrorLine(listed.error()));
        updateButtons();
        return;
    }
    m_records = std::move(listed).value();
    // The book filters by customer and status; the date and the amount are filtered here.
    const QString since =
        m_since->date() > m_since->minimumDate() ? m_since->date().toString(Qt::ISODate) : QString();
    const double minimum = m_minAmount->value();
    std::erase_if(m_records, [&](const quotebook::QuoteRecord& r) {
        if (!since.isEmpty() && toQString(r.created) < since)
            return true;
        const auto gross = [](const std::optional<quotebook::OfferTotals>& t) {
            return t ? static_cast<double>(t->grossCents) / 100.0 : 0.0;
        };
        return minimum > 0 && std::max(gross(r.rent), gross(r.buy)) < minimum;
    });
    const bool dark = isDarkPalette(palette());
    for (std::size_t i = 0; i < m_records.size(); ++i) {
        const quotebook::QuoteRecord& r = m_records[i];
        const quotebook::DerivedStatus status = quotebook::deriveStatus(r.status, r.validUntil, m_today);
        const quotebook::PriceAge age = quotebook::priceAge(r, books, m_today);
        const auto supersededBy = quotebook::supersededBy(r);
        // Every revision: "Q-2026-0043/2", sorted by number, then revision.
        QStandardItem* number =
            everyRevision
                ? cell(toQString(quotebook::numberAndRevision(r)),
                       toQString(r.number) + QStringLiteral("/%1").arg(r.revision, 12, 10, QLatin1Char('0')))
                : cell(toQString(r.number));
        QList<QStandardItem*> row = {number,
                                     cell(QString::number(r.revision), static_cast<qlonglong>(r.revision)),
                                     cell(toQString(r.customer)),
                                     cell(toQString(quotebook::listStatusText(r, m_today, lang))),
                                     cell(toQString(r.created)),
                                     cell(toQString(r.validUntil)),
                                     amountCell(r.rent, r.currency),
                                     amountCell(r.buy, r.currency),
                                     cell(toQString(quotebook::priceAgeText(age, lang)))};
        row[kQuoteNumber]->setData(static_cast<qulonglong>(i), Qt::UserRole);
        row[kQuotePrices]->setToolTip(row[kQuotePrices]->text());  // elided in a narrow column
        if (supersededBy) {
            // An earlier revision: greyed, and says which revision replaced it.
            const QString why = tr("Superseded by /%1 (%2/%1). This revision's own status: %3.")
                                    .arg(*supersededBy)
                                    .arg(toQString(r.number), toQString(quotebook::statusText(status, lang)));
            for (QStandardItem* item : row) {
                item->setForeground(mutedColor(dark));
                item->setToolTip(item == row[kQuotePrices] ? why + QLatin1Char('\n') + item->text() : why);
            }
        } else {
            const QColor attention = attentionColor(dark);
            if (age.stale || age.superseded)
                row[kQuotePrices]->setForeground(attention);
            if (status.shown == quotebook::ShownStatus::Expired || status.expiring)
                row[kQuoteStatus]->setForeground(attention);
        }
        m_model->appendRow(row);
    }
    // The row that was current stays current after a filter or a status change: the same revision,
    // else the same quote.
    int same = -1;
    for (int r = 0; keep && r < m_proxy->rowCount(); ++r) {
        const auto i = m_proxy->index(r, kQuoteNumber).data(Qt::UserRole).toULongLong();
        if (i >= m_records.size() || m_records[i].number != keep->number)
            continue;
        if (same < 0 || m_records[i].revision == keep->revision)
            same = r;
    }
    if (same >= 0)
        m_table->setCurrentIndex(m_proxy->index(same, kQuoteNumber));
    updateButtons();
}

std::optional<quotebook::QuoteRecord> QuotesDialog::currentRecord() const {
    const QModelIndex current = m_table ? m_table->currentIndex() : QModelIndex();
    if (!current.isValid())
        return std::nullopt;
    const auto i = m_proxy->index(current.row(), kQuoteNumber).data(Qt::UserRole).toULongLong();
    if (i >= m_records.size())
        return std::nullopt;
    return m_records[i];
}

void QuotesDialog::updateButtons() {
    const auto record = currentRecord();
    for (QPushButton* button : m_rowButtons)
        button->setEnabled(record.has_value());
    if (!m_mark)
        return;
    if (m_book && m_book->readOnly())
        m_mark->setEnabled(false);  // no status change in a read-only book
    // A quote's status is its last revision's: a superseded revision is not marked.
    const auto supersededBy = record ? quotebook::supersededBy(*record) : std::nullopt;
    if (supersededBy)
        m_mark->setEnabled(false);
    m_mark->setToolTip(supersededBy ? tr("A superseded revision keeps the status it had: mark the quote on "
                                         "its last revision, %1/%2")
                                          .arg(toQString(record->number))
                                          .arg(*supersededBy)
                                    : QString());
}

bool QuotesDialog::markCurrent(quotebook::StoredStatus status) {
    const auto record = currentRecord();
    if (!record || !m_book)
        return false;
    if (const auto last = quotebook::supersededBy(*record)) {
        m_message->setText(tr("Not marked: %1/%2 is superseded by /%3, and a quote's status is its last "
                              "revision's. Select %1/%3 to mark the quote.")
                               .arg(toQString(record->number))
                               .arg(record->revision)
                               .arg(*last));
        return false;
    }
    const std::string now = m_today + "T00:00:00Z";
    auto set = m_book->setStatus(record->number, status, now);
    if (!set) {
        m_message->setText(engineErrorLine(set.error()));
        return false;
    }
    m_message->setText(engineText(
        makeMessage(msg::kQuotebookStatusSet,
                    {set->number, std::to_string(set->revision),
                     quotebook::statusText(quotebook::deriveStatus(status, record->validUntil, m_today),
                                           uiLanguage())})));
    reload();
    return true;
}

std::optional<Scenario> QuotesDialog::scenarioOf(const quotebook::QuoteRecord& record) {
    auto scenario = parseScenario(record.scenarioJson, m_catalog);
    if (!scenario) {
        m_message->setText(engineErrorLine(scenario.error()));
        return std::nullopt;
    }
    return std::move(scenario).value();
}

void QuotesDialog::openCurrentWith(
    const std::function<void(const quotebook::QuoteRecord&, quote::QuoteInfo&)>& edit) {
    const auto record = currentRecord();
    if (!record)
        return;
    auto scenario = scenarioOf(*record);
    if (!scenario)
        return;
    quote::QuoteInfo info = scenario->quote.value_or(quote::QuoteInfo{});
    edit(*record, info);
    scenario->quote = info;
    emit openScenario(*scenario);
    accept();
}

void QuotesDialog::openCurrent() {
    openCurrentWith([](const quotebook::QuoteRecord&, quote::QuoteInfo&) {});
}

void QuotesDialog::reviseCurrent() {
    openCurrentWith([](const quotebook::QuoteRecord& record, quote::QuoteInfo& info) {
        // The book's counter: the revision after the number's last one, whatever the file said;
        // a superseded revision's content is revised after the last too.
        info.number = record.number;
        info.revision = std::max(record.revision, record.lastRevision) + 1;
        info.date.clear();  // dated the day it is exported
    });
}

void QuotesDialog::duplicateCurrent(const QString& customer) {
    openCurrentWith([&customer](const quotebook::QuoteRecord&, quote::QuoteInfo& info) {
        // Another customer's quote: a number of its own (the book gives the next one when it is
        // recorded), revision 1, today's date; contact and notes were the other customer's.
        info.customer = toStdString(customer);
        info.contact.clear();
        info.notes.clear();
        info.number.clear();
        info.revision = 1;
        info.date.clear();
    });
}

}  // namespace clusterplan::ui
