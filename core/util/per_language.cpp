#include "core/util/per_language.h"

#include <array>
#include <cmath>

#include "core/util/number_format.h"

namespace clusterplan {

Message perLanguageMessage(std::string english, std::string chinese) {
    std::string text = english;
    return Message{
        std::string(kPerLanguageMessageId), {std::move(english), std::move(chinese)}, std::move(text)};
}

std::string formatLargeCount(double count, Lang lang) {
    struct Scale {
        double factor;
        const char* name;
    };
    // Chinese groups by four digits: 万 (10^4), 亿 (10^8), 万亿 (10^12); English by three.
    static constexpr std::array<Scale, 3> kZh{{{1e12, " 万亿"}, {1e8, " 亿"}, {1e4, " 万"}}};
    static constexpr std::array<Scale, 3> kEn{{{1e12, " trillion"}, {1e9, " billion"}, {1e6, " million"}}};
    for (const Scale& scale : lang == Lang::Zh ? kZh : kEn)
        if (std::abs(count) >= scale.factor) {
            // Two decimals at most, none that are zeros: "207.09 million", "100 billion", "1,000 亿".
            std::string number = formatGrouped(count / scale.factor, 2);
            while (number.back() == '0')
                number.pop_back();
            if (number.back() == '.')
                number.pop_back();
            return number + scale.name;
        }
    return formatGrouped(count, 0);
}

Message largeCountMessage(double count) {
    return perLanguageMessage(formatLargeCount(count, Lang::En), formatLargeCount(count, Lang::Zh));
}

}  // namespace clusterplan
