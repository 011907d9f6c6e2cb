#include "ui/quotes/price_list_dialog.h"

#include "core/cost/messages_price_list.h"
#include "core/cost/price_book.h"
#include "core/cost/price_list_import.h"
#include "core/util/atomic_file.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/engine_terms.h"
#include "ui/models/plan_controller.h"
#include "ui/models/qt_text.h"
#include "ui/quotes/quote_book_file.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <filesystem>
#include <utility>

namespace clusterplan::ui {

namespace {

// A vendor's list or a book larger than this is not one (the CLI's limit, app/pricebook_command.cpp).
constexpr std::uintmax_t kMaxPriceFileBytes = 16u << 20;

// A path field with its "Browse…" button.
QWidget* pathRow(QLineEdit* edit, QPushButton* browse) {
    auto* row = new QWidget;
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit, 1);
    layout->addWidget(browse);
    return row;
}

}  // namespace

PriceListDialog::PriceListDialog(PlanController& controller, std::string today, QWidget* parent)
    : QDialog(parent), m_controller(controller), m_today(today.empty() ? todayIso() : std::move(today)) {
    setObjectName(QStringLiteral("priceListDialog"));
    setWindowTitle(tr("Import a price list"));

    m_list = new QLineEdit;
    m_list->setObjectName(QStringLiteral("priceListPath"));
    m_list->setPlaceholderText(tr("the vendor's CSV file"));
    auto* browseList = new QPushButton(tr("Browse…"));
    m_encoding = new QComboBox;
    m_encoding->setObjectName(QStringLiteral("priceListEncoding"));
    m_encoding->addItem(tr("detect"), QStringLiteral("auto"));
    m_encoding->addItem(QStringLiteral("UTF-8"), QStringLiteral("utf-8"));
    m_encoding->addItem(QStringLiteral("GBK"), QStringLiteral("gbk"));
    m_book = new QLineEdit(QDir::toNativeSeparators(toQString(cost::userPriceBookPath())));
    m_book->setObjectName(QStringLiteral("priceBookPath"));
    m_book->setToolTip(tr("The window and clusterplan-cli read this book at start, over the built-in ones"));
    auto* browseBook = new QPushButton(tr("Browse…"));
    m_bookNote = new QLabel;
    m_bookNote->setObjectName(QStringLiteral("priceBookNote"));
    m_bookNote->setWordWrap(true);
    m_preview = new QTextBrowser;
    m_preview->setObjectName(QStringLiteral("priceListPreview"));
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel);
    m_buttons->button(QDialogButtonBox::Save)->setObjectName(QStringLiteral("priceListSave"));

    auto* form = new QFormLayout;
    form->addRow(tr("Price list (CSV)"), pathRow(m_list, browseList));
    form->addRow(tr("Encoding"), m_encoding);
    form->addRow(tr("Price book to update"), pathRow(m_book, browseBook));
    form->addRow(QString(), m_bookNote);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("What changes (nothing is written before Save):")));
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_buttons);
    resize(760, 520);
    for (QPushButton* button : findChildren<QPushButton*>())
        button->setAutoDefault(false);  // Enter is for the path fields (keyPressEvent)

    connect(browseList, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Price list"), m_list->text(),
                                                          tr("Price lists (*.csv *.txt);;All files (*)"));
        if (!path.isEmpty())
            setListPath(path);
    });
    connect(browseBook, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Price book"), m_book->text(), tr("Price books (*.json)"),
                                         nullptr, QFileDialog::DontConfirmOverwrite);
        if (!path.isEmpty())
            setBookPath(path);
    });
    connect(m_list, &QLineEdit::editingFinished, this, &PriceListDialog::refresh);
    connect(m_book, &QLineEdit::editingFinished, this, &PriceListDialog::refresh);
    connect(m_encoding, &QComboBox::currentIndexChanged, this, &PriceListDialog::refresh);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (save())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    refresh();
}

void PriceListDialog::keyPressEvent(QKeyEvent* event) {
    // Enter in a path field reads the list (editingFinished); it must not also press Save, the
    // dialog's default button, before the user has read the changes.
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        event->accept();
        return;
    }
    QDialog::keyPressEvent(event);
}

void PriceListDialog::setListPath(const QString& path) {
    m_list->setText(QDir::toNativeSeparators(path));
    refresh();
}

