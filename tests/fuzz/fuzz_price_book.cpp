// Fuzz target: a user price book (~/.config/clusterplan/pricebook.json or --pricebook). A
// malformed file or book header is refused with a message, bad entries are skipped with a
// diagnostic, and every book the file adds or extends must price the GPUs it names: the cost
// report, its JSON and its CSV must be well formed or the error must say why.
#include <cstdint>
#include <set>
#include <string_view>

#include "core/cost/cost_format.h"
#include "core/cost/cost_json.h"
#include "core/cost/rent_vs_buy.h"
#include "core/util/json_write.h"
#include "output_checks.h"

using namespace clusterplan;
using namespace clusterplan::cost;

namespace {

constexpr std::size_t kGpusPerBook = 3;

const PriceBooks& builtinBooks() {
    static const PriceBooks books = PriceBooks::builtin();
    return books;
}

std::set<std::string> gpusNamedIn(const PriceBook& book) {
    std::set<std::string> ids;
    for (const auto& p : book.purchases)
        ids.insert(p.gpus.begin(), p.gpus.end());
    for (const auto& o : book.rentOffers)
        ids.insert(o.gpus.begin(), o.gpus.end());
    return ids;
}

void priceWith(const PriceBooks& books, const std::string& bookId, const std::string& gpuId) {
    CostInputs inputs;
    inputs.priceBook = bookId;
    // Two 8-GPU servers at 700 W per GPU (an H100 SXM's TDP), 10 000 GPU-hours for 1e11 tokens.
    const ClusterFacts cluster{gpuId, 16, 2, 8, 700};
    auto report = computeCost(inputs, books, cluster, 10'000.0, 1e11);
    if (!report) {
        testing::requireMessage(report.error(), "cost with a user price book");
        return;
    }
    json::Writer w;
    w.beginObject();
    writeCostJson(w, report.value());
    w.endObject();
    testing::requireJson(w.str(), "cost JSON");
    testing::requireCsv(costToCsv(report.value()), "cost CSV");
    (void)costToText(report.value());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    PriceBooks books = builtinBooks();
    auto merged = books.mergeJson(text, "fuzz-pricebook.json");
    if (!merged) {
        testing::requireMessage(merged.error(), "price book reader");
        return 0;
    }
    for (const auto& d : books.diagnostics())
        if (d.reason.empty())
            testing::fuzzFailure("price book reader", "a diagnostic without a reason at " + d.key);
    for (const auto& book : books.books()) {
        const PriceBook* before = builtinBooks().book(book.id);
        if (before && before->purchases == book.purchases && before->rentOffers == book.rentOffers &&
            before->parameters == book.parameters)
            continue;  // unchanged by this file
        // A few GPUs per book keep one input fast; the fuzzer varies which ones a file names.
        std::size_t priced = 0;
        for (const auto& gpu : gpusNamedIn(book))
            if (priced++ < kGpusPerBook)
                priceWith(books, book.id, gpu);
    }
    return 0;
}
