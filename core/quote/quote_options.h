#pragma once
// The quote's options page ("Options compared" / "方案比较"): the configuration a quote prices,
// rented and bought as its line items bill it, beside up to two alternatives the user picks from the
// options study (studies/options_study.h) — the good / better / best a sales engineer offers. Each
// alternative is priced by the quote document of the scenario it opens (the same billing, the same
// VAT), and compared with the quoted configuration acquired the same way. Under the table: the
// study's answer, the GPU types that have no option and why, and the bases.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/quote/quote_document.h"
#include "core/studies/options_study.h"
#include "core/util/result.h"

namespace clusterplan::quote {

// The most alternatives the page carries beside the quoted configuration.
inline constexpr std::size_t kMaxOptionAlternatives = 2;

struct OptionsPageRow {
    std::optional<std::size_t> studyRow;  // the alternative's row in the study; none: the quoted one
    std::string gpuName;
    std::string gpuNameZh;  // in a Chinese quote (empty: gpuName)
    std::int64_t gpus = 0, nodes = 0, gpusPerNode = 0;
    Acquire acquire = Acquire::Rent;
    std::string offerName;    // rent: the offer as its book names it
    std::string offerNameZh;  // and in a Chinese quote (empty: offerName)
    double days = 0;          // budgeted wall days
    bool fits = true;
    bool meetsDeadline = true;
    bool withinBudget = true;
    bool recommended = false, onFront = false, borrowedProfile = false;
    cost::Money amount, gross;      // the option's total excluding and including VAT (its line items)
    cost::Money budgeted;           // what the study holds against the budget: rental, or owned net
    std::optional<Message> reason;  // the study's: misses the deadline, over the budget
    // Against the quoted configuration acquired the same way (alternatives only).
    double percentVsQuoted = 0;  // > 0: dearer
    double daysVsQuoted = 0;     // > 0: later
};

struct OptionsPage {
    std::string model;
    double tokens = 0;
    cost::Currency currency = cost::Currency::Cny;
    double deadlineDays = 0;  // 0: none
    std::optional<double> budget;
    std::vector<OptionsPageRow> rows;  // quoted rent, quoted buy, then the alternatives
    Message recommendation;
    std::vector<Message> otherTypes;  // the GPU types without an option: why
    std::vector<Message> notes;       // the study's exchange rate, precision and profile notes
};

// The alternatives a page carries when the user picks none: the study's recommendation and the
// next option on its front that finishes sooner, leaving out any that is the quoted configuration.
[[nodiscard]] std::vector<std::size_t> defaultOptionAlternatives(const OptionsStudy& study,
                                                                 const Plan& quoted);

// Errors: more than kMaxOptionAlternatives picks or a pick twice ("options.alternatives"), a pick
// that is not a row of the study or is not priced, an alternative the engine cannot plan, a study
// in another currency than the quote.
[[nodiscard]] Result<OptionsPage> buildOptionsPage(const OptionsStudy& study, const Plan& quoted,
                                                   const QuoteDocument& doc,
                                                   const std::vector<std::size_t>& picks,
                                                   const Catalog& catalog);

// The page's table: the header and one row per option, in `lang`.
[[nodiscard]] std::vector<std::string> optionsPageHeader(const OptionsPage& page, Lang lang);
[[nodiscard]] std::vector<std::vector<std::string>> optionsPageRows(const OptionsPage& page, Lang lang);
// The sentences above the table (the job, the target) and the groups under it, in `lang`.
[[nodiscard]] std::vector<std::string> optionsPageIntro(const OptionsPage& page, Lang lang);
[[nodiscard]] std::vector<std::string> optionsPageOtherTypes(const OptionsPage& page, Lang lang);
[[nodiscard]] std::vector<std::string> optionsPageBases(const OptionsPage& page, Lang lang);
// The whole page as plain text, as the text quote prints it.
[[nodiscard]] std::string optionsPageText(const OptionsPage& page, Lang lang);

}  // namespace clusterplan::quote
