// The shipped catalog: every required id, provenance on every entry, datasheet values, and the
// merge rules for user files.
#include "core/catalog/catalog_lookup.h"
#include "test_support.h"

#include <algorithm>
#include <regex>
#include <set>

using namespace clusterplan;

TEST_CASE("built-in catalog loads cleanly with every required id", "[catalog]") {
    const Catalog& c = test::catalog();
    CHECK(c.diagnostics().empty());
    for (const char* id :
         {"a100-sxm-40gb", "a100-sxm-80gb", "a100-pcie-80gb", "h100-sxm-80gb", "h100-pcie-80gb",
          "h800-sxm-80gb", "h20-96gb", "h200-sxm-141gb", "b200-sxm-180gb", "l40s-48gb", "rtx-4090-24gb",
          "rtx-3090-24gb", "mi300x-192gb", "ascend-910b-64gb"}) {
        INFO(id);
        REQUIRE(c.gpu(id) != nullptr);
        CHECK_FALSE(c.gpu(id)->source.empty());
        CHECK_FALSE(c.gpu(id)->asOf.empty());
    }
    for (const char* id :
         {"nvlink3-nvswitch", "nvlink4-nvswitch", "nvlink5-nvswitch", "pcie4-x16", "pcie5-x16", "ib-hdr-200",
          "ib-ndr-400", "ib-xdr-800", "roce-100", "roce-200", "roce-400", "eth-10", "eth-25", "eth-100"}) {
        INFO(id);
        REQUIRE(c.fabric(id) != nullptr);
        CHECK_FALSE(c.fabric(id)->source.empty());
    }
    for (const char* id :
         {"llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b",
          "qwen2.5-7b", "qwen2.5-14b", "qwen2.5-32b", "qwen2.5-72b", "qwen3-8b", "qwen3-32b", "qwen3-30b-a3b",
          "qwen3-235b-a22b", "deepseek-v3", "mixtral-8x7b", "gpt3-175b", "megatron-1t"}) {
        INFO(id);
        REQUIRE(c.model(id) != nullptr);
        CHECK_FALSE(c.model(id)->source.empty());
    }
}

TEST_CASE("datasheet values", "[catalog]") {
    const Catalog& c = test::catalog();
    // NVIDIA A100 datasheet: 312 TFLOP/s dense bf16, 2,039 GB/s HBM2e, no FP8.
    CHECK(c.gpu("a100-sxm-80gb")->tflopsBf16 == 312.0);
    CHECK(c.gpu("a100-sxm-80gb")->hbmBandwidthGBs == 2039.0);
    CHECK_FALSE(c.gpu("a100-sxm-80gb")->tflopsFp8.has_value());
    // H100 SXM: 989.4 dense bf16, 1,978.9 dense fp8 (sparse figures are twice these).
    CHECK(c.gpu("h100-sxm-80gb")->tflopsBf16 == 989.4);
    CHECK(c.gpu("h100-sxm-80gb")->tflopsFp8 == 1978.9);
    // PCIe 4.0 x16 is 31.5 GB/s per direction (not 16: seed article error 3); NVLink 3 300.
    CHECK(c.fabric("pcie4-x16")->bandwidthGBs == 31.5);
    CHECK(c.fabric("nvlink3-nvswitch")->bandwidthGBs == 300.0);
    CHECK(c.fabric("ib-ndr-400")->bandwidthGBs == 50.0);
    // Usable memory is below the marketed size (PyTorch sees ~79.3 GiB of an A100 80GB).
    CHECK(c.gpu("a100-sxm-80gb")->visibleGib < 80.0);
    // Persistent GEMM kernels (Hopper, Blackwell) lose 1 - 1/1.40 of the overlapped time to an NCCL
    // kernel's SMs: the top of the 40 % compute slowdown Lee et al. 2025 (arXiv:2507.03114) measure
    // beside collectives (catalog notes); Ampere's GEMMs keep the perf profile's few per cent.
    for (const char* id : {"h100-sxm-80gb", "h200-sxm-141gb", "h800-sxm-80gb", "b200-sxm-180gb"}) {
        INFO(id);
        REQUIRE(c.gpu(id)->commOverlapSlowdown.has_value());
        CHECK_THAT(*c.gpu(id)->commOverlapSlowdown, Catch::Matchers::WithinAbs(1 - 1 / 1.40, 0.005));
    }
    CHECK_FALSE(c.gpu("a100-sxm-80gb")->commOverlapSlowdown.has_value());
}

