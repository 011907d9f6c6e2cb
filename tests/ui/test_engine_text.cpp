// The engine's sentences in the window's language: plan notes, the search's
// explanation and its rule of thumb are ids and arguments (core/util/message.h) that the window
// translates (ui/i18n/engine_text.cpp). In English the window shows exactly what the CLI prints;
// in Chinese every one of them is Chinese.
#include "window_fixture.h"

#include <QCoreApplication>
#include <QLabel>
#include <QRegularExpression>
#include <set>

#include "core/calibration/evaluate.h"
#include "core/util/message_catalog.h"
#include "ui/i18n/engine_text.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

Scenario scenarioFile(const Catalog& catalog, const char* name) {
    auto loaded = loadScenarioFile(std::string(CLUSTERPLAN_TEST_DATA) + "/" + name, catalog);
    REQUIRE(loaded);
    return loaded.value();
}

}  // namespace

TEST_CASE("engine_text.the_window_writes_the_catalogs_text_in_its_language", "[language][engine_text]") {
    // The window reads the language from its switch: every catalog sentence in Chinese after
    // Language > 简体中文, in English after switching back (the catalog's Chinese is checked whole by
    // core.message).
    WindowFixture f;
    const QRegularExpression han(QStringLiteral("\\p{Han}"));
    std::vector<Message> messages;
    for (const MessageTemplate& t : messageCatalog()) {
        // Every template at once, so not through makeMessage(), which takes one constant id.
        std::vector<std::string> args;
        for (std::size_t i = 1; i <= highestPlaceholder(t.english); ++i)
            args.push_back("<" + std::to_string(i) + ">");
        messages.push_back(detail::filledMessage(t, args));
    }
    f.window.setLanguage(QStringLiteral("zh_CN"));
    for (const Message& m : messages) {
        INFO(m.id);
        CHECK(engineText(m).toStdString() == messageText(m, Lang::Zh));
    }
    CHECK(engineText(messages.front()).contains(han));
    f.window.setLanguage(QStringLiteral("en"));
    for (const Message& m : messages) {
        INFO(m.id);
        CHECK(engineText(m).toStdString() == m.text);
    }
}

TEST_CASE("engine_text.english_window_shows_what_the_cli_prints", "[language][engine_text]") {
    WindowFixture f;
    const Catalog& catalog = f.catalog;
    for (const char* file : {"llama3-8b-8xa100.json", "quote-scenario-searched.json",
                             "search-gpt3-175b-1024xa100.json", "calibrate-gpt175b.json"}) {
        INFO(file);
        const auto plan = evaluate(scenarioFile(catalog, file), catalog);
        REQUIRE(plan);
        REQUIRE_FALSE(plan->notes.empty());
        for (const Message& note : plan->notes)
            CHECK(engineText(note).toStdString() == note.text);
        if (plan->search) {
            CHECK(engineText(plan->search->explanation).toStdString() == plan->search->explanation.text());
            CHECK(engineText(plan->search->ruleOfThumb).toStdString() == plan->search->ruleOfThumb.text());
        }
    }
}

TEST_CASE("engine_text.chinese_summary_shows_the_engines_notes_in_chinese", "[language][engine_text]") {
    WindowFixture f;
    f.window.setLanguage(QStringLiteral("zh_CN"));
    const QString summary = f.widget<SummaryView>("summary")->text();
    const auto plan = f.controller.plan();
    REQUIRE(plan);
    REQUIRE_FALSE(plan->notes.empty());
    for (const Message& note : plan->notes) {
        INFO(note.text);
        CHECK_FALSE(summary.contains(QString::fromStdString(note.text).toHtmlEscaped()));
        CHECK(summary.contains(engineText(note).toHtmlEscaped()));
    }
    // The run-length note, with the engine's numbers in it.
    CHECK(summary.contains(QStringLiteral("训练时长：按稳态单步时间")));
    f.window.setLanguage(QStringLiteral("en"));
}
