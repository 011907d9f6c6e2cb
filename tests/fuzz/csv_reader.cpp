#include "csv_reader.h"

namespace clusterplan::testing {

namespace {

class CsvParser {
public:
    explicit CsvParser(std::string_view text) : m_text(text) {}

    std::optional<std::vector<CsvRecord>> records() {
        std::vector<CsvRecord> out;
        while (m_at < m_text.size()) {
            auto record = readRecord();
            if (!record)
                return std::nullopt;
            out.push_back(std::move(*record));
        }
        return out;
    }

private:
    bool atRecordEnd() const { return m_at >= m_text.size() || m_text[m_at] == '\n' || m_text[m_at] == '\r'; }

    // Consumes CRLF or LF (or the end of the text); false on a lone CR.
    bool endRecord() {
        if (m_at >= m_text.size())
            return true;
        if (m_text[m_at] == '\r') {
            if (m_at + 1 >= m_text.size() || m_text[m_at + 1] != '\n')
                return false;
            ++m_at;
        }
        ++m_at;
        return true;
    }

    std::optional<CsvRecord> readRecord() {
        CsvRecord record;
        while (true) {
            auto field = m_at < m_text.size() && m_text[m_at] == '"' ? quotedField() : plainField();
            if (!field)
                return std::nullopt;
            record.push_back(std::move(*field));
            if (m_at < m_text.size() && m_text[m_at] == ',') {
                ++m_at;
                continue;
            }
            if (!atRecordEnd() || !endRecord())
                return std::nullopt;
            return record;
        }
    }

    std::optional<std::string> plainField() {
        std::string field;
        while (m_at < m_text.size() && m_text[m_at] != ',' && !atRecordEnd()) {
            if (m_text[m_at] == '"')
                return std::nullopt;  // a quote inside an unquoted field
            field += m_text[m_at++];
        }
        return field;
    }

    std::optional<std::string> quotedField() {
        std::string field;
        ++m_at;  // opening quote
        while (m_at < m_text.size()) {
            const char c = m_text[m_at++];
            if (c != '"') {
                field += c;
                continue;
            }
            if (m_at < m_text.size() && m_text[m_at] == '"') {
                field += '"';
                ++m_at;
                continue;
            }
            if (m_at < m_text.size() && m_text[m_at] != ',' && !atRecordEnd())
                return std::nullopt;  // text after the closing quote
            return field;
        }
        return std::nullopt;  // unterminated
    }

    std::string_view m_text;
    std::size_t m_at = 0;
};

}  // namespace

std::optional<std::vector<CsvRecord>> readCsv(std::string_view text) {
    return CsvParser(text).records();
}

}  // namespace clusterplan::testing
