// Chinese and English: the Language menu switches every visible text without a
// restart, numbers follow the language's locale, and the choice is remembered.
#include "window_fixture.h"

#include <QAction>
#include <QCheckBox>
#include <QGroupBox>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>

#include "core/perf/step_time.h"
#include "ui/charts/layout_explorer_tab.h"
#include "ui/charts/money_axis.h"
#include "ui/inputs/model_panel.h"
#include "ui/models/engine_terms.h"
#include "ui/models/plan_comparison.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

// Terms a Chinese engineer reads in Latin letters: units, abbreviations, product and file names,
// and scenario ids shown as they are typed in a file (LoRA target modules: q k v o gate up down).
const QRegularExpression kLatinTerms(QStringLiteral(
    "GPU|GPUs|MLP|SwiGLU|GeLU|FlashAttention|ZeRO|FSDP|DDP|MoE|MLA|TFLOP|FLOP|MFU|GiB|tokens|NVLink|NVSwitch|"
    "ClusterPlan|English|Llama|json|catalog|resources|arXiv|adamw|adam8bit|sgd|bf16|fp16|fp8|fp32|param|"
    "Megatron|NeMo|DeepSpeed|Mixtral|DeepSeek|Qwen|cuBLAS|NCCL|CUDA|HBM|VPP|1F1B|gate|down|[A-Z]{2,3}|"
    "[a-z]_[a-z]+"));
const QRegularExpression kWord(QStringLiteral("[A-Za-z]{3,}"));

// A text still in English: a Latin word that is not one of the terms above, and no Chinese.
bool untranslated(QString text) {
    text.remove(QRegularExpression(QStringLiteral("<[^>]*>")));  // rich-text tags
    if (text.contains(kHan))
        return false;
    text.remove(kLatinTerms);
    return text.contains(kWord);
}

// Every visible label, group title, check box, tab and menu text of the window.
QStringList visibleTexts(const QMainWindow& window) {
    QStringList texts;
    for (const QLabel* label : window.findChildren<QLabel*>())
        if (label->isVisibleTo(&window))
            texts << label->text();
    for (const QGroupBox* group : window.findChildren<QGroupBox*>())
        texts << group->title();
    for (const QCheckBox* box : window.findChildren<QCheckBox*>())
        texts << box->text();
    for (const QTabWidget* tabs : window.findChildren<QTabWidget*>())
        for (int i = 0; i < tabs->count(); ++i)
            texts << tabs->tabText(i);
    for (const QAction* menu : window.menuBar()->actions()) {
        texts << menu->text();
        if (menu->menu())
            for (const QAction* action : menu->menu()->actions())
                if (!action->isSeparator() && !action->objectName().startsWith(QLatin1String("language_")))
                    texts << action->text();
    }
    texts.removeAll(QString());
    return texts;
}

QString modelGroupTitle(const MainWindow& window) {
    const auto* panel = window.findChild<ModelPanel*>();
    REQUIRE(panel != nullptr);
    return panel->title();
}

}  // namespace

TEST_CASE("language.switches_to_chinese_and_back_without_restart", "[language]") {
    WindowFixture f;
    REQUIRE(f.window.language() == QStringLiteral("en"));
    CHECK(modelGroupTitle(f.window) == QStringLiteral("Model"));
    f.widget<QTabWidget>("chartTabs")->setCurrentIndex(1);

    f.window.findChild<QAction*>(QStringLiteral("language_zh_CN"))->trigger();
    // The menu's switch waits for the event loop (it rebuilds the menu that sent it).
    REQUIRE(QTest::qWaitFor([&] { return f.window.language() == QStringLiteral("zh_CN"); }, kWaitMs));
    CHECK(modelGroupTitle(f.window) == QStringLiteral("模型"));
    auto* tabs = f.widget<QTabWidget>("chartTabs");
    CHECK(tabs->tabText(0) == QStringLiteral("显存"));
    CHECK(tabs->currentIndex() == 1);  // the rebuilt window keeps the tab
    CHECK(f.widget<SummaryView>("summary")->text().contains(QStringLiteral("每卡显存")));
    // The method was "full" in the Chinese summary (全参数: full-parameter training).
    CHECK(f.widget<SummaryView>("summary")->text().contains(QStringLiteral("全参数")));
    CHECK_FALSE(f.widget<SummaryView>("summary")->text().contains(QStringLiteral("full:")));
    CHECK(QSettings().value(QStringLiteral("ui/language")).toString() == QStringLiteral("zh_CN"));
    // The rebuilt inputs still edit the same controller.
    REQUIRE(f.editAndWait([&] { f.widget<QSpinBox>("tp")->setValue(2); }));
    CHECK(f.controller.plan()->layout.tp == 2);

    QStringList english;
    for (const QString& text : visibleTexts(f.window))
        if (untranslated(text))
            english << text;
    INFO("still English: " << english.join(QStringLiteral(" | ")).toStdString());
    CHECK(english.isEmpty());

    f.window.setLanguage(QStringLiteral("en"));
    CHECK(modelGroupTitle(f.window) == QStringLiteral("Model"));
    CHECK(f.widget<QTabWidget>("chartTabs")->tabText(0) == QStringLiteral("Memory"));
    CHECK(QSettings().value(QStringLiteral("ui/language")).toString() == QStringLiteral("en"));
}

