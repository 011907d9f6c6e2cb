#include "core/parallel/pipeline_layout_string.h"
#include "core/util/messages_input_errors.h"

#include <algorithm>
#include <optional>
#include <string>

namespace clusterplan {

namespace {

constexpr const char* kKey = "layout.pipeline_layout";
// A bound on the unrolled string: the largest recipes place a few hundred symbols; a repeat count
// of a million is a typing slip, not a model.
constexpr std::size_t kMaxSymbols = 100'000;
constexpr std::string_view kSymbols = "ELtm|";

bool isSymbol(char c) {
    return kSymbols.find(c) != std::string_view::npos;
}

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// The string without its commas, and where each remaining character stood (Megatron-Core drops
// the commas first: `layout_str.replace(",", "")`).
struct Source {
    std::string chars;
    std::vector<std::size_t> at;
    [[nodiscard]] std::string position(std::size_t i) const {
        return std::to_string((i < at.size() ? at[i] : (at.empty() ? 0 : at.back() + 1)) + 1);
    }
};

Source withoutCommas(std::string_view text) {
    Source s;
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] != ',') {
            s.chars.push_back(text[i]);
            s.at.push_back(i);
        }
    return s;
}

// Unrolls (…)*N and x*N as Megatron-Core's two regular expressions do, refusing what they would
// pass through to its "Invalid layer character" assertion.
class Unroller {
public:
    explicit Unroller(Source source) : m_s(std::move(source)) {}

    Result<std::string> run() {
        while (m_i < m_s.chars.size()) {
            const auto e = m_s.chars[m_i] == '(' ? group() : symbol();
            if (e)
                return *e;
            if (m_out.size() > kMaxSymbols)
                return inputError(kKey, msg::kErrorLayoutPipelineLayoutTooLong,
                                  {std::to_string(kMaxSymbols)});
        }
        return m_out;
    }

private:
    std::optional<Error> badChar(std::size_t i) const {
        return inputError(kKey, msg::kErrorLayoutPipelineLayoutChar,
                          {std::string(1, m_s.chars[i]), m_s.position(i)});
    }

    // A repeat count after the '*' at m_i; m_i moves past its digits.
    Result<std::size_t> count() {
        const std::size_t star = m_i++;
        std::size_t n = 0;
        const std::size_t start = m_i;
        while (m_i < m_s.chars.size() && isDigit(m_s.chars[m_i])) {
            n = n * 10 + static_cast<std::size_t>(m_s.chars[m_i] - '0');
            if (n > kMaxSymbols)
                return inputError(kKey, msg::kErrorLayoutPipelineLayoutTooLong,
                                  {std::to_string(kMaxSymbols)});
            ++m_i;
        }
        if (m_i == start)
            return inputError(kKey, msg::kErrorLayoutPipelineLayoutCount, {m_s.position(star)});
        return n;
    }

    std::optional<Error> symbol() {
        const char c = m_s.chars[m_i];
        if (!isSymbol(c))
            return badChar(m_i);
        ++m_i;
        std::size_t n = 1;
        if (m_i < m_s.chars.size() && m_s.chars[m_i] == '*') {
            auto r = count();
            if (!r.ok())
                return r.error();
            n = *r;
        }
        if (m_out.size() + n > kMaxSymbols)
            return inputError(kKey, msg::kErrorLayoutPipelineLayoutTooLong, {std::to_string(kMaxSymbols)});
        m_out.append(n, c);
        return std::nullopt;
    }

    // "(body)*N": the body holds symbols and x*N repeats, no groups (Megatron's first pattern,
    // `\(([^)]+)\)\*(\d+)`, neither nests nor takes an empty body; its second unrolls the x*N
    // inside afterwards, as in "Et*4|(t*4|)*14tmL").
    std::optional<Error> group() {
        const std::size_t open = m_i++;
        std::string outside = std::move(m_out);
        m_out.clear();
        while (m_i < m_s.chars.size() && m_s.chars[m_i] != ')') {
            if (m_s.chars[m_i] == '(')
                return inputError(kKey, msg::kErrorLayoutPipelineLayoutGroup, {m_s.position(open)});
            if (auto e = symbol())
                return e;
        }
        const bool closed = m_i < m_s.chars.size();
        if (!closed || m_out.empty() || m_i + 1 >= m_s.chars.size() || m_s.chars[m_i + 1] != '*')
            return inputError(kKey, msg::kErrorLayoutPipelineLayoutGroup, {m_s.position(open)});
        const std::string body = std::move(m_out);
        m_out = std::move(outside);
        ++m_i;  // to the '*'
        auto n = count();
        if (!n.ok())
            return n.error();
        for (std::size_t k = 0; k < *n && m_out.size() <= kMaxSymbols; ++k)
            m_out += body;
        return std::nullopt;
    }

    Source m_s;
    std::size_t m_i = 0;
    std::string m_out;
};

std::vector<LayoutStage> stagesOf(const std::string& symbols) {
    std::vector<LayoutStage> stages(1);
    for (const char c : symbols) {
        LayoutStage& s = stages.back();
        switch (c) {
        case '|':
            stages.emplace_back();
            break;
        case 'E':
            ++s.embeddings;
            break;
        case 'L':
            ++s.losses;
            break;
        case 't':
            ++s.layers;
            break;
        default:
            ++s.mtp;
            break;  // 'm'
        }
    }
    return stages;
}

// validate_layer_layout: flatten_layout[0] is the embedding and flatten_layout[-1] the loss, each
// once; no decoder layer after the first MTP layer.
std::optional<Error> checkOrder(const std::string& symbols) {
    std::string layers;
    for (const char c : symbols)
        if (c != '|')
            layers.push_back(c);
    const auto e = std::count(layers.begin(), layers.end(), 'E');
    const auto l = std::count(layers.begin(), layers.end(), 'L');
    if (e != 1 || l != 1 || layers.front() != 'E' || layers.back() != 'L')
        return inputError(kKey, msg::kErrorLayoutPipelineLayoutEnds, {std::to_string(e), std::to_string(l)});
    const std::size_t firstMtp = layers.find('m');
    if (firstMtp != std::string::npos && layers.find('t', firstMtp) != std::string::npos)
        return inputError(kKey, msg::kErrorLayoutPipelineLayoutMtpOrder);
    return std::nullopt;
}

}  // namespace

Result<std::vector<LayoutStage>> parsePipelineLayout(std::string_view text) {
    auto symbols = Unroller(withoutCommas(text)).run();
    if (!symbols.ok())
        return symbols.error();
    if (auto e = checkOrder(*symbols))
        return *e;
    return stagesOf(*symbols);
}

std::int64_t layoutLayers(const std::vector<LayoutStage>& stages) {
    std::int64_t n = 0;
    for (const auto& s : stages)
        n += s.layers;
    return n;
}

std::int64_t layoutMtpLayers(const std::vector<LayoutStage>& stages) {
    std::int64_t n = 0;
    for (const auto& s : stages)
        n += s.mtp;
    return n;
}

std::vector<std::int64_t> mtpLayersByRank(std::string_view layout, std::int64_t pp) {
    std::vector<std::int64_t> out(static_cast<std::size_t>(std::max<std::int64_t>(pp, 1)), 0);
    if (layout.empty())
        return out;
    const auto stages = parsePipelineLayout(layout);
    if (!stages.ok())
        return out;
    for (std::size_t k = 0; k < stages->size(); ++k)
        out[k % out.size()] += (*stages)[k].mtp;
    return out;
}

}  // namespace clusterplan
