#pragma once
// QuoteDialog: edits the scenario's `quote` object: customer, contact, prepared by,
// company, logo, number, date, validity, notes and the VAT settings. The revision is shown, not
// edited: saving an edited quote makes the next one.
#include <QDialog>

#include <array>

#include "core/scenario/quote_info.h"

class QCheckBox;
class QComboBox;
class QDateEdit;
class QDoubleSpinBox;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace clusterplan::ui {

class QuoteDialog : public QDialog {
    Q_OBJECT

public:
    explicit QuoteDialog(const quote::QuoteInfo& info, QWidget* parent = nullptr);
    [[nodiscard]] quote::QuoteInfo info() const;

private:
    QWidget* createTaxBox();
    void chooseLogo();

    quote::QuoteInfo m_info;
    QLineEdit* m_customer;
    QLineEdit* m_contact;
    QLineEdit* m_preparedBy;
    QLineEdit* m_company;
    QLineEdit* m_logo;
    QLineEdit* m_number;
    QDateEdit* m_date;
    QSpinBox* m_validDays;
    QPlainTextEdit* m_notes;
    QComboBox* m_rentCategory = nullptr;
    QCheckBox* m_smallScale = nullptr;
    QCheckBox* m_englishIncludesTax = nullptr;
    std::array<QDoubleSpinBox*, quote::kTaxCategoryCount - 1> m_rates{};
};

}  // namespace clusterplan::ui