// With a search loaded, Language ▸ 简体中文 aborted the window (a corrupted heap). The
// switch rebuilt every menu inside the clicked action's own triggered(), and QMenu's code went on
// with the freed menu and action after the slot returned; in an optimised build the rebuild's
// thousands of new objects reused that memory. Clicked as a user clicks, through the menu bar, the
// menu and its action must outlive the click, and the switch must still happen.
TEST_CASE("language.switch_from_the_menu_with_a_search_loaded_outlives_the_click", "[language]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] {
        f.window.openScenarioFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/search-gpt3-175b-1024xa100.json"));
    }));
    REQUIRE(f.controller.plan()->search.has_value());
    QMenuBar* bar = f.window.menuBar();
    for (const QString& code :
         {QStringLiteral("zh_CN"), QStringLiteral("en"), QStringLiteral("zh_CN"), QStringLiteral("en")}) {
        INFO("to " << code.toStdString());
        QPointer<QAction> action = f.window.findChild<QAction*>(QStringLiteral("language_") + code);
        REQUIRE(action);
        QPointer<QMenu> menu = qobject_cast<QMenu*>(action->parent());
        REQUIRE(menu);
        // A click on the bar within the double-click interval of the last one reads as a double
        // click, which opens no menu: wait as a user's hand does.
        QTest::qWait(QApplication::doubleClickInterval() + 100);
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->actionGeometry(menu->menuAction()).center());
        REQUIRE(QTest::qWaitFor([&] { return menu->isVisible(); }, kWaitMs));
        QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(action).center());
        CHECK(action);  // neither deleted inside its own signal
        CHECK(menu);
        REQUIRE(QTest::qWaitFor([&] { return f.window.language() == code && !action; }, kWaitMs));
        CHECK(modelGroupTitle(f.window) ==
              (code == QStringLiteral("en") ? QStringLiteral("Model") : QStringLiteral("模型")));
        // The rebuilt window still shows the searched plan (1,024 GPUs, grouped in both languages).
        CHECK(f.controller.plan()->search.has_value());
        CHECK(f.widget<SummaryView>("summary")->text().contains(QStringLiteral("1,024")));
    }
}

TEST_CASE("language.chosen_language_is_used_on_the_next_start", "[language]") {
    const LanguageGuard restore;
    QSettings().setValue(QStringLiteral("ui/language"), QStringLiteral("zh_CN"));
    {
        WindowFixture f;
        CHECK(f.window.language() == QStringLiteral("zh_CN"));
        CHECK(modelGroupTitle(f.window) == QStringLiteral("模型"));
        // Money in Chinese counts in 万 and 亿.
        CHECK(formatCompactMoney(3'500'000, QStringLiteral("¥")) == QStringLiteral("¥350万"));
        f.window.setLanguage(QStringLiteral("en"));
    }
    CHECK(formatCompactMoney(3'500'000, QStringLiteral("¥")) == QStringLiteral("¥3.5M"));
}

