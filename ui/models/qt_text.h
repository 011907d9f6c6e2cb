#pragma once
// Conversions between the engine's UTF-8 std::string and QString, at the UI edge only.
#include <QString>

#include <string>
#include <string_view>

namespace clusterplan::ui {

inline QString toQString(std::string_view text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

inline std::string toStdString(const QString& text) {
    return text.toStdString();
}

}  // namespace clusterplan::ui
