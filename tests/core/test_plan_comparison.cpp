// Plans side by side (clusterplan-cli compare, the user guide's fine-tuning tables), on the
// shipped examples of resources/scenarios/fine-tuning/: a row says what the plan says, counted as
// the papers count it.
#include "cli_runner.h"
#include "core/report/plan_comparison.h"
#include "test_support.h"

using namespace clusterplan;

namespace {

const std::string kExamples = CLUSTERPLAN_FINE_TUNING_DIR;

ComparisonRow rowOf(const std::string& file) {
    const Plan plan = test::planFromFile(kExamples, file);
    return comparisonRow(plan, file);
}

std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

// Columns a terminal gives a line: CJK ideographs and CJK punctuation take two (Unicode East Asian
// Width "W"), every other code point one.
std::size_t columns(const std::string& line) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < line.size();) {
        const auto c = static_cast<unsigned char>(line[i]);
        char32_t cp = c;
        std::size_t length = 1;
        if (c >= 0xE0 && c < 0xF0) {
            length = 3;
            cp = ((c & 0x0F) << 12) | ((line[i + 1] & 0x3F) << 6) | (line[i + 2] & 0x3F);
        } else if (c >= 0xC0) {
            length = c >= 0xF0 ? 4 : 2;
        }
        const bool wide = (cp >= 0x3000 && cp <= 0x303F) || (cp >= 0x4E00 && cp <= 0x9FFF) ||
                          (cp >= 0xFF00 && cp <= 0xFF60);
        n += wide ? 2 : 1;
        i += length;
    }
    return n;
}

}  // namespace

TEST_CASE("a row carries the plan's own figures", "[compare]") {
    const Plan plan = test::planFromFile(kExamples, "q1-2-full-1gpu-offload.clusterplan.json");
    const ComparisonRow r = comparisonRow(plan, "offload");
    CHECK(r.trainableParams == plan.trainable.trainable);
    CHECK(r.gpuBytes == plan.memory.total());
    CHECK(r.gpuCapacity == plan.memory.capacity);
    CHECK(r.stepSeconds == plan.perf.stepSeconds);
    CHECK(r.tokensPerSecond == plan.perf.tokensPerSecond);
    REQUIRE(r.offload);
    // One GPU in the server: the server's host memory holds that GPU's offloaded states.
    CHECK(r.hostBytesPerServer == plan.memory.host.total());
}

TEST_CASE("the user guide's 7B question: what fits one A100 40GB", "[compare]") {
    // Full fine-tuning keeps 16 bytes per parameter (ZeRO, Rajbhandari et al. 2020, §3.1): 108 GB
    // for Llama 2 7B's 6.74 B parameters, more than one A100 40GB; ZeRO-Offload moves the 12 bytes of
    // optimizer states to the host (Ren et al. 2021) and it fits.
    const ComparisonRow full = rowOf("q1-1-full-1gpu.clusterplan.json");
    CHECK_FALSE(full.fits);
    CHECK(full.gpuBytes > 16 * 6.738e9 * 0.9);
    CHECK(rowOf("q1-2-full-1gpu-offload.clusterplan.json").fits);
    // LoRA r = 16 on every linear layer of Llama 2 7B: r·(d_in + d_out) per matrix (Hu et al. 2021),
    // 4 × 16·(4096 + 4096) + 3 × 16·(4096 + 11008) = 1,249,280 per layer, × 32 layers.
    const ComparisonRow lora = rowOf("q1-5-lora-1gpu.clusterplan.json");
    CHECK(lora.trainableParams == 39'976'960.0);
    CHECK(lora.fits);
    CHECK(rowOf("q1-7-qlora-1gpu.clusterplan.json").gpuBytes < lora.gpuBytes);
}

TEST_CASE("the 70B question: optimizer offload needs more than the seed's 1 TB of host memory", "[compare]") {
    // 16 bytes per parameter moved to the host for 70.55 B parameters, 1,051 GiB per server.
    const ComparisonRow oneTb = rowOf("s3-2-full-zero3-offload-1tb.clusterplan.json");
    const ComparisonRow twoTb = rowOf("s3-3-full-zero3-offload-2tb.clusterplan.json");
    CHECK(oneTb.hostBytesPerServer / (1024.0 * 1024 * 1024) > 1024);
    CHECK_FALSE(oneTb.fits);
    CHECK(twoTb.fits);
    CHECK(oneTb.hostBytesPerServer == twoTb.hostBytesPerServer);
}

TEST_CASE("the three formats: aligned text, CSV for tools, Markdown for the docs", "[compare]") {
    const std::vector<ComparisonRow> rows{rowOf("q1-1-full-1gpu.clusterplan.json"),
                                          rowOf("q1-5-lora-1gpu.clusterplan.json")};
    SECTION("text: every line as wide as the header, in Chinese too (a CJK character is two columns)") {
        for (const Lang lang : {Lang::En, Lang::Zh}) {
            const auto lines = linesOf(comparisonToText(rows, lang));
            REQUIRE(lines.size() == 3);
            CHECK(lines[0].find(lang == Lang::Zh ? "每卡显存" : "Memory per GPU") != std::string::npos);
            CHECK(lines[1].find(lang == Lang::Zh ? "已用 101.9 / 共 39.5 GiB" : "101.9 of 39.5 GiB") !=
                  std::string::npos);
            CHECK(lines[1].find(lang == Lang::Zh ? "否" : "no") != std::string::npos);
        }
        for (const Lang lang : {Lang::En, Lang::Zh}) {
            const auto lines = linesOf(comparisonToText(rows, lang));
            CHECK(columns(lines[1]) == columns(lines[0]));
            CHECK(columns(lines[2]) == columns(lines[0]));
        }
    }
    SECTION("CSV: numbers unrounded, one header") {
        const auto lines = linesOf(comparisonToCsv(rows, Lang::En));
        REQUIRE(lines.size() == 3);
        CHECK(lines[0].rfind("case,trainable_params,", 0) == 0);
        CHECK(lines[2].find(",39976960,") != std::string::npos);
    }
    SECTION("Markdown: a pipe in a description does not split the cell; a plan that does not fit in bold") {
        std::vector<ComparisonRow> piped = rows;
        piped[0].label = "a | b";
        const std::string md = comparisonToMarkdown(piped, Lang::En);
        CHECK(md.find("| a \\| b |") != std::string::npos);
        CHECK(md.find("| **no** |") != std::string::npos);
    }
}

TEST_CASE("clusterplan-cli compare: rows in the order given, bad input is exit 2 with nothing printed",
          "[compare][cli]") {
    const std::string a = kExamples + "/q1-1-full-1gpu.clusterplan.json";
    const std::string b = kExamples + "/q1-5-lora-1gpu.clusterplan.json";
    auto r = test::runCli("compare " + a + " " + b);
    REQUIRE(r.status == 0);
    const auto lines = linesOf(r.out);
    REQUIRE(lines.size() == 3);
    CHECK(lines[1].rfind("full, 1× A100 40GB", 0) == 0);
    CHECK(lines[2].rfind("LoRA r=16 all linear", 0) == 0);
    r = test::runCli("compare " + a + " --format json");
    CHECK(r.status == 2);
    CHECK(r.out.find("allowed: text, csv, markdown") != std::string::npos);
    r = test::runCli("compare " + a + " /no/such/file.json");
    CHECK(r.status == 2);
    CHECK(r.out.find("Case") == std::string::npos);  // one bad file, no table
    CHECK(test::runCli("compare").status == 2);
}
