#pragma once
// Every sentence the engine writes for people that the window and the quote translate: an id and
// its English template, with %1, %2, ... for the arguments (message.h). The window translates a
// template with QCoreApplication::translate("EngineMessage", template), so the .ts file holds its
// Chinese; lupdate reads the templates from message_catalog.cpp.
#include <optional>
#include <span>
#include <string_view>

namespace clusterplan {

struct MessageTemplate {
    std::string_view id;
    std::string_view english;
};

// All of them, in the catalog's order.
std::span<const MessageTemplate> messageCatalog();
// The English template of `id`, if the catalog has it.
std::optional<std::string_view> messageTemplate(std::string_view id);

}  // namespace clusterplan
