// File ▸ Quote book: quotes exported from the window are recorded in the quote book the
// CLI shares; the dialog lists them with the dashboard's counts, filters, opens, revises,
// duplicates and marks them, in English and Chinese.
#include "window_fixture.h"

#include <QAction>
#include <QCheckBox>
#include <QDate>
#include <QDateEdit>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>

#include "core/quotebook/quote_book.h"
#include "ui/export/export_actions.h"
#include "ui/models/plan_controller.h"
#include "ui/models/qt_text.h"
#include "ui/quotes/quote_book_file.h"
#include "ui/quotes/quotes_dialog.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

// Edits are discarded when a quote from the book replaces them (the user answers "No" to saving).
Prompter::TestAnswers discardingEdits() {
    Prompter::TestAnswers answers = unexpectedDialogs();
    answers.answer = [](Prompter::Question question) {
        REQUIRE(question == Prompter::Question::SaveChanges);
        return Prompter::Answer::No;
    };
    return answers;
}

QuotesDialog* openQuotesDialog(WindowFixture& f) {
    auto* action = f.window.findChild<QAction*>(QStringLiteral("actionQuoteBook"));
    REQUIRE(action != nullptr);
    action->trigger();
    QuotesDialog* dialog = nullptr;
    REQUIRE(QTest::qWaitFor(
        [&] { return (dialog = f.window.findChild<QuotesDialog*>()) != nullptr && dialog->isVisible(); },
        kWaitMs));
    return dialog;
}

// Exports a new quote for `customer` on `nodes` servers as a workbook (recorded); the window takes
// the number the book gives it.
void exportFor(WindowFixture& f, ExportActions& actions, const QTemporaryDir& dir,
               const std::string& customer, std::int64_t nodes) {
    REQUIRE(f.editAndWait([&] {
        f.controller.update([&](Scenario& s) {
            // A new quote, as File ▸ New would start one: no number until the book gives it.
            quote::QuoteInfo info;
            info.customer = customer;
            s.quote = info;
            s.cluster.nodes = nodes;
        });
    }));
    const QString file = dir.filePath(QString::fromStdString(customer + std::to_string(nodes) + ".xlsx"));
    REQUIRE(actions.exportWorkbook(file).isEmpty());
    INFO(actions.lastRecorded().toStdString());
    CHECK(actions.lastRecorded().contains(QStringLiteral("Q-")));
    REQUIRE(f.controller.scenario().quote.has_value());
    CHECK(f.controller.scenario().quote->number.starts_with("Q-"));
    CHECK(f.controller.scenario().quote->revision == 1);
}

// Three quotes for two customers, each numbered by the book.
void exportThreeQuotes(WindowFixture& f, ExportActions& actions, const QTemporaryDir& dir) {
    exportFor(f, actions, dir, "ACME", 1);
    exportFor(f, actions, dir, "ACME", 2);
    exportFor(f, actions, dir, "Globex", 1);
}

// The table's row whose `column` reads `text` (by default the customer; the number column reads
// "Q-2026-0001", or with every revision "Q-2026-0001/2"); -1 without one.
int rowOf(const QuotesDialog& dialog, const QString& text, int column = 2) {
    const auto* model = dialog.table()->model();
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, column).data().toString() == text)
            return r;
    return -1;
}

}  // namespace

