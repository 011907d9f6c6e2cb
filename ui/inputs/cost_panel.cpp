#include "ui/inputs/cost_panel.h"

#include "core/cost/currency_switch.h"
#include "core/cost/price_book.h"
#include "ui/inputs/form_helpers.h"
#include "ui/models/engine_terms.h"
#include "ui/models/palette.h"
#include "ui/models/plan_controller.h"
#include "ui/models/qt_text.h"

#include <QAbstractItemView>
#include <QDate>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

#include <optional>

namespace clusterplan::ui {

namespace {

// Rent offer combo data that stands for the scenario's own quote (cost.custom_rent); offer ids
// never start with '<'.
const QString kCustomRent = QStringLiteral("<custom>");
// Report currency combo data: the book's currency, else the Currency value.
constexpr int kBookCurrency = -1;
// Long book and offer names stay readable without widening the whole input column.
constexpr int kComboChars = 22;

struct ComboItem {
    QString text;
    QString data;
    QString toolTip;
    bool operator==(const ComboItem&) const = default;
};

QList<ComboItem> comboItems(const QComboBox* box) {
    QList<ComboItem> items;
    for (int i = 0; i < box->count(); ++i)
        items.append(
            {box->itemText(i), box->itemData(i).toString(), box->itemData(i, Qt::ToolTipRole).toString()});
    return items;
}

// Replaces the items (only when they differ) and selects `current`, without emitting signals.
void loadComboItems(QComboBox* box, const QList<ComboItem>& items, const QString& current) {
    const QSignalBlocker blocker(box);
    if (comboItems(box) != items) {
        box->clear();
        for (const ComboItem& item : items) {
            box->addItem(item.text, item.data);
            box->setItemData(box->count() - 1, item.toolTip, Qt::ToolTipRole);
        }
        // The closed box is as wide as the other fields; its list shows the names in full.
        box->view()->setMinimumWidth(box->view()->sizeHintForColumn(0) + 2 * box->view()->frameWidth());
    }
    box->setCurrentIndex(box->findData(current));
}

void shortenCombo(QComboBox* box) {
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(kComboChars);
}

QString offerToolTip(const cost::RentOffer& offer) {
    QString tip = localName(offer.name, offer.nameZh);
    if (!offer.provider.empty())
        tip += QStringLiteral(" — ") + toQString(offer.provider);
    if (!offer.asOf.empty())
        tip += QStringLiteral(" (") + toQString(offer.asOf) + QLatin1Char(')');
    return tip;
}

// Everything that belongs to one rent offer: reset when another offer or book is chosen, since
// term ids and the price's unit are the offer's own.
void resetOfferChoice(cost::CostInputs& in) {
    in.rentOffer.clear();
    in.rentTerm.clear();
    in.rentPrice.reset();
    in.rentReleasedWhenIdle.reset();
    in.customRent.reset();
}

}  // namespace

CostPanel::CostPanel(PlanController& controller, FieldRegistry& fields, QWidget* parent)
    : QGroupBox(tr("Cost"), parent), m_controller(controller) {
    auto* form = new QFormLayout(this);
    addRentRows(form, fields);
    addMoneyRows(form, fields);
    connectEdits();
    completeToolTips(this,
                     tr("the chosen price book (each entry names its source and date), unless set here"));
    load(controller.scenario());
}

void CostPanel::addRentRows(QFormLayout* form, FieldRegistry& fields) {
    m_priceBook =
        addComboBox(form, fields,
                    {QStringLiteral("cost.price_book"), QStringLiteral("priceBook"), tr("Price book"),
                     tr("Where purchase and rent prices, power and staff costs come from")},
                    {});
    shortenCombo(m_priceBook);
    // How old the book's prices are, before anything is quoted on them: the quote book later flags
    // a quote priced on a book past its stale_after_days.
    m_priceAge = new QLabel;
    m_priceAge->setObjectName(QStringLiteral("priceBookAge"));
    m_priceAge->setWordWrap(true);
    form->addRow(m_priceAge);
    // Errors about other cost keys (overrides, sensitivity range) land on the book: its values.
    fields.add(QStringLiteral("cost"), m_priceBook);

    m_rentOffer =
        addComboBox(form, fields,
                    {QStringLiteral("cost.rent_offer"), QStringLiteral("rentOffer"), tr("Rent offer"),
                     tr("The rental quote compared with buying; the list holds the book's "
                        "offers for the cluster's GPU")},
                    {});
    shortenCombo(m_rentOffer);
    for (const char* key :
         {"cost.rent_term", "cost.rent_price", "cost.rent_released_when_idle", "cost.custom_rent"})
        fields.add(QLatin1String(key), m_rentOffer);
}

void CostPanel::addMoneyRows(QFormLayout* form, FieldRegistry& fields) {
    m_currency =
        addComboBox(form, fields,
                    {QStringLiteral("cost.currency"), QStringLiteral("currency"), tr("Report currency"),
                     tr("Currency of the cost chart and report; prices are converted from the "
                        "book's currency at the exchange rate")},
                    {{tr("Price book's"), kBookCurrency},
                     {tr("CNY (¥)"), static_cast<int>(cost::Currency::Cny)},
                     {tr("USD ($)"), static_cast<int>(cost::Currency::Usd)}});
    m_cnyPerUsd =
        addDoubleSpinBox(form, fields,
                         {QStringLiteral("cost.usd_cny"), QStringLiteral("cnyPerUsd"), tr("CNY per USD"),
                          tr("Exchange rate used to convert between CNY and USD")},
                         0.1, 100, 2);
    m_horizon =
        addSpinBox(form, fields,
                   {QStringLiteral("cost.horizon_months"), QStringLiteral("horizonMonths"), tr("Horizon"),
                    tr("Months compared: the cost chart runs from month 0 to this month")},
                   1, static_cast<int>(cost::kMaxMonths));
    m_horizon->setSuffix(tr(" months"));
    fields.add(QStringLiteral("cost.breakeven_search_months"), m_horizon);
    m_utilization =
        addDoubleSpinBox(form, fields,
                         {QStringLiteral("cost.utilization"), QStringLiteral("utilization"),
                          tr("Utilisation"), tr("Share of wall-clock hours the cluster does useful work")},
                         0, 100, 1, tr(" %"));

    // Discount rate: the book's unless the box is unchecked; the spin box shows the value used.
    auto* row = new QWidget;
    auto* rowLayout = new QHBoxLayout(row);
    rowLayout->setContentsMargins(0, 0, 0, 0);
    m_discountDefault = new QCheckBox(tr("Book default"));
    m_discountDefault->setObjectName(QStringLiteral("discountRateDefault"));
    m_discountDefault->setToolTip(tr("Use the price book's annual discount rate"));
    m_discountRate = new QDoubleSpinBox;
    m_discountRate->setObjectName(QStringLiteral("discountRate"));
    m_discountRate->setToolTip(tr("Annual rate for present values (cost of capital)"));
    m_discountRate->setDecimals(1);
    m_discountRate->setRange(0, 99.9);
    m_discountRate->setSuffix(tr(" % / year"));
    m_discountRate->setAccelerated(true);
    rowLayout->addWidget(m_discountRate, 1);
    rowLayout->addWidget(m_discountDefault);
    form->addRow(tr("Discount rate"), row);
    fields.add(QStringLiteral("cost.discount_rate"), m_discountRate);
}

void CostPanel::connectEdits() {
    connect(m_priceBook, &QComboBox::currentIndexChanged, this, &CostPanel::choosePriceBook);
    connect(m_rentOffer, &QComboBox::currentIndexChanged, this, &CostPanel::chooseRentOffer);
    connect(m_currency, &QComboBox::currentIndexChanged, this, [this] {
        const int value = m_currency->currentData().toInt();
        editCost([value](cost::CostInputs& in) {
            in.currency = value == kBookCurrency
                              ? std::nullopt
                              : std::optional<cost::Currency>(static_cast<cost::Currency>(value));
        });
    });
    connect(m_cnyPerUsd, &QDoubleSpinBox::valueChanged, this,
            [this](double value) { editCost([value](cost::CostInputs& in) { in.cnyPerUsd = value; }); });
    connect(m_horizon, &QSpinBox::valueChanged, this,
            [this](int value) { editCost([value](cost::CostInputs& in) { in.horizonMonths = value; }); });
    connect(m_utilization, &QDoubleSpinBox::valueChanged, this, [this](double percent) {
        editCost([percent](cost::CostInputs& in) { in.utilization = percent / 100; });
    });
    connect(m_discountDefault, &QCheckBox::toggled, this, &CostPanel::chooseDiscountRate);
    connect(m_discountRate, &QDoubleSpinBox::valueChanged, this, &CostPanel::chooseDiscountRate);
}

void CostPanel::editCost(const std::function<void(cost::CostInputs&)>& edit) {
    m_controller.update([&](Scenario& scenario) { edit(scenario.cost); });
}

void CostPanel::choosePriceBook() {
    const std::string id = toStdString(m_priceBook->currentData().toString());
    const cost::PriceBooks& books = m_controller.catalog().priceBooks();
    editCost([&](cost::CostInputs& in) {
        if (in.priceBook == id)
            return;
        // Typed amounts are in the book's currency: convert them to the new book's, at the
        // scenario's exchange rate (core/cost/currency_switch.h).
        const cost::PriceBook* from = books.book(in.priceBook);
        const cost::PriceBook* to = books.book(id);
        if (from && to)
            in = cost::convertTypedAmounts(in, from->currency, to->currency);
        in.priceBook = id;
        // Offer ids belong to a book; a custom quote is not the book's and stays.
        const auto custom = in.customRent;
        resetOfferChoice(in);
        in.customRent = custom;
    });
}

void CostPanel::chooseRentOffer() {
    const QString choice = m_rentOffer->currentData().toString();
    if (choice == kCustomRent)
        return;  // the scenario's own quote is already in use
    const std::string id = toStdString(choice);
    editCost([&](cost::CostInputs& in) {
        if (in.rentOffer == id && !in.customRent)
            return;
        resetOfferChoice(in);
        in.rentOffer = id;
    });
}

void CostPanel::chooseDiscountRate() {
    const bool bookDefault = m_discountDefault->isChecked();
    m_discountRate->setEnabled(!bookDefault);
    const double rate = m_discountRate->value() / 100;
    editCost([&](cost::CostInputs& in) {
        in.discountRate = bookDefault ? std::nullopt : std::optional<double>(rate);
    });
}

void CostPanel::load(const Scenario& scenario) {
    const cost::CostInputs& in = scenario.cost;
    loadPriceBooks(scenario);
    loadRentOffers(scenario);
    loadCurrency(scenario);
    loadDoubleSpinBox(m_cnyPerUsd, in.cnyPerUsd);
    loadSpinBox(m_horizon, in.horizonMonths);
    loadDoubleSpinBox(m_utilization, in.utilization * 100);
    loadDiscountRate(scenario);
}

void CostPanel::loadPriceBooks(const Scenario& scenario) {
    const cost::PriceBooks& books = m_controller.catalog().priceBooks();
    QList<ComboItem> items;
    for (const std::string& id : books.ids()) {
        const cost::PriceBook* book = books.book(id);
        const QString name = book->name.empty() ? toQString(id) : localName(book->name, book->nameZh);
        items.append({name, toQString(id),
                      QStringLiteral("%1 (%2, %3)")
                          .arg(name, toQString(id), toQString(cost::currencyCode(book->currency)))});
    }
    const QString current = toQString(scenario.cost.priceBook);
    if (!books.book(scenario.cost.priceBook))  // e.g. a file naming a book this catalog lacks
        items.append({tr("%1 (not found)").arg(current), current, {}});
    loadComboItems(m_priceBook, items, current);
    m_priceBook->setToolTip(m_priceBook->itemData(m_priceBook->currentIndex(), Qt::ToolTipRole).toString());
    loadPriceAge(books.book(scenario.cost.priceBook));
}

void CostPanel::loadPriceAge(const cost::PriceBook* book) {
    const std::string today = toStdString(QDate::currentDate().toString(Qt::ISODate));
    const auto days = book ? cost::daysSinceAsOf(book->asOf, today) : std::nullopt;
    m_priceAge->setVisible(days.has_value());
    if (!days)
        return;
    const qlonglong age = days.value_or(0);  // value_or: g++ 12 misreads *days as uninitialised here
    const bool stale = cost::isStale(*book, today);
    m_priceAge->setText(
        stale ? tr("Prices as of %1, %2 days old: stale after %3 days. Import a current price list (File ▸ "
                   "Import price list) before sending a quote on them.")
                    .arg(toQString(book->asOf))
                    .arg(age)
                    .arg(book->staleAfterDays)
              : tr("Prices as of %1 (%2 days old; stale after %3 days).")
                    .arg(toQString(book->asOf))
                    .arg(age)
                    .arg(book->staleAfterDays));
    m_priceAge->setStyleSheet(
        stale ? QStringLiteral("QLabel { color: %1; }").arg(QColor(palette::kVermillion).name()) : QString());
}

void CostPanel::loadRentOffers(const Scenario& scenario) {
    const cost::CostInputs& in = scenario.cost;
    const std::string& gpu = scenario.cluster.gpu;
    const cost::PriceBook* book = m_controller.catalog().priceBooks().book(in.priceBook);
    QList<ComboItem> items;
    const cost::RentOffer* fallback = book ? book->defaultOfferFor(gpu) : nullptr;
    if (fallback)
        items.append({tr("Default: %1").arg(localName(fallback->name, fallback->nameZh)), QString(),
                      tr("Book default for this GPU: %1").arg(offerToolTip(*fallback))});
    else
        items.append({tr("Book default (none for this GPU)"), QString(),
                      tr("The price book has no rent offer for this GPU")});
    bool listed = in.rentOffer.empty();
    if (book) {
        for (const cost::RentOffer* offer : book->offersFor(gpu)) {
            items.append({localName(offer->name, offer->nameZh), toQString(offer->id), offerToolTip(*offer)});
            listed = listed || offer->id == in.rentOffer;
        }
    }
    if (!listed) {  // kept visible so the engine's error has a field to mark
        const cost::RentOffer* stale = book ? book->offer(in.rentOffer) : nullptr;
        items.append({stale ? tr("%1 (does not rent this GPU)").arg(localName(stale->name, stale->nameZh))
                            : tr("%1 (not in this book)").arg(toQString(in.rentOffer)),
                      toQString(in.rentOffer),
                      {}});
    }
    if (in.customRent)
        items.append(
            {tr("Custom quote: %1")
                 .arg(toQString(in.customRent->name.empty() ? in.customRent->id : in.customRent->name)),
             kCustomRent, tr("The scenario file's own rent quote (cost.custom_rent)")});
    loadComboItems(m_rentOffer, items, in.customRent ? kCustomRent : toQString(in.rentOffer));
    m_rentOffer->setToolTip(m_rentOffer->itemData(m_rentOffer->currentIndex(), Qt::ToolTipRole).toString());
}

void CostPanel::loadCurrency(const Scenario& scenario) {
    const cost::PriceBook* book = m_controller.catalog().priceBooks().book(scenario.cost.priceBook);
    const int bookItem = m_currency->findData(kBookCurrency);
    m_currency->setItemText(bookItem,
                            book ? tr("Price book's (%1)").arg(toQString(cost::currencyCode(book->currency)))
                                 : tr("Price book's"));
    const cost::CostInputs& in = scenario.cost;
    loadComboData(m_currency, in.currency ? static_cast<int>(*in.currency) : kBookCurrency);
}

void CostPanel::loadDiscountRate(const Scenario& scenario) {
    const cost::CostInputs& in = scenario.cost;
    loadCheckBox(m_discountDefault, !in.discountRate);
    m_discountRate->setEnabled(in.discountRate.has_value());
    if (in.discountRate)
        loadDoubleSpinBox(m_discountRate, *in.discountRate * 100);
    // Otherwise showPlan() shows the rate the engine used, once the plan is there.
}

void CostPanel::showPlan(const Plan& plan) {
    // The engine's own answer (book entry, cost.overrides.discount_rate or default), never a
    // re-derivation of its rule here.
    if (!plan.scenario.cost.discountRate && plan.cost)
        loadDoubleSpinBox(m_discountRate, plan.cost->discountRate * 100);
}

}  // namespace clusterplan::ui