TEST_CASE("user files replace entries by id and report bad ones", "[catalog]") {
    Catalog c = Catalog::builtin();
    const std::string user = R"({
      "gpus": [
        {"id": "a100-sxm-80gb", "name": "My A100", "vendor": "NVIDIA", "hbm_gib": 80, "visible_gib": 79,
         "hbm_bandwidth_gb_s": 2039, "tflops": {"fp32": 19.5, "tf32": 156, "bf16": 300, "fp16": 300, "fp8": null},
         "nvlink_gb_s": 300, "pcie_gen": 4, "tdp_w": 400, "intra_node_fabric": "nvlink3-nvswitch",
         "default_gpus_per_node": 8, "source": "our lab", "as_of": "2026-11"},
        {"id": "broken", "name": "x", "vendor": "x", "hbm_gib": -1}
      ]
    })";
    auto merged = c.mergeJson(user, "user.json");
    REQUIRE(merged.ok());
    CHECK(c.gpu("a100-sxm-80gb")->name == "My A100");
    CHECK(c.gpu("broken") == nullptr);
    REQUIRE(c.diagnostics().size() == 1);
    CHECK(c.diagnostics()[0].file == "user.json");
    CHECK(c.diagnostics()[0].key == "gpus[1].hbm_gib");
    CHECK(c.diagnostics()[0].reason.find("allowed range") != std::string::npos);

    auto bad = c.mergeJson("{\"gpus\": [}", "bad.json");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().where == "bad.json:1:11");

    // A GPU may state its own overlap slowdown, a share of the hidden time between 0 and 1.
    const auto withSlowdown = [](const std::string& value) {
        return R"({"gpus": [{"id": "my-gpu", "name": "x", "vendor": "x", "hbm_gib": 80, "visible_gib": 79,
                   "hbm_bandwidth_gb_s": 3000, "tflops": {"fp32": 60, "tf32": 400, "bf16": 800, "fp16": 800,
                   "fp8": null}, "nvlink_gb_s": 450, "pcie_gen": 5, "tdp_w": 700,
                   "intra_node_fabric": "nvlink4-nvswitch", "default_gpus_per_node": 8,
                   "comm_overlap_slowdown": )" +
               value + R"(, "source": "our lab", "as_of": "2026-11"}]})";
    };
    Catalog own = Catalog::builtin();
    REQUIRE(own.mergeJson(withSlowdown("0.2"), "own.json").ok());
    REQUIRE(own.gpu("my-gpu") != nullptr);
    CHECK(own.gpu("my-gpu")->commOverlapSlowdown == 0.2);
    Catalog wrong = Catalog::builtin();
    REQUIRE(wrong.mergeJson(withSlowdown("1.5"), "wrong.json").ok());
    CHECK(wrong.gpu("my-gpu") == nullptr);
    REQUIRE(wrong.diagnostics().size() == 1);
    CHECK(wrong.diagnostics()[0].key == "gpus[0].comm_overlap_slowdown");
}

namespace {

// The Latin words of a name: "NVIDIA", "SXM4", "Gb/s", "GPU" (of "72-GPU"); single letters ("8x") left out.
std::vector<std::string> nameWords(const std::string& name) {
    static const std::regex word(R"([A-Za-z][A-Za-z0-9]*(?:[-_./+][A-Za-z0-9]+)*)");
    std::vector<std::string> out;
    for (auto it = std::sregex_iterator(name.begin(), name.end(), word); it != std::sregex_iterator(); ++it)
        if (it->str().size() > 1)
            out.push_back(it->str());
    return out;
}

// Names of products, vendors and units, read so in Chinese too: model numbers and abbreviations in
// capitals and digits (A100, SXM4, HDR, HCCS, TCP), and the product words below. "GPU" and "NIC" are
// capitals but nouns of a description ("Blackwell GPU", "1 NIC per GPU"): a Chinese name says them
// in a Chinese phrase (Blackwell 架构 GPU, 每 GPU 1 块网卡).
bool productWord(const std::string& w) {
    static const std::regex capitals(R"(^[A-Z0-9]+(?:[-_./+][A-Z0-9]+)*[a-z]?$)");
    static const std::set<std::string> products{"NVLink", "NVSwitch", "Switch",   "InfiniBand",   "RoCE",
                                                "PCIe",   "GeForce",  "Instinct", "Ascend",       "Infinity",
                                                "Fabric", "xGMI",     "Atlas",    "Quantum-X800", "Blackwell",
                                                "Ultra",  "GbE",      "Gb/s",     "x16",          "v2"};
    if (w == "GPU" || w == "NIC")
        return false;
    return products.count(w) || std::regex_match(w, capitals);
}

bool hasHan(const std::string& text) {
    // UTF-8 lead bytes 0xE4-0xE9 open U+4E00-U+9FFF, the CJK Unified Ideographs.
    return std::any_of(text.begin(), text.end(), [](char c) {
        const auto b = static_cast<unsigned char>(c);
        return b >= 0xE4 && b <= 0xE9;
    });
}

void checkChineseName(const std::string& id, const std::string& name, const std::string& nameZh,
                      const std::string& shown) {
    INFO(id << ": " << name << " / " << nameZh);
    std::vector<std::string> descriptive;
    for (const auto& w : nameWords(name))
        if (!productWord(w))
            descriptive.push_back(w);
    if (descriptive.empty()) {
        CHECK(shown == (nameZh.empty() ? name : nameZh));
        return;
    }
    INFO("descriptive words: " << descriptive.front());
    REQUIRE_FALSE(nameZh.empty());
    CHECK(hasHan(nameZh));
    CHECK(shown == nameZh);
    // What is left in Latin letters is a product's name or "GPU", as a Chinese reader writes it.
    for (const auto& w : nameWords(nameZh)) {
        INFO(w);
        CHECK((productWord(w) || w == "GPU"));
    }
}

}  // namespace

