#pragma once
// What every fuzz target asserts about output: JSON parses (Boost.JSON, which also rejects
// invalid UTF-8, NaN and infinity), CSV reads back as RFC 4180 with one column count, errors
// carry a message. A failed check prints what failed and aborts, which libFuzzer reports as a
// crash and saves the input.
#include <string>
#include <string_view>

#include "core/catalog/catalog.h"
#include "core/scenario/scenario.h"
#include "core/util/result.h"

namespace clusterplan::testing {

[[noreturn]] void fuzzFailure(std::string_view what, std::string_view detail);

void requireJson(std::string_view text, std::string_view what);
void requireCsv(std::string_view text, std::string_view what);
// An input error must say where and why: a non-empty message.
void requireMessage(const Error& error, std::string_view what);
// What the window saves must open again as the same scenario (otherwise saving loses data).
void requireRoundTrip(const Scenario& scenario, const Catalog& catalog);

}  // namespace clusterplan::testing
