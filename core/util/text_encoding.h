#pragma once
// Text files from elsewhere as UTF-8: a vendor's price list saved by Excel on Chinese Windows is
// GBK (code page 936), one saved elsewhere UTF-8, with or without a byte-order mark. Decoding goes
// through the C library's iconv (glibc's GBK converter), so no code table is kept here.
#include <string>
#include <string_view>

#include "core/util/result.h"

namespace clusterplan {

struct DecodedText {
    std::string text;      // UTF-8, without a byte-order mark
    std::string encoding;  // "utf-8" or "gbk": what the bytes were read as
};

// `encoding`: "auto" (UTF-8 when the bytes are valid UTF-8, else GBK), "utf-8" or "gbk".
// `label` names the file in errors.
Result<DecodedText> decodeText(std::string_view bytes, std::string_view encoding, const std::string& label);

}  // namespace clusterplan
