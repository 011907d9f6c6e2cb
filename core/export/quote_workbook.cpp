#include "core/export/quote_workbook.h"

#include <xlsxwriter.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "core/export/report_tables.h"
#include "core/quote/chinese_amount.h"
#include "core/quote/quote_text.h"
#include "core/util/atomic_file.h"

namespace clusterplan {

namespace {

using cost::Money;
using quote::Lang;

std::string cell(lxw_row_t row, lxw_col_t col) {
    std::string letters;
    for (unsigned c = col + 1u; c > 0; c = (c - 1) / 26)
        letters.insert(letters.begin(), static_cast<char>('A' + (c - 1) % 26));
    return letters + std::to_string(row + 1);
}

struct Formats {
    lxw_format* bold;
    lxw_format* money;
    lxw_format* moneyBold;
    lxw_format* percent;
};

Formats makeFormats(lxw_workbook* wb) {
    Formats f{};
    f.bold = workbook_add_format(wb);
    format_set_bold(f.bold);
    f.money = workbook_add_format(wb);
    format_set_num_format(f.money, "#,##0.00");
    f.moneyBold = workbook_add_format(wb);
    format_set_num_format(f.moneyBold, "#,##0.00");
    format_set_bold(f.moneyBold);
    f.percent = workbook_add_format(wb);
    format_set_num_format(f.percent, "0.00%");
    return f;
}

void writeInputs(lxw_workbook* wb, const Formats& f, const Plan& plan, const quote::QuoteDocument& d,
                 Lang lang) {
    lxw_worksheet* ws = workbook_add_worksheet(wb, "Inputs");
    worksheet_set_column(ws, 0, 0, 28, nullptr);
    worksheet_set_column(ws, 1, 1, 60, nullptr);
    lxw_row_t row = 0;
    const auto put = [&](const std::string& key, const std::string& value) {
        worksheet_write_string(ws, row, 0, key.c_str(), f.bold);
        worksheet_write_string(ws, row++, 1, value.c_str(), nullptr);
    };
    put(quote::label(lang, "title"), d.info.company);
    for (const auto& r : quote::coverRows(d, lang))
        put(r.label, r.value);
    for (const auto& r : quote::verdictRows(d, lang))
        put(r.label, r.value);
    put("price_book", plan.cost ? plan.cost->priceBookId : "");
    put("currency", std::string(cost::currencyCode(d.currency)));
    for (std::size_t i = 0; i + 1 < quote::kTaxCategoryCount; ++i) {
        const auto c = static_cast<quote::TaxCategory>(i);
        worksheet_write_string(ws, row, 0, (std::string("vat_rate_") + quote::toString(c)).c_str(), f.bold);
        worksheet_write_number(ws, row++, 1, quote::vatRate(d.info.tax, c), f.percent);
    }
}

// One option's lines; returns the rows of its group subtotals.
void writeOption(lxw_worksheet* ws, const Formats& f, lxw_row_t& row, const quote::QuoteOption& o,
                 cost::Currency currency, Lang lang) {
    worksheet_write_string(ws, row++, 0, o.title.in(lang).c_str(), f.bold);
    std::vector<lxw_row_t> subtotalRows;
    std::size_t number = 1;
    for (const auto& g : o.groups) {
        worksheet_write_string(ws, row++, 1, g.title.in(lang).c_str(), f.bold);
        const lxw_row_t first = row;
        for (const auto& l : g.lines) {
            const lxw_row_t r = row++;
            worksheet_write_number(ws, r, 0, static_cast<double>(number++), nullptr);
            worksheet_write_string(ws, r, 1, l.name.in(lang).c_str(), nullptr);
            worksheet_write_string(ws, r, 2, l.spec.in(lang).c_str(), nullptr);
            worksheet_write_number(ws, r, 3, l.quantity, nullptr);
            worksheet_write_string(ws, r, 4, l.unit.in(lang).c_str(), nullptr);
            worksheet_write_number(ws, r, 5, l.unitPrice.units(), f.money);
            worksheet_write_number(ws, r, 6, l.discount, f.percent);
            const std::string q = cell(r, 3), p = cell(r, 5), dsc = cell(r, 6);
            worksheet_write_formula_num(ws, r, 7, ("=ROUND(" + q + "*" + p + ",2)").c_str(), f.money,
                                        l.listAmount.units());
            worksheet_write_formula_num(ws, r, 8, ("=ROUND(" + q + "*" + p + "*(1-" + dsc + "),2)").c_str(),
                                        f.money, l.amount.units());
            worksheet_write_number(ws, r, 9, l.vatRate, f.percent);
            worksheet_write_formula_num(ws, r, 10,
                                        ("=ROUND(" + cell(r, 8) + "*" + cell(r, 9) + ",2)").c_str(), f.money,
                                        l.tax.units());
            worksheet_write_formula_num(ws, r, 11, ("=" + cell(r, 8) + "+" + cell(r, 10)).c_str(), f.money,
                                        l.gross.units());
        }
        const lxw_row_t last = row - 1;
        const lxw_row_t s = row++;
        worksheet_write_string(ws, s, 1, quote::label(lang, "subtotal").c_str(), f.bold);
        const Money values[] = {g.subtotal.listColumn(), g.subtotal.amount, Money(), g.subtotal.tax,
                                g.subtotal.gross};
        for (lxw_col_t c = 7; c <= 11; ++c) {
            if (c == 9)
                continue;
            const std::string sum = "=SUM(" + cell(first, c) + ":" + cell(last, c) + ")";
            worksheet_write_formula_num(ws, s, c, sum.c_str(), f.moneyBold, values[c - 7].units());
        }
        subtotalRows.push_back(s);
    }
    const Money totals[] = {o.total.listColumn(), o.total.amount, Money(), o.total.tax, o.total.gross};
    const char* keys[] = {"list_total", "total_excl", "", "total_tax", "total_incl"};
    const lxw_row_t t = row++;
    worksheet_write_string(ws, t, 1, quote::label(lang, o.estimate ? "estimate_total" : "total_incl").c_str(),
                           f.bold);
    for (lxw_col_t c = 7; c <= 11; ++c) {
        if (c == 9)
            continue;
        std::string sum = "=";
        for (std::size_t i = 0; i < subtotalRows.size(); ++i)
            sum += (i ? "+" : "") + cell(subtotalRows[i], c);
        worksheet_write_formula_num(ws, t, c, sum.c_str(), f.moneyBold, totals[c - 7].units());
        worksheet_write_comment(ws, t, c, quote::label(lang, keys[c - 7]).c_str());
    }
    if (o.estimate)
        worksheet_write_string(ws, row++, 1, quote::label(lang, "estimate_note").c_str(), nullptr);
    else if (lang == Lang::Zh && currency == cost::Currency::Cny)
        worksheet_write_string(ws, row++, 1, ("人民币" + quote::chineseUppercase(o.total.gross)).c_str(),
                               nullptr);
    ++row;
}

void writeLineItems(lxw_workbook* wb, const Formats& f, const quote::QuoteDocument& d, Lang lang) {
    lxw_worksheet* ws = workbook_add_worksheet(wb, "Line items");
    worksheet_set_column(ws, 1, 2, 36, nullptr);
    worksheet_set_column(ws, 3, 11, 15, nullptr);
    const auto header = quote::lineHeader(lang, d.currency);
    // Columns: No., item, configuration, qty, unit, unit price, discount, list amount, amount,
    // VAT rate, VAT, gross (the text table adds the list amount here for the formula).
    const std::vector<std::string> cols{
        header[0], header[1], header[2], header[3],
        header[4], header[5], header[6], quote::label(lang, "col_list_amount"),
        header[7], header[8], header[9], header[10]};
    for (lxw_col_t c = 0; c < cols.size(); ++c)
        worksheet_write_string(ws, 0, c, cols[c].c_str(), f.bold);
    worksheet_freeze_panes(ws, 1, 0);
    lxw_row_t row = 2;
    if (d.rent)
        writeOption(ws, f, row, *d.rent, d.currency, lang);
    if (d.buy)
        writeOption(ws, f, row, *d.buy, d.currency, lang);
    if (d.running)
        writeOption(ws, f, row, *d.running, d.currency, lang);
    worksheet_write_string(ws, row, 1, quote::label(lang, "disclaimer").c_str(), nullptr);
}

// Cumulative columns are formulas over the monthly flows, cached with the engine's cumulative values.
void writeSchedule(lxw_workbook* wb, const Formats& f, const cost::CostReport& r, Lang lang) {
    lxw_worksheet* ws = workbook_add_worksheet(wb, "Schedule");
    const char* head[] = {"month",          "rent_month",      "rent_cumulative", "buy_month",
                          "buy_cumulative", "resale_and_loan", "buy_net",         "rent_minus_buy_net"};
    for (lxw_col_t c = 0; c < 8; ++c)
        worksheet_write_string(ws, 0, c, head[c], f.bold);
    worksheet_set_column(ws, 1, 7, 16, nullptr);
    for (std::size_t i = 0; i < r.monthly.size(); ++i) {
        const auto& m = r.monthly[i];
        const auto row = static_cast<lxw_row_t>(i + 1);
        const Money rentFlow = i ? m.rentAccrued - r.monthly[i - 1].rentAccrued : m.rentAccrued;
        const Money buyFlow = i ? m.buy - r.monthly[i - 1].buy : m.buy;
        worksheet_write_number(ws, row, 0, m.month, nullptr);
        worksheet_write_number(ws, row, 1, rentFlow.units(), f.money);
        worksheet_write_number(ws, row, 3, buyFlow.units(), f.money);
        const std::string prevRent = i ? cell(row - 1, 2) + "+" : "";
        const std::string prevBuy = i ? cell(row - 1, 4) + "+" : "";
        worksheet_write_formula_num(ws, row, 2, ("=" + prevRent + cell(row, 1)).c_str(), f.money,
                                    m.rentAccrued.units());
        worksheet_write_formula_num(ws, row, 4, ("=" + prevBuy + cell(row, 3)).c_str(), f.money,
                                    m.buy.units());
        worksheet_write_number(ws, row, 5, (m.buy - m.buyNet).units(), f.money);
        worksheet_write_formula_num(ws, row, 6, ("=" + cell(row, 4) + "-" + cell(row, 5)).c_str(), f.money,
                                    m.buyNet.units());
        worksheet_write_formula_num(ws, row, 7, ("=" + cell(row, 2) + "-" + cell(row, 6)).c_str(), f.money,
                                    (m.rentAccrued - m.buyNet).units());
    }
    const auto last = static_cast<lxw_row_t>(r.monthly.size());
    lxw_chart* chart = workbook_add_chart(wb, LXW_CHART_LINE);
    const auto series = [&](lxw_col_t col, const std::string& name) {
        const std::string cats = "=Schedule!$A$2:$A$" + std::to_string(last + 1);
        const std::string vals = "=Schedule!" + cell(1, col) + ":" + cell(last, col);
        lxw_chart_series* s = chart_add_series(chart, cats.c_str(), vals.c_str());
        chart_series_set_name(s, name.c_str());
    };
    series(2, quote::label(lang, "rent"));
    series(4, quote::label(lang, "buy"));
    series(6, quote::label(lang, "buy_net"));
    chart_title_set_name(chart, quote::label(lang, "cost_over_time").c_str());
    chart_axis_set_name(chart->x_axis, quote::label(lang, "month").c_str());
    worksheet_insert_chart(ws, 1, 9, chart);
}

void writeTable(lxw_workbook* wb, const Formats& f, const char* name, const csv::Table& t) {
    lxw_worksheet* ws = workbook_add_worksheet(wb, name);
    for (lxw_col_t c = 0; c < t.header.size(); ++c)
        worksheet_write_string(ws, 0, c, t.header[c].c_str(), f.bold);
    for (std::size_t r = 0; r < t.rows.size(); ++r)
        for (lxw_col_t c = 0; c < t.rows[r].size(); ++c) {
            const auto& v = t.rows[r][c];
            const auto row = static_cast<lxw_row_t>(r + 1);
            if (v.number)
                worksheet_write_number(ws, row, c, std::stod(v.text), nullptr);
            else
                worksheet_write_string(ws, row, c, v.text.c_str(), nullptr);
        }
}

void writeMemoryChart(lxw_workbook* wb, const csv::Table& memory, Lang lang) {
    lxw_chart* chart = workbook_add_chart(wb, LXW_CHART_BAR);
    // Terms only (the last two rows are the total and the capacity).
    const std::string last = std::to_string(memory.rows.size() - 1);
    lxw_chart_series* s =
        chart_add_series(chart, ("=Memory!$A$2:$A$" + last).c_str(), ("=Memory!$C$2:$C$" + last).c_str());
    chart_series_set_name(s, "GiB");
    chart_title_set_name(chart, quote::label(lang, "memory").c_str());
    worksheet_insert_chart(workbook_get_worksheet_by_name(wb, "Memory"), 1, 4, chart);
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
    const Formats f = makeFormats(wb);
    writeInputs(wb, f, plan, doc, lang);
    writeLineItems(wb, f, doc, lang);
    if (plan.cost)
        writeSchedule(wb, f, *plan.cost, lang);
    writeTable(wb, f, "Layouts", report_tables::layouts(plan));
    const csv::Table memory = report_tables::memory(plan);
    writeTable(wb, f, "Memory", memory);
    writeMemoryChart(wb, memory, lang);
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
