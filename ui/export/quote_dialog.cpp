#include "ui/export/quote_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>

#include "core/quote/quote_json.h"
#include "ui/models/qt_text.h"

namespace clusterplan::ui {

namespace {

QLineEdit* lineEdit(const std::string& text, const char* objectName) {
    auto* edit = new QLineEdit(toQString(text));
    edit->setObjectName(QString::fromLatin1(objectName));
    edit->setMaxLength(static_cast<int>(quote::kMaxQuoteTextBytes / 4));
    return edit;
}

}  // namespace

QuoteDialog::QuoteDialog(const quote::QuoteInfo& info, QWidget* parent)
    : QDialog(parent)
    , m_info(info)
    , m_customer(lineEdit(info.customer, "quoteCustomer"))
    , m_contact(lineEdit(info.contact, "quoteContact"))
    , m_preparedBy(lineEdit(info.preparedBy, "quotePreparedBy"))
    , m_company(lineEdit(info.company, "quoteCompany"))
    , m_logo(lineEdit(info.logo, "quoteLogo"))
    , m_number(lineEdit(info.number, "quoteNumber"))
    , m_date(new QDateEdit)
    , m_validDays(new QSpinBox)
    , m_notes(new QPlainTextEdit(toQString(info.notes))) {
    setWindowTitle(tr("Quote details"));
    const QDate date = QDate::fromString(toQString(info.date), Qt::ISODate);
    m_date->setDate(date.isValid() ? date : QDate::currentDate());
    m_date->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    m_date->setCalendarPopup(true);
    m_validDays->setRange(1, static_cast<int>(quote::kMaxValidDays));
    m_validDays->setValue(static_cast<int>(info.validDays));
    m_validDays->setSuffix(tr(" days"));
    auto* logoRow = new QHBoxLayout;
    logoRow->addWidget(m_logo);
    auto* browse = new QPushButton(tr("Browse…"));
    connect(browse, &QPushButton::clicked, this, &QuoteDialog::chooseLogo);
    logoRow->addWidget(browse);

    auto* form = new QFormLayout;
    form->addRow(tr("Customer"), m_customer);
    form->addRow(tr("Contact"), m_contact);
    form->addRow(tr("Prepared by"), m_preparedBy);
    form->addRow(tr("Company"), m_company);
    form->addRow(tr("Logo"), logoRow);
    form->addRow(tr("Quote number"), m_number);
    form->addRow(tr("Revision"), new QLabel(QString::number(info.revision)));
    form->addRow(tr("Date"), m_date);
    form->addRow(tr("Valid for"), m_validDays);
    form->addRow(tr("Notes"), m_notes);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(createTaxBox());
    layout->addWidget(buttons);
}

QWidget* QuoteDialog::createTaxBox() {
    auto* box = new QGroupBox(tr("VAT (增值税)"));
    auto* form = new QFormLayout(box);
    m_rentCategory = new QComboBox;
    m_rentCategory->addItem(tr("IT / cloud service"), QStringLiteral("service"));
    m_rentCategory->addItem(tr("Equipment lease"), QStringLiteral("lease"));
    m_rentCategory->setCurrentIndex(m_info.tax.rentCategory == quote::TaxCategory::Lease ? 1 : 0);
    form->addRow(tr("GPU rental is taxed as"), m_rentCategory);
    const char* names[] = {
        QT_TR_NOOP("Goods (hardware, electricity)"), QT_TR_NOOP("Equipment lease"),
        QT_TR_NOOP("Repair and maintenance"),        QT_TR_NOOP("IT / cloud services, IDC"),
        QT_TR_NOOP("Basic telecom, bandwidth"),      QT_TR_NOOP("Installation")};
    for (std::size_t i = 0; i < m_rates.size(); ++i) {
        m_rates[i] = new QDoubleSpinBox;
        m_rates[i]->setRange(0, 100);
        m_rates[i]->setDecimals(2);
        m_rates[i]->setSuffix(QStringLiteral(" %"));
        m_rates[i]->setValue(100 * m_info.tax.rates[i]);
        form->addRow(tr(names[i]), m_rates[i]);
    }
    m_smallScale = new QCheckBox(
        tr("Small-scale taxpayer (one rate on every taxable line: 1 % to 2027-12-31, then 3 %)"));
    m_smallScale->setChecked(m_info.tax.smallScaleTaxpayer);
    form->addRow(m_smallScale);
    m_englishIncludesTax = new QCheckBox(tr("English quote shows amounts including tax"));
    m_englishIncludesTax->setChecked(m_info.tax.englishIncludesTax);
    form->addRow(m_englishIncludesTax);
    return box;
}

void QuoteDialog::chooseLogo() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Logo"), m_logo->text(),
                                                      tr("Images (*.png *.jpg *.jpeg *.svg)"));
    if (!path.isEmpty())
        m_logo->setText(path);
}

quote::QuoteInfo QuoteDialog::info() const {
    quote::QuoteInfo q = m_info;
    q.customer = toStdString(m_customer->text());
    q.contact = toStdString(m_contact->text());
    q.preparedBy = toStdString(m_preparedBy->text());
    q.company = toStdString(m_company->text());
    q.logo = toStdString(m_logo->text());
    q.number = toStdString(m_number->text());
    q.date = toStdString(m_date->date().toString(Qt::ISODate));
    q.validDays = m_validDays->value();
    // At most 1,000 UTF-16 units: within the 4,096 UTF-8 bytes the scenario file allows.
    q.notes = toStdString(m_notes->toPlainText().left(1000));
    q.tax.rentCategory =
        m_rentCategory->currentIndex() == 1 ? quote::TaxCategory::Lease : quote::TaxCategory::Service;
    for (std::size_t i = 0; i < m_rates.size(); ++i)
        q.tax.rates[i] = m_rates[i]->value() / 100.0;
    q.tax.smallScaleTaxpayer = m_smallScale->isChecked();
    q.tax.englishIncludesTax = m_englishIncludesTax->isChecked();
    return q;
}

}  // namespace clusterplan::ui
