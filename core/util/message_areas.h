#pragma once
// The message catalog's areas, one file each (messages_*.cpp); message_catalog.cpp joins them.
#include <span>

#include "core/util/message_catalog.h"

namespace clusterplan::messages {

std::span<const MessageTemplate> planMessages();
std::span<const MessageTemplate> searchMessages();
std::span<const MessageTemplate> inputErrorMessages();
std::span<const MessageTemplate> fileErrorMessages();
std::span<const MessageTemplate> quoteMessages();
std::span<const MessageTemplate> articleMessages();
std::span<const MessageTemplate> quoteBookMessages();
std::span<const MessageTemplate> priceListMessages();

}  // namespace clusterplan::messages
