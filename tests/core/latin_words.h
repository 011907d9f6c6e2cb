#pragma once
// The Latin words of a Chinese quote's text that should not be there: every word of three letters
// or more that is neither in the committed allow-list (tests/data/zh-quote-latin-allowlist.txt:
// product, vendor, unit and field names) nor one the user typed (company, customer, contact,
// preparer, notes, quote number: theirs to write). What is left is English that should have been
// translated, or an internal id. The Chinese PDF's test (tests/ui/test_report_cli.cpp) and the
// workbook's (tests/core/test_xlsx.cpp) read their text through it.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "core/scenario/quote_info.h"

namespace clusterplan::test {

inline std::vector<std::string> latinWords(const std::string& text) {
    static const std::regex word(R"([A-Za-z][A-Za-z_-]{2,})");
    std::vector<std::string> out;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), word); it != std::sregex_iterator(); ++it)
        out.push_back(it->str());
    return out;
}

// `dataDir`: tests/data. Returns the words found, in order, each once.
inline std::set<std::string> untranslatedWords(const std::string& text, const quote::QuoteInfo& typedByUser,
                                               const std::string& dataDir) {
    std::set<std::string> ok;
    std::ifstream list(dataDir + "/zh-quote-latin-allowlist.txt");
    REQUIRE(list);
    for (std::string line; std::getline(list, line);)
        if (!line.empty() && line[0] != '#')
            ok.insert(line);
    for (const std::string& typed : {typedByUser.company, typedByUser.customer, typedByUser.contact,
                                     typedByUser.preparedBy, typedByUser.notes, typedByUser.number})
        for (const auto& w : latinWords(typed))
            ok.insert(w);
    std::set<std::string> found;
    for (const auto& w : latinWords(text))
        if (!ok.count(w))
            found.insert(w);
    return found;
}

}  // namespace clusterplan::test
