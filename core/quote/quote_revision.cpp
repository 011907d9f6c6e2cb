#include "core/quote/quote_revision.h"

#include <filesystem>

namespace clusterplan::quote {

QuoteInfo nextRevision(const QuoteInfo& edited, const QuoteInfo& saved, bool scenarioChanged) {
    QuoteInfo next = edited;
    if (edited.number != saved.number) {
        // A new number starts a new quote (Huawei Cloud's "duplicate to start the next quote").
        next.revision = 1;
        return next;
    }
    QuoteInfo sameRevision = edited;
    sameRevision.revision = saved.revision;
    next.revision = scenarioChanged || !(sameRevision == saved) ? saved.revision + 1 : saved.revision;
    return next;
}

Scenario withNextRevision(const Scenario& current, const Scenario& lastSaved) {
    if (!current.quote || !lastSaved.quote)
        return current;
    Scenario a = current, b = lastSaved;
    a.quote.reset();
    b.quote.reset();
    Scenario next = current;
    next.quote = nextRevision(*current.quote, *lastSaved.quote, !(a == b));
    return next;
}

std::string exportFileName(const QuoteInfo& info, std::string_view extension) {
    if (info.number.empty())
        return "quote." + std::string(extension);
    std::string name;
    for (const char c : info.number) {
        const bool refused = static_cast<unsigned char>(c) < 0x20 ||
                             std::string_view("/\\:*?\"<>|").find(c) != std::string_view::npos;
        name += refused ? '-' : c;
    }
    return name + "-r" + std::to_string(info.revision) + "." + std::string(extension);
}

std::string resolveLogoPath(const std::string& logo, const std::string& scenarioFile) {
    const std::filesystem::path path(logo);
    if (logo.empty() || path.is_absolute() || scenarioFile.empty())
        return logo;
    return (std::filesystem::path(scenarioFile).parent_path() / path).lexically_normal().string();
}

}  // namespace clusterplan::quote
