#include "core/util/csv_read.h"
#include "core/util/messages_input_errors.h"

namespace clusterplan {

char detectDelimiter(std::string_view text) {
    bool quoted = false;
    for (const char c : text) {
        if (c == '"')
            quoted = !quoted;
        else if (!quoted && (c == '\n' || c == '\r'))
            break;
        else if (!quoted && c == '\t')
            return '\t';
    }
    return ',';
}

Result<std::vector<CsvRow>> readCsv(std::string_view text, char delimiter, const std::string& label) {
    std::vector<CsvRow> rows;
    CsvRow row{1, {}};
    std::string field;
    bool quoted = false, fieldStarted = false;
    std::size_t line = 1, quoteLine = 0;
    auto endRow = [&] {
        row.fields.push_back(std::move(field));
        field.clear();
        fieldStarted = false;
        const bool blank = row.fields.size() == 1 && row.fields[0].empty();
        if (!blank)
            rows.push_back(std::move(row));
        row = CsvRow{line, {}};
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                line += c == '\n' ? 1 : 0;
                field += c;
            }
        } else if (c == '"' && !fieldStarted) {
            quoted = fieldStarted = true;
            quoteLine = line;
        } else if (c == '"') {
            return inputError(label + ":" + std::to_string(line), msg::kErrorCsvStrayQuote);
        } else if (c == delimiter) {
            row.fields.push_back(std::move(field));
            field.clear();
            fieldStarted = false;
        } else if (c == '\r' || c == '\n') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
                ++i;
            ++line;
            endRow();
        } else {
            field += c;
            fieldStarted = true;
        }
    }
    if (quoted)
        return inputError(label + ":" + std::to_string(quoteLine), msg::kErrorCsvUnclosedQuote);
    if (fieldStarted || !row.fields.empty() || !field.empty())
        endRow();
    return rows;
}

}  // namespace clusterplan