TEST_CASE("quotes.exports_are_recorded_and_the_dialog_revises_marks_and_filters", "[quotes][quote_book]") {
    OwnQuoteBook own;
    WindowFixture f(discardingEdits());
    ExportActions actions(f.controller, f.window.prompter(), &f.window);
    QTemporaryDir files;
    exportThreeQuotes(f, actions, files);

    QuotesDialog* dialog = openQuotesDialog(f);
    CHECK(dialog->table()->model()->rowCount() == 3);
    CHECK(dialog->counts()->text().startsWith(QStringLiteral("3 quotes")));

    // Revise Globex's quote: the window opens it as the next revision of the same number; an edit
    // exported again is recorded as revision 2, the original kept.
    const int globex = rowOf(*dialog, QStringLiteral("Globex"));
    REQUIRE(globex >= 0);
    dialog->table()->setCurrentIndex(dialog->table()->model()->index(globex, 0));
    const auto record = dialog->currentRecord();
    REQUIRE(record.has_value());
    REQUIRE(f.editAndWait([&] { dialog->reviseCurrent(); }));
    REQUIRE(f.controller.scenario().quote.has_value());
    CHECK(f.controller.scenario().quote->number == record->number);
    CHECK(f.controller.scenario().quote->revision == 2);
    CHECK(f.controller.isModified());
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.training.globalBatch *= 2; }); }));
    REQUIRE(actions.exportWorkbook(files.filePath(QStringLiteral("globex-r2.xlsx"))).isEmpty());
    CHECK(f.controller.scenario().quote->revision == 2);
    // The same content again: no new revision.
    REQUIRE(actions.exportWorkbook(files.filePath(QStringLiteral("globex-r2-again.xlsx"))).isEmpty());
    CHECK(actions.lastRecorded().contains(QStringLiteral("no new revision")));

    auto book = quotebook::QuoteBook::open(toStdString(own.path));
    REQUIRE(book.ok());
    auto all = book->list({{}, {}, todayIso(), true});
    REQUIRE(all.ok());
    CHECK(all->size() == 4);  // three quotes, one of them in two revisions
    auto revisions = book->revisions(record->number);
    REQUIRE(revisions.ok());
    CHECK(*revisions == std::vector<std::int64_t>{1, 2});

    // The dialog shows the last revisions; mark Globex's accepted.
    dialog = openQuotesDialog(f);
    REQUIRE(dialog->table()->model()->rowCount() == 3);
    const int revised = rowOf(*dialog, QStringLiteral("Globex"));
    dialog->table()->setCurrentIndex(dialog->table()->model()->index(revised, 0));
    CHECK(dialog->table()->model()->index(revised, 1).data().toString() == QStringLiteral("2"));
    REQUIRE(dialog->markCurrent(quotebook::StoredStatus::Accepted));
    CHECK(dialog->counts()->text().contains(QStringLiteral("1 accepted")));
    CHECK(dialog->table()->model()->index(rowOf(*dialog, QStringLiteral("Globex")), 3).data().toString() ==
          QStringLiteral("accepted"));

    // Filter by customer.
    auto* customer = dialog->findChild<QLineEdit*>(QStringLiteral("quoteCustomerFilter"));
    REQUIRE(customer != nullptr);
    customer->setText(QStringLiteral("acme"));
    CHECK(dialog->table()->model()->rowCount() == 2);
    customer->clear();
    // By date: every quote is dated today.
    auto* since = dialog->findChild<QDateEdit*>(QStringLiteral("quoteSinceFilter"));
    REQUIRE(since != nullptr);
    since->setDate(QDate::currentDate().addDays(1));
    CHECK(dialog->table()->model()->rowCount() == 0);
    since->setDate(QDate::currentDate());
    CHECK(dialog->table()->model()->rowCount() == 3);
    since->setDate(since->minimumDate());
    // By amount: at least the largest total leaves the quotes that reach it, not the others.
    double largest = 0, smallest = 1e18;
    auto shown = book->list({{}, {}, todayIso(), false});  // the last revisions, as the table
    REQUIRE(shown.ok());
    for (const auto& r : *shown) {
        const double most =
            std::max(r.rent ? r.rent->grossCents / 100.0 : 0.0, r.buy ? r.buy->grossCents / 100.0 : 0.0);
        largest = std::max(largest, most);
        smallest = std::min(smallest, most);
    }
    REQUIRE(largest > smallest);
    auto* amount = dialog->findChild<QDoubleSpinBox*>(QStringLiteral("quoteAmountFilter"));
    REQUIRE(amount != nullptr);
    amount->setValue(std::floor(largest));
    CHECK(dialog->table()->model()->rowCount() >= 1);
    CHECK(dialog->table()->model()->rowCount() < 3);
    amount->setValue(0);
    CHECK(dialog->table()->model()->rowCount() == 3);

    // Duplicate ACME's quote for a third customer: a new document, no number yet, revision 1.
    dialog->table()->setCurrentIndex(
        dialog->table()->model()->index(rowOf(*dialog, QStringLiteral("ACME")), 0));
    REQUIRE(f.editAndWait([&] { dialog->duplicateCurrent(QStringLiteral("Initech")); }));
    CHECK(f.controller.scenario().quote->customer == "Initech");
    CHECK(f.controller.scenario().quote->number.empty());
    CHECK(f.controller.scenario().quote->revision == 1);
    CHECK(f.controller.filePath().isEmpty());
}

