// The engine's sentences as ids and arguments (core/util/message.h): the English text
// the outputs print is the catalog's template filled in, the catalog is well formed, and every id
// has a Chinese template with the same arguments (resources/i18n/zh_CN.json), so the window, the CLI's
// Chinese quote and workbook can write every sentence the engine writes.
#include <catch2/catch.hpp>

#include <regex>
#include <set>
#include <string>

#include "core/util/message.h"
#include "core/util/message_catalog.h"
// Every area's list, so that the catalog this test checks is the whole of it (an area's list is
// registered by the programs that include its header; a list missing here leaves its Chinese ids
// "stale" below, so the test fails).
#include "core/cost/messages_cost.h"
#include "core/cost/messages_price_list.h"
#include "core/launch/messages_launch.h"
#include "core/perf/messages_perf.h"
#include "core/phases/messages_phases.h"
#include "core/quote/messages_quote.h"
#include "core/quote/messages_quote_options.h"
#include "core/quotebook/messages_quote_book.h"
#include "core/report/messages_plan.h"
#include "core/run/messages_run.h"
#include "core/search/messages_search.h"
#include "core/studies/messages_article.h"
#include "core/util/messages_file_errors.h"
#include "core/util/messages_input_errors.h"
#include "core/util/messages_text.h"

using namespace clusterplan;

