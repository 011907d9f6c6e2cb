#include "output_checks.h"

#include <boost/json.hpp>
#include <cstdio>
#include <cstdlib>

#include "core/io/scenario_json.h"
#include "csv_reader.h"

namespace clusterplan::testing {

void fuzzFailure(std::string_view what, std::string_view detail) {
    std::fprintf(stderr, "fuzz check failed: %.*s: %.*s\n", static_cast<int>(what.size()), what.data(),
                 static_cast<int>(detail.size()), detail.data());
    std::abort();
}

void requireJson(std::string_view text, std::string_view what) {
    boost::system::error_code ec;
    boost::json::parse(text, ec);
    if (ec)
        fuzzFailure(what, "output is not valid JSON: " + ec.message());
}

void requireCsv(std::string_view text, std::string_view what) {
    const auto records = readCsv(text);
    if (!records)
        fuzzFailure(what, "output is not RFC 4180 CSV");
    if (records->empty())
        fuzzFailure(what, "no header line");
    for (const auto& record : *records)
        if (record.size() != records->front().size())
            fuzzFailure(what, "a record has " + std::to_string(record.size()) + " fields, the header " +
                                  std::to_string(records->front().size()));
}

void requireMessage(const Error& error, std::string_view what) {
    if (error.message.empty())
        fuzzFailure(what, "an input error without a message (where: " + error.where + ")");
}

void requireRoundTrip(const Scenario& scenario, const Catalog& catalog) {
    const std::string saved = scenarioToJson(scenario);
    requireJson(saved, "saved scenario");
    auto reread = parseScenario(saved, catalog, "saved");
    if (!reread)
        fuzzFailure("saved scenario", "does not read back: " + reread.error().toString());
    if (!(reread.value() == scenario))
        fuzzFailure("saved scenario", "reads back different:\n" + saved);
}

}  // namespace clusterplan::testing
