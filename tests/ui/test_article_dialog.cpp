// Help ▸ The article, checked: the seed article's claims with the engine's values, and
// each claim's example scenario opened in the window from the dialog, as a sales engineer does when
// a customer quotes the article.
#include "window_fixture.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QDir>
#include <QPushButton>
#include <QTableWidget>
#include <QTextBrowser>

#include <set>

#include "core/io/article_examples.h"
#include "core/studies/article_claims.h"
#include "ui/charts/memory_chart_view.h"
#include "ui/mainwindow/article_dialog.h"
#include "ui/mainwindow/claim_panel.h"
#include "ui/models/plan_controller.h"
#include "ui/models/plan_summary.h"
#include "ui/models/qt_text.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

// Opens the dialog through the Help menu's action, as the user does.
ArticleDialog* openArticleDialog(WindowFixture& f) {
    auto* action = f.window.findChild<QAction*>(QStringLiteral("actionArticle"));
    REQUIRE(action != nullptr);
    action->trigger();
    ArticleDialog* dialog = nullptr;
    REQUIRE(QTest::qWaitFor(
        [&] { return (dialog = f.window.findChild<ArticleDialog*>()) != nullptr && dialog->isVisible(); },
        kWaitMs));
    return dialog;
}

// The claim panel once it has checked the open example's claim and shows it.
ClaimPanel* waitForClaimPanel(WindowFixture& f) {
    ClaimPanel* p = nullptr;
    REQUIRE(QTest::qWaitFor(
        [&] {
            p = f.window.findChild<ClaimPanel*>(QStringLiteral("claimPanel"));
            return p && !p->isChecking() && p->isVisible();
        },
        kWaitMs));
    return p;
}

}  // namespace

TEST_CASE("article.dialog_lists_every_claim_with_the_engines_value", "[article]") {
    WindowFixture f;
    ArticleDialog* dialog = openArticleDialog(f);
    auto examples = loadClaimExamples(articleExamplesFolder(), f.catalog);
    REQUIRE(examples.ok());
    auto checks = checkClaims(examples.value(), f.catalog);
    REQUIRE(checks.ok());
    // The same claims, in the same order, as `clusterplan-cli article`.
    REQUIRE(dialog->checks().size() == checks->size());
    REQUIRE(dialog->table()->rowCount() == static_cast<int>(checks->size()));
    for (std::size_t i = 0; i < checks->size(); ++i) {
        CHECK(dialog->checks()[i].file == (*checks)[i].file);
        CHECK(dialog->checks()[i].engine == (*checks)[i].engine);
        for (int column = 0; column < dialog->table()->columnCount(); ++column)
            CHECK_FALSE(dialog->table()->item(static_cast<int>(i), column)->text().isEmpty());
    }
    // The details name the article's section and quote its sentence.
    dialog->table()->selectRow(1);
    const auto* details = dialog->findChild<QTextBrowser*>(QStringLiteral("articleDetails"));
    REQUIRE(details != nullptr);
    CHECK(details->toPlainText().contains(QString::fromStdString((*checks)[1].description.quote)));
    dialog->reject();
}

TEST_CASE("article.each_example_opens_in_the_window_from_the_menu", "[article]") {
    WindowFixture f;
    std::set<std::string> opened;
    for (int row = 0;; ++row) {
        ArticleDialog* dialog = openArticleDialog(f);
        const int rows = dialog->table()->rowCount();
        REQUIRE(rows > 30);  // every claim of the list has its example
        if (row == rows) {
            dialog->reject();
            break;
        }
        const ClaimCheck check = dialog->checks()[static_cast<std::size_t>(row)];
        dialog->table()->selectRow(row);
        auto* open = dialog->findChild<QPushButton*>(QStringLiteral("articleOpen"));
        REQUIRE(open != nullptr);
        REQUIRE(open->isEnabled());
        const bool planned = f.editAndWait([&] { QTest::mouseClick(open, Qt::LeftButton); });
        INFO(check.file);
        // The example is the window's document now, and its plan is the engine's plan for it.
        CHECK(f.controller.filePath().endsWith(QString::fromStdString(check.file)));
        CHECK(planned);
        REQUIRE(f.controller.plan().has_value());
        REQUIRE(f.controller.plan()->scenario.claim.has_value());
        CHECK(f.controller.plan()->scenario.claim == check.claim);
        CHECK(f.controller.plan()->scenario.description == check.description);
        opened.insert(check.file);
        REQUIRE(QTest::qWaitFor([&] { return f.window.findChild<ArticleDialog*>() == nullptr; }, kWaitMs));
    }
    CHECK(opened.size() > 30);
}

