// The window's Export menu: the menu exists, the quote dialog edits the scenario's
// quote, saving keeps the quote's revision (the quote book revises), the menu's actions (triggered as a user
// does, the file dialogs answered through the Prompter) write the same files as
// `clusterplan-cli report`, and the print preview opens and closes.
#include "window_fixture.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QMenuBar>
#include <QPrintPreviewDialog>
#include <QRegularExpression>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>

#include "cli_runner.h"

#include "core/quotebook/quote_book.h"
#include "core/quotebook/sqlite_db.h"
#include "ui/export/export_actions.h"
#include "ui/export/quote_dialog.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

TEST_CASE("export.menu_and_quote_dialog", "[export]") {
    WindowFixture f;
    QMenu* menu = nullptr;
    for (QAction* a : f.window.menuBar()->actions())
        if (a->text().remove(QLatin1Char('&')) == QStringLiteral("Export"))
            menu = a->menu();
    REQUIRE(menu != nullptr);
    QStringList texts;
    for (QAction* a : menu->actions())
        texts << a->text().remove(QLatin1Char('&'));
    CHECK(texts.contains(QStringLiteral("PDF quote…")));
    CHECK(texts.contains(QStringLiteral("Excel workbook…")));
    CHECK(texts.contains(QStringLiteral("CSV tables…")));
    CHECK(texts.contains(QStringLiteral("Chart images…")));

    quote::QuoteInfo info;
    info.number = "CP-7";
    QuoteDialog dialog(info);
    dialog.findChild<QLineEdit*>(QStringLiteral("quoteCustomer"))->setText(QStringLiteral("星河智算"));
    const quote::QuoteInfo edited = dialog.info();
    CHECK(edited.customer == "星河智算");
    CHECK(edited.number == "CP-7");
    CHECK(edited.tax == info.tax);
}

// One revision counter, the quote book's, so a file and the book agree. Saving the scenario file makes no
// revision (it bumped quote.revision on every save of an edit); an export of changed content does.
TEST_CASE("export.saving_keeps_the_quote_revision", "[export]") {
    WindowFixture f;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("quote.json"));
    quote::QuoteInfo info;
    info.number = "CP-9";
    REQUIRE(f.editAndWait([&] { f.controller.update([&](Scenario& s) { s.quote = info; }); }));
    REQUIRE(f.controller.saveFile(path).isEmpty());
    CHECK(f.controller.scenario().quote->revision == 1);
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.quote->customer = "ACME"; }); }));
    REQUIRE(f.controller.saveFile(path).isEmpty());
    CHECK(f.controller.scenario().quote->revision == 1);
    CHECK(f.controller.scenario().quote->number == "CP-9");
    REQUIRE(f.controller.openFile(path).isEmpty());
    CHECK(f.controller.scenario().quote->revision == 1);
    CHECK(f.controller.scenario().quote->customer == "ACME");
}

TEST_CASE("export.files_from_the_window", "[export]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.quote = quote::QuoteInfo{}; }); }));
    ExportActions actions(f.controller, f.window.prompter(), &f.window);
    QTemporaryDir dir;
    CHECK(actions.exportPdf(dir.filePath(QStringLiteral("q.pdf"))).isEmpty());
    CHECK(actions.exportWorkbook(dir.filePath(QStringLiteral("q.xlsx"))).isEmpty());
    CHECK(actions.exportCsv(dir.filePath(QStringLiteral("csv"))).isEmpty());
    CHECK(actions.exportImages(dir.filePath(QStringLiteral("img"))).isEmpty());
    QFile pdf(dir.filePath(QStringLiteral("q.pdf")));
    REQUIRE(pdf.open(QIODevice::ReadOnly));
    CHECK(pdf.read(5) == QByteArray("%PDF-"));
    // layouts, memory, run_length, monthly_cost, prices, line_items: the customer's files, no
    // calibration runs (validation.csv is the engineer's, `clusterplan-cli validate --format csv`)
    CHECK(QDir(dir.filePath(QStringLiteral("csv"))).entryList(QDir::Files).size() == 6);
    // memory, step time, layouts, cost over time and the sensitivity tornado
    CHECK(
        QDir(dir.filePath(QStringLiteral("img"))).entryList({QStringLiteral("*.svg")}, QDir::Files) ==
        QStringList({QStringLiteral("cost.svg"), QStringLiteral("layouts.svg"), QStringLiteral("memory.svg"),
                     QStringLiteral("scaling.svg"), QStringLiteral("scaling_days.svg"),
                     QStringLiteral("sensitivity.svg"), QStringLiteral("step_time.svg")}));
    // An unwritable path is a message, and no file appears.
    const QString bad = QStringLiteral("/proc/no-such-dir/q.pdf");
    CHECK(actions.exportPdf(bad).contains(bad));
    CHECK_FALSE(QFile::exists(bad));
}

