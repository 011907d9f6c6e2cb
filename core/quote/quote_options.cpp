#include "core/quote/quote_options.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "core/calibration/evaluate.h"
#include "core/quote/labels.h"
#include "core/quote/messages_quote_options.h"
#include "core/search/messages_search.h"
#include "core/util/messages_input_errors.h"
#include "core/util/number_format.h"
#include "core/util/per_language.h"

namespace clusterplan::quote {

namespace {

// The same cluster, acquired the same way: an alternative that is the quoted configuration.
bool sameAsQuoted(const OptionRow& r, const Plan& quoted) {
    return r.gpu == quoted.scenario.cluster.gpu && r.gpus == quoted.scenario.cluster.gpus() && quoted.cost &&
           r.priceBook == quoted.cost->priceBookId &&
           (r.acquire == Acquire::Buy || r.offer == quoted.cost->offer.id);
}

OptionsPageRow quotedRow(const Plan& plan, const QuoteOption& option, Acquire acquire) {
    OptionsPageRow row;
    row.gpuName = plan.gpu.name;
    row.gpuNameZh = plan.gpu.nameZh;
    row.gpus = plan.scenario.cluster.gpus();
    row.nodes = plan.scenario.cluster.nodes;
    row.gpusPerNode = plan.scenario.cluster.gpusPerNode;
    row.acquire = acquire;
    if (plan.cost) {
        row.offerName = plan.cost->offer.name;
        row.offerNameZh = plan.cost->offer.nameZh;
    }
    row.days = plan.run.wallDays;
    row.fits = plan.memory.fits();
    row.amount = option.total.amount;
    row.gross = option.total.gross;
    // The options study's basis: the job's rental, or owning over the horizon net of resale.
    row.budgeted = acquire == Acquire::Buy && plan.cost ? plan.cost->buyNetTotal : row.amount;
    return row;
}

const QuoteOption* optionOf(const QuoteDocument& doc, Acquire acquire) {
    const auto& o = acquire == Acquire::Rent ? doc.rent : doc.buy;
    return o ? &*o : nullptr;
}

std::string percentText(double percent) {
    return formatFixed(std::abs(percent), 0);
}

std::string daysText(double days) {
    return formatGrouped(days, 1);
}

}  // namespace

std::vector<std::size_t> defaultOptionAlternatives(const OptionsStudy& study, const Plan& quoted) {
    std::vector<std::size_t> picks;
    const auto add = [&](std::size_t i) {
        // A row of a book that only rents (or only sells) has no quote of its own to price it by.
        if (picks.size() < kMaxOptionAlternatives && study.rows[i].priced && !study.rows[i].halfPriced &&
            !sameAsQuoted(study.rows[i], quoted) && std::find(picks.begin(), picks.end(), i) == picks.end())
            picks.push_back(i);
    };
    if (study.recommended)
        add(*study.recommended);
    // Then the front, sooner first after the recommendation: what paying more buys.
    std::vector<std::size_t> front;
    for (std::size_t i = 0; i < study.rows.size(); ++i)
        if (study.rows[i].pareto && study.rows[i].withinBudget)
            front.push_back(i);
    const double from = study.recommended ? study.rows[*study.recommended].days : 0;
    std::sort(front.begin(), front.end(),
              [&](std::size_t a, std::size_t b) { return study.rows[a].days > study.rows[b].days; });
    for (std::size_t i : front)
        if (!study.recommended || study.rows[i].days < from)
            add(i);
    for (std::size_t i : front)
        add(i);
    return picks;
}

Result<OptionsPage> buildOptionsPage(const OptionsStudy& study, const Plan& quoted, const QuoteDocument& doc,
                                     const std::vector<std::size_t>& picks, const Catalog& catalog) {
    if (picks.size() > kMaxOptionAlternatives)
        return inputError("options.alternatives", msg::kErrorRange,
                          {std::to_string(picks.size()), "0", std::to_string(kMaxOptionAlternatives)});
    for (std::size_t n = 1; n < picks.size(); ++n)
        if (std::find(picks.begin(), picks.begin() + static_cast<std::ptrdiff_t>(n), picks[n]) !=
            picks.begin() + static_cast<std::ptrdiff_t>(n))
            return inputError("options.alternatives",
                              makeMessage(msg::kQuoteOptionsErrorTwice, {std::to_string(picks[n] + 1)}));
    if (!doc.rent && !doc.buy)
        return inputError("options", makeMessage(msg::kQuoteOptionsErrorNoLines));
    if (study.currency != doc.currency)
        return inputError("options", makeMessage(msg::kQuoteOptionsErrorCurrency,
                                                 {std::string(cost::currencyCode(study.currency)),
                                                  std::string(cost::currencyCode(doc.currency))}));
    OptionsPage page;
    page.model = doc.verdict.model;
    page.tokens = study.tokens;
    page.currency = doc.currency;
    page.deadlineDays = study.target.deadlineDays;
    page.budget = study.target.budget;
    page.recommendation = study.recommendation;
    for (const Acquire a : {Acquire::Rent, Acquire::Buy})
        if (const QuoteOption* o = optionOf(doc, a))
            page.rows.push_back(quotedRow(quoted, *o, a));
    for (auto& row : page.rows) {
        row.meetsDeadline = page.deadlineDays <= 0 || row.days <= page.deadlineDays;
        row.withinBudget = !page.budget || row.budgeted.units() <= *page.budget;
    }
    std::set<std::string> gpusShown{quoted.scenario.cluster.gpu};
    for (std::size_t n = 0; n < picks.size(); ++n) {
        const std::size_t i = picks[n];
        const std::string where = "options.alternatives[" + std::to_string(n) + "]";
        if (i >= study.rows.size())
            return inputError(where, msg::kErrorRange,
                              {std::to_string(i + 1), "1", std::to_string(study.rows.size())});
        const OptionRow& r = study.rows[i];
        if (!r.priced)
            return inputError(where, makeMessage(msg::kQuoteOptionsErrorNotPriced, {std::to_string(i + 1)}));
        // Priced as the quote prices it: the quote document of the scenario the option opens.
        auto plan = evaluate(r.scenario, catalog);
        if (!plan)
            return relocated(where + ": " + plan.error().where, plan.error());
        const QuoteDocument alt = buildQuoteDocument(plan.value(), doc.date, std::nullopt);
        const QuoteOption* o = optionOf(alt, r.acquire);
        const QuoteOption* base = optionOf(doc, r.acquire);
        if (!o)
            return inputError(where, makeMessage(msg::kQuoteOptionsErrorNotPriced, {std::to_string(i + 1)}));
        OptionsPageRow row = quotedRow(plan.value(), *o, r.acquire);
        row.studyRow = i;
        row.meetsDeadline = r.meetsDeadline;
        row.withinBudget = r.withinBudget;
        row.recommended = study.recommended == i;
        row.onFront = r.pareto;
        row.borrowedProfile = !r.calibrated;
        row.reason = r.reason;
        if (base) {
            const double was = base->total.amount.units();
            row.percentVsQuoted = was > 0 ? 100.0 * (row.amount.units() - was) / was : 0;
            row.daysVsQuoted = row.days - quoted.run.wallDays;
        }
        gpusShown.insert(r.gpu);
        page.rows.push_back(std::move(row));
    }
    for (const GpuOptions& g : study.gpus)
        if (g.reason)
            page.otherTypes.push_back(*g.reason);
    // The study's notes that bear on the page: the exchange rate, and the precision of the GPU types
    // shown (a borrowed profile is said in its row).
    for (const Message& note : study.notes) {
        const bool aboutShown =
            !note.args.empty() && std::any_of(study.gpus.begin(), study.gpus.end(), [&](const GpuOptions& g) {
                return gpusShown.count(g.gpu) && note.args.front() == g.gpuName;
            });
        if (note.id == msg::kOptionsExchangeRate.id ||
            (note.id == msg::kOptionsPrecisionFallback.id && aboutShown))
            page.notes.push_back(note);
    }
    return page;
}

std::vector<std::string> optionsPageHeader(const OptionsPage& page, Lang lang) {
    const std::string code(cost::currencyCode(page.currency));
    return {label(lang, msg::kQuoteOptionsColOption),
            label(lang, msg::kQuoteOptionsColCluster),
            label(lang, msg::kQuoteOptionsColHow),
            label(lang, msg::kQuoteOptionsColDays),
            label(lang, msg::kQuoteOptionsColAmount, {code}),
            label(lang, msg::kQuoteOptionsColGross, {code}),
            label(lang, msg::kQuoteOptionsColVerdict),
            label(lang, msg::kQuoteOptionsColWhy)};
}

std::vector<std::vector<std::string>> optionsPageRows(const OptionsPage& page, Lang lang) {
    std::vector<std::vector<std::string>> out;
    std::size_t alternative = 0;
    const auto join = [lang](std::string a, const std::string& b) {
        if (a.empty())
            return b;
        return a + (lang == Lang::Zh ? "" : " ") + b;
    };
    for (const OptionsPageRow& r : page.rows) {
        std::vector<std::string> cells;
        cells.push_back(r.studyRow
                            ? label(lang, msg::kQuoteOptionsAlternative, {std::to_string(++alternative)})
                            : label(lang, msg::kQuoteOptionsQuoted));
        cells.push_back(label(lang, msg::kQuoteOptionsCluster,
                              {formatGrouped(static_cast<double>(r.nodes), 0), std::to_string(r.gpusPerNode),
                               lang == Lang::Zh && !r.gpuNameZh.empty() ? r.gpuNameZh : r.gpuName,
                               formatGrouped(static_cast<double>(r.gpus), 0)}));
        const std::string& offer = lang == Lang::Zh && !r.offerNameZh.empty() ? r.offerNameZh : r.offerName;
        cells.push_back(r.acquire == Acquire::Rent ? label(lang, msg::kQuoteOptionsRent, {offer})
                                                   : label(lang, msg::kQuoteOptionsBuy));
        cells.push_back(daysText(r.days));
        cells.push_back(formatPlain(r.amount));
        cells.push_back(formatPlain(r.gross));
        cells.push_back(!r.fits                  ? label(lang, msg::kQuoteOptionsNotFit)
                        : page.deadlineDays <= 0 ? label(lang, msg::kQuoteOptionsFits)
                        : r.meetsDeadline        ? label(lang, msg::kQuoteOptionsFitsInTime)
                                                 : label(lang, msg::kQuoteOptionsFitsLate));
        std::string why;
        if (!r.studyRow) {
            why = label(lang, msg::kQuoteOptionsWhyQuoted);
        } else {
            const bool less = r.percentVsQuoted <= 0, sooner = r.daysVsQuoted <= 0;
            const std::string pct = percentText(r.percentVsQuoted), d = daysText(std::abs(r.daysVsQuoted));
            why = less ? (sooner ? label(lang, msg::kQuoteOptionsLessSooner, {pct, d})
                                 : label(lang, msg::kQuoteOptionsLessLater, {pct, d}))
                       : (sooner ? label(lang, msg::kQuoteOptionsMoreSooner, {pct, d})
                                 : label(lang, msg::kQuoteOptionsMoreLater, {pct, d}));
            if (r.recommended)
                why = join(why, label(lang, msg::kQuoteOptionsRecommended));
            else if (r.onFront)
                why = join(why, label(lang, msg::kQuoteOptionsOnFront));
            if (r.borrowedProfile)
                why = join(why, label(lang, msg::kQuoteOptionsBorrowed));
        }
        if (r.reason)
            why = join(why, messageText(*r.reason, lang));
        else if (!r.withinBudget && page.budget)
            why = join(why, messageText(makeMessage(msg::kOptionsRowOverBudget,
                                                    {formatAmount(r.budgeted, page.currency, lang),
                                                     formatAmount(cost::Money::fromUnits(*page.budget),
                                                                  page.currency, lang)}),
                                        lang));
        cells.push_back(why);
        out.push_back(std::move(cells));
    }
    return out;
}

std::vector<std::string> optionsPageIntro(const OptionsPage& page, Lang lang) {
    const std::string deadline =
        page.deadlineDays > 0 ? label(lang, msg::kQuoteOptionsDeadlineDays, {formatNumber(page.deadlineDays)})
                              : label(lang, msg::kQuoteOptionsNoDeadline);
    const std::string budget = page.budget
                                   ? formatAmount(cost::Money::fromUnits(*page.budget), page.currency, lang)
                                   : label(lang, msg::kQuoteOptionsNoDeadline);
    return {label(lang, msg::kQuoteOptionsIntro, {page.model, formatLargeCount(page.tokens, lang)}),
            label(lang, msg::kQuoteOptionsTarget, {deadline, budget})};
}

std::vector<std::string> optionsPageOtherTypes(const OptionsPage& page, Lang lang) {
    std::vector<std::string> out;
    for (const Message& m : page.otherTypes)
        out.push_back(messageText(m, lang));
    return out;
}

std::vector<std::string> optionsPageBases(const OptionsPage& page, Lang lang) {
    std::vector<std::string> out{label(lang, msg::kQuoteOptionsBasisPrices),
                                 label(lang, msg::kQuoteOptionsBasisCompared),
                                 label(lang, msg::kQuoteOptionsBasisDays)};
    for (const Message& m : page.notes)
        out.push_back(messageText(m, lang));
    return out;
}

std::string optionsPageText(const OptionsPage& page, Lang lang) {
    const std::string colon = lang == Lang::Zh ? "：" : ": ";
    std::string out = label(lang, msg::kQuoteOptionsTitle) + "\n\n";
    for (const auto& line : optionsPageIntro(page, lang))
        out += line + "\n";
    const auto header = optionsPageHeader(page, lang);
    for (const auto& row : optionsPageRows(page, lang)) {
        out += "\n";
        for (std::size_t c = 0; c < header.size() && c < row.size(); ++c)
            out += "  " + header[c] + colon + row[c] + "\n";
    }
    out += "\n" + label(lang, msg::kQuoteOptionsRecommendation) + colon +
           messageText(page.recommendation, lang) + "\n";
    if (!page.otherTypes.empty()) {
        out += "\n" + label(lang, msg::kQuoteOptionsOtherTypes) + colon + "\n";
        for (const auto& line : optionsPageOtherTypes(page, lang))
            out += "  - " + line + "\n";
    }
    out += "\n" + label(lang, msg::kQuoteOptionsBases) + colon + "\n";
    for (const auto& line : optionsPageBases(page, lang))
        out += "  - " + line + "\n";
    return out;
}

}  // namespace clusterplan::quote
