#include "core/validation/calibration_sources.h"

#include <algorithm>

#include "core/util/json_read.h"

namespace clusterplan {

namespace embedded {
std::string_view calibrationRunsJson();
}  // namespace embedded

Result<std::vector<CalibrationSource>> calibrationSources() {
    return calibrationSources(embedded::calibrationRunsJson(), "resources/calibration/calibration-runs.json");
}

Result<std::vector<CalibrationSource>> calibrationSources(std::string_view runsJson,
                                                          const std::string& label) {
    const Result<boost::json::value> parsed = json::parseText(runsJson, label);
    if (!parsed)
        return parsed.error();
    const auto* top = parsed->if_object();
    const auto* runs = top ? top->if_contains("runs") : nullptr;
    if (!runs || !runs->is_array())
        return Error{label + ": runs", "must be an array of published runs"};
    std::vector<CalibrationSource> sources;
    for (std::size_t i = 0; i < runs->get_array().size(); ++i) {
        const auto* run = runs->get_array()[i].if_object();
        const auto* source = run ? run->if_contains("source") : nullptr;
        if (!source || !source->is_string())
            return Error{label + ": " + json::indexPath("runs", i) + ".source",
                         "must be a text naming the publication"};
        const std::string text(source->get_string());
        auto known = std::find_if(sources.begin(), sources.end(),
                                  [&](const CalibrationSource& s) { return s.source == text; });
        if (known == sources.end())
            sources.push_back({text, 1});
        else
            ++known->runs;
    }
    return sources;
}

}  // namespace clusterplan
