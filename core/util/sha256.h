#pragma once
// SHA-256 (FIPS 180-4, "Secure Hash Standard", NIST 2015, sections 4.1.2, 5.1.1, 6.2): the
// fingerprint the quote book keeps of every file exported from a quote, and of a quote's content.
#include <string>
#include <string_view>

namespace clusterplan {

// The digest of `data` as 64 lower-case hexadecimal digits.
[[nodiscard]] std::string sha256Hex(std::string_view data);

}  // namespace clusterplan
