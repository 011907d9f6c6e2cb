#include "core/perf/profile_name.h"

#include "core/scenario/framework.h"
#include "core/scenario/precision.h"

#include <cctype>

namespace clusterplan {

namespace {
constexpr std::string_view kFittedSuffix = "+measured";  // calibration/profile_fit.cpp
}

bool isFittedProfileId(std::string_view id) {
    return id.size() > kFittedSuffix.size() && id.substr(id.size() - kFittedSuffix.size()) == kFittedSuffix;
}

std::string_view unfittedProfileId(std::string_view id) {
    return isFittedProfileId(id) ? id.substr(0, id.size() - kFittedSuffix.size()) : id;
}

std::optional<std::string> profileDisplayName(std::string_view id) {
    id = unfittedProfileId(id);
    // <stack>-<architecture>-<precision>; the stack's id may hold a dash itself ("olmo-core").
    const std::size_t last = id.rfind('-');
    if (last == std::string_view::npos || last == 0)
        return std::nullopt;
    const std::size_t middle = id.rfind('-', last - 1);
    if (middle == std::string_view::npos)
        return std::nullopt;
    const auto framework = parseFramework(id.substr(0, middle));
    const auto precision = parsePrecision(id.substr(last + 1));
    std::string architecture(id.substr(middle + 1, last - middle - 1));
    if (!framework || !precision || architecture.empty())
        return std::nullopt;
    // "ampere" → "Ampere", NVIDIA's name of the generation; "bf16" → "BF16", as datasheets write it.
    architecture[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(architecture[0])));
    std::string format(toString(*precision));
    for (char& c : format)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return std::string(displayName(*framework)) + ", " + architecture + ", " + format;
}

}  // namespace clusterplan