// Many tests run in one process (test_ui "[cost],[export]"): one that ends in Chinese, by a failed
// check or by never switching back, must not leave the next one's window in Chinese.
TEST_CASE("language.a_test_left_in_chinese_leaves_the_next_window_in_english", "[language]") {
    {
        WindowFixture left;
        left.window.setLanguage(QStringLiteral("zh_CN"));
        REQUIRE(formatCompactMoney(3'500'000, QStringLiteral("¥")) == QStringLiteral("¥350万"));
    }
    CHECK(QLocale().language() == QLocale::English);
    WindowFixture next;
    CHECK(next.window.language() == QStringLiteral("en"));
    CHECK(modelGroupTitle(next.window) == QStringLiteral("Model"));
    CHECK(formatCompactMoney(3'500'000, QStringLiteral("¥")) == QStringLiteral("¥3.5M"));
}

TEST_CASE("language.follows_the_system_locale_without_a_saved_choice", "[language]") {
    CHECK(languageForLocale(QLocale(QLocale::Chinese, QLocale::China)) == QStringLiteral("zh_CN"));
    CHECK(languageForLocale(QLocale(QLocale::Chinese, QLocale::Taiwan)) == QStringLiteral("zh_CN"));
    CHECK(languageForLocale(QLocale(QLocale::German, QLocale::Germany)) == QStringLiteral("en"));
}

TEST_CASE("language.every_step_part_the_engine_names_has_chinese", "[language]") {
    // The summary and the step-time chart name the engine's parts (stepParts()); a part added to
    // the engine without a translation showed "sync" in a Chinese window.
    WindowFixture f;
    f.window.findChild<QAction*>(QStringLiteral("language_zh_CN"))->trigger();
    REQUIRE(QTest::qWaitFor([&] { return f.window.language() == QStringLiteral("zh_CN"); }, kWaitMs));
    for (const StepPart& part : stepParts(PerfEstimate{})) {
        INFO(part.name << " / " << part.shortName);
        CHECK(stepPartName(part.name) != QString::fromUtf8(part.name));
        const bool latinAbbreviation =
            QString::fromUtf8(part.shortName)
                .contains(
                    QRegularExpression(QStringLiteral("^[A-Z]{2}$")));  // TP, CP, EP, PP, DP stay as they are
        if (!latinAbbreviation)
            CHECK(stepPartName(part.shortName) != QString::fromUtf8(part.shortName));
    }
    f.window.setLanguage(QStringLiteral("en"));
}

// A language switch rebuilds the widgets: the inputs stay scrolled where the user left them, and
// the Explorer's table keeps the selected layout selected and in sight (it lost the selection and
// scrolled back to its first row, the inputs jumped to the top).
TEST_CASE("language.scroll_position_and_selection_survive_a_switch", "[language]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] {
        f.window.openScenarioFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/search-gpt3-175b-1024xa100.json"));
    }));
    f.window.resize(QSize(1024, 700));
    f.window.showTabOf(f.window.explorer());
    for (int pass = 0; pass < 3; ++pass)
        QApplication::processEvents();
    const std::size_t selected = 13;
    REQUIRE(f.controller.plan()->search->ranked.size() > 40);
    f.window.comparison().selectLayout(selected);
    REQUIRE(QTest::qWaitFor([&] { return !f.window.comparison().isEvaluating(); }, kWaitMs));
    auto* inputs = f.widget<QScrollArea>("inputsScroll");
    REQUIRE(inputs->verticalScrollBar()->maximum() > 100);
    const int position = inputs->verticalScrollBar()->maximum() / 2;
    inputs->verticalScrollBar()->setValue(position);

    for (const char* language : {"zh_CN", "en"}) {
        INFO("switched to " << language);
        f.window.setLanguage(QString::fromLatin1(language));
        for (int pass = 0; pass < 5; ++pass)
            QApplication::processEvents();
        QTest::qWait(50);
        CHECK(f.widget<QScrollArea>("inputsScroll")->verticalScrollBar()->value() == position);
        const QTableView* table = f.window.explorer()->table();
        const auto* rows = qobject_cast<const QSortFilterProxyModel*>(table->model());
        REQUIRE(rows != nullptr);
        const QModelIndex current = table->selectionModel()->currentIndex();
        REQUIRE(current.isValid());
        CHECK(rows->mapToSource(current).row() == static_cast<int>(selected));
        CHECK(table->selectionModel()->isRowSelected(current.row(), QModelIndex()));
        CHECK(table->viewport()->rect().intersects(table->visualRect(current)));
    }
}
