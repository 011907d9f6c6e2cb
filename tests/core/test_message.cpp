// The engine's sentences as ids and arguments (core/util/message.h): the English text
// the outputs print is the catalog's template filled in, and the catalog is well formed, so the
// window can translate every sentence the engine writes.
#include <catch2/catch.hpp>

#include <regex>
#include <set>
#include <stdexcept>
#include <string>

#include "core/util/message.h"
#include "core/util/message_catalog.h"

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
    const Message m = makeMessage("plan.does_not_fit", {"3", "90.1 GiB", "79.1 GiB"});
    CHECK(m.id == "plan.does_not_fit");
    CHECK(m.text == "Does not fit: the most loaded GPU (pipeline stage 3) needs 90.1 GiB of 79.1 GiB.");
    const Paragraph p{
        {makeMessage("explain.offload", {"optimizer"})},
        {makeMessage("explain.dp", {"90.0 %"}), makeMessage("explain.compute", {"70 %", "1.20", "45 %"})}};
    CHECK(p.text() ==
          "No layout fits in GPU memory alone, so the search also tried CPU offload: the best layout "
          "offloads 'optimizer' to host memory. DP traffic is 90.0 % hidden behind backward; compute is "
          "70 % of the 1.20 s step; MFU 45 %.");
}

TEST_CASE("an unknown id or a missing argument is a programming error", "[message]") {
    CHECK_THROWS_AS(makeMessage("no.such.message"), std::logic_error);
    CHECK_THROWS_AS(makeMessage("plan.does_not_fit", {"3"}), std::logic_error);
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
