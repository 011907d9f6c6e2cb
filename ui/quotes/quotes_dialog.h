#pragma once
// QuotesDialog (File ▸ Quote book): every quote the book keeps, as a sales engineer chases them:
// a table that sorts by any column and filters by customer and status, the dashboard's
// counts (active, expiring within 7 days, expired, accepted, old prices), every revision on request
// (the earlier ones greyed, "superseded by /3"; the counts still count quotes), and per quote: open the
// revision's scenario as it was, revise it (the same number, the next revision), duplicate it for
// another customer (a new number), and mark its status. Quotes whose price book is stale or was
// superseded by a newer list are marked. Reads and writes the book the CLI uses
// (quote_book_file.h); the scenario to open is handed to the window, which asks before it
// replaces unsaved work.
#include <QDialog>

#include <functional>
#include <optional>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/quotebook/quote_book.h"
#include "core/scenario/scenario.h"

class QCheckBox;
class QComboBox;
class QDateEdit;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;

namespace clusterplan::ui {

class QuotesDialog : public QDialog {
    Q_OBJECT

public:
    // `today` fixes the derived statuses (tests); empty: the current date.
    QuotesDialog(const Catalog& catalog, std::string today = {}, QWidget* parent = nullptr);
    ~QuotesDialog() override;

    [[nodiscard]] QTableView* table() const { return m_table; }
    [[nodiscard]] QLabel* counts() const { return m_counts; }
    [[nodiscard]] QCheckBox* allRevisions() const { return m_allRevisions; }
    // The record of the table's current row: the last revision of its number, or with "Every
    // revision" the row's own; empty without one.
    [[nodiscard]] std::optional<quotebook::QuoteRecord> currentRecord() const;
    // Marks the current quote (its last revision); false with the reason shown when the book refuses
    // or the row is a superseded revision (a quote's status is its last revision's).
    bool markCurrent(quotebook::StoredStatus status);
    // Opens the current row's revision: as it was, as the number's next revision (a superseded
    // revision too: its content, revised after the last), or for another customer.
    void openCurrent();
    void reviseCurrent();
    void duplicateCurrent(const QString& customer);
    // Uses the book at `path` from now on (the window's exports too), created when it is new.
    void useBook(const QString& path);

signals:
    // A scenario for the window to open as a new, unsaved document.
    void openScenario(const clusterplan::Scenario& scenario);

private:
    void openBook();
    void reload();
    void updateButtons();
    [[nodiscard]] std::optional<Scenario> scenarioOf(const quotebook::QuoteRecord& record);
    // Opens the current quote's scenario with its quote info changed by `edit` (nothing: as it was).
    void openCurrentWith(const std::function<void(const quotebook::QuoteRecord&, quote::QuoteInfo&)>& edit);

    const Catalog& m_catalog;
    std::string m_today;
    std::optional<quotebook::QuoteBook> m_book;
    std::vector<quotebook::QuoteRecord> m_records;
    QLabel* m_where = nullptr;
    QLabel* m_counts = nullptr;
    QLineEdit* m_customer = nullptr;
    QComboBox* m_status = nullptr;
    QDateEdit* m_since = nullptr;
    QDoubleSpinBox* m_minAmount = nullptr;
    QCheckBox* m_allRevisions = nullptr;
    QStandardItemModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTableView* m_table = nullptr;
    QList<QPushButton*> m_rowButtons;
    QPushButton* m_mark = nullptr;
    QLabel* m_message = nullptr;
};

}  // namespace clusterplan::ui