namespace {

QByteArray readAll(const QString& path) {
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    return file.readAll();
}

// The PDF's text (pdftotext), without its dates and with whitespace squeezed: pdftotext may move
// line breaks, and the window stamps the day it runs where the CLI stamps the day in UTC.
std::string pdfText(const QString& pdf) {
    const auto run = clusterplan::test::runCommand("pdftotext '" + pdf.toStdString() + "' -");
    REQUIRE(run.status == 0);
    QString text = QString::fromStdString(run.out);
    text.remove(QRegularExpression(QStringLiteral("\\d{4}-\\d{2}-\\d{2}")));
    text.remove(QRegularExpression(QStringLiteral("\\s")));
    return text.toStdString();
}

// The quote's exports ask before quoting on a price book past its stale limit (the built-in books
// age past theirs): the user confirms; any other question is unexpected.
void confirmingStalePrices(Prompter::TestAnswers& answers) {
    answers.answer = [](Prompter::Question question) {
        CHECK(question == Prompter::Question::ExportStalePrices);
        return Prompter::Answer::Yes;
    };
}

QAction* exportAction(MainWindow& window, const char* name) {
    auto* action = window.findChild<QAction*>(QString::fromLatin1(name));
    REQUIRE(action != nullptr);
    REQUIRE(action->isEnabled());
    return action;
}

}  // namespace

TEST_CASE("export.menu_writes_what_the_cli_writes", "[export]") {
    QTemporaryDir dir;
    const QString window = dir.filePath(QStringLiteral("window"));
    const QString cli = dir.filePath(QStringLiteral("cli"));
    REQUIRE(QDir().mkpath(window));
    REQUIRE(QDir().mkpath(cli));  // the CLI checks a file's folder before anything is written
    QStringList asked;
    Prompter::TestAnswers answers = unexpectedDialogs();
    answers.exportPath = [&](const QString& tag) {
        asked << tag;
        return QDir(window).filePath(tag);  // the proposed names: the quote's number, csv, images
    };
    confirmingStalePrices(answers);
    // The window's quote book: a fresh one, so the book numbers the quote as its file says (its
    // first revision of CP-2026-0042 is the file's revision 2); the CLI records in a fresh book of its own.
    const QString book = dir.filePath(QStringLiteral("quotes.sqlite"));
    QSettings().setValue(QStringLiteral("quoteBook/path"), book);
    struct ForgetBook {
        ~ForgetBook() { QSettings().remove(QStringLiteral("quoteBook/path")); }
    } forget;
    WindowFixture f(std::move(answers));
    const std::string scenario = std::string(CLUSTERPLAN_TEST_DATA) + "/quote-scenario.json";
    REQUIRE(
        f.editAndWait([&] { REQUIRE(f.controller.openFile(QString::fromStdString(scenario)).isEmpty()); }));

    for (const char* name : {"exportPdf", "exportWorkbook", "exportCsv", "exportImages"})
        exportAction(f.window, name)->trigger();
    // The files are named after the quote number and revision (quote-scenario.json: CP-2026-0042, 2).
    const QString pdfName = QStringLiteral("CP-2026-0042-r2_星河智算科技有限公司.pdf");
    const QString xlsxName = QStringLiteral("CP-2026-0042-r2_星河智算科技有限公司.xlsx");
    CHECK(asked == QStringList({pdfName, xlsxName, QStringLiteral("csv"), QStringLiteral("images")}));
    CHECK(f.window.prompter().warnings().isEmpty());
    // The status bar says where the last one went.
    CHECK(f.window.statusBar()->currentMessage() ==
          QStringLiteral("Saved the images to ") + QDir(window).filePath(QStringLiteral("images")));

    // The same scenario through the CLI, in the window's language (English here), with the
    // byte-order mark chosen by the same rule (files with non-ASCII text have one), recorded in a
    // fresh book of its own: the same number and revision as the window's.
    const auto run =
        clusterplan::test::runCli("report '" + scenario + "' --quote-book '" + cli.toStdString() +
                                  "/book/quotes.sqlite' --lang en --pdf '" + cli.toStdString() +
                                  "/quote.pdf' --xlsx '" + cli.toStdString() + "/quote.xlsx' --csv '" +
                                  cli.toStdString() + "/csv' --images '" + cli.toStdString() + "/images'");
    INFO(run.out);
    REQUIRE(run.status == 0);

    CHECK(readAll(QDir(window).filePath(pdfName)).startsWith("%PDF-"));
    const std::string windowText = pdfText(QDir(window).filePath(pdfName));
    CHECK(windowText.find("Scaling") != std::string::npos);
    CHECK(windowText == pdfText(QDir(cli).filePath(QStringLiteral("quote.pdf"))));
    CHECK(readAll(QDir(window).filePath(xlsxName)).startsWith("PK"));

    const QStringList csvFiles = QDir(QDir(cli).filePath(QStringLiteral("csv"))).entryList(QDir::Files);
    CHECK(csvFiles.size() == 6);
    CHECK(QDir(QDir(window).filePath(QStringLiteral("csv"))).entryList(QDir::Files) == csvFiles);
    for (const QString& name : csvFiles) {
        INFO(name.toStdString());
        CHECK(readAll(QDir(window).filePath(QStringLiteral("csv/") + name)) ==
              readAll(QDir(cli).filePath(QStringLiteral("csv/") + name)));
    }
    const QStringList images = QDir(QDir(cli).filePath(QStringLiteral("images"))).entryList(QDir::Files);
    CHECK(images.contains(QStringLiteral("scaling.png")));
    CHECK(images.contains(QStringLiteral("scaling.svg")));
    CHECK(QDir(QDir(window).filePath(QStringLiteral("images"))).entryList(QDir::Files) == images);
}

