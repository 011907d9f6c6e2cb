#include "util/json_read.h"

#include <cmath>

#include "util/closest_id.h"
#include "util/number_format.h"

namespace clusterplan::json {

void fail(std::string where, std::string message) {
    throw InputError(Error{std::move(where), std::move(message)});
}

namespace {

// 1-based line and column of byte `offset`, for "FILE:LINE:COL" messages.
std::string position(std::string_view text, std::size_t offset) {
    std::size_t line = 1;
    std::size_t column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return std::to_string(line) + ":" + std::to_string(column);
}

std::string kindName(const boost::json::value& v) {
    switch (v.kind()) {
    case boost::json::kind::null:
        return "null";
    case boost::json::kind::bool_:
        return "a boolean";
    case boost::json::kind::int64:
    case boost::json::kind::uint64:
    case boost::json::kind::double_:
        return "a number";
    case boost::json::kind::string:
        return "a string";
    case boost::json::kind::array:
        return "an array";
    case boost::json::kind::object:
        return "an object";
    }
    return "a value";
}

std::string rangeText(double min, double max) {
    auto text = [](double x) {
        std::string s = std::to_string(x);
        s.erase(s.find_last_not_of('0') + 1);
        if (!s.empty() && s.back() == '.')
            s.pop_back();
        return s;
    };
    return "allowed range " + text(min) + " to " + text(max);
}

}  // namespace

Result<boost::json::value> parseText(std::string_view text, const std::string& label) {
    boost::json::stream_parser parser;
    boost::system::error_code ec;
    const std::size_t consumed = parser.write(text.data(), text.size(), ec);
    if (!ec)
        parser.finish(ec);
    if (ec) {
        const std::size_t at = ec == boost::json::error::incomplete ? text.size() : consumed;
        return Error{label + ":" + position(text, at), "malformed JSON: " + ec.message()};
    }
    return parser.release();
}

std::string joinPath(std::string_view parent, std::string_view key) {
    return parent.empty() ? std::string(key) : std::string(parent) + "." + std::string(key);
}

std::string indexPath(std::string_view parent, std::size_t index) {
    return std::string(parent) + "[" + std::to_string(index) + "]";
}

ObjectReader::ObjectReader(const boost::json::value& value, std::string path)
    : m_object(value.if_object()), m_path(std::move(path)) {
    if (!m_object)
        fail(m_path.empty() ? "(top level)" : m_path, "must be an object, got " + kindName(value));
}

bool ObjectReader::has(std::string_view key) const {
    return m_object->contains(key);
}

const boost::json::value* ObjectReader::find(std::string_view key) {
    m_known.insert(std::string(key));
    return m_object->if_contains(key);
}

const boost::json::value& ObjectReader::require(std::string_view key) {
    const auto* v = find(key);
    if (!v)
        fail(pathOf(key), "is required");
    return *v;
}

namespace {

double toNumber(const boost::json::value& v, const std::string& where) {
    if (v.is_int64())
        return static_cast<double>(v.get_int64());
    if (v.is_uint64())
        return static_cast<double>(v.get_uint64());
    if (v.is_double())
        return v.get_double();
    fail(where, "must be a number, got " + kindName(v));
}

std::int64_t toInteger(const boost::json::value& v, const std::string& where, std::int64_t min,
                       std::int64_t max) {
    const double x = toNumber(v, where);
    if (x != std::floor(x))
        fail(where, "must be a whole number, got " + std::to_string(x));
    if (x < static_cast<double>(min) || x > static_cast<double>(max))
        fail(where, "is " + formatNumber(x) + ", " +  // x may exceed any integer type
                        rangeText(static_cast<double>(min), static_cast<double>(max)));
    return static_cast<std::int64_t>(x);
}

}  // namespace

std::int64_t ObjectReader::integer(std::string_view key, std::int64_t min, std::int64_t max) {
    return toInteger(require(key), pathOf(key), min, max);
}

void ObjectReader::optInteger(std::string_view key, std::int64_t& target, std::int64_t min,
                              std::int64_t max) {
    if (const auto* v = find(key))
        target = toInteger(*v, pathOf(key), min, max);
}

void ObjectReader::optInteger(std::string_view key, int& target, int min, int max) {
    if (const auto* v = find(key))
        target = static_cast<int>(toInteger(*v, pathOf(key), min, max));
}

double ObjectReader::number(std::string_view key, double min, double max) {
    const double x = toNumber(require(key), pathOf(key));
    if (!std::isfinite(x) || x < min || x > max)
        fail(pathOf(key), "is " + std::to_string(x) + ", " + rangeText(min, max));
    return x;
}

void ObjectReader::optNumber(std::string_view key, double& target, double min, double max) {
    if (has(key))
        target = number(key, min, max);
    else
        m_known.insert(std::string(key));
}

std::optional<double> ObjectReader::nullableNumber(std::string_view key, double min, double max) {
    if (require(key).is_null())
        return std::nullopt;
    return number(key, min, max);
}

std::string ObjectReader::string(std::string_view key) {
    const auto& v = require(key);
    if (!v.is_string())
        fail(pathOf(key), "must be a string, got " + kindName(v));
    return std::string(v.get_string());
}

void ObjectReader::optString(std::string_view key, std::string& target) {
    if (has(key))
        target = string(key);
    else
        m_known.insert(std::string(key));
}

bool ObjectReader::boolean(std::string_view key) {
    const auto& v = require(key);
    if (!v.is_bool())
        fail(pathOf(key), "must be true or false, got " + kindName(v));
    return v.get_bool();
}

void ObjectReader::optBoolean(std::string_view key, bool& target) {
    if (has(key))
        target = boolean(key);
    else
        m_known.insert(std::string(key));
}

std::string ObjectReader::choice(std::string_view key, std::initializer_list<std::string_view> allowed) {
    std::string value = string(key);
    std::string list;
    for (auto a : allowed) {
        if (a == value)
            return value;
        list += (list.empty() ? "" : ", ") + std::string(a);
    }
    fail(pathOf(key), "is '" + value + "', allowed: " + list);
}

std::optional<ObjectReader> ObjectReader::optObject(std::string_view key) {
    const auto* v = find(key);
    if (!v)
        return std::nullopt;
    return ObjectReader(*v, pathOf(key));
}

const boost::json::array* ObjectReader::optArray(std::string_view key) {
    const auto* v = find(key);
    if (!v)
        return nullptr;
    if (!v->is_array())
        fail(pathOf(key), "must be an array, got " + kindName(*v));
    return &v->get_array();
}

void ObjectReader::ignore(std::initializer_list<std::string_view> keys) {
    for (auto k : keys)
        m_known.insert(std::string(k));
}

void ObjectReader::finish() const {
    std::vector<std::string> known(m_known.begin(), m_known.end());
    for (const auto& item : *m_object) {
        const std::string key(item.key());
        if (m_known.count(key))
            continue;
        std::string message = "unknown key";
        const std::string closest = closestId(key, known);
        if (!closest.empty())
            message += " (did you mean '" + closest + "'?)";
        std::string list;
        for (const auto& k : known)
            list += (list.empty() ? "" : ", ") + k;
        message += "; known keys: " + list;
        fail(pathOf(key), message);
    }
}

}  // namespace clusterplan::json
