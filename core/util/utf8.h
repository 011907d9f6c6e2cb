#pragma once
// UTF-8 repair for text that leaves the program. Names and notes come from files other people
// wrote; JSON (RFC 8259 §8.1) and the CSV we write must be valid UTF-8, so every ill-formed
// sequence (Unicode 15 §3.9, Table 3-7: overlong forms, surrogates, code points over U+10FFFF,
// truncated sequences) is replaced by U+FFFD, one per maximal invalid subpart (§3.9 "U+FFFD
// Substitution of Maximal Subparts", the practice WHATWG's decoder follows).
#include <string>
#include <string_view>

namespace clusterplan {

// Length of the well-formed UTF-8 sequence starting at text[0], or 0 when it is ill-formed.
std::size_t validUtf8SequenceLength(std::string_view text);
bool isValidUtf8(std::string_view text);
// `text` with every ill-formed subsequence replaced by U+FFFD; valid text comes back unchanged.
std::string repairUtf8(std::string_view text);

}  // namespace clusterplan
