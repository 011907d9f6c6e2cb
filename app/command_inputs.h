#pragma once
// What the commands that parse their own arguments (options, launch) read first: the catalog with the
// user's files, then the scenario file on it.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/catalog/catalog_loading.h"
#include "core/scenario/scenario.h"
#include "core/util/language.h"

namespace clusterplan::cli {

struct CommandInputs {
    LoadedCatalog loaded;  // its warnings already printed
    Scenario scenario;
};

// What every command that parses its own arguments takes besides its own options: FILE, --lang and
// the catalog's files (--catalog, --pricebook, --profiles).
struct CommonOptions {
    std::string file;  // the first FILE
    // A command that reads several files (compare) sets this before parsing; the others refuse a
    // second FILE ("unexpected argument").
    bool severalFiles = false;
    std::vector<std::string> moreFiles;  // the FILEs after the first, when severalFiles
    Lang lang = Lang::En;
    CatalogFiles files;
};

// Parses args[1...]: an option named in `withValue` or `switches` goes to `own(option, value)` (value
// empty for a switch), which returns an error text or ""; the common options fill `common`. Returns the
// first error ("unknown option '--x'", "--out needs a value", ...) or "".
std::string parseCommandLine(const std::vector<std::string>& args, const std::vector<std::string>& withValue,
                             const std::vector<std::string>& switches, CommonOptions& common,
                             const std::function<std::string(const std::string&, const std::string&)>& own);

// The catalog (its warnings printed on stderr) and the scenario; on an error it is printed on stderr
// ("clusterplan-cli: WHERE: REASON") and nothing is returned: the command exits with kBadInput.
std::optional<CommandInputs> loadCommandInputs(const CatalogFiles& files, const std::string& file);

}  // namespace clusterplan::cli
