#pragma once
// A quote's file names and logo. Quotes are numbered and revised by the quote book
// (core/quotebook/), which keeps the one revision counter: saving the scenario file makes none.
#include <string>
#include <string_view>

#include "core/scenario/quote_info.h"
#include "core/scenario/scenario.h"

namespace clusterplan::quote {

// The file name an export proposes: the quote's number and revision, "CP-2026-0042-r2.pdf", with
// characters file systems refuse (/ \ : * ? " < > |, control characters) replaced by '-';
// "quote.pdf" for a draft without a number. `extension` without the dot.
[[nodiscard]] std::string exportFileName(const QuoteInfo& info, std::string_view extension);

// The logo's path as the PDF opens it: a relative path is relative to the folder of the scenario file
// it was written in (`scenarioFile`), as a user keeps a logo beside the scenario; an absolute path,
// or any path when the scenario has no file yet, stays as written.
[[nodiscard]] std::string resolveLogoPath(const std::string& logo, const std::string& scenarioFile);

}  // namespace clusterplan::quote