namespace {

void selectRow(QuotesDialog& dialog, int row) {
    REQUIRE(row >= 0);
    dialog.table()->setCurrentIndex(dialog.table()->model()->index(row, 0));
}

}  // namespace

// The quote book's whole round for a sales engineer: three quotes for two customers, one revised, and all
// four revisions in the dialog with "Every revision"; the counts still count quotes; a superseded revision is
// greyed and says so, opens and revises as itself, and is not marked.
TEST_CASE("quotes.every_revision_lists_four_rows_after_a_revise", "[quotes][quote_book]") {
    OwnQuoteBook own;
    WindowFixture f(discardingEdits());
    ExportActions actions(f.controller, f.window.prompter(), &f.window);
    QTemporaryDir files;
    exportThreeQuotes(f, actions, files);
    const QString globex = toQString(f.controller.scenario().quote->number);
    const auto firstBatch = f.controller.scenario().training.globalBatch;
    // Globex's quote changed and exported again: revision 2 of the same number.
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.training.globalBatch *= 2; }); }));
    REQUIRE(actions.exportWorkbook(files.filePath(QStringLiteral("globex-r2.xlsx"))).isEmpty());
    INFO(actions.lastRecorded().toStdString());
    CHECK(actions.lastRecorded().contains(QStringLiteral("revision 2")));

    QuotesDialog* dialog = openQuotesDialog(f);
    REQUIRE(dialog->allRevisions() != nullptr);
    CHECK(dialog->allRevisions()->text() == QStringLiteral("Every revision"));
    CHECK_FALSE(dialog->allRevisions()->isChecked());
    CHECK(dialog->table()->model()->rowCount() == 3);
    CHECK(rowOf(*dialog, globex, 0) >= 0);
    dialog->allRevisions()->setChecked(true);
    REQUIRE(dialog->table()->model()->rowCount() == 4);
    CHECK(dialog->counts()->text().startsWith(QStringLiteral("3 quotes")));  // quotes, not revisions
    CHECK(rowOf(*dialog, globex, 0) < 0);                                    // every number reads NUMBER/REV
    const int last = rowOf(*dialog, globex + QStringLiteral("/2"), 0);
    const int first = rowOf(*dialog, globex + QStringLiteral("/1"), 0);
    REQUIRE(last >= 0);
    REQUIRE(first >= 0);
    const auto* model = dialog->table()->model();
    CHECK(model->index(first, 1).data().toString() == QStringLiteral("1"));
    CHECK(model->index(first, 3).data().toString() == QStringLiteral("superseded by /2"));
    CHECK(model->index(first, 2)
              .data(Qt::ToolTipRole)
              .toString()
              .startsWith(QStringLiteral("Superseded by /2")));
    CHECK(model->index(first, 0).data(Qt::ForegroundRole).isValid());  // greyed
    CHECK(model->index(last, 3).data().toString() == QStringLiteral("draft"));
    CHECK_FALSE(model->index(last, 0).data(Qt::ForegroundRole).isValid());
    CHECK(model->index(last, 2).data(Qt::ToolTipRole).toString().isEmpty());

    // Marking: the last revision only, a superseded one says why not.
    auto* mark = dialog->findChild<QPushButton*>(QStringLiteral("quoteMark"));
    REQUIRE(mark != nullptr);
    selectRow(*dialog, first);
    REQUIRE(dialog->currentRecord().has_value());
    CHECK(dialog->currentRecord()->revision == 1);
    CHECK_FALSE(mark->isEnabled());
    CHECK(mark->toolTip().contains(globex + QStringLiteral("/2")));
    CHECK_FALSE(dialog->markCurrent(quotebook::StoredStatus::Accepted));
    auto* message = dialog->findChild<QLabel*>(QStringLiteral("quoteMessage"));
    REQUIRE(message != nullptr);
    CHECK(message->text().contains(QStringLiteral("superseded by /2")));
    CHECK(message->text().contains(QStringLiteral("Select ") + globex + QStringLiteral("/2")));
    CHECK(dialog->counts()->text().contains(QStringLiteral("0 accepted")));
    selectRow(*dialog, rowOf(*dialog, globex + QStringLiteral("/2"), 0));
    CHECK(mark->isEnabled());
    REQUIRE(dialog->markCurrent(quotebook::StoredStatus::Sent));
    CHECK(dialog->table()->model()->rowCount() == 4);
    CHECK(dialog->counts()->text().contains(QStringLiteral("1 active")));
    // The revision that was current stays current.
    REQUIRE(dialog->currentRecord().has_value());
    CHECK(dialog->currentRecord()->revision == 2);

    // Without every revision the quote stays current, on its last revision.
    selectRow(*dialog, rowOf(*dialog, globex + QStringLiteral("/1"), 0));
    dialog->allRevisions()->setChecked(false);
    CHECK(dialog->table()->model()->rowCount() == 3);
    REQUIRE(dialog->currentRecord().has_value());
    CHECK(toQString(dialog->currentRecord()->number) == globex);
    CHECK(dialog->currentRecord()->revision == 2);

    // Revising the superseded revision: its content, as the revision after the last.
    dialog->allRevisions()->setChecked(true);
    selectRow(*dialog, rowOf(*dialog, globex + QStringLiteral("/1"), 0));
    REQUIRE(f.editAndWait([&] { dialog->reviseCurrent(); }));
    REQUIRE(f.controller.scenario().quote.has_value());
    CHECK(toQString(f.controller.scenario().quote->number) == globex);
    CHECK(f.controller.scenario().quote->revision == 3);
    CHECK(f.controller.scenario().training.globalBatch == firstBatch);

    // Opening it: revision 1 as it was quoted.
    dialog = openQuotesDialog(f);
    dialog->allRevisions()->setChecked(true);
    selectRow(*dialog, rowOf(*dialog, globex + QStringLiteral("/1"), 0));
    REQUIRE(f.editAndWait([&] { dialog->openCurrent(); }));
    CHECK(f.controller.scenario().quote->revision == 1);
    CHECK(f.controller.scenario().training.globalBatch == firstBatch);
}

