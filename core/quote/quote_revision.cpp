#include "core/quote/quote_revision.h"

#include <filesystem>

namespace clusterplan::quote {

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
