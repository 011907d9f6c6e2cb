#include "util/json_write.h"

#include <cstdio>

#include "util/number_format.h"

namespace clusterplan::json {

std::string quote(std::string_view text) {
    std::string out = "\"";
    for (const char c : text) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\r':
            out += "\\r";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buffer[8];
                std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(c));
                out += buffer;
            } else {
                out += c;
            }
        }
    }
    return out + "\"";
}

void Writer::newline() {
    m_out += '\n';
    m_out.append(m_first.size() * 2, ' ');
}

void Writer::prefix(std::string_view key) {
    if (!m_first.empty()) {
        if (!m_first.back())
            m_out += ",";
        m_first.back() = false;
        newline();
    }
    if (!key.empty())
        m_out += quote(key) + ": ";
}

Writer& Writer::beginObject(std::string_view key) {
    prefix(key);
    m_out += "{";
    m_first.push_back(true);
    return *this;
}

Writer& Writer::endObject() {
    const bool empty = m_first.back();
    m_first.pop_back();
    if (!empty)
        newline();
    m_out += "}";
    return *this;
}

Writer& Writer::beginArray(std::string_view key) {
    prefix(key);
    m_out += "[";
    m_first.push_back(true);
    return *this;
}

Writer& Writer::endArray() {
    const bool empty = m_first.back();
    m_first.pop_back();
    if (!empty)
        newline();
    m_out += "]";
    return *this;
}

Writer& Writer::value(std::string_view key, double number) {
    prefix(key);
    m_out += formatNumber(number);
    return *this;
}

Writer& Writer::value(std::string_view key, bool flag) {
    prefix(key);
    m_out += flag ? "true" : "false";
    return *this;
}

Writer& Writer::value(std::string_view key, std::string_view text) {
    prefix(key);
    m_out += quote(text);
    return *this;
}

Writer& Writer::null(std::string_view key) {
    prefix(key);
    m_out += "null";
    return *this;
}

}  // namespace clusterplan::json