TEST_CASE("quotes.dialog_in_chinese", "[quotes][quote_book]") {
    OwnQuoteBook own;
    WindowFixture f;
    ExportActions actions(f.controller, f.window.prompter(), &f.window);
    QTemporaryDir files;
    exportFor(f, actions, files, "ACME", 1);
    f.window.setLanguage(QStringLiteral("zh_CN"));
    QuotesDialog* dialog = openQuotesDialog(f);
    CHECK(dialog->windowTitle() == QStringLiteral("报价簿"));
    CHECK(dialog->table()->model()->headerData(0, Qt::Horizontal).toString() == QStringLiteral("编号"));
    CHECK(dialog->table()->model()->index(0, 3).data().toString() == QStringLiteral("草稿"));
    CHECK(dialog->counts()->text().startsWith(QStringLiteral("共 1 份报价")));
    CHECK(dialog->allRevisions()->text() == QStringLiteral("所有修订版"));
    dialog->reject();
    f.window.setLanguage(QStringLiteral("en"));
}

// "Another book…": the dialog opens (or starts) a book in another local file, and the window's
// exports go to it from then on (the setting the CLI's --quote-book stands for in the window).
TEST_CASE("quotes.dialog_uses_another_book", "[quotes][quote_book]") {
    OwnQuoteBook own;
    WindowFixture f;
    QuotesDialog dialog(f.controller.catalog(), "2026-12-03");
    CHECK(dialog.findChild<QLabel*>(QStringLiteral("quoteBookPath"))
              ->text()
              .contains(QFileInfo(own.path).fileName()));
    REQUIRE(dialog.findChild<QPushButton*>(QStringLiteral("quoteBookChoose")) != nullptr);
    const QString other = own.dir.filePath(QStringLiteral("team/other.sqlite"));
    REQUIRE(QDir().mkpath(QFileInfo(other).path()));
    dialog.useBook(other);
    CHECK(QFile::exists(other));
    CHECK(dialog.findChild<QLabel*>(QStringLiteral("quoteBookPath"))
              ->text()
              .contains(QStringLiteral("other.sqlite")));
    CHECK(dialog.counts()->text().startsWith(QStringLiteral("0 quotes")));
    auto path = quoteBookPath();
    REQUIRE(path);
    CHECK(toQString(path.value()) == other);
}

