#include "core/export/quote_workbook.h"

#include <xlsxwriter.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <span>
#include <sstream>
#include <string_view>
#include <unistd.h>
#include <utility>

#include "core/export/report_tables.h"
#include "core/quote/chinese_amount.h"
#include "core/quote/messages_quote.h"
#include "core/quote/quote_text.h"
#include "core/report/plan_format.h"
#include "core/util/atomic_file.h"
#include "core/util/number_format.h"

namespace clusterplan {

namespace {

using cost::Money;
using quote::Lang;
using quote::TaxCategory;

// Text wider than this (in Excel's character widths) wraps instead of widening its column.
constexpr double kMaxTextWidth = 60;
// A line of the default 11 pt font is 15 points high (Excel's default row height).
constexpr double kLineHeightPt = 15;

std::string cell(lxw_row_t row, lxw_col_t col) {
    std::string letters;
    for (unsigned c = col + 1u; c > 0; c = (c - 1) / 26)
        letters.insert(letters.begin(), static_cast<char>('A' + (c - 1) % 26));
    return letters + std::to_string(row + 1);
}

// "$B$12": a reference that stays on its input when a formula is copied.
std::string absolute(lxw_row_t row, lxw_col_t col) {
    const std::string a = cell(row, col);
    const auto digits = a.find_first_of("0123456789");
    return "$" + a.substr(0, digits) + "$" + a.substr(digits);
}

// How wide a text shows, in Excel's column units: a CJK character (three or four UTF-8 bytes)
// takes two, any other one.
double displayWidth(std::string_view s) {
    double w = 0;
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const std::size_t bytes = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        w += bytes >= 3 ? 2 : 1;
        i += bytes;
    }
    return w;
}

struct Formats {
    lxw_format* bold;
    lxw_format* wrap;
    lxw_format* boldWrap;
    lxw_format* money;
    lxw_format* moneyBold;
    lxw_format* price;  // a unit price: two to four decimals, as it has them (4.916, 1.80)
    lxw_format* percent;
    lxw_format* exempt;  // a 0 % rate shown as 不征税 / no VAT
    lxw_format* decimal;
    lxw_format* discount;  // a percentage; no discount shows empty
    lxw_format* date;
    lxw_format* amount;  // money with its currency, as the quote prints it: ¥613,333.14, CNY 613,333.14
};

Formats makeFormats(lxw_workbook* wb, Lang lang, cost::Currency currency) {
    Formats f{};
    f.bold = workbook_add_format(wb);
    format_set_bold(f.bold);
    f.wrap = workbook_add_format(wb);
    format_set_text_wrap(f.wrap);
    format_set_align(f.wrap, LXW_ALIGN_VERTICAL_TOP);
    f.boldWrap = workbook_add_format(wb);
    format_set_text_wrap(f.boldWrap);
    format_set_bold(f.boldWrap);
    f.money = workbook_add_format(wb);
    format_set_num_format(f.money, "#,##0.00");
    f.price = workbook_add_format(wb);
    format_set_num_format(f.price, "#,##0.00##");
    f.moneyBold = workbook_add_format(wb);
    format_set_num_format(f.moneyBold, "#,##0.00");
    format_set_bold(f.moneyBold);
    f.percent = workbook_add_format(wb);
    format_set_num_format(f.percent, "0.00%");
    f.exempt = workbook_add_format(wb);
    format_set_num_format(f.exempt,
                          ("0.00%;-0.00%;\"" + quote::label(lang, msg::kQuoteNotTaxable) + "\"").c_str());
    f.discount = workbook_add_format(wb);
    format_set_num_format(f.discount, "0.00%;-0.00%;");
    f.date = workbook_add_format(wb);
    format_set_num_format(f.date, lang == Lang::Zh ? "yyyy\"年\"m\"月\"d\"日\"" : "yyyy-mm-dd");
    format_set_align(f.date, LXW_ALIGN_LEFT);
    f.decimal = workbook_add_format(wb);
    format_set_num_format(f.decimal, "#,##0.###");
    // The currency as formatAmount writes it before the digits ("¥", "CNY ").
    std::string prefix = quote::formatAmount(cost::Money(), currency, lang);
    prefix = prefix.substr(0, prefix.find('0'));
    f.amount = workbook_add_format(wb);
    format_set_num_format(f.amount, ("\"" + prefix + "\"#,##0.00;-\"" + prefix + "\"#,##0.00").c_str());
    return f;
}

// A worksheet that remembers how wide each column's content shows, so the columns fit it.
class Sheet {
public:
    Sheet(lxw_workbook* wb, const Formats& f, std::string name)
        : m_ws(workbook_add_worksheet(wb, name.c_str())), m_f(f), m_name(std::move(name)) {
        worksheet_set_landscape(m_ws);
        worksheet_fit_to_pages(m_ws, 1, 0);  // one page wide, as many long as it takes
        worksheet_set_paper(m_ws, 9);        // A4
    }
    [[nodiscard]] lxw_worksheet* ws() const { return m_ws; }
    [[nodiscard]] const std::string& name() const { return m_name; }
    // "'报价信息'!$B$12": another sheet's formulas refer to an input this way.
    [[nodiscard]] std::string ref(lxw_row_t row, lxw_col_t col) const {
        return "'" + m_name + "'!" + absolute(row, col);
    }
    void text(lxw_row_t row, lxw_col_t col, const std::string& s, lxw_format* format = nullptr) {
        const bool wide = displayWidth(s) > kMaxTextWidth;
        if (wide) {
            format = format == m_f.bold ? m_f.boldWrap : m_f.wrap;
            // Tall enough for its lines: LibreOffice does not grow a row for wrapped text on opening.
            int& lines = m_rowLines[row];
            lines = std::max(lines, static_cast<int>(std::ceil(displayWidth(s) / kMaxTextWidth)));
            worksheet_set_row(m_ws, row, kLineHeightPt * lines, nullptr);
        }
        worksheet_write_string(m_ws, row, col, s.c_str(), format);
        see(col, std::min(displayWidth(s), kMaxTextWidth));
    }
    // A title or a note: it runs on over the empty cells to its right, so it neither widens its
    // column nor wraps.
    void note(lxw_row_t row, lxw_col_t col, const std::string& s, lxw_format* format = nullptr) {
        worksheet_write_string(m_ws, row, col, s.c_str(), format);
    }
    // `shown`: the value as its number format prints it, for the column's width.
    void number(lxw_row_t row, lxw_col_t col, double v, lxw_format* format, const std::string& shown) {
        worksheet_write_number(m_ws, row, col, v, format);
        see(col, displayWidth(shown));
    }
    void money(lxw_row_t row, lxw_col_t col, Money m, lxw_format* format) {
        number(row, col, m.units(), format, quote::formatPlain(m));
    }
    void formula(lxw_row_t row, lxw_col_t col, const std::string& f, lxw_format* format, double cached,
                 const std::string& shown) {
        worksheet_write_formula_num(m_ws, row, col, ("=" + f).c_str(), format, cached);
        see(col, displayWidth(shown));
    }
    void moneyFormula(lxw_row_t row, lxw_col_t col, const std::string& f, lxw_format* format, Money cached) {
        formula(row, col, f, format, cached.units(), quote::formatPlain(cached));
    }
    void textFormula(lxw_row_t row, lxw_col_t col, const std::string& f, const std::string& cached) {
        worksheet_write_formula_str(m_ws, row, col, ("=" + f).c_str(), nullptr, cached.c_str());
        see(col, displayWidth(cached));
    }
    void boolean(lxw_row_t row, lxw_col_t col, bool v) {
        worksheet_write_boolean(m_ws, row, col, v ? 1 : 0, nullptr);
        see(col, 5);
    }
    // A bold header row that repeats on every printed page.
    void header(lxw_row_t row, const std::vector<std::string>& titles) {
        for (lxw_col_t c = 0; c < titles.size(); ++c)
            text(row, c, titles[c], m_f.bold);
        worksheet_repeat_rows(m_ws, row, row);
        worksheet_freeze_panes(m_ws, row + 1, 0);
    }
    // Each column as wide as its widest value (a little margin; at least Excel's default 8.43).
    void fitColumns() const {
        for (const auto& [col, width] : m_widths)
            worksheet_set_column(m_ws, col, col, std::max(8.43, width + 2), nullptr);
    }

private:
    void see(lxw_col_t col, double width) {
        double& w = m_widths[col];
        w = std::max(w, width);
    }
    lxw_worksheet* m_ws;
    const Formats& m_f;
    std::string m_name;
    std::map<lxw_col_t, double> m_widths;
    std::map<lxw_row_t, int> m_rowLines;  // lines of the row's tallest wrapped text
};

std::string percentShown(double rate) {
    return formatFixed(rate * 100, 2) + "%";
}

struct InputCell {
    std::string ref;  // "'报价信息'!$B$20"
    double value = 0;
};

// Where each VAT rate the lines use lives on the inputs sheet.
struct RateCells {
    std::map<TaxCategory, std::string> seller;      // rent and supply lines
    std::map<TaxCategory, std::string> thirdParty;  // the running-cost estimate
    std::optional<InputCell> installShare;          // installation as a share of the hardware
    // The verdict's rows whose figures are sums of the line items (the run's rental, buying over the
    // horizon and net of resale): formulas over the line items' totals once those are written.
    std::optional<lxw_row_t> runCostRent, buyTotal, buyNetTotal;
};

// Where each option's total excluding VAT is on the line items sheet ("'报价明细'!$I$9").
struct OptionTotalCells {
    std::optional<std::string> rent, buy, running;
};

// The inputs sheet's name of each category's rate, indexed by TaxCategory (Exempt has no rate).
constexpr std::array<const MessageId<0>*, quote::kTaxCategoryCount> kRateLabels{
    &msg::kQuoteXlsxRateGoods,   &msg::kQuoteXlsxRateLease,   &msg::kQuoteXlsxRateRepair,
    &msg::kQuoteXlsxRateService, &msg::kQuoteXlsxRateTelecom, &msg::kQuoteXlsxRateInstallation,
    &msg::kQuoteNotTaxable};

const MessageId<0>& rateLabel(TaxCategory c) {
    return *kRateLabels[static_cast<std::size_t>(c)];
}

// The categories an option's lines are taxed under (exempt lines have no rate to edit).
std::vector<TaxCategory> categoriesUsed(const std::vector<const quote::QuoteOption*>& options) {
    std::vector<TaxCategory> out;
    for (const auto* o : options)
        for (const auto& g : o->groups)
            for (const auto& l : g.lines)
                if (l.category != TaxCategory::Exempt &&
                    std::find(out.begin(), out.end(), l.category) == out.end())
                    out.push_back(l.category);
    std::sort(out.begin(), out.end());
    return out;
}

std::optional<double> installShare(const Plan& plan) {
    if (!plan.cost)
        return std::nullopt;
    for (const auto& p : plan.cost->parameters)
        if (p.key == "install_share")
            return p.value;
    return std::nullopt;
}

RateCells writeInputs(Sheet& s, const Formats& f, const Plan& plan, const quote::QuoteDocument& d,
                      Lang lang) {
    lxw_row_t row = 0;
    const auto put = [&](const std::string& key, const std::string& value) {
        if (value.empty() && displayWidth(key) > kMaxTextWidth) {  // a sentence (the job's billing)
            s.note(row++, 0, key);
            return;
        }
        s.text(row, 0, key, f.bold);
        s.text(row++, 1, value);
    };
    put(quote::label(lang, msg::kQuoteTitle), d.info.company);
    // The quote's date and its validity as dates a spreadsheet can compute with, shown as the quote
    // prints them (2026年11月30日 / 2026-11-30).
    const std::map<std::string, std::string> dates{{quote::label(lang, msg::kQuoteDate), d.date},
                                                   {quote::label(lang, msg::kQuoteValidUntil), d.validUntil}};
    for (const auto& r : quote::coverRows(d, lang)) {
        const auto date = dates.find(r.label);
        lxw_datetime when{};
        if (date != dates.end() &&
            std::sscanf(date->second.c_str(), "%d-%d-%d", &when.year, &when.month, &when.day) == 3) {
            s.text(row, 0, r.label, f.bold);
            worksheet_write_datetime(s.ws(), row++, 1, &when, f.date);
            continue;
        }
        if (r.label == quote::label(lang, msg::kQuoteRevision)) {  // a number, as the book counts it
            s.text(row, 0, r.label, f.bold);
            s.number(row++, 1, static_cast<double>(d.info.revision), nullptr, r.value);
            continue;
        }
        put(r.label, r.value);
    }
    RateCells cells;
    const quote::Verdict& v = d.verdict;
    const std::string runCostRent =
        quote::label(lang, msg::kQuoteRunCostRent, {(v.jobRental ? v.jobTerm : v.horizonTerm).in(lang)});
    const std::string buyTotal = quote::label(lang, msg::kQuoteBuyTotal, {std::to_string(v.horizonMonths)});
    const std::string buyNetTotal = quote::label(lang, msg::kQuoteBuyNetTotal);
    for (const auto& r : quote::verdictRows(d, lang)) {
        if (!r.value.empty() && r.label == runCostRent)
            cells.runCostRent = row;
        else if (!r.value.empty() && r.label == buyTotal)
            cells.buyTotal = row;
        else if (!r.value.empty() && r.label == buyNetTotal)
            cells.buyNetTotal = row;
        put(r.label, r.value);
    }
    put(quote::label(lang, msg::kQuoteXlsxCurrency), std::string(cost::currencyCode(d.currency)));
    if (!d.info.notes.empty())
        put(quote::label(lang, msg::kQuoteNotes), d.info.notes);
    std::vector<const quote::QuoteOption*> offer;
    for (const auto* o : {&d.rent, &d.buy})
        if (*o)
            offer.push_back(&**o);
    const auto rateRow = [&](const std::string& name, double rate) {
        s.text(row, 0, name, f.bold);
        s.number(row, 1, rate, f.percent, percentShown(rate));
        return s.ref(row++, 1);
    };
    if (const auto used = categoriesUsed(offer); !used.empty()) {
        ++row;
        s.text(row++, 0, quote::label(lang, msg::kQuoteXlsxRates), f.bold);
        const quote::TaxSettings& tax = d.info.tax;
        if (tax.smallScaleTaxpayer) {
            const std::string ref =
                rateRow(quote::label(lang, msg::kQuoteXlsxRateSmallScale), quote::vatRate(tax, used.front()));
            for (const TaxCategory c : used)
                cells.seller[c] = ref;
        } else {
            for (const TaxCategory c : used)
                cells.seller[c] = rateRow(quote::label(lang, rateLabel(c)), quote::vatRate(tax, c));
        }
    }
    if (d.running) {
        const quote::TaxSettings tax = quote::thirdPartyTax(d.info.tax);
        if (const auto used = categoriesUsed({&*d.running}); !used.empty()) {
            ++row;
            s.text(row++, 0, quote::label(lang, msg::kQuoteXlsxThirdParty), f.bold);
            for (const TaxCategory c : used)
                cells.thirdParty[c] = rateRow(quote::label(lang, rateLabel(c)), quote::vatRate(tax, c));
        }
    }
    if (const auto share = installShare(plan); share && d.buy) {
        ++row;
        s.text(row, 0, quote::label(lang, msg::kQuoteXlsxInstallShare), f.bold);
        s.number(row, 1, *share, f.percent, percentShown(*share));
        cells.installShare = InputCell{s.ref(row++, 1), *share};
    }
    s.fitColumns();
    return cells;
}

// The unit price cell's value: as listed (4.916), or a derived price whole (the billed amount over
// the quantity at its discount, which four decimals only show), so that the sheet's
// ROUND(quantity × price × (1 − discount)) recomputes the amount billed to the cent.
double spreadsheetPrice(const quote::LineItem& l) {
    const double kept = l.discount < 1 ? 1.0 - l.discount : 1.0;
    if (!l.unitPrice.derived() || !(l.quantity > 0))
        return l.unitPrice.units();
    return l.amount.units() / (l.quantity * kept);
}

// One option's lines: every amount a formula over its line's quantity, unit price, discount and
// the rate on the inputs sheet; subtotals and totals sums of them; the 大写 a formula of the total.
// Returns the reference of the option's total excluding VAT.
std::string writeOption(Sheet& s, const Formats& f, lxw_row_t& row, const quote::QuoteOption& o,
                        const std::map<TaxCategory, std::string>& rates,
                        const std::optional<InputCell>& installShare, cost::Currency currency, Lang lang) {
    s.note(row++, 0, o.title.in(lang), f.bold);
    std::vector<lxw_row_t> subtotalRows;
    std::optional<std::pair<lxw_row_t, Money>> hardware;  // its subtotal's row and amount
    std::size_t number = 1;
    for (const auto& g : o.groups) {
        s.text(row++, 1, g.title.in(lang), f.bold);
        const lxw_row_t first = row;
        for (const auto& l : g.lines) {
            const lxw_row_t r = row++;
            const std::string n = std::to_string(number++);
            s.number(r, 0, static_cast<double>(number - 1), nullptr, n);
            s.text(r, 1, l.name.in(lang));
            s.text(r, 2, l.spec.in(lang));
            s.number(r, 3, l.quantity, f.decimal, formatNumber(l.quantity));
            s.text(r, 4, l.unit.in(lang));
            // Installation is a share of the hardware (cost/ownership.cpp): its price follows the
            // hardware and the share, where that is how the engine priced it.
            if (const Money installation =
                    hardware && installShare ? hardware->second.times(installShare->value) : Money();
                l.key == "buy.installation" && hardware && installShare && l.quantity == 1 &&
                cost::UnitPrice::fromMoney(installation) == l.unitPrice)
                s.moneyFormula(r, 5, "ROUND(" + cell(hardware->first, 8) + "*" + installShare->ref + ",2)",
                               f.money, installation);
            else
                s.number(r, 5, spreadsheetPrice(l), f.price, quote::formatPlain(l.unitPrice));
            s.number(r, 6, l.discount, f.discount, l.discount > 0 ? percentShown(l.discount) : "");
            const std::string q = cell(r, 3), p = cell(r, 5), dsc = cell(r, 6);
            s.moneyFormula(r, 7, "ROUND(" + q + "*" + p + ",2)", f.money, l.listAmount);
            s.moneyFormula(r, 8, "ROUND(" + q + "*" + p + "*(1-" + dsc + "),2)", f.money, l.amount);
            const auto rate = rates.find(l.category);
            if (l.category == TaxCategory::Exempt || rate == rates.end())
                s.number(r, 9, l.vatRate, l.category == TaxCategory::Exempt ? f.exempt : f.percent,
                         l.category == TaxCategory::Exempt ? quote::label(lang, msg::kQuoteNotTaxable)
                                                           : percentShown(l.vatRate));
            else
                s.formula(r, 9, rate->second, f.percent, l.vatRate, percentShown(l.vatRate));
            s.moneyFormula(r, 10, "ROUND(" + cell(r, 8) + "*" + cell(r, 9) + ",2)", f.money, l.tax);
            s.moneyFormula(r, 11, cell(r, 8) + "+" + cell(r, 10), f.money, l.gross);
        }
        const lxw_row_t last = row - 1;
        const lxw_row_t sub = row++;
        s.text(sub, 1, quote::label(lang, msg::kQuoteSubtotal), f.bold);
        const Money values[] = {g.subtotal.listColumn(), g.subtotal.amount, Money(), g.subtotal.tax,
                                g.subtotal.gross};
        for (lxw_col_t c = 7; c <= 11; ++c)
            if (c != 9)
                s.moneyFormula(sub, c, "SUM(" + cell(first, c) + ":" + cell(last, c) + ")", f.moneyBold,
                               values[c - 7]);
        subtotalRows.push_back(sub);
        if (g.key == "hardware")
            hardware = {sub, g.subtotal.amount};
    }
    const Money totals[] = {o.total.listColumn(), o.total.amount, Money(), o.total.tax, o.total.gross};
    const MessageId<0>* keys[] = {&msg::kQuoteListTotal, &msg::kQuoteTotalExcl, nullptr, &msg::kQuoteTotalTax,
                                  &msg::kQuoteTotalIncl};
    const lxw_row_t t = row++;
    // Its columns are the list amount, the amount excl. tax, the VAT and the gross, each under its
    // header: "合计", not "价税合计" over all four.
    s.text(t, 1, quote::label(lang, o.estimate ? msg::kQuoteEstimateTotal : msg::kQuoteXlsxTotals), f.bold);
    for (lxw_col_t c = 7; c <= 11; ++c) {
        if (c == 9)
            continue;
        std::string sum;
        for (std::size_t i = 0; i < subtotalRows.size(); ++i)
            sum += (i ? "+" : "") + cell(subtotalRows[i], c);
        s.moneyFormula(t, c, sum, f.moneyBold, totals[c - 7]);
        worksheet_write_comment(s.ws(), t, c, quote::label(lang, *keys[c - 7]).c_str());
    }
    if (o.deposit != Money()) {
        s.text(row, 1, quote::label(lang, msg::kQuoteXlsxDeposit));
        s.money(row++, 11, o.deposit, f.money);
    }
    if (o.estimate) {
        s.note(row++, 1, quote::label(lang, msg::kQuoteEstimateNote));
    } else if (lang == Lang::Zh && currency == cost::Currency::Cny) {
        s.text(row, 1, quote::label(lang, msg::kQuoteTotalUppercase), f.bold);
        s.textFormula(row++, 2, "\"人民币\"&" + quote::chineseUppercaseFormula(absolute(t, 11)),
                      "人民币" + quote::chineseUppercase(o.total.gross));
    }
    ++row;
    return s.ref(t, 8);
}

OptionTotalCells writeLineItems(Sheet& s, const Formats& f, const quote::QuoteDocument& d,
                                const RateCells& rates, Lang lang) {
    const auto header = quote::lineHeader(lang, d.currency);
    // Columns: No., item, configuration, qty, unit, unit price, discount, list amount, amount,
    // VAT rate, VAT, gross (the text table adds the list amount here for the formula); the list
    // amount's header names the currency as the other amounts' do.
    const std::string code = quote::currencyHeader(d.currency, lang);
    s.header(0, {header[0], header[1], header[2], header[3], header[4], header[5], header[6],
                 quote::label(lang, msg::kQuoteColListAmount) + code, header[7], header[8], header[9],
                 header[10]});
    lxw_row_t row = 2;
    OptionTotalCells totals;
    if (d.rent)
        totals.rent = writeOption(s, f, row, *d.rent, rates.seller, std::nullopt, d.currency, lang);
    if (d.buy)
        totals.buy = writeOption(s, f, row, *d.buy, rates.seller, rates.installShare, d.currency, lang);
    if (d.running)
        totals.running = writeOption(s, f, row, *d.running, rates.thirdParty, std::nullopt, d.currency, lang);
    s.note(row, 1, quote::label(lang, msg::kQuoteDisclaimer));
    s.fitColumns();
    return totals;
}

// The verdict's figures that are sums of the line items become formulas over the line items'
// totals, so that an edited price moves them as it moves the totals and the 大写: the run's rental
// is the rent option's total; buying over the horizon is the supply plus the running costs'
// estimate (with the financing); net of resale, that less the resale value. Each only where the
// engine's figure is that sum to the cent (its cached value).
void linkVerdictFigures(Sheet& s, const Formats& f, const quote::QuoteDocument& d, const RateCells& cells,
                        const OptionTotalCells& totals) {
    const quote::Verdict& v = d.verdict;
    if (cells.runCostRent && totals.rent && v.runCostRent && *v.runCostRent == d.rent->total.amount)
        s.moneyFormula(*cells.runCostRent, 1, *totals.rent, f.amount, *v.runCostRent);
    if (!cells.buyTotal || !totals.buy)
        return;
    const Money owned = d.buy->total.amount + (d.running ? d.running->total.amount : Money());
    if (owned != v.buyTotal)
        return;
    s.moneyFormula(*cells.buyTotal, 1, *totals.buy + (totals.running ? "+" + *totals.running : ""), f.amount,
                   v.buyTotal);
    if (cells.buyNetTotal)
        s.moneyFormula(*cells.buyNetTotal, 1,
                       absolute(*cells.buyTotal, 1) + "-" + (v.buyTotal - v.buyNetTotal).toString(), f.amount,
                       v.buyNetTotal);
}

// Caches a chart series' points (`values`, one per cell of its range), which Excel and WPS draw
// until the workbook is recalculated. libxlsxwriter caches a point from its cell only when the cell
// holds a number or a string: a formula's point is cached as 0 whatever its cached value
// (workbook.c, _populate_range_data_cache, 1.1.4 as in Debian 12 and still in 1.2.3), so the
// schedule's running sums drew as flat lines at 0. It has no public call to set a cache with
// doubles (lxw_chart_add_data_cache, "for testing only", takes uint8_t), so the points go into the
// series' cache list (lxw_series_range in xlsxwriter/chart.h) the way that call fills it:
// calloc'ed points (the chart frees them with free()), and ignore_cache set so that
// workbook_close does not append its own.
void cacheChartValues(lxw_chart_series* cs, const std::vector<double>& values) {
    lxw_series_range* range = cs ? cs->values : nullptr;
    // The cache counts its points in 16 bits; a range that the chart cannot cache stays without.
    if (!range || !range->data_cache || !STAILQ_EMPTY(range->data_cache) || values.size() > UINT16_MAX)
        return;
    for (const double v : values) {
        auto* point = static_cast<lxw_series_data_point*>(std::calloc(1, sizeof(lxw_series_data_point)));
        if (!point)
            break;
        point->number = v;
        STAILQ_INSERT_TAIL(range->data_cache, point, list_pointers);
        ++range->num_data_points;
    }
    range->ignore_cache = LXW_TRUE;
}

// Cumulative columns are formulas over the monthly flows, cached with the engine's cumulative values.
void writeSchedule(lxw_workbook* wb, Sheet& s, const Formats& f, const cost::CostReport& r, Lang lang) {
    const std::string code = lang == Lang::Zh ? (r.currency == cost::Currency::Cny ? "元" : "美元")
                                              : std::string(cost::currencyCode(r.currency));
    std::vector<std::string> head{quote::label(lang, msg::kQuoteXlsxSchedMonth)};
    for (const MessageId<1>& key :
         {msg::kQuoteXlsxSchedRentMonth, msg::kQuoteXlsxSchedRentCumulative, msg::kQuoteXlsxSchedBuyMonth,
          msg::kQuoteXlsxSchedBuyCumulative, msg::kQuoteXlsxSchedResale, msg::kQuoteXlsxSchedBuyNet,
          msg::kQuoteXlsxSchedRentMinusBuy})
        head.push_back(quote::label(lang, key, {code}));
    s.header(0, head);
    for (std::size_t i = 0; i < r.monthly.size(); ++i) {
        const auto& m = r.monthly[i];
        const auto row = static_cast<lxw_row_t>(i + 1);
        const Money rentFlow = i ? m.rentAccrued - r.monthly[i - 1].rentAccrued : m.rentAccrued;
        const Money buyFlow = i ? m.buy - r.monthly[i - 1].buy : m.buy;
        s.number(row, 0, m.month, nullptr, std::to_string(m.month));
        s.money(row, 1, rentFlow, f.money);
        s.money(row, 3, buyFlow, f.money);
        const std::string prevRent = i ? cell(row - 1, 2) + "+" : "";
        const std::string prevBuy = i ? cell(row - 1, 4) + "+" : "";
        s.moneyFormula(row, 2, prevRent + cell(row, 1), f.money, m.rentAccrued);
        s.moneyFormula(row, 4, prevBuy + cell(row, 3), f.money, m.buy);
        s.money(row, 5, m.buy - m.buyNet, f.money);
        s.moneyFormula(row, 6, cell(row, 4) + "-" + cell(row, 5), f.money, m.buyNet);
        s.moneyFormula(row, 7, cell(row, 2) + "-" + cell(row, 6), f.money, m.rentAccrued - m.buyNet);
    }
    s.fitColumns();
    const auto last = static_cast<lxw_row_t>(r.monthly.size());
    lxw_chart* chart = workbook_add_chart(wb, LXW_CHART_LINE);
    // The series plot the running-sum formulas: their points are cached with the formulas' values.
    const auto series = [&](lxw_col_t col, const std::string& name, Money cost::MonthPoint::*value) {
        const std::string cats = "=" + s.ref(1, 0) + ":" + absolute(last, 0);
        const std::string vals = "=" + s.ref(1, col) + ":" + absolute(last, col);
        lxw_chart_series* cs = chart_add_series(chart, cats.c_str(), vals.c_str());
        chart_series_set_name(cs, name.c_str());
        std::vector<double> points;
        for (const auto& m : r.monthly)
            points.push_back((m.*value).units());
        cacheChartValues(cs, points);
    };
    series(2, quote::label(lang, msg::kQuoteRent), &cost::MonthPoint::rentAccrued);
    series(4, quote::label(lang, msg::kQuoteBuy), &cost::MonthPoint::buy);
    series(6, quote::label(lang, msg::kQuoteBuyNet), &cost::MonthPoint::buyNet);
    chart_title_set_name(chart, quote::label(lang, msg::kQuoteCostOverTime).c_str());
    chart_axis_set_name(chart->x_axis, quote::label(lang, msg::kQuoteMonth).c_str());
    worksheet_insert_chart(s.ws(), 1, 9, chart);
}

// The workbook's names of report_tables' columns, of the memory table's terms and of the
// recomputation modes, by the text the tables hold; one the list lacks reads "[[text]]", which the
// tests look for.
using NamedLabel = std::pair<std::string_view, const MessageId<0>*>;
constexpr NamedLabel kColumnLabels[] = {
    {"rank", &msg::kQuoteXlsxColRank},
    {"fits", &msg::kQuoteXlsxColFits},
    {"pareto", &msg::kQuoteXlsxColPareto},
    {"tp", &msg::kQuoteXlsxColTp},
    {"pp", &msg::kQuoteXlsxColPp},
    {"dp", &msg::kQuoteXlsxColDp},
    {"cp", &msg::kQuoteXlsxColCp},
    {"ep", &msg::kQuoteXlsxColEp},
    {"vpp", &msg::kQuoteXlsxColVpp},
    {"micro_batch", &msg::kQuoteXlsxColMicroBatch},
    {"micro_batches", &msg::kQuoteXlsxColMicroBatches},
    {"zero_stage", &msg::kQuoteXlsxColZeroStage},
    {"recompute", &msg::kQuoteXlsxColRecompute},
    {"sequence_parallel", &msg::kQuoteXlsxColSequenceParallel},
    {"offload", &msg::kQuoteXlsxColOffload},
    {"memory_bytes", &msg::kQuoteXlsxColMemoryBytes},
    {"capacity_bytes", &msg::kQuoteXlsxColCapacityBytes},
    {"step_time_s", &msg::kQuoteXlsxColStepTimeS},
    {"tokens_per_s", &msg::kQuoteXlsxColTokensPerS},
    {"mfu", &msg::kQuoteXlsxColMfu},
    {"train_days", &msg::kQuoteXlsxColTrainDays},
    {"gpu_hours", &msg::kQuoteXlsxColGpuHours},
    {"reason", &msg::kQuoteXlsxColReason},
    {"expert_tp", &msg::kQuoteXlsxColExpertTp},
    {"term", &msg::kQuoteXlsxColTerm},
    {"bytes", &msg::kQuoteXlsxColBytes},
    {"gib", &msg::kQuoteXlsxColGib},
};
constexpr NamedLabel kMemoryTermLabels[] = {
    {"weights", &msg::kQuoteXlsxMemWeights},
    {"gradients", &msg::kQuoteXlsxMemGradients},
    {"optimizer", &msg::kQuoteXlsxMemOptimizer},
    {"activations", &msg::kQuoteXlsxMemActivations},
    {"cuda_context", &msg::kQuoteXlsxMemCudaContext},
    {"comm_buffers", &msg::kQuoteXlsxMemCommBuffers},
    {"workspace", &msg::kQuoteXlsxMemWorkspace},
    {"param_gather", &msg::kQuoteXlsxMemParamGather},
    {"fragmentation", &msg::kQuoteXlsxMemFragmentation},
    {"total", &msg::kQuoteXlsxMemTotal},
    {"capacity", &msg::kQuoteXlsxMemCapacity},
};
constexpr NamedLabel kRecomputeLabels[] = {
    {"none", &msg::kQuoteRecomputeShortNone},
    {"selective", &msg::kQuoteRecomputeShortSelective},
    {"full", &msg::kQuoteRecomputeShortFull},
};

std::string namedLabel(std::span<const NamedLabel> labels, std::string_view text, Lang lang) {
    for (const auto& [name, id] : labels)
        if (name == text)
            return quote::label(lang, *id);
    return "[[" + std::string(text) + "]]";
}

std::string offloadName(std::string_view value, Lang lang) {
    if (value == "none")
        return quote::label(lang, msg::kQuoteOffloadNoneShort);
    if (value == "optimizer")
        return quote::label(lang, msg::kQuoteOffloadOptimizerShort);
    return quote::label(lang, msg::kQuoteOffloadParamsShort);
}

// An exported table (report_tables) with its headers and words in the workbook's language:
// "true"/"false" as booleans, numbers as numbers, the recomputation and offload by name, the
// reason a layout does not fit in that language (`reasons`, one per row; empty: the table's).
void writeTable(Sheet& s, const Formats& f, const csv::Table& t, const std::vector<std::string>& reasons,
                Lang lang) {
    std::vector<std::string> head;
    for (const auto& h : t.header)
        head.push_back(namedLabel(kColumnLabels, h, lang));
    s.header(0, head);
    for (std::size_t r = 0; r < t.rows.size(); ++r)
        for (lxw_col_t c = 0; c < t.rows[r].size(); ++c) {
            const auto& v = t.rows[r][c];
            const auto row = static_cast<lxw_row_t>(r + 1);
            const std::string& key = t.header[c];
            if (v.number)  // grouped, at most three decimals: 66.59, not 66.58977470916291
                s.number(row, c, std::stod(v.text), f.decimal, formatGrouped(std::stod(v.text), 3));
            else if (v.text == "true" || v.text == "false")
                s.boolean(row, c, v.text == "true");
            else if (key == "recompute")
                s.text(row, c, namedLabel(kRecomputeLabels, v.text, lang));
            else if (key == "offload")
                s.text(row, c, offloadName(v.text, lang));
            else if (key == "reason")
                s.text(row, c, r < reasons.size() ? reasons[r] : v.text);
            else if (key == "term")
                s.text(row, c, namedLabel(kMemoryTermLabels, v.text, lang));
            else
                s.text(row, c, v.text);
        }
    s.fitColumns();
}

// Why each layout of the layouts table does not fit, in the workbook's language.
std::vector<std::string> layoutReasons(const Plan& p, Lang lang) {
    std::vector<std::string> out;
    if (p.search) {
        for (const Candidate& c : p.search->ranked)
            out.push_back(c.fits ? "" : messageText(notFitReason(c), lang));
    } else if (!p.memory.fits()) {
        out.push_back(quote::label(lang, msg::kQuoteNeedsMemory,
                                   {quote::formatGibTenths(quote::gibTenths(p.memory.total())),
                                    quote::formatGibTenths(quote::gibTenths(p.memory.capacity))}));
    } else {
        out.emplace_back();
    }
    return out;
}

void writeMemoryChart(lxw_workbook* wb, const Sheet& s, const csv::Table& memory, Lang lang) {
    lxw_chart* chart = workbook_add_chart(wb, LXW_CHART_BAR);
    // Terms only (the last two rows are the total and the capacity).
    const auto last = static_cast<lxw_row_t>(memory.rows.size() - 2);
    lxw_chart_series* cs = chart_add_series(chart, ("=" + s.ref(1, 0) + ":" + absolute(last, 0)).c_str(),
                                            ("=" + s.ref(1, 2) + ":" + absolute(last, 2)).c_str());
    chart_series_set_name(cs, "GiB");
    chart_title_set_name(chart, quote::label(lang, msg::kQuoteMemory).c_str());
    worksheet_insert_chart(s.ws(), 1, 4, chart);
}

std::string tempPath() {
    const auto dir = std::filesystem::temp_directory_path();
    const auto ticks = std::chrono::steady_clock::now().time_since_epoch().count();
    return (dir / ("clusterplan-" + std::to_string(::getpid()) + "-" + std::to_string(ticks) + ".xlsx"))
        .string();
}

}  // namespace

