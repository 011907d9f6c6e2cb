#include "core/validation/cross_validation.h"

#include "core/util/json_read.h"

namespace clusterplan {

namespace embedded {
std::string_view perfProfilesCvJson();
}

std::string_view builtinCrossValidationJson() {
    return embedded::perfProfilesCvJson();
}

Result<CrossValidationFolds> parseCrossValidationFolds(std::string_view text, const std::string& file,
                                                       const PerfProfiles& base) {
    auto parsed = json::parseText(text, file);
    if (!parsed)
        return parsed.error();
    CrossValidationFolds folds;
    try {
        json::ObjectReader top(parsed.value(), "");
        top.ignore({"schema", "notes"});
        const auto* list = top.optArray("folds");
        if (!list)
            json::fail("folds", "is required: one entry per held-out source");
        for (std::size_t i = 0; i < list->size(); ++i) {
            json::ObjectReader r((*list)[i], json::indexPath("folds", i));
            const std::string source = r.string("held_out");
            r.ignore({"profiles", "fitted_on_sources"});
            r.finish();
            boost::json::object profiles;
            profiles["profiles"] = (*list)[i].as_object().at("profiles");
            PerfProfiles fold = base.defaultOnly();
            if (auto merged = fold.mergeJson(boost::json::serialize(profiles),
                                             file + ": folds[" + std::to_string(i) + "]");
                !merged)
                return merged.error();
            folds.emplace(source, std::move(fold));
        }
        top.finish();
    } catch (const json::InputError& e) {
        return Error{file + ": " + e.error.where, e.error.message};
    }
    return folds;
}

}  // namespace clusterplan