TEST_CASE("every GPU and fabric whose name describes has a Chinese name", "[catalog]") {
    // A Chinese quote, the Options tab and the plan's notes print these names: words such as "gen",
    // "links", "Blackwell GPU", "1 NIC per GPU", "TCP sockets, no RDMA" read in Chinese there.
    const Catalog& c = test::catalog();
    for (const auto& [id, gpu] : c.gpus()) {
        checkChineseName(id, gpu.name, gpu.nameZh, gpu.displayName(Lang::Zh));
        CHECK(gpu.displayName(Lang::En) == gpu.name);
    }
    for (const auto& [id, fabric] : c.fabrics()) {
        checkChineseName(id, fabric.name, fabric.nameZh, fabric.displayName(Lang::Zh));
        CHECK(fabric.displayName(Lang::En) == fabric.name);
    }
    CHECK(c.gpu("gb200-nvl72-186gb")->displayName(Lang::Zh) ==
          "NVIDIA GB200 NVL72（Blackwell 架构 GPU，186 GB）");
    CHECK(c.fabric("nvlink4-nvswitch")->displayName(Lang::Zh) ==
          "NVLink 4 + 第 3 代 NVSwitch（HGX/DGX H100/H200）");
}

TEST_CASE("a user catalog may name its GPUs and fabrics in Chinese, as text only", "[catalog]") {
    const auto gpu = [](const std::string& nameZh) {
        return R"({"gpus": [{"id": "my-gpu", "name": "Lab accelerator", )" + nameZh +
               R"("vendor": "x", "hbm_gib": 80, "visible_gib": 79, "hbm_bandwidth_gb_s": 3000,
                   "tflops": {"fp32": 60, "tf32": 400, "bf16": 800, "fp16": 800, "fp8": null},
                   "nvlink_gb_s": 450, "pcie_gen": 5, "tdp_w": 700, "intra_node_fabric": "nvlink4-nvswitch",
                   "default_gpus_per_node": 8, "source": "our lab", "as_of": "2026-11"}],
                   "fabrics": [{"id": "lab-ib", "name": "Lab fabric", )" +
               nameZh + R"("scope": "inter", "bandwidth_gb_s": 50, "latency_us": 2, "efficiency": 0.8,
                   "source": "our lab", "as_of": "2026-11"}]})";
    };
    Catalog named = Catalog::builtin();
    REQUIRE(named.mergeJson(gpu(R"("name_zh": "实验室加速卡",)"), "named.json").ok());
    CHECK(named.diagnostics().empty());
    REQUIRE(named.gpu("my-gpu") != nullptr);
    CHECK(named.gpu("my-gpu")->displayName(Lang::Zh) == "实验室加速卡");
    CHECK(named.gpu("my-gpu")->displayName(Lang::En) == "Lab accelerator");
    REQUIRE(named.fabric("lab-ib") != nullptr);
    CHECK(named.fabric("lab-ib")->displayName(Lang::Zh) == "实验室加速卡");

    // Without one, Chinese reads the English name.
    Catalog plain = Catalog::builtin();
    REQUIRE(plain.mergeJson(gpu(""), "plain.json").ok());
    REQUIRE(plain.gpu("my-gpu") != nullptr);
    CHECK(plain.gpu("my-gpu")->displayName(Lang::Zh) == "Lab accelerator");
    CHECK(plain.fabric("lab-ib")->displayName(Lang::Zh) == "Lab fabric");

    // A name is text: a number there is refused, naming the key.
    Catalog wrong = Catalog::builtin();
    REQUIRE(wrong.mergeJson(gpu(R"("name_zh": 7,)"), "wrong.json").ok());
    CHECK(wrong.gpu("my-gpu") == nullptr);
    CHECK(wrong.fabric("lab-ib") == nullptr);
    REQUIRE(wrong.diagnostics().size() == 2);
    CHECK(wrong.diagnostics()[0].key == "gpus[0].name_zh");
    CHECK(wrong.diagnostics()[1].key == "fabrics[0].name_zh");
}

