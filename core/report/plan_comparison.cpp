#include "core/report/plan_comparison.h"

#include <algorithm>
#include <array>
#include <sstream>

#include "core/report/messages_plan.h"
#include "core/util/csv_write.h"
#include "core/util/number_format.h"
#include "core/util/units.h"

namespace clusterplan {

namespace {

constexpr std::size_t kColumns = 7;
using Cells = std::array<std::string, kColumns>;

Cells header(Lang lang) {
    const auto t = [&](const MessageId<0>& id) { return messageText(makeMessage(id), lang); };
    return {t(msg::kCompareCase),       t(msg::kCompareTrainable), t(msg::kCompareGpuMemory),
            t(msg::kCompareHostMemory), t(msg::kCompareFits),      t(msg::kCompareStep),
            t(msg::kCompareTokens)};
}

std::string ofGib(double used, double capacity, int decimals, Lang lang) {
    return messageText(makeMessage(msg::kCompareOfGib, {formatFixed(used / units::kGiB, decimals),
                                                        formatFixed(capacity / units::kGiB, decimals)}),
                       lang);
}

// The cells as a reader sees them: millions of parameters, GiB used of GiB there, seconds, tokens/s.
Cells cells(const ComparisonRow& r, Lang lang) {
    const std::string fits = messageText(makeMessage(r.fits ? msg::kCompareYes : msg::kCompareNo), lang);
    return {r.label,
            formatGrouped(r.trainableParams / 1e6, 1) + " M",
            ofGib(r.gpuBytes, r.gpuCapacity, 1, lang),
            r.offload ? ofGib(r.hostBytesPerServer, r.hostCapacityPerServer, 0, lang) : "—",
            fits,
            formatFixed(r.stepSeconds, 2) + " s",
            formatGrouped(r.tokensPerSecond, 0)};
}

// Display width: a CJK character or a full-width sign takes two columns, any other code point one.
std::size_t width(const std::string& s) {
    std::size_t w = 0;
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const std::size_t length = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        w += length == 3 && c >= 0xE3 ? 2 : 1;  // U+3000 and above: CJK, full-width forms
        i += length;
    }
    return w;
}

}  // namespace

ComparisonRow comparisonRow(const Plan& plan, std::string label) {
    ComparisonRow r;
    r.label = std::move(label);
    r.trainableParams = plan.trainable.trainable;
    r.gpuBytes = plan.memory.total();
    r.gpuCapacity = plan.memory.capacity;
    r.offload = plan.layout.offload != Offload::None;
    // The server's host memory holds the offloaded states of each of its GPUs.
    const double gpusPerServer = static_cast<double>(plan.scenario.cluster.gpusPerNode);
    r.hostBytesPerServer = plan.memory.host.total() * gpusPerServer;
    r.hostCapacityPerServer = plan.host.memoryGib * units::kGiB;
    r.fits = plan.memory.fits();
    r.stepSeconds = plan.perf.stepSeconds;
    r.tokensPerSecond = plan.perf.tokensPerSecond;
    return r;
}

std::string comparisonToText(const std::vector<ComparisonRow>& rows, Lang lang) {
    std::vector<Cells> table{header(lang)};
    for (const auto& r : rows)
        table.push_back(cells(r, lang));
    std::array<std::size_t, kColumns> widths{};
    for (const Cells& row : table)
        for (std::size_t c = 0; c < kColumns; ++c)
            widths[c] = std::max(widths[c], width(row[c]));
    std::ostringstream out;
    for (const Cells& row : table) {
        std::string line;
        for (std::size_t c = 0; c < kColumns; ++c) {
            // The case left-aligned, the figures right-aligned under their heading.
            const std::string pad(widths[c] - width(row[c]), ' ');
            line += (c == 0 ? row[c] + pad : pad + row[c]) + (c + 1 < kColumns ? "  " : "");
        }
        out << line << "\n";
    }
    return out.str();
}

std::string comparisonToCsv(const std::vector<ComparisonRow>& rows, Lang lang) {
    (void)lang;  // the column names are keys for tools, the same in both languages
    std::ostringstream out;
    out << "case,trainable_params,gpu_memory_bytes,gpu_capacity_bytes,offload,host_memory_bytes_per_server,"
           "host_capacity_bytes_per_server,fits,step_s,tokens_per_s\n";
    for (const auto& r : rows)
        out << csvField(r.label) << "," << csvNumber(r.trainableParams, "trainable_params") << ","
            << csvNumber(r.gpuBytes, "gpu_memory_bytes") << ","
            << csvNumber(r.gpuCapacity, "gpu_capacity_bytes") << "," << (r.offload ? "yes" : "no") << ","
            << csvNumber(r.hostBytesPerServer, "host_memory_bytes_per_server") << ","
            << csvNumber(r.hostCapacityPerServer, "host_capacity_bytes_per_server") << ","
            << (r.fits ? "yes" : "no") << "," << csvNumber(r.stepSeconds, "step_s") << ","
            << csvNumber(r.tokensPerSecond, "tokens_per_s") << "\n";
    return out.str();
}

std::string comparisonToMarkdown(const std::vector<ComparisonRow>& rows, Lang lang) {
    const auto line = [](const Cells& row) {
        std::string s = "|";
        for (const std::string& cell : row) {
            std::string escaped;
            for (char ch : cell)
                escaped += ch == '|' ? std::string("\\|") : std::string(1, ch);
            s += " " + escaped + " |";
        }
        return s + "\n";
    };
    std::string out = line(header(lang)) + "|---|---|---|---|---|---|---|\n";
    for (const auto& r : rows) {
        Cells row = cells(r, lang);
        if (!r.fits)
            row[4] = "**" + row[4] + "**";  // a set-up that does not fit stands out
        out += line(row);
    }
    return out;
}

}  // namespace clusterplan