TEST_CASE("export.into_a_read_only_book_writes_a_draft_and_says_so", "[export]") {
    // A book this window may not change (here one of a newer schema, which opens read-only even
    // for root, as CI runs): the PDF is still written, as a draft without a number (the
    // scenario's CP-2026-0042 may be another customer's in that book), no warning dialog, and the
    // status bar says why nothing was recorded.
    QTemporaryDir dir;
    const QString book = dir.filePath(QStringLiteral("quotes.sqlite"));
    {
        auto created = quotebook::QuoteBook::open(book.toStdString());
        REQUIRE(created.ok());
    }
    {
        quotebook::Database db(book.toStdString(), quotebook::Database::Mode::ReadWrite);
        db.exec("UPDATE schema_version SET version = 999");
    }
    QSettings().setValue(QStringLiteral("quoteBook/path"), book);
    struct ForgetBook {
        ~ForgetBook() { QSettings().remove(QStringLiteral("quoteBook/path")); }
    } forget;
    const QString pdf = dir.filePath(QStringLiteral("draft.pdf"));
    Prompter::TestAnswers answers = unexpectedDialogs();
    answers.exportPath = [&](const QString&) { return pdf; };
    confirmingStalePrices(answers);
    WindowFixture f(std::move(answers));
    const std::string scenario = std::string(CLUSTERPLAN_TEST_DATA) + "/quote-scenario.json";
    REQUIRE(
        f.editAndWait([&] { REQUIRE(f.controller.openFile(QString::fromStdString(scenario)).isEmpty()); }));
    exportAction(f.window, "exportPdf")->trigger();
    CHECK(f.window.prompter().warnings().isEmpty());
    const QString status = f.window.statusBar()->currentMessage();
    INFO(status.toStdString());
    CHECK(status.startsWith(QStringLiteral("Saved the PDF to ")));
    CHECK(status.contains(
        QStringLiteral("Exported as a draft, without a quote number: the quote book is read-only")));
    CHECK(status.contains(QStringLiteral("schema version 999")));
    // -raw: in drawing order, the diagonal watermark included.
    const auto raw = clusterplan::test::runCommand("pdftotext -raw '" + pdf.toStdString() + "' -");
    REQUIRE(raw.status == 0);
    CHECK(raw.out.find("Quote number draft") != std::string::npos);
    CHECK(raw.out.find("DRAFT") != std::string::npos);
    CHECK(raw.out.find("Quotation (draft)") != std::string::npos);
    CHECK(raw.out.find("CP-2026-0042") == std::string::npos);
    // The book is as it was: still empty, still version 999.
    auto reopened = quotebook::QuoteBook::open(book.toStdString());
    REQUIRE(reopened.ok());
    CHECK(reopened->readOnly());
    CHECK(reopened->schemaVersion() == 999);
    CHECK(reopened->all()->empty());
}

// The preview is a way to print the quote, so it asks about stale prices as the PDF export does
// (the built-in books are past their stale limit): declined, no preview opens; confirmed, it does.
TEST_CASE("export.print_preview_opens_and_closes", "[export]") {
    int asked = 0;
    Prompter::Answer answer = Prompter::Answer::No;
    Prompter::TestAnswers answers = unexpectedDialogs();
    answers.answer = [&](Prompter::Question question) {
        CHECK(question == Prompter::Question::ExportStalePrices);
        ++asked;
        return answer;
    };
    WindowFixture f(std::move(answers));
    QAction* preview = exportAction(f.window, "exportPreview");
    bool sawPreview = false;
    int tries = 0;
    QObject guard;  // timers still pending when the test ends die with it
    // exec() blocks until the dialog closes: close it from the event loop once it is up (or give
    // up after a few seconds, and the CHECK below fails).
    std::function<void()> closeWhenShown = [&] {
        auto* dialog = qobject_cast<QPrintPreviewDialog*>(QApplication::activeModalWidget());
        if (!dialog) {
            if (++tries < 200)
                QTimer::singleShot(50, &guard, closeWhenShown);
            return;
        }
        sawPreview = dialog->objectName() == QStringLiteral("quotePrintPreview");
        dialog->reject();
    };
    QTimer::singleShot(0, &guard, closeWhenShown);
    preview->trigger();  // declined: returns at once, before any dialog
    CHECK(asked == 1);
    CHECK_FALSE(sawPreview);
    answer = Prompter::Answer::Yes;
    tries = 0;
    QTimer::singleShot(0, &guard, closeWhenShown);
    preview->trigger();
    CHECK(asked == 2);
    CHECK(sawPreview);
    QTest::qWait(0);
}
