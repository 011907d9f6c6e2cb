#include "core/util/message_catalog.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include "core/util/json_read.h"

namespace clusterplan {

namespace embedded {
std::string_view engineMessagesZhCnJson();
}

namespace {

// The registered lists, one after the other, and the same sorted by id (the search looks up a
// template for every layout that does not fit, and a linear scan of the few hundred ids cost a
// fifth of its time). Lists register while the program starts (the inline variables of
// messages_<area>.h, before main), so the look-ups, which come later and may come from several
// threads, only read. A function-local static: registration may come from any translation unit's
// initialisation, whichever runs first.
struct Registry {
    std::vector<MessageTemplate> all;
    std::vector<const MessageTemplate*> byId;
};

Registry& registry() {
    static Registry r;
    return r;
}

const std::vector<const MessageTemplate*>& byId() {
    return registry().byId;
}

// The Chinese templates, read once from the embedded resources/i18n/zh_CN.json. A broken file is a
// build defect that the tests catch; at run time it leaves the English.
const std::map<std::string, std::string, std::less<>>& chinese() {
    static const std::map<std::string, std::string, std::less<>> templates = [] {
        std::map<std::string, std::string, std::less<>> out;
        auto parsed = json::parseText(embedded::engineMessagesZhCnJson(), "resources/i18n/zh_CN.json");
        if (!parsed) {
            std::fprintf(stderr, "clusterplan: resources/i18n/zh_CN.json is broken: %s\n",
                         parsed.error().toString().c_str());
            return out;
        }
        const auto* root = parsed.value().if_object();
        const auto* messages = root ? root->if_contains("messages") : nullptr;
        if (messages && messages->is_object())
            for (const auto& [id, text] : messages->get_object())
                if (text.is_string())
                    out.emplace(std::string(id), std::string(text.get_string()));
        return out;
    }();
    return templates;
}

}  // namespace

bool registerMessageList(std::span<const MessageTemplate> list) {
    Registry& r = registry();
    r.all.insert(r.all.end(), list.begin(), list.end());
    r.byId.clear();
    for (const auto& t : r.all)
        r.byId.push_back(&t);
    std::sort(r.byId.begin(), r.byId.end(), [](const auto* a, const auto* b) { return a->id < b->id; });
    return true;
}

std::span<const MessageTemplate> messageCatalog() {
    return registry().all;
}

std::string_view messageTemplate(const MessageTemplate& id, Lang lang) {
    if (lang == Lang::En)
        return id.english;
    const auto& zh = chinese();
    const auto it = zh.find(id.id);
    return it == zh.end() ? id.english : std::string_view(it->second);
}

std::optional<std::string_view> messageTemplate(std::string_view id) {
    const auto& sorted = byId();
    const auto it =
        std::lower_bound(sorted.begin(), sorted.end(), id,
                         [](const MessageTemplate* t, std::string_view key) { return t->id < key; });
    if (it == sorted.end() || (*it)->id != id)
        return std::nullopt;
    return (*it)->english;
}

std::optional<std::string_view> messageTemplate(std::string_view id, Lang lang) {
    const auto english = messageTemplate(id);
    if (!english || lang == Lang::En)
        return english;
    const auto& zh = chinese();
    const auto it = zh.find(id);
    return it == zh.end() ? english : std::optional<std::string_view>(it->second);
}

std::vector<std::string_view> translatedIds(Lang lang) {
    std::vector<std::string_view> ids;
    if (lang == Lang::Zh)
        for (const auto& [id, text] : chinese())
            ids.push_back(id);
    return ids;
}

}  // namespace clusterplan