TEST_CASE("a template is filled in one pass", "[message]") {
    CHECK(fillTemplate("%1 of %2", {"3 GiB", "80 GiB"}) == "3 GiB of 80 GiB");
    // An argument that contains a placeholder is not filled again.
    CHECK(fillTemplate("%1 and %2", {"%2", "x"}) == "%2 and x");
    // "%" before a space or at the end stays; "%%" is one "%".
    CHECK(fillTemplate("goodput %1 %: done %", {"97.5"}) == "goodput 97.5 %: done %");
    CHECK(fillTemplate("100%% of %1", {"it"}) == "100% of it");
    // Two digits when there are that many arguments, as Qt's QString::arg().
    const std::vector<std::string> twelve{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"};
    CHECK(fillTemplate("%12/%1/%10", twelve) == "l/a/j");
    CHECK(fillTemplate("%12", {"a"}) == "a2");  // one argument: %1 then the digit 2
}

TEST_CASE("a message's text is its template filled in", "[message]") {
    const Message m = makeMessage(msg::kPlanDoesNotFit, {"3", "90.1 GiB", "79.1 GiB"});
    CHECK(m.id == "plan.does_not_fit");
    CHECK(m.text == "Does not fit: the most loaded GPU (pipeline stage 3) needs 90.1 GiB of 79.1 GiB.");
    const Paragraph p{{makeMessage(msg::kExplainOffload, {"optimizer"})},
                      {makeMessage(msg::kExplainDp, {"90.0 %"}),
                       makeMessage(msg::kExplainCompute, {"70 %", "1.20", "45 %"})}};
    CHECK(p.text() ==
          "No layout fits in GPU memory alone, so the search also tried CPU offload: the best layout "
          "offloads 'optimizer' to host memory. DP traffic is 90.0 % hidden behind backward; compute is "
          "70 % of the 1.20 s step; MFU 45 %.");
}

TEST_CASE("an id is a constant with its arity, and an id read back as data is looked up", "[message]") {
    // A misspelt id or a wrong number of arguments does not compile (the message_ids.* tests of
    // tests/compile_fail/message_ids.cpp); the arity is the template's highest placeholder.
    static_assert(msg::kPlanDoesNotFit.arity == 3);
    static_assert(msg::kPlanNoMicroBatch.arity == 0);
    static_assert(highestPlaceholder("%2 of %10, 100%% %") == 10);
    CHECK(msg::kPlanDoesNotFit.id == "plan.does_not_fit");
    // An id that arrives at run time (a Message's) is found, or not, without an exception.
    CHECK(messageTemplate("plan.does_not_fit") == msg::kPlanDoesNotFit.english);
    CHECK_FALSE(messageTemplate("no.such.message").has_value());
    CHECK(messageText(Message{"no.such.message", {}, "as it was"}, Lang::Zh) == "as it was");
}

TEST_CASE("the catalog's ids are unique and each template numbers its arguments from 1", "[message]") {
    std::set<std::string> ids;
    const std::regex placeholder("%([0-9]+)");
    for (const MessageTemplate& t : messageCatalog()) {
        INFO(t.id);
        CHECK(ids.insert(std::string(t.id)).second);
        std::set<int> used;
        const std::string english(t.english);
        for (auto it = std::sregex_iterator(english.begin(), english.end(), placeholder);
             it != std::sregex_iterator(); ++it)
            used.insert(std::stoi((*it)[1]));
        // %1..%n with none skipped: a translator can then see every argument in the source.
        for (int n = 1; n <= static_cast<int>(used.size()); ++n)
            CHECK(used.count(n) == 1);
    }
    CHECK(ids.size() > 40);
}

TEST_CASE("every catalog id has a Chinese template with the same arguments, and no stale ones", "[message]") {
    const std::regex placeholder("%[0-9]+");
    const auto placeholders = [&](std::string_view text) {
        std::multiset<std::string> found;
        const std::string s(text);
        for (auto it = std::sregex_iterator(s.begin(), s.end(), placeholder); it != std::sregex_iterator();
             ++it)
            found.insert(it->str());
        return found;
    };
    const std::vector<std::string_view> translated = translatedIds(Lang::Zh);
    const std::set<std::string_view> translatedSet(translated.begin(), translated.end());
    const std::regex lowercaseWord("[a-z]");
    // CJK Unified Ideographs U+4E00-U+9FFF are E4 B8 80 .. E9 BF BF in UTF-8.
    const std::regex han("(\xE4[\xB8-\xBF]|[\xE5-\xE9][\x80-\xBF])[\x80-\xBF]");
    for (const MessageTemplate& t : messageCatalog()) {
        INFO(t.id);
        CHECK(translatedSet.count(t.id) == 1);
        const auto chinese = messageTemplate(t.id, Lang::Zh);
        REQUIRE(chinese);
        CHECK(placeholders(*chinese) == placeholders(t.english));
        // A template with English words of its own is Chinese; one of placeholders, punctuation or a
        // unit ("%1: %2", "TB") may stay as it is.
        // Binary units (GiB, MiB) are units, not words.
        const std::string words = std::regex_replace(
            std::regex_replace(std::string(t.english), placeholder, ""), std::regex("\\b[KMGT]iB\\b"), "");
        if (std::regex_search(words, lowercaseWord))
            CHECK(std::regex_search(std::string(*chinese), han));
    }
    for (std::string_view id : translated) {
        INFO(id);
        CHECK(messageTemplate(id).has_value());  // a Chinese id the catalog no longer has
    }
}

TEST_CASE("a message and a paragraph in Chinese: translated template, same arguments, Chinese marks",
          "[message]") {
    const Message m = makeMessage(msg::kPlanDoesNotFit, {"3", "90.1 GiB", "79.1 GiB"});
    CHECK(messageText(m, Lang::En) == m.text);
    CHECK(messageText(m, Lang::Zh) ==
          "放不下：负载最重的 GPU（流水线第 3 段）需要 90.1 GiB，可用 79.1 GiB。");
    // An inner message is translated too.
    const Message nested = makeNestedMessage(msg::kPlanCostNotComputed, {m});
    CHECK(messageText(nested, Lang::Zh).find("放不下") != std::string::npos);
    CHECK(messageText(nested, Lang::En) == nested.text);
    const Paragraph p{{},
                      {makeMessage(msg::kExplainDp, {"90.0 %"}),
                       makeMessage(msg::kExplainCompute, {"70 %", "1.20", "45 %"})}};
    CHECK(paragraphText(p, Lang::En) == p.text());
    const std::string zh = paragraphText(p, Lang::Zh);
    INFO(zh);
    CHECK(zh.find("；") != std::string::npos);
    CHECK(zh.rfind("。") == zh.size() - std::string("。").size());
    // A hand-made message (no catalog id) keeps its text in every language.
    CHECK(messageText(plainMessage("as written"), Lang::Zh) == "as written");
}