void PriceListDialog::setBookPath(const QString& path) {
    m_book->setText(QDir::toNativeSeparators(path));
    refresh();
}

QString PriceListDialog::bookPath() const {
    return QDir::fromNativeSeparators(m_book->text().trimmed());
}

QString PriceListDialog::previewText() const {
    return m_previewText;
}

std::optional<std::string> PriceListDialog::bookText(QString& note, QString& error) const {
    const std::string path = toStdString(bookPath());
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) {
        auto text = readTextFile(path, kMaxPriceFileBytes);
        if (!text) {
            error = engineErrorLine(text.error());
            return std::nullopt;
        }
        note = tr("Updates this book.");
        return std::move(text).value();
    }
    const std::string& id = m_controller.scenario().cost.priceBook;
    auto builtin = cost::builtinPriceBookJson(id);
    if (!builtin) {
        error = tr("This file does not exist yet, and the scenario's price book \"%1\" is not a built-in one "
                   "to start from: choose an existing book file.")
                    .arg(toQString(id));
        return std::nullopt;
    }
    const cost::PriceBook* book = m_controller.catalog().priceBooks().book(id);
    note =
        tr("A new file: it starts as a copy of the built-in book \"%1\" the scenario uses, and replaces it.")
            .arg(book ? localName(book->name, book->nameZh) : toQString(id));
    return builtin;
}

void PriceListDialog::refresh() {
    m_json.reset();
    // Which book is updated, said before any list is read.
    QString note, bookError;
    const std::optional<std::string> book = bookText(note, bookError);
    m_bookNote->setText(book ? note : bookError);
    const QString listPath = QDir::fromNativeSeparators(m_list->text().trimmed());
    if (listPath.isEmpty()) {
        showPreview({tr("Choose the vendor's price list (CSV: kind, id, price, … one price per row).")}, {});
        return;
    }
    const std::string listLabel = toStdString(listPath);
    auto bytes = readTextFile(listLabel, kMaxPriceFileBytes);
    if (!bytes) {
        showPreview({}, {engineErrorLine(bytes.error())});
        return;
    }
    auto list =
        cost::readPriceList(bytes.value(), toStdString(m_encoding->currentData().toString()), listLabel);
    if (!list) {
        showPreview({}, {engineErrorLine(list.error())});
        return;
    }
    QStringList lines{
        engineText(cost::priceListReadMessage(list.value(), toStdString(QFileInfo(listPath).fileName())))};
    if (!book) {
        showPreview(lines, {bookError});
        return;
    }
    const cost::PriceBookUpdate update =
        cost::applyPriceList(*book, toStdString(bookPath()), list->rows, listLabel, m_today);
    for (const Message& change : update.diff)
        lines << engineText(change);
    QStringList errors;
    for (const Error& e : list->errors)
        errors << engineErrorLine(e);
    for (const Error& e : update.errors)
        errors << engineErrorLine(e);
    if (errors.isEmpty() && !update.diff.empty())
        m_json = update.json;
    else if (!errors.isEmpty())
        errors << engineText(cost::notSavedMessage(static_cast<std::size_t>(errors.size())));
    showPreview(lines, errors);
}

void PriceListDialog::showPreview(const QStringList& lines, const QStringList& errors) {
    QString html;
    for (const QString& line : lines)
        html += QStringLiteral("<p style='margin:2px 0'>%1</p>").arg(line.toHtmlEscaped());
    for (const QString& error : errors)
        html += QStringLiteral("<p style='margin:2px 0; color:#b00020'>%1</p>").arg(error.toHtmlEscaped());
    m_preview->setHtml(html);
    m_previewText = (lines + errors).join(QLatin1Char('\n'));
    m_buttons->button(QDialogButtonBox::Save)->setEnabled(m_json.has_value());
}

bool PriceListDialog::save() {
    if (!m_json)
        return false;
    const std::filesystem::path path(toStdString(bookPath()));
    std::error_code ec;
    if (path.has_parent_path())
        std::filesystem::create_directories(path.parent_path(), ec);
    if (auto written = writeFileAtomically(path.string(), *m_json); !written) {
        showPreview({}, {engineErrorLine(written.error())});
        return false;
    }
    emit bookSaved(bookPath());
    return true;
}

}  // namespace clusterplan::ui
