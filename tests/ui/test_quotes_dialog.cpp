// File ▸ Quote book (issue 23): quotes exported from the window are recorded in the quote book the
// CLI shares; the dialog lists them with the dashboard's counts, filters, opens, revises,
// duplicates and marks them, in English and Chinese.
#include "window_fixture.h"

#include <QAction>
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

// A book of the test's own: the setting the window reads, removed again at the end.
struct OwnBook {
    QTemporaryDir dir;
    QString path = dir.filePath(QStringLiteral("quotes.sqlite"));
    OwnBook() { QSettings().setValue(QStringLiteral("quoteBook/path"), path); }
    ~OwnBook() { QSettings().remove(QStringLiteral("quoteBook/path")); }
};

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

int rowOf(const QuotesDialog& dialog, const QString& customer) {
    const auto* model = dialog.table()->model();
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, 2).data().toString() == customer)
            return r;
    return -1;
}

}  // namespace

TEST_CASE("quotes.exports_are_recorded_and_the_dialog_revises_marks_and_filters", "[quotes][issue23]") {
    OwnBook own;
    WindowFixture f(discardingEdits());
    ExportActions actions(f.controller, f.window.prompter(), &f.window);
    QTemporaryDir files;
    // Three quotes for two customers, each numbered by the book.
    exportFor(f, actions, files, "ACME", 1);
    exportFor(f, actions, files, "ACME", 2);
    exportFor(f, actions, files, "Globex", 1);

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

TEST_CASE("quotes.dialog_in_chinese", "[quotes][issue23]") {
    OwnBook own;
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
    dialog->reject();
    f.window.setLanguage(QStringLiteral("en"));
}

// "Another book…": the dialog opens (or starts) a book in another local file, and the window's
// exports go to it from then on (the setting the CLI's --quote-book stands for in the window).
TEST_CASE("quotes.dialog_uses_another_book", "[quotes][issue23]") {
    OwnBook own;
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
