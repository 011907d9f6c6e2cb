#include "core/util/json_read.h"

#include <cmath>

#include "core/util/closest_id.h"
#include "core/util/messages_input_errors.h"
#include "core/util/number_format.h"

namespace clusterplan::json {

void fail(std::string where, std::string message) {
    throw InputError(Error{std::move(where), std::move(message)});
}

void fail(Error error) {
    throw InputError(std::move(error));
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

// What a JSON value is ("a number"), as a catalog message so the window translates it.
Message kindName(const boost::json::value& v) {
    switch (v.kind()) {
    case boost::json::kind::null:
        return makeMessage(msg::kJsonKindNull);
    case boost::json::kind::bool_:
        return makeMessage(msg::kJsonKindBoolean);
    case boost::json::kind::int64:
    case boost::json::kind::uint64:
    case boost::json::kind::double_:
        return makeMessage(msg::kJsonKindNumber);
    case boost::json::kind::string:
        return makeMessage(msg::kJsonKindString);
    case boost::json::kind::array:
        return makeMessage(msg::kJsonKindArray);
    case boost::json::kind::object:
        return makeMessage(msg::kJsonKindObject);
    }
    return makeMessage(msg::kJsonKindValue);
}

// "must be an object, got a number" and the like: `id` names what was expected.
[[noreturn]] void failKind(std::string where, const MessageId<1>& id, const boost::json::value& v) {
    fail(inputError(std::move(where), makeNestedMessage(id, {kindName(v)})));
}

std::string numberText(double x) {
    std::string s = std::to_string(x);
    s.erase(s.find_last_not_of('0') + 1);
    if (!s.empty() && s.back() == '.')
        s.pop_back();
    return s;
}

// "is 0, allowed range 1 to 1000": `value` as the caller formats it.
[[noreturn]] void failRange(std::string where, std::string value, double min, double max) {
    fail(std::move(where), msg::kErrorRange, {std::move(value), numberText(min), numberText(max)});
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
        return inputError(label + ":" + position(text, at), msg::kErrorJsonMalformed, {ec.message()});
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
        failKind(m_path.empty() ? "(top level)" : m_path, msg::kErrorJsonNotObject, value);
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
        fail(pathOf(key), msg::kErrorJsonRequired);
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
    failKind(where, msg::kErrorJsonNotNumber, v);
}

std::int64_t toInteger(const boost::json::value& v, const std::string& where, std::int64_t min,
                       std::int64_t max) {
    const double x = toNumber(v, where);
    if (x != std::floor(x))
        fail(where, msg::kErrorJsonNotWhole, {formatNumber(x)});
    if (x < static_cast<double>(min) || x > static_cast<double>(max))  // x may exceed any integer type
        failRange(where, formatNumber(x), static_cast<double>(min), static_cast<double>(max));
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
        failRange(pathOf(key), std::isfinite(x) ? formatNumber(x) : numberText(x), min, max);
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
        failKind(pathOf(key), msg::kErrorJsonNotString, v);
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
        failKind(pathOf(key), msg::kErrorJsonNotBoolean, v);
    return v.get_bool();
}

void ObjectReader::optBoolean(std::string_view key, bool& target) {
    if (has(key))
        target = boolean(key);
    else
        m_known.insert(std::string(key));
}

void ObjectReader::optBoolean(std::string_view key, std::optional<bool>& target) {
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
    fail(pathOf(key), msg::kErrorJsonNotAllowed, {value, list});
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
        failKind(pathOf(key), msg::kErrorJsonNotArray, *v);
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
        const std::string closest = closestId(key, known);
        std::string list;
        for (const auto& k : known)
            list += (list.empty() ? "" : ", ") + k;
        if (closest.empty())
            fail(pathOf(key), msg::kErrorJsonUnknownKey, {list});
        fail(pathOf(key), msg::kErrorJsonUnknownKeyClosest, {closest, list});
    }
}

}  // namespace clusterplan::json
