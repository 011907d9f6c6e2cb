#include "core/catalog/cross_validation.h"

#include "core/catalog/catalog.h"
#include "core/util/json_read.h"

namespace clusterplan {

namespace embedded {
std::string_view perfProfilesCvJson();
}

std::string_view builtinCrossValidationJson() {
    return embedded::perfProfilesCvJson();
}

std::string stackGroupOf(const std::string& profileId) {
    const std::size_t dash = profileId.rfind('-');
    return dash == std::string::npos ? profileId : profileId.substr(0, dash);
}

Result<CrossValidationFolds> parseCrossValidationFolds(std::string_view text, const std::string& file,
                                                       const Catalog& catalog) {
    auto parsed = json::parseText(text, file);
    if (!parsed)
        return parsed.error();
    CrossValidationFolds folds;
    try {
        json::ObjectReader top(parsed.value(), "");
        top.ignore({"schema", "notes"});
        const auto* list = top.optArray("folds");
        if (!list)
            json::fail("folds", "is required: one entry per held-out source and per held-out group");
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string at = json::indexPath("folds", i);
            json::ObjectReader r((*list)[i], at);
            std::string source, group;
            r.optString("held_out", source);
            r.optString("held_out_group", group);
            if (source.empty() == group.empty())
                json::fail(at, "names either \"held_out\" (a source) or \"held_out_group\" (a stack group)");
            r.ignore({"profiles", "fitted_on_sources", "band_from_groups"});
            r.finish();
            boost::json::object profiles;
            profiles["profiles"] = (*list)[i].as_object().at("profiles");
            PerfProfiles fold = catalog.perfProfiles().defaultOnly();
            if (auto merged = fold.mergeJson(boost::json::serialize(profiles),
                                             file + ": folds[" + std::to_string(i) + "]");
                !merged)
                return merged.error();
            (source.empty() ? folds.byGroup[group] : folds.bySource[source]) = std::move(fold);
        }
        top.finish();
    } catch (const json::InputError& e) {
        return Error{file + ": " + e.error.where, e.error.message};
    }
    return folds;
}

}  // namespace clusterplan
