#include "core/util/utf8.h"

namespace clusterplan {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

unsigned char byteAt(std::string_view text, std::size_t i) {
    return static_cast<unsigned char>(text[i]);
}

bool isContinuation(unsigned char b) {
    return (b & 0xC0) == 0x80;
}

// Allowed range of the second byte for a lead byte (Unicode Table 3-7); the rest are 80..BF.
bool secondByteAllowed(unsigned char lead, unsigned char second) {
    switch (lead) {
    case 0xE0:
        return second >= 0xA0 && second <= 0xBF;  // no overlong 3-byte forms
    case 0xED:
        return second >= 0x80 && second <= 0x9F;  // no UTF-16 surrogates
    case 0xF0:
        return second >= 0x90 && second <= 0xBF;  // no overlong 4-byte forms
    case 0xF4:
        return second >= 0x80 && second <= 0x8F;  // nothing above U+10FFFF
    default:
        return isContinuation(second);
    }
}

std::size_t expectedLength(unsigned char lead) {
    if (lead < 0x80)
        return 1;
    if (lead >= 0xC2 && lead <= 0xDF)
        return 2;
    if (lead >= 0xE0 && lead <= 0xEF)
        return 3;
    if (lead >= 0xF0 && lead <= 0xF4)
        return 4;
    return 0;  // continuation byte, C0, C1 or F5..FF: never a lead
}

// Bytes of the maximal subpart starting at text[0] that could still begin a valid sequence (at
// least 1), used to skip one ill-formed subsequence per U+FFFD.
std::size_t invalidSubpartLength(std::string_view text) {
    const unsigned char lead = byteAt(text, 0);
    const std::size_t need = expectedLength(lead);
    if (need < 2 || text.size() < 2 || !secondByteAllowed(lead, byteAt(text, 1)))
        return 1;
    std::size_t n = 2;
    while (n < need && n < text.size() && isContinuation(byteAt(text, n)))
        ++n;
    return n;
}

}  // namespace

std::size_t validUtf8SequenceLength(std::string_view text) {
    if (text.empty())
        return 0;
    const unsigned char lead = byteAt(text, 0);
    const std::size_t need = expectedLength(lead);
    if (need == 0 || text.size() < need)
        return 0;
    if (need > 1 && !secondByteAllowed(lead, byteAt(text, 1)))
        return 0;
    for (std::size_t i = 2; i < need; ++i)
        if (!isContinuation(byteAt(text, i)))
            return 0;
    return need;
}

bool isValidUtf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = validUtf8SequenceLength(text.substr(i));
        if (n == 0)
            return false;
        i += n;
    }
    return true;
}

std::string repairUtf8(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const std::string_view rest = text.substr(i);
        const std::size_t n = validUtf8SequenceLength(rest);
        if (n > 0) {
            out.append(rest.substr(0, n));
            i += n;
        } else {
            out.append(kReplacement);
            i += invalidSubpartLength(rest);
        }
    }
    return out;
}

}  // namespace clusterplan
