#include "core/quote/quote_revision.h"

#include <filesystem>

namespace clusterplan::quote {

std::string exportFileName(const QuoteInfo& info, std::string_view extension) {
    // Characters file systems refuse become '-'; spaces too, in the customer's name, so the name
    // needs no quoting in a shell or a mail.
    const auto safe = [](std::string_view text, bool spaces) {
        std::string out;
        for (const char c : text) {
            const bool refused = static_cast<unsigned char>(c) < 0x20 ||
                                 std::string_view("/\\:*?\"<>|").find(c) != std::string_view::npos ||
                                 (spaces && c == ' ');
            out += refused ? '-' : c;
        }
        return out;
    };
    std::string name =
        info.number.empty() ? "quote" : safe(info.number, false) + "-r" + std::to_string(info.revision);
    if (!info.customer.empty())
        name += "_" + safe(info.customer, true);
    return name + "." + std::string(extension);
}

std::string resolveLogoPath(const std::string& logo, const std::string& scenarioFile) {
    const std::filesystem::path path(logo);
    if (logo.empty() || path.is_absolute() || scenarioFile.empty())
        return logo;
    return (std::filesystem::path(scenarioFile).parent_path() / path).lexically_normal().string();
}

}  // namespace clusterplan::quote