TEST_CASE("article.dialog_in_chinese", "[article]") {
    WindowFixture f;
    f.window.setLanguage(QStringLiteral("zh_CN"));
    ArticleDialog* dialog = openArticleDialog(f);
    CHECK(dialog->windowTitle() == QStringLiteral("核对原文论断"));
    CHECK(dialog->table()->horizontalHeaderItem(0)->text() == QStringLiteral("章节"));
    // The engine's words in Chinese: the verdict column says 相符 / 不符 / 无依据.
    bool chinese = true;
    for (int row = 0; row < dialog->table()->rowCount(); ++row) {
        const QString verdict = dialog->table()->item(row, 4)->text();
        chinese =
            chinese && (verdict.contains(QStringLiteral("相符")) ||
                        verdict.contains(QStringLiteral("不符")) || verdict.contains(QStringLiteral("依据")));
    }
    CHECK(chinese);
    dialog->reject();
    f.window.setLanguage(QStringLiteral("en"));
}

// An opened example shows its claim above the summary, with the engine's verdict, in the window's
// language; any other scenario hides it (a claim panel shows the article's words and
// the engine's verdict on them, in both languages).
TEST_CASE("article.an_opened_example_shows_its_claim_and_the_verdict", "[article]") {
    WindowFixture f;
    showAtDefaultSize(f, f.window.memoryChart());
    auto* panel = f.window.findChild<ClaimPanel*>(QStringLiteral("claimPanel"));
    REQUIRE(panel != nullptr);
    CHECK_FALSE(panel->isVisible());  // the default scenario states no claim
    const QString example = QDir(toQString(articleExamplesFolder()))
                                .filePath(QStringLiteral("15-trap1-gradient-size.clusterplan.json"));
    REQUIRE(f.editAndWait([&] { f.window.openScenarioFile(example); }));
    panel = waitForClaimPanel(f);
    QString text = panel->toPlainText();
    INFO(text.toStdString());
    CHECK(text.contains(QStringLiteral("陷阱一")));  // the section and the article's sentence
    CHECK(text.contains(QStringLiteral("140 MB")));  // the article's value
    CHECK(text.contains(QStringLiteral("141 GB")));  // the engine's
    CHECK(text.contains(QStringLiteral("differs")));

    f.window.setLanguage(QStringLiteral("zh_CN"));  // the window is built again: a new panel
    panel = waitForClaimPanel(f);
    text = panel->toPlainText();
    CHECK(text.contains(QStringLiteral("原文")));
    CHECK(text.contains(QStringLiteral("141 GB")));
    CHECK_FALSE(text.contains(QStringLiteral("differs")));
    f.window.setLanguage(QStringLiteral("en"));

    REQUIRE(f.editAndWait([&] { f.controller.newScenario(); }));
    REQUIRE(QTest::qWaitFor(
        [&] {
            auto* p = f.window.findChild<ClaimPanel*>(QStringLiteral("claimPanel"));
            return p && !p->isVisible();
        },
        kWaitMs));
}

// One memory is one number: the panel gives the engine's memory in the article's GB and in the GiB
// of the plan's details side by side, and says what was tested, in Chinese too.
TEST_CASE("article.the_panel_gives_a_memory_in_the_units_of_the_details_and_what_was_tested", "[article]") {
    WindowFixture f;
    showAtDefaultSize(f, f.window.memoryChart());
    f.window.setLanguage(QStringLiteral("zh_CN"));
    const QString example = QDir(toQString(articleExamplesFolder()))
                                .filePath(QStringLiteral("07-s1-3-175b-on-8xa100.clusterplan.json"));
    REQUIRE(f.editAndWait([&] { f.window.openScenarioFile(example); }));
    ClaimPanel* panel = waitForClaimPanel(f);
    REQUIRE(f.controller.plan().has_value());
    const QString text = panel->toPlainText();
    INFO(text.toStdString());
    CHECK(text.contains(QStringLiteral("353 GB = ") + formatGib(f.controller.plan()->memory.total(), 0)));
    CHECK(text.contains(QStringLiteral("测试方案： GPT-3 175B，1 台 × 8 张 NVIDIA A100")));
    f.window.setLanguage(QStringLiteral("en"));
}
