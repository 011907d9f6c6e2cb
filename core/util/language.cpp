#include "core/util/language.h"

namespace clusterplan {

bool parseLang(std::string_view text, Lang& out) {
    if (text == "en" || text == "en_US" || text == "en_GB") {
        out = Lang::En;
        return true;
    }
    if (text == "zh_CN" || text == "zh") {
        out = Lang::Zh;
        return true;
    }
    return false;
}

const char* langCode(Lang lang) {
    return lang == Lang::Zh ? "zh_CN" : "en";
}

}  // namespace clusterplan
