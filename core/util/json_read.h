#pragma once
// Strict reading of Boost.JSON values with key paths: every accessor names the full path
// ("layout.tp") and the allowed range when it rejects a value, and finish() rejects unknown keys,
// suggesting the closest known one. Internally throws InputError; public entry points catch it
// and return Result<T> (no exception leaves core).
#include <boost/json.hpp>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/result.h"

namespace clusterplan::json {

struct InputError : std::runtime_error {
    explicit InputError(Error e) : std::runtime_error(e.toString()), error(std::move(e)) {}
    Error error;
};

// Plain English, for files no window user opens (calibration sources, tests' fixtures).
[[noreturn]] void fail(std::string where, std::string message);
// A reason from the message catalog (ids "error.*"), translated in the window.
[[noreturn]] void fail(Error error);
template <std::size_t N>
[[noreturn]] void fail(std::string where, const MessageId<N>& id, std::string (&&args)[N]) {
    fail(inputError(std::move(where), id, std::move(args)));
}
[[noreturn]] inline void fail(std::string where, const MessageId<0>& id) {
    fail(inputError(std::move(where), id));
}

// Parses text; on malformed JSON the error is "LABEL:LINE:COL" with Boost's message.
Result<boost::json::value> parseText(std::string_view text, const std::string& label);

std::string joinPath(std::string_view parent, std::string_view key);
std::string indexPath(std::string_view parent, std::size_t index);

class ObjectReader {
public:
    ObjectReader(const boost::json::value& value, std::string path);

    [[nodiscard]] bool has(std::string_view key) const;
    [[nodiscard]] const std::string& path() const { return m_path; }
    [[nodiscard]] std::string pathOf(std::string_view key) const { return joinPath(m_path, key); }

    // Each reader marks the key as known. Optional forms leave `target` unchanged when absent.
    std::int64_t integer(std::string_view key, std::int64_t min, std::int64_t max);
    void optInteger(std::string_view key, std::int64_t& target, std::int64_t min, std::int64_t max);
    void optInteger(std::string_view key, int& target, int min, int max);
    double number(std::string_view key, double min, double max);
    void optNumber(std::string_view key, double& target, double min, double max);
    // Accepts null as "unknown" and returns nullopt; absent keys are an error.
    std::optional<double> nullableNumber(std::string_view key, double min, double max);
    std::string string(std::string_view key);
    void optString(std::string_view key, std::string& target);
    bool boolean(std::string_view key);
    void optBoolean(std::string_view key, bool& target);
    // A boolean that may be left out: absent leaves `target` as it was (unset: "the default").
    void optBoolean(std::string_view key, std::optional<bool>& target);
    // A string that must be one of `allowed`.
    std::string choice(std::string_view key, std::initializer_list<std::string_view> allowed);
    std::optional<ObjectReader> optObject(std::string_view key);
    const boost::json::array* optArray(std::string_view key);
    // Marks keys as known without reading them (e.g. documentation fields).
    void ignore(std::initializer_list<std::string_view> keys);

    // Rejects keys that no accessor touched.
    void finish() const;

private:
    const boost::json::value& require(std::string_view key);
    const boost::json::value* find(std::string_view key);

    const boost::json::object* m_object;
    std::string m_path;
    std::set<std::string, std::less<>> m_known;
};

}  // namespace clusterplan::json
