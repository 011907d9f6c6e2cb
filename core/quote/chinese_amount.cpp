#include "core/quote/chinese_amount.h"

#include <array>
#include <cstdint>
#include <initializer_list>
#include <utility>

namespace clusterplan::quote {

namespace {

constexpr std::array<const char*, 10> kDigits{"零", "壹", "贰", "叁", "肆", "伍", "陆", "柒", "捌", "玖"};
constexpr std::array<const char*, 4> kPlaces{"", "拾", "佰", "仟"};

const char* digit(std::int64_t d) {
    return kDigits[static_cast<std::size_t>(d)];
}

// A group of four digits (0 < g < 10000): internal zeros write one 零, trailing zeros none.
std::string groupText(std::int64_t g) {
    std::string out;
    bool zero = false;
    bool started = false;
    for (int place = 3; place >= 0; --place) {
        std::int64_t scale = 1;
        for (int i = 0; i < place; ++i)
            scale *= 10;
        const std::int64_t d = (g / scale) % 10;
        if (d == 0) {
            zero = started;
            continue;
        }
        if (zero)
            out += "零";
        out += digit(d);
        out += kPlaces[static_cast<std::size_t>(place)];
        zero = false;
        started = true;
    }
    return out;
}

// Whole 元: groups of four digits with 万, 亿 and 万亿 (Money's range ends below 10^16).
std::string yuanText(std::int64_t yuan) {
    const std::array<std::int64_t, 4> groups{yuan / 1'000'000'000'000 % 10000, yuan / 100'000'000 % 10000,
                                             yuan / 10000 % 10000, yuan % 10000};
    std::string out;
    bool pendingZero = false;
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const std::int64_t g = groups[i];
        if (g == 0) {
            pendingZero = !out.empty();
            continue;
        }
        if (!out.empty() && (pendingZero || g < 1000))
            out += "零";
        out += groupText(g);
        if (i == 0)
            out += groups[1] == 0 ? "万亿" : "万";
        else if (i == 1)
            out += "亿";
        else if (i == 2)
            out += "万";
        pendingZero = false;
    }
    return out;
}

}  // namespace

std::string chineseUppercase(cost::Money amount) {
    std::int64_t cents = amount.cents();
    std::string out;
    if (cents < 0) {
        out = "负";
        cents = -cents;
    }
    const std::int64_t yuan = cents / 100;
    const std::int64_t jiao = cents / 10 % 10;
    const std::int64_t fen = cents % 10;
    if (yuan == 0 && cents == 0)
        return "零元整";
    if (yuan > 0)
        out += yuanText(yuan) + "元";
    if (jiao > 0)
        out += std::string(digit(jiao)) + "角";
    else if (yuan > 0 && fen > 0)
        out += "零";
    if (fen > 0)
        out += std::string(digit(fen)) + "分";
    else
        out += "整";
    return out;
}

std::string chineseUppercaseFormula(const std::string& ref) {
    const std::string cents = "ROUND(ABS(" + ref + ")*100,0)";
    const std::string yuan = "INT(" + cents + "/100)";
    const std::string padded = "TEXT(" + yuan + ",\"0000000000000000\")";  // 16 digits
    const std::string digits = "\"零壹贰叁肆伍陆柒捌玖\"";
    const auto digitAt = [&](const std::string& digitText) {
        return "MID(" + digits + "," + digitText + "+1,1)";
    };
    // Every digit from the highest present one down, with its place: 壹仟零佰零拾伍万零仟...元.
    std::string raw;
    for (int place = 15; place >= 0; --place) {
        std::string unit = kPlaces[static_cast<std::size_t>(place % 4)];
        if (place == 4 || place == 12)
            unit += "万";
        else if (place == 8)
            unit += "亿";
        raw += "IF(" + yuan + ">=10^" + std::to_string(place) + "," +
               digitAt("MID(" + padded + "," + std::to_string(16 - place) + ",1)") + "&\"" + unit +
               "\",\"\")&";
    }
    raw += "\"元\"";
    // Zero rules: a zero digit drops its place; zeros in a row write one (four passes: 16 → 1); a
    // whole zero group keeps one 零 after 万亿 or 亿 (壹万亿零伍仟万, 壹亿零壹); no 零 before 万, 亿 or 元.
    const std::initializer_list<std::pair<const char*, const char*>> rules{
        {"零仟", "零"}, {"零佰", "零"}, {"零拾", "零"},       {"零零", "零"}, {"零零", "零"},
        {"零零", "零"}, {"零零", "零"}, {"万零亿", "万亿零"}, {"零零", "零"}, {"亿零万", "亿零"},
        {"零零", "零"}, {"零万", "万"}, {"零亿", "亿"},       {"零元", "元"}};
    std::string whole = raw;
    for (const auto& [from, to] : rules)
        whole = "SUBSTITUTE(" + whole + ",\"" + from + "\",\"" + to + "\")";
    const std::string jiao = "(INT(" + cents + "/10)-10*INT(" + cents + "/100))";
    const std::string fen = "(" + cents + "-10*INT(" + cents + "/10))";
    const std::string fraction = "IF(" + jiao + ">0," + digitAt(jiao) + "&\"角\",IF(AND(" + yuan + ">0," +
                                 fen + ">0),\"零\",\"\"))&IF(" + fen + ">0," + digitAt(fen) +
                                 "&\"分\",\"整\")";
    return "IF(" + cents + "=0,\"零元整\",IF(" + ref + "<0,\"负\",\"\")&IF(" + yuan + ">0," + whole +
           ",\"\")&" + fraction + ")";
}

}  // namespace clusterplan::quote
