#include "core/quote/labels.h"

#include <vector>

#include "core/quote/messages_quote.h"
#include "core/util/message.h"
#include "core/util/message_catalog.h"

namespace clusterplan::quote {

std::string label(Lang lang, const MessageId<0>& id) {
    return std::string(messageTemplate(id, lang));
}

const MessageId<0>& recomputeLabel(Recompute recompute) {
    switch (recompute) {
    case Recompute::None:
        return msg::kQuoteRecomputeNone;
    case Recompute::Selective:
        return msg::kQuoteRecomputeSelective;
    case Recompute::Full:
        break;
    }
    return msg::kQuoteRecomputeFull;
}

const MessageId<0>& recomputeShortLabel(Recompute recompute) {
    switch (recompute) {
    case Recompute::None:
        return msg::kQuoteRecomputeShortNone;
    case Recompute::Selective:
        return msg::kQuoteRecomputeShortSelective;
    case Recompute::Full:
        break;
    }
    return msg::kQuoteRecomputeShortFull;
}

Bilingual bilingual(const MessageId<0>& id) {
    return {label(Lang::En, id), label(Lang::Zh, id)};
}

std::string filledLabel(Lang lang, const MessageTemplate& id, const std::vector<std::string_view>& args) {
    return fillTemplate(messageTemplate(id, lang), std::vector<std::string>(args.begin(), args.end()));
}

}  // namespace clusterplan::quote
