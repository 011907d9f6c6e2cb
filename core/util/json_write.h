#pragma once
// A small ordered, pretty-printing JSON writer: keys stay in the order written, numbers go
// through formatNumber(), so output is stable for golden tests and diffs.
#include <string>
#include <string_view>
#include <vector>

namespace clusterplan::json {

class Writer {
public:
    Writer& beginObject(std::string_view key = {});
    Writer& endObject();
    Writer& beginArray(std::string_view key = {});
    Writer& endArray();
    Writer& value(std::string_view key, double number);
    Writer& value(std::string_view key, std::int64_t number) {
        return value(key, static_cast<double>(number));
    }
    Writer& value(std::string_view key, int number) { return value(key, static_cast<double>(number)); }
    Writer& value(std::string_view key, bool flag);
    Writer& value(std::string_view key, std::string_view text);
    Writer& value(std::string_view key, const char* text) { return value(key, std::string_view(text)); }
    Writer& null(std::string_view key);
    // Array elements: pass an empty key.
    [[nodiscard]] std::string str() const { return m_out + "\n"; }

private:
    void prefix(std::string_view key);
    void newline();
    std::string m_out;
    std::vector<bool> m_first;  // per open container: nothing written yet
};

std::string quote(std::string_view text);

}  // namespace clusterplan::json
