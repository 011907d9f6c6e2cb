// Compiled with -fsyntax-only by CTest (tests/CMakeLists.txt, message_ids.*): with no CASE_ macro
// it must compile, and each CASE_ must fail to compile with its own error, so a misspelt message id,
// a wrong number of arguments or a template whose placeholders disagree with its arity is caught
// when the code compiles, never on the worker thread.
#include "core/report/messages_plan.h"
#include "core/search/messages_search.h"
#include "core/util/message.h"

using namespace clusterplan;

Message right() {
    return makeMessage(msg::kPlanDoesNotFit, {"3", "90.1 GiB", "79.1 GiB"});
}

#if defined(CASE_UNKNOWN_ID)
Message unknownId() {
    return makeMessage(msg::kPlanDoesNotFitt, {"3", "90.1 GiB", "79.1 GiB"});
}
#elif defined(CASE_TOO_FEW_ARGUMENTS)
Message tooFew() {
    return makeMessage(msg::kPlanDoesNotFit, {"3", "90.1 GiB"});
}
#elif defined(CASE_TOO_MANY_ARGUMENTS)
Message tooMany() {
    return makeMessage(msg::kPlanDoesNotFit, {"3", "90.1 GiB", "79.1 GiB", "again"});
}
#elif defined(CASE_ARGUMENTS_FOR_NONE)
Message forNone() {
    return makeMessage(msg::kPlanNoMicroBatch, {"1"});
}
#elif defined(CASE_NESTED_COUNT)
Message nested() {
    return makeNestedMessage(msg::kPlanCostNotComputed, {plainMessage("a"), plainMessage("b")});
}
#elif defined(CASE_TEMPLATE_DISAGREES_WITH_ARITY)
inline constexpr MessageId<1> kTwoPlaceholders{"plan.two", "%1 of %2"};
#endif
