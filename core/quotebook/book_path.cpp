#include "core/quotebook/book_path.h"
#include "core/quotebook/messages_quote_book.h"

#include <cstdlib>

namespace clusterplan::quotebook {

Result<std::string> defaultBookPath(const char* xdgDataHome, const char* home) {
    const std::string xdg = xdgDataHome ? xdgDataHome : "";
    if (!xdg.empty() && xdg.front() == '/')
        return xdg + "/ClusterPlan/quotes.sqlite";
    const std::string homeDir = home ? home : "";
    if (homeDir.empty())
        return inputError("--quote-book", msg::kErrorQuotebookNoHome);
    return homeDir + "/.local/share/ClusterPlan/quotes.sqlite";
}

Result<std::string> defaultBookPath() {
    return defaultBookPath(std::getenv("XDG_DATA_HOME"), std::getenv("HOME"));
}

}  // namespace clusterplan::quotebook
