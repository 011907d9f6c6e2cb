#pragma once
// Every sentence and label the engine writes for people: an id and its English template, with %1,
// %2, ... for the arguments (message.h), and the template in each other language. One mechanism
// for the window, the CLI, the quote and the workbook, with or without Qt: the English is in the
// code by area (messages_*.cpp), the Chinese in resources/i18n/zh_CN.json, embedded at build time.
// A test requires a Chinese template with the same arguments for every id.
#include <optional>
#include <string_view>
#include <vector>

#include "core/util/language.h"

namespace clusterplan {

struct MessageTemplate {
    std::string_view id;
    std::string_view english;
};

// All of them, area by area.
const std::vector<MessageTemplate>& messageCatalog();
// The English template of `id`, if the catalog has it.
std::optional<std::string_view> messageTemplate(std::string_view id);
// The template of `id` in `lang`; the English one when that language lacks it (a test keeps the
// Chinese complete), nothing when the catalog has no such id.
std::optional<std::string_view> messageTemplate(std::string_view id, Lang lang);
// The ids the Chinese file translates, for its test (no stale ids, none missing).
std::vector<std::string_view> translatedIds(Lang lang);

}  // namespace clusterplan
