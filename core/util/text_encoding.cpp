#include "core/util/text_encoding.h"

#include <cerrno>
#include <iconv.h>
#include <vector>

#include "core/util/messages_input_errors.h"
#include "core/util/utf8.h"

namespace clusterplan {

namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

// GBK to UTF-8 with iconv(3); the offset of the first byte that is not GBK on failure.
Result<std::string> fromGbk(std::string_view bytes, const std::string& label) {
    iconv_t cd = ::iconv_open("UTF-8", "GBK");
    if (cd == reinterpret_cast<iconv_t>(-1))
        return inputError(label, msg::kErrorTextNoConverter, {"GBK"});
    std::string out;
    std::vector<char> buffer(4096);
    char* in = const_cast<char*>(bytes.data());  // iconv's interface; the input is not written
    std::size_t inLeft = bytes.size();
    while (inLeft > 0) {
        char* outPtr = buffer.data();
        std::size_t outLeft = buffer.size();
        const std::size_t rc = ::iconv(cd, &in, &inLeft, &outPtr, &outLeft);
        out.append(buffer.data(), buffer.size() - outLeft);
        if (rc == static_cast<std::size_t>(-1) && errno != E2BIG) {
            ::iconv_close(cd);
            return inputError(label, msg::kErrorTextNotEncoding,
                              {"GBK", std::to_string(bytes.size() - inLeft + 1)});
        }
    }
    ::iconv_close(cd);
    return out;
}

}  // namespace

Result<DecodedText> decodeText(std::string_view bytes, std::string_view encoding, const std::string& label) {
    if (encoding != "auto" && encoding != "utf-8" && encoding != "gbk")
        return inputError("--encoding", msg::kErrorJsonNotAllowed,
                          {std::string(encoding), "auto, utf-8, gbk"});
    const bool bom = bytes.substr(0, kUtf8Bom.size()) == kUtf8Bom;
    if (encoding == "utf-8" || (encoding == "auto" && (bom || isValidUtf8(bytes)))) {
        const std::string_view body = bom ? bytes.substr(kUtf8Bom.size()) : bytes;
        if (!isValidUtf8(body)) {
            std::size_t at = 0;
            while (at < body.size()) {
                const std::size_t length = validUtf8SequenceLength(body.substr(at));
                if (length == 0)
                    break;
                at += length;
            }
            return inputError(label, msg::kErrorTextNotEncoding,
                              {"UTF-8", std::to_string(at + 1 + (bom ? kUtf8Bom.size() : 0))});
        }
        return DecodedText{std::string(body), "utf-8"};
    }
    auto text = fromGbk(bytes, label);
    if (!text)
        return text.error();
    return DecodedText{std::move(text).value(), "gbk"};
}

}  // namespace clusterplan
