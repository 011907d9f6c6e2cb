#include "core/util/message_catalog.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include "core/util/json_read.h"
#include "core/util/messages_article.h"
#include "core/util/messages_file_errors.h"
#include "core/util/messages_input_errors.h"
#include "core/util/messages_plan.h"
#include "core/util/messages_price_list.h"
#include "core/util/messages_quote.h"
#include "core/util/messages_quote_book.h"
#include "core/util/messages_search.h"

namespace clusterplan {

namespace embedded {
std::string_view engineMessagesZhCnJson();
}

namespace {

// Every constant of messages_*.h, listed from the same lists. A built-in array, not std::array:
// clang 14 deduces std::array{...} through a fold over every element and stops at 256 (the fuzz build).
#define MESSAGE(name, arity, id, english) msg::name,
constexpr MessageTemplate kCatalog[] = {
#include "core/util/messages_article.inc"
#include "core/util/messages_file_errors.inc"
#include "core/util/messages_input_errors.inc"
#include "core/util/messages_plan.inc"
#include "core/util/messages_price_list.inc"
#include "core/util/messages_quote.inc"
#include "core/util/messages_quote_book.inc"
#include "core/util/messages_search.inc"
};
#undef MESSAGE

// Sorted by id once (a constant table, built on first use; thread-safe as a function-local static):
// the search looks up a template for every layout that does not fit, and a linear scan of the few
// hundred ids cost a fifth of its time.
const std::vector<const MessageTemplate*>& byId() {
    static const std::vector<const MessageTemplate*> sorted = [] {
        std::vector<const MessageTemplate*> out;
        for (const auto& t : messageCatalog())
            out.push_back(&t);
        std::sort(out.begin(), out.end(), [](const auto* a, const auto* b) { return a->id < b->id; });
        return out;
    }();
    return sorted;
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

std::span<const MessageTemplate> messageCatalog() {
    return kCatalog;
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
