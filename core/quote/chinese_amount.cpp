#include "core/quote/chinese_amount.h"

#include <array>
#include <cstdint>

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

}  // namespace clusterplan::quote
