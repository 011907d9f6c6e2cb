#pragma once
// Quotes are numbered and keep their number across edits; saving an edited quote again makes a
// new revision (as Dell Premier eQuotes and Huawei Cloud price lists do).
#include <string>
#include <string_view>

#include "core/scenario/quote_info.h"
#include "core/scenario/scenario.h"

namespace clusterplan::quote {

// `edited` with its revision one above `saved`'s when it or the rest of the scenario changed
// (`scenarioChanged`), else `saved`'s. A changed number starts a new quote at revision 1.
[[nodiscard]] QuoteInfo nextRevision(const QuoteInfo& edited, const QuoteInfo& saved, bool scenarioChanged);

// The scenario to write after `lastSaved` was written or opened: the same, with the quote's
// revision advanced as nextRevision() says.
[[nodiscard]] Scenario withNextRevision(const Scenario& current, const Scenario& lastSaved);

// The file name an export proposes: the quote's number and revision, "CP-2026-0042-r2.pdf", with
// characters file systems refuse (/ \ : * ? " < > |, control characters) replaced by '-';
// "quote.pdf" for a draft without a number. `extension` without the dot.
[[nodiscard]] std::string exportFileName(const QuoteInfo& info, std::string_view extension);

// The logo's path as the PDF opens it: a relative path is relative to the folder of the scenario file
// it was written in (`scenarioFile`), as a user keeps a logo beside the scenario; an absolute path,
// or any path when the scenario has no file yet, stays as written.
[[nodiscard]] std::string resolveLogoPath(const std::string& logo, const std::string& scenarioFile);

}  // namespace clusterplan::quote
