#pragma once
// A scenario's `description`: a line saying what the scenario is, or, for a scenario that tests a
// published text's claim (resources/scenarios/article/), the text's sentence quoted verbatim with
// its section and an English gloss. Value type, carried through save and load unchanged.
#include <string>

namespace clusterplan {

struct Description {
    std::string text;     // the plain form: "description": "..."
    std::string section;  // the quoted form: "description": {"section", "quote", "gloss"}
    std::string quote;    // the source's sentence, in its own language
    std::string gloss;    // the sentence in English
    [[nodiscard]] bool quoted() const { return !section.empty(); }
    [[nodiscard]] bool empty() const { return text.empty() && !quoted(); }
    bool operator==(const Description&) const = default;
};

}  // namespace clusterplan
