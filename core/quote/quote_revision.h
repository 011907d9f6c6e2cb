#pragma once
// A quote's file names and logo. Quotes are numbered and revised by the quote book
// (core/quotebook/), which keeps the one revision counter: saving the scenario file makes none.
#include <string>
#include <string_view>

#include "core/scenario/quote_info.h"
#include "core/scenario/scenario.h"

namespace clusterplan::quote {

// The file name an export proposes: the quote's number and revision, then the customer, as the
// customer will file it: "CP-2026-0042-r2_星河智算.pdf", with characters file systems refuse
// (/ \ : * ? " < > |, control characters; spaces in the customer's name) replaced by '-';
// "quote_星河智算.pdf" or "quote.pdf" without a number. `extension` without the dot.
[[nodiscard]] std::string exportFileName(const QuoteInfo& info, std::string_view extension);

// The logo's path as the PDF opens it: a relative path is relative to the folder of the scenario file
// it was written in (`scenarioFile`), as a user keeps a logo beside the scenario; an absolute path,
// or any path when the scenario has no file yet, stays as written.
[[nodiscard]] std::string resolveLogoPath(const std::string& logo, const std::string& scenarioFile);

}  // namespace clusterplan::quote
