#pragma once
// PriceListDialog (File ▸ Import price list…): a vendor's price list (CSV, UTF-8 or GBK, comma or
// tab; core/cost/price_list_import.h) applied to the user's price book, the one the window and the
// CLI load at start ($XDG_CONFIG_HOME/clusterplan/pricebook.json). The list is read and
// checked row by row, and what would change is shown against the current book before anything is
// written; Save writes the book atomically, dated today, and the window then prices with it.
// Without a user book yet, the book starts as a copy of the built-in book the scenario uses (the
// same id, so it replaces that book).
#include <QDialog>
#include <QString>

#include <optional>
#include <string>

class QComboBox;
class QKeyEvent;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QTextBrowser;

namespace clusterplan::ui {

class PlanController;

class PriceListDialog : public QDialog {
    Q_OBJECT

public:
    // `today` dates the new book (tests fix it); empty: the current date.
    explicit PriceListDialog(PlanController& controller, std::string today = {}, QWidget* parent = nullptr);

    // The list to read and the book to update (browse buttons set them too); each re-reads.
    void setListPath(const QString& path);
    void setBookPath(const QString& path);
    [[nodiscard]] QString bookPath() const;
    // What the preview says: the list read, each change, each error (plain text).
    [[nodiscard]] QString previewText() const;
    // A checked list with at least one change and no error.
    [[nodiscard]] bool canSave() const { return m_json.has_value(); }
    // Writes the book (atomically); false with the reason shown in the preview.
    bool save();

signals:
    // The book at `path` was written.
    void bookSaved(const QString& path);

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    void refresh();
    void showPreview(const QStringList& lines, const QStringList& errors);
    // The current book's text: the file, else the built-in book the scenario uses; `note` says which.
    [[nodiscard]] std::optional<std::string> bookText(QString& note, QString& error) const;

    PlanController& m_controller;
    std::string m_today;
    QLineEdit* m_list = nullptr;
    QComboBox* m_encoding = nullptr;
    QLineEdit* m_book = nullptr;
    QLabel* m_bookNote = nullptr;
    QTextBrowser* m_preview = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    QString m_previewText;
    std::optional<std::string> m_json;  // the book to write, when the list applies cleanly
};

}  // namespace clusterplan::ui