// The floors above the catalog read it by id only through core/catalog/catalog_lookup.h, so what an
// unknown id says is decided there: the key it was read at and the closest id.
TEST_CASE("ids read above the catalog resolve or name the key and the closest id", "[catalog]") {
    const Catalog& c = test::catalog();
    CHECK_FALSE(checkGpuId(c, "h100-sxm-80gb", "phases[0].cluster.gpu").has_value());
    const auto gpu = checkGpuId(c, "h100-sxm-80g", "phases[0].cluster.gpu");
    REQUIRE(gpu.has_value());
    CHECK(gpu->where == "phases[0].cluster.gpu");
    CHECK(gpu->message.find("'h100-sxm-80gb'") != std::string::npos);

    // A study's GPU types: every one of the catalog, or those named in the order named; the first
    // unknown one names --gpu-types' key and the closest id.
    CHECK(catalogGpus(c).size() == c.gpus().size());
    CHECK(gpuById(c, "h100-sxm-80gb") == c.gpu("h100-sxm-80gb"));
    CHECK(gpuById(c, "no-such-gpu") == nullptr);
    const auto named = namedGpus(c, {"h200-sxm-141gb", "a100-sxm-80gb"}, "gpu_types");
    REQUIRE(named.ok());
    REQUIRE(named->size() == 2);
    CHECK((*named)[0]->id == "h200-sxm-141gb");
    CHECK((*named)[1]->id == "a100-sxm-80gb");
    const auto typo = namedGpus(c, {"h200-sxm-141gb", "a100-sxm-80g"}, "gpu_types");
    REQUIRE_FALSE(typo.ok());
    CHECK(typo.error().where == "gpu_types");
    CHECK(typo.error().message.find("'a100-sxm-80gb'") != std::string::npos);

    const auto model = modelPreset(c, "llama-3.1-8b", "model.preset");
    REQUIRE(model.ok());
    CHECK(model->name == c.model("llama-3.1-8b")->name);
    const auto unknown = modelPreset(c, "zzzzzzzzzzzzzzzzzzzz", "model.preset");
    REQUIRE_FALSE(unknown.ok());
    CHECK(unknown.error().where == "model.preset");
    CHECK(unknown.error().reason.id == "error.unknown.model_preset.list");

    // A fabric is named as its product, the id only where the catalog has none to give.
    CHECK(messageText(fabricName(c, "ib-hdr-200"), Lang::En) == "InfiniBand HDR 200 Gb/s (1 NIC per GPU)");
    CHECK(messageText(fabricName(c, "ib-hdr-200"), Lang::Zh) == c.fabric("ib-hdr-200")->nameZh);
    CHECK(messageText(fabricName(c, "no-such-fabric"), Lang::En) == "no-such-fabric");
    CHECK(fabricProductName(c, "ib-hdr-200") == "InfiniBand HDR 200 Gb/s");
    CHECK(fabricProductName(c, "no-such-fabric") == "no-such-fabric");

    const auto fabrics = scalingComparisonFabrics(c);
    REQUIRE_FALSE(fabrics.empty());
    for (std::size_t i = 0; i < fabrics.size(); ++i) {
        CHECK(fabrics[i]->scope == FabricScope::Inter);
        CHECK(fabrics[i]->scalingComparison);
        if (i > 0)
            CHECK(fabrics[i - 1]->bandwidthGBs >= fabrics[i]->bandwidthGBs);
    }
    CHECK(perfProfileById(c, c.perfProfiles().all().front().id) == &c.perfProfiles().all().front());
    CHECK(perfProfileById(c, "no-such-profile") == nullptr);
}
