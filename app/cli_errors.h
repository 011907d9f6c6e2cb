#pragma once
// How clusterplan-cli prints an error: "clusterplan-cli: WHERE: REASON", in the language the
// command was asked for with --lang (the reason is a catalog message: a Chinese price-list or quote
// book user reads the line number, the column and the reason in Chinese).
#include <iostream>
#include <string_view>

#include "core/util/language.h"
#include "core/util/result.h"

namespace clusterplan::cli {

inline void printError(const Error& e, Lang lang, std::string_view lead = {}) {
    std::cout << std::flush;  // what the command printed so far stays before the error
    std::cerr << "clusterplan-cli: " << lead << messageText(errorLine(e), lang) << "\n";
}

}  // namespace clusterplan::cli
