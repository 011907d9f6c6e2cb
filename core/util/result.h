#pragma once
// Result<T>: a value or an Error naming where the input went wrong (style guide §3).
// Bad input and I/O return a Result; infeasible plans are values (Verdict), not errors.
#include <string>
#include <utility>
#include <variant>

namespace clusterplan {

struct Error {
    std::string where;    // key path or "FILE:LINE:COL", e.g. "layout.tp"
    std::string message;  // the reason and, where there is one, the allowed range
    [[nodiscard]] std::string toString() const { return where.empty() ? message : where + ": " + message; }
};

template <typename T> class Result {
public:
    Result(T value) : m_data(std::move(value)) {}      // NOLINT(google-explicit-constructor)
    Result(Error error) : m_data(std::move(error)) {}  // NOLINT(google-explicit-constructor)

    [[nodiscard]] bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }
    [[nodiscard]] const T& value() const& { return std::get<0>(m_data); }
    [[nodiscard]] T& value() & { return std::get<0>(m_data); }
    [[nodiscard]] T&& value() && { return std::get<0>(std::move(m_data)); }
    [[nodiscard]] const Error& error() const { return std::get<1>(m_data); }
    const T* operator->() const { return &value(); }
    const T& operator*() const { return value(); }

private:
    std::variant<T, Error> m_data;
};

}  // namespace clusterplan