Result<bool> writeQuoteWorkbook(const std::string& path, const Plan& plan, const quote::QuoteDocument& doc,
                                Lang lang) {
    const std::string temp = tempPath();
    lxw_workbook* wb = workbook_new(temp.c_str());
    if (!wb)
        return Error{path, "cannot create the workbook"};
    const Formats f = makeFormats(wb, lang, doc.currency);
    // Sheets in order: inputs, line items, schedule, layouts, memory (the test reads sheet2.xml).
    Sheet inputs(wb, f, quote::label(lang, msg::kQuoteXlsxSheetInputs));
    Sheet lines(wb, f, quote::label(lang, msg::kQuoteXlsxSheetLines));
    const RateCells rates = writeInputs(inputs, f, plan, doc, lang);
    // The quote's facts print on one page (their last rows, the third-party rates, went to a second).
    worksheet_fit_to_pages(inputs.ws(), 1, 1);
    linkVerdictFigures(inputs, f, doc, rates, writeLineItems(lines, f, doc, rates, lang));
    if (plan.cost) {
        Sheet schedule(wb, f, quote::label(lang, msg::kQuoteXlsxSheetSchedule));
        writeSchedule(wb, schedule, f, *plan.cost, lang);
    }
    Sheet layouts(wb, f, quote::label(lang, msg::kQuoteXlsxSheetLayouts));
    writeTable(layouts, f, report_tables::layouts(plan), layoutReasons(plan, lang), lang);
    const csv::Table memory = report_tables::memory(plan);
    Sheet memorySheet(wb, f, quote::label(lang, msg::kQuoteXlsxSheetMemory));
    writeTable(memorySheet, f, memory, {}, lang);
    writeMemoryChart(wb, memorySheet, memory, lang);
    const lxw_error err = workbook_close(wb);
    std::error_code ec;
    if (err != LXW_NO_ERROR) {
        std::filesystem::remove(temp, ec);
        return Error{path, std::string("cannot write the workbook: ") + lxw_strerror(err)};
    }
    std::ifstream in(temp, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    std::filesystem::remove(temp, ec);
    return writeFileAtomically(path, bytes.str());
}

}  // namespace clusterplan
