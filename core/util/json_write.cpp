#include "core/util/json_write.h"

#include <cstdio>

#include "core/util/non_finite.h"
#include "core/util/number_format.h"
#include "core/util/utf8.h"

namespace clusterplan::json {

std::string quote(std::string_view raw) {
    const std::string text = repairUtf8(raw);
    std::string out = "\"";
    out.reserve(text.size() + 2);
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
    m_out.append(m_levels.size() * 2, ' ');
}

std::string Writer::prefix(std::string_view key) {
    if (m_levels.empty())
        return std::string(key);
    Level& level = m_levels.back();
    if (level.count > 0)
        m_out += ",";
    const std::size_t index = level.count++;
    newline();
    if (!level.isArray)
        m_out += quote(key) + ": ";  // inside an object even an empty key is a key
    if (level.isArray)
        return level.path + "[" + std::to_string(index) + "]";
    return level.path.empty() ? std::string(key) : level.path + "." + std::string(key);
}

void Writer::open(std::string_view key, bool isArray, char bracket) {
    std::string path = prefix(key);
    m_out += bracket;
    m_levels.push_back({std::move(path), isArray, 0});
}

void Writer::close(char bracket) {
    const bool empty = m_levels.back().count == 0;
    m_levels.pop_back();
    if (!empty)
        newline();
    m_out += bracket;
}

Writer& Writer::beginObject(std::string_view key) {
    open(key, false, '{');
    return *this;
}

Writer& Writer::endObject() {
    close('}');
    return *this;
}

Writer& Writer::beginArray(std::string_view key) {
    open(key, true, '[');
    return *this;
}

Writer& Writer::endArray() {
    close(']');
    return *this;
}

Writer& Writer::value(std::string_view key, double number) {
    const std::string path = prefix(key);
    m_out += formatNumber(requireFinite(number, path));
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
