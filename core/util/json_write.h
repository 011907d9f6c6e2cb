#pragma once
// A small ordered, pretty-printing JSON writer: keys stay in the order written, numbers go
// through formatNumber(), so output is stable for golden tests and diffs. Always valid JSON:
// strings are escaped and repaired to UTF-8 (util/utf8.h), and a NaN or infinity throws
// NonFiniteValue naming its key path ("time.mfu") instead of reaching the output.
#include <cstdint>
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
    // Array elements: pass an empty key (ignored inside arrays; inside objects "" is a key).
    [[nodiscard]] std::string str() const { return m_out + "\n"; }

private:
    struct Level {
        std::string path;  // key path of this container ("" for the root)
        bool isArray = false;
        std::size_t count = 0;  // members written so far
    };
    // Writes the separator and key; returns the key path of the member being written.
    std::string prefix(std::string_view key);
    void newline();
    void open(std::string_view key, bool isArray, char bracket);
    void close(char bracket);
    std::string m_out;
    std::vector<Level> m_levels;
};

std::string quote(std::string_view text);

}  // namespace clusterplan::json
