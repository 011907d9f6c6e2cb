#pragma once
// The "schema" key of a scenario file: "clusterplan.scenario/N". A file from a newer ClusterPlan
// (N above the version this build writes) is refused before any other key is read, so nothing is
// half-loaded; a file from an older version is brought up to date one version at a time, each
// step saying in a note what it changed. Version 1 is the first, so no migration exists yet.
#include <boost/json.hpp>
#include <string>
#include <vector>

#include "core/util/result.h"

namespace clusterplan {

inline constexpr int kScenarioSchemaVersion = 1;

// The version number in `root["schema"]`, or an Error at "schema" saying why the file cannot be
// read (missing, not a ClusterPlan scenario, written by a newer version).
Result<int> scenarioSchemaVersion(const boost::json::value& root);

// Turns a version-`from` document into the current version in place; appends one note per step.
void migrateScenario(boost::json::value& root, int from, std::vector<std::string>& notes);

}  // namespace clusterplan
