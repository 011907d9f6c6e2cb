#pragma once
// Every sentence and label the engine writes for people: an id and its English template, with %1,
// %2, ... for the arguments (message.h), and the template in each other language. One mechanism
// for the window, the CLI, the quote and the workbook, with or without Qt: the English is in the
// code by area, as compile-time constants (messages_*.h beside the area that writes them,
// message_id.h), the Chinese in resources/i18n/zh_CN.json, embedded at build time. Each area's
// header registers its list (registerMessageList(), message_id.h), so this catalog, at the bottom
// of the engine, never names the areas above it. A test requires a Chinese template with the same
// arguments for every id.
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/util/language.h"
#include "core/util/message_id.h"

namespace clusterplan {

// All of them, area by area: every constant of the messages_*.h that this program includes (a test
// that checks the whole catalog includes every area's header).
std::span<const MessageTemplate> messageCatalog();
// The template of a constant id (msg::k...) in `lang`; the English one when that language lacks it.
std::string_view messageTemplate(const MessageTemplate& id, Lang lang);
// The lookups of an id that arrives at run time, as data (a Message's id): the English template
// of `id`, if the catalog has it.
std::optional<std::string_view> messageTemplate(std::string_view id);
// The template of `id` in `lang`; the English one when that language lacks it (a test keeps the
// Chinese complete), nothing when the catalog has no such id.
std::optional<std::string_view> messageTemplate(std::string_view id, Lang lang);
// The ids the Chinese file translates, for its test (no stale ids, none missing).
std::vector<std::string_view> translatedIds(Lang lang);

}  // namespace clusterplan
