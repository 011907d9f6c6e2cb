#include "core/quote/labels.h"

#include <vector>

#include "core/util/message.h"
#include "core/util/message_catalog.h"

namespace clusterplan::quote {

std::string label(Lang lang, std::string_view key) {
    const auto templ = messageTemplate("quote." + std::string(key), lang);
    return templ ? std::string(*templ) : "[[" + std::string(key) + "]]";
}

Bilingual bilingual(std::string_view key) {
    return {label(Lang::En, key), label(Lang::Zh, key)};
}

std::string label(Lang lang, std::string_view key, std::initializer_list<std::string_view> args) {
    return fillTemplate(label(lang, key), std::vector<std::string>(args.begin(), args.end()));
}

Bilingual bilingual(std::string_view key, std::initializer_list<std::string_view> args) {
    return {label(Lang::En, key, args), label(Lang::Zh, key, args)};
}

}  // namespace clusterplan::quote
