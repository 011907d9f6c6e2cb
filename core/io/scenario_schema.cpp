#include "core/io/scenario_schema.h"
#include "core/util/messages_file_errors.h"

#include <charconv>
#include <string_view>

namespace clusterplan {

namespace {

constexpr std::string_view kPrefix = "clusterplan.scenario/";

// One migration step: turns a version-v document into version v+1 and describes the change for
// the user ("'layout.zero' was renamed to 'layout.zero_stage'"). Index 0 upgrades version 1 to 2.
using MigrationStep = std::string (*)(boost::json::object& root);

// Empty: version 1 is the first scenario schema. When version 2 is introduced, its reader stays
// strict and a step here rewrites version-1 files into version-2 form.
constexpr MigrationStep kMigrations[] = {nullptr};

}  // namespace

Result<int> scenarioSchemaVersion(const boost::json::value& root) {
    const auto* object = root.if_object();
    const auto* schema = object ? object->if_contains("schema") : nullptr;
    if (!object)
        return inputError("", msg::kErrorSchemaNotObject);
    if (!schema || !schema->is_string())
        return inputError("schema", msg::kErrorSchemaRequired, {std::to_string(kScenarioSchemaVersion)});
    const std::string_view text = schema->get_string();
    int version = 0;
    const char* digits = text.data() + kPrefix.size();
    const char* end = text.data() + text.size();
    const bool prefixed = text.substr(0, kPrefix.size()) == kPrefix;
    const auto [ptr, ec] =
        prefixed ? std::from_chars(digits, end, version) : std::from_chars(end, end, version);
    if (!prefixed || ec != std::errc() || ptr != end || version < 1)
        return inputError("schema", msg::kErrorSchemaNotScenario,
                          {std::string(text), std::to_string(kScenarioSchemaVersion)});
    if (version > kScenarioSchemaVersion)
        return inputError("schema", msg::kErrorSchemaNewer,
                          {std::string(text), std::to_string(kScenarioSchemaVersion)});
    return version;
}

void migrateScenario(boost::json::value& root, int from, std::vector<std::string>& notes) {
    for (int v = from; v < kScenarioSchemaVersion; ++v) {
        const MigrationStep step = kMigrations[v - 1];
        notes.push_back("Read a version-" + std::to_string(v) + " scenario: " + step(root.as_object()));
        root.as_object()["schema"] = std::string(kPrefix) + std::to_string(v + 1);
    }
}

}  // namespace clusterplan
