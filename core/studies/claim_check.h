#pragma once
// One claim of a published text checked against the engine: the text's words and number, the
// engine's number for the same quantity (from the plan evaluate() returns for the example, never
// from the example's file), the verdict and the sentence saying how the engine's number arises.
#include <optional>
#include <string>
#include <vector>

#include "core/scenario/scenario.h"
#include "core/util/message.h"

namespace clusterplan {

// An example scenario that carries a claim, and for a comparison (speed-up, slowdown) the scenario
// it is compared with. Loaded by the caller (io/article_examples.h): studies/ reads no files.
struct ClaimExample {
    std::string file;  // name of the example's file, without its folder
    Scenario scenario;
    std::string comparedFile;
    std::optional<Scenario> compared;
};

enum class ClaimVerdict { Agrees, Differs, NoBasis };

struct ClaimCheck {
    std::string file;
    Description description;
    Claim claim;
    // The engine's value in the dimension's base unit (bytes, seconds, FLOP/s, CNY, ratio, %);
    // empty when the engine has no basis for it.
    std::optional<double> engine;
    ClaimVerdict verdict = ClaimVerdict::NoBasis;
    Message verdictText;  // "agrees", "differs: 1000 times the article's value", "no basis"
    Message mechanism;    // one sentence: how the engine's number arises
    Message tested;       // the set-up the verdict rests on: model, cluster, layout, batch
    // Said before the verdict, in order: the article's set-up does not fit and the variant tested
    // instead, the premise the example produces, the condition under which the claim holds, an
    // input the article does not give.
    std::vector<Message> notes;
};

}  // namespace clusterplan
