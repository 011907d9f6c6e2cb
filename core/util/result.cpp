#include "core/util/result.h"

#include "core/util/messages_file_errors.h"

namespace clusterplan {

Message errorLine(const Error& e) {
    Message reason = e.reason.id.empty() ? plainMessage(e.message) : e.reason;
    if (e.where.empty())
        return reason;
    return makeNestedMessage(msg::kErrorAt, {plainMessage(e.where), std::move(reason)});
}

}  // namespace clusterplan
