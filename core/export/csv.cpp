#include "core/export/csv.h"

#include <cstdio>

#include "core/util/csv_read.h"
#include "core/util/csv_write.h"
#include "core/util/number_format.h"

namespace clusterplan::csv {

Cell text(std::string value) {
    return {std::move(value), false};
}

Cell number(double value) {
    return {formatNumber(value), true};
}

Cell integer(std::int64_t value) {
    return {std::to_string(value), true};
}

Cell money(std::int64_t cents) {
    const bool negative = cents < 0;
    const std::uint64_t magnitude =
        negative ? 0 - static_cast<std::uint64_t>(cents) : static_cast<std::uint64_t>(cents);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%llu.%02llu", negative ? "-" : "",
                  static_cast<unsigned long long>(magnitude / 100),
                  static_cast<unsigned long long>(magnitude % 100));
    return {buf, true};
}

std::string guardFormula(std::string_view cell) {
    return csvGuardFormula(cell);
}

std::string toCsv(const Table& table, bool byteOrderMark) {
    std::string out = byteOrderMark ? std::string(kUtf8ByteOrderMark) : "";
    const auto line = [&out](const auto& cells, auto&& field) {
        for (std::size_t i = 0; i < cells.size(); ++i)
            out += (i ? "," : "") + csvField(field(cells[i]));
        out += "\r\n";
    };
    line(table.header, [](const std::string& h) { return guardFormula(h); });
    for (const auto& row : table.rows)
        line(row, [](const Cell& c) { return c.number ? c.text : guardFormula(c.text); });
    return out;
}

Result<std::vector<std::vector<std::string>>> parseCsv(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    auto read = readCsv(text, ',', "line");
    if (!read)
        return read.error();
    std::vector<std::vector<std::string>> rows;
    for (CsvRow& row : read.value())
        rows.push_back(std::move(row.fields));
    return rows;
}

}  // namespace clusterplan::csv
