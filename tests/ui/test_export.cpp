// The window's Export menu (issue 8 §5): the menu exists, the quote dialog edits the scenario's
// quote, saving an edited quote makes its next revision, and the exports write the same kinds of
// files as `clusterplan-cli report` (PDF pages, workbook, CSV, PNG + SVG per chart).
#include "window_fixture.h"

#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QMenuBar>
#include <QTemporaryDir>

#include "export/export_actions.h"
#include "export/quote_dialog.h"

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

TEST_CASE("export.saving_an_edited_quote_makes_a_revision", "[export]") {
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
    CHECK(f.controller.scenario().quote->revision == 2);
    CHECK(f.controller.scenario().quote->number == "CP-9");
    REQUIRE(f.controller.openFile(path).isEmpty());
    CHECK(f.controller.scenario().quote->revision == 2);
}

TEST_CASE("export.files_from_the_window", "[export]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] { f.controller.update([](Scenario& s) { s.quote = quote::QuoteInfo{}; }); }));
    ExportActions actions(f.controller, &f.window);
    QTemporaryDir dir;
    CHECK(actions.exportPdf(dir.filePath(QStringLiteral("q.pdf"))).isEmpty());
    CHECK(actions.exportWorkbook(dir.filePath(QStringLiteral("q.xlsx"))).isEmpty());
    CHECK(actions.exportCsv(dir.filePath(QStringLiteral("csv"))).isEmpty());
    CHECK(actions.exportImages(dir.filePath(QStringLiteral("img"))).isEmpty());
    QFile pdf(dir.filePath(QStringLiteral("q.pdf")));
    REQUIRE(pdf.open(QIODevice::ReadOnly));
    CHECK(pdf.read(5) == QByteArray("%PDF-"));
    // layouts, memory, run_length (issue 12), monthly_cost, line_items, validation
    CHECK(QDir(dir.filePath(QStringLiteral("csv"))).entryList(QDir::Files).size() == 6);
    // memory, step time, layouts, cost over time and the sensitivity tornado
    CHECK(
        QDir(dir.filePath(QStringLiteral("img"))).entryList({QStringLiteral("*.svg")}, QDir::Files) ==
        QStringList({QStringLiteral("cost.svg"), QStringLiteral("layouts.svg"), QStringLiteral("memory.svg"),
                     QStringLiteral("sensitivity.svg"), QStringLiteral("step_time.svg")}));
    // An unwritable path is a message, and no file appears.
    const QString bad = QStringLiteral("/proc/no-such-dir/q.pdf");
    CHECK(actions.exportPdf(bad).contains(bad));
    CHECK_FALSE(QFile::exists(bad));
}
