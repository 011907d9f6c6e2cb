#pragma once
// Result<T>: a value or an Error naming where the input went wrong.
// Bad input and I/O return a Result; infeasible plans are values (Verdict), not errors.
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/util/message.h"

namespace clusterplan {

struct Error {
    std::string where;    // key path or "FILE:LINE:COL", e.g. "layout.tp"
    std::string message;  // the reason and, where there is one, the allowed range (English)
    // The same reason as a catalog id and arguments (ids "error.*"), so that the window can show it
    // in Chinese; message == reason.text. Empty (no id) for errors that never reach a
    // window user, such as the CSV test reader's; the window then shows `message`.
    Message reason = {};
    [[nodiscard]] std::string toString() const { return where.empty() ? message : where + ": " + message; }
};

// An error whose reason is a message (ids "error.*"), so the window can show it in Chinese.
inline Error inputError(std::string where, Message reason) {
    std::string text = reason.text;
    return Error{std::move(where), std::move(text), std::move(reason)};
}

// The same with the message `id` filled in with exactly its arity's `args` (numbers, key paths and
// ids, already formatted): inputError("layout.tp", msg::kErrorTpHeads, {"5", "32"}).
template <std::size_t N>
Error inputError(std::string where, const MessageId<N>& id, std::string (&&args)[N]) {
    return inputError(std::move(where), makeMessage(id, std::move(args)));
}
inline Error inputError(std::string where, const MessageId<0>& id) {
    return inputError(std::move(where), makeMessage(id));
}

// The error with its place, "layout.tp: is 5, ...", as one message whose reason stays translatable:
// for a plan note that wraps a cost error, and for the window's dialogs.
Message errorLine(const Error& e);

// `inner` at another place ("FILE: " + its key path): the reason is kept, so it stays translatable.
inline Error relocated(std::string where, Error inner) {
    return Error{std::move(where), std::move(inner.message), std::move(inner.reason)};
}

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