TEST_CASE("quotes.revising_an_accepted_quote_asks_first", "[quotes]") {
    OwnQuoteBook own;
    // The user declines first, then agrees: every other question is unexpected.
    int asked = 0;
    bool agree = false;
    Prompter::TestAnswers answers = unexpectedDialogs();
    answers.answer = [&](Prompter::Question question) {
        REQUIRE(question == Prompter::Question::ReviseDecided);
        ++asked;
        return agree ? Prompter::Answer::Yes : Prompter::Answer::No;
    };
    WindowFixture f(answers);
    ExportActions actions(f.controller, f.window.prompter(), &f.window);
    QTemporaryDir files;
    exportFor(f, actions, files, "Globex", 1);
    const std::string number = f.controller.scenario().quote->number;
    {
        auto opened = quotebook::QuoteBook::open(toStdString(own.path));
        REQUIRE(opened.ok());
        quotebook::QuoteBook book = std::move(opened).value();
        REQUIRE(book.setStatus(number, quotebook::StoredStatus::Accepted, "2026-03-12T09:00:00Z"));
    }
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.training.globalBatch *= 2; }); }));
    const QString declined = actions.exportWorkbook(files.filePath(QStringLiteral("declined.xlsx")));
    CHECK(asked == 1);
    CHECK(declined.contains(QStringLiteral("was accepted")));
    CHECK(declined.contains(QStringLiteral("Nothing was exported.")));
    CHECK_FALSE(QFile::exists(files.filePath(QStringLiteral("declined.xlsx"))));
    {
        auto book = quotebook::QuoteBook::open(toStdString(own.path));
        REQUIRE(book.ok());
        CHECK(book->revisions(number).value() == std::vector<std::int64_t>{1});
        CHECK(book->find(number)->status == quotebook::StoredStatus::Accepted);
    }
    agree = true;
    CHECK(actions.exportWorkbook(files.filePath(QStringLiteral("revised.xlsx"))).isEmpty());
    CHECK(asked == 2);
    INFO(actions.lastRecorded().toStdString());
    CHECK(actions.lastRecorded() == QStringLiteral("Recorded in the quote book as ") +
                                        QString::fromStdString(number) + QStringLiteral(", revision 2."));
    auto book = quotebook::QuoteBook::open(toStdString(own.path));
    REQUIRE(book.ok());
    CHECK(book->revisions(number).value() == std::vector<std::int64_t>{1, 2});
}
