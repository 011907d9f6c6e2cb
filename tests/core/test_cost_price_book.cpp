// Price books: the built-in China book holds the seed article's offers exactly as written and
// prices them as the article does; the US book carries its sources; user
// files merge by id with bad entries reported (file, key, reason) as for the GPU catalog.
#include <algorithm>

#include "core/calibration/evaluate.h"
#include "core/catalog/catalog.h"
#include "core/cost/price_book_json.h"
#include "core/cost/renting.h"
#include "core/io/scenario_json.h"
#include "core/quote/quote_document.h"
#include "test_cost_support.h"
#include "test_support.h"

using namespace clusterplan;
using namespace clusterplan::cost;
using namespace clusterplan::cost::test;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

const RentOffer& seedOffer(const std::string& id) {
    const RentOffer* o = builtinBooks().book("cn-seed-2026")->offer(id);
    REQUIRE(o != nullptr);
    return *o;
}

RentOffer atPrice(RentOffer o, double price) {
    o.price = price;
    return o;
}

}  // namespace

TEST_CASE("built-in price books load cleanly, every entry with source and date", "[cost][pricebook]") {
    const PriceBooks& books = builtinBooks();
    CHECK(books.diagnostics().empty());
    REQUIRE(books.book("cn-seed-2026") != nullptr);
    REQUIRE(books.book("us-2026") != nullptr);
    CHECK(books.book("cn-seed-2026")->currency == Currency::Cny);
    CHECK(books.book("us-2026")->currency == Currency::Usd);
    for (const PriceBook& b : books.books()) {
        INFO(b.id);
        CHECK_FALSE(b.source.empty());
        for (const auto& p : b.parameters) {
            INFO(p.key);
            CHECK_FALSE(p.source.empty());
            CHECK_FALSE(p.asOf.empty());
        }
        for (const auto& p : b.purchases) {
            INFO(p.id);
            CHECK_FALSE(p.source.empty());
            CHECK_FALSE(p.asOf.empty());
        }
        for (const auto& o : b.rentOffers) {
            INFO(o.id);
            CHECK_FALSE(o.source.empty());
            CHECK_FALSE(o.asOf.empty());
        }
    }
    CHECK(books.book("cn-seed-2026")->source.find("分布式训练") != std::string::npos);  // the article, named
    CHECK(books.book("cn-seed-2026")->asOf == "2026");
    // Every GPU named in a book exists in the catalog.
    const Catalog catalog = Catalog::builtin();
    for (const PriceBook& b : books.books()) {
        for (const auto& o : b.rentOffers)
            for (const auto& g : o.gpus)
                CHECK(catalog.gpu(g) != nullptr);
        for (const auto& p : b.purchases)
            for (const auto& g : p.gpus)
                CHECK(catalog.gpu(g) != nullptr);
    }
}

TEST_CASE("the seed's offers as written, normalised per GPU-month and GPU-hour", "[cost][pricebook][seed]") {
    // The seed's offers normalised: ¥/month, ¥ per GPU-month, ¥ per GPU-hour, $ per GPU-hour at 7.2.
    const RentOffer& card = seedOffer("yiwan-a100-40g-card");
    CHECK(card.price == 2800);
    CHECK(card.unit == RentUnit::GpuMonth);
    CHECK(listPerGpuMonth(card) == 2800);
    CHECK_THAT(listPerGpuHour(card), WithinAbs(3.84, 0.005));
    CHECK_THAT(listPerGpuHour(card) / 7.2, WithinAbs(0.53, 0.005));

    const RentOffer& server = seedOffer("yiwan-a100-8x-server");
    CHECK(server.unit == RentUnit::ServerMonth);
    CHECK(server.gpusPerUnit == 8);
    CHECK(*server.priceLow == 25'000);
    CHECK(*server.priceHigh == 35'000);
    CHECK(listPerGpuMonth(atPrice(server, 25'000)) == 3'125);
    CHECK(listPerGpuMonth(atPrice(server, 35'000)) == 4'375);
    CHECK_THAT(listPerGpuHour(atPrice(server, 25'000)), WithinAbs(4.28, 0.005));
    CHECK_THAT(listPerGpuHour(atPrice(server, 35'000)), WithinAbs(5.99, 0.005));

    const RentOffer& cloudCard = seedOffer("yiwan-cloud-a100-card");
    CHECK(cloudCard.price == 2500);
    CHECK_THAT(listPerGpuHour(cloudCard), WithinAbs(3.42, 0.005));

    const RentOffer& h100 = seedOffer("yiwan-h100-8x-server");
    CHECK(*h100.priceLow == 80'000);
    CHECK(*h100.priceHigh == 120'000);
    CHECK(listPerGpuMonth(atPrice(h100, 80'000)) == 10'000);
    CHECK(listPerGpuMonth(atPrice(h100, 120'000)) == 15'000);
    CHECK_THAT(listPerGpuHour(atPrice(h100, 80'000)), WithinAbs(13.70, 0.005));
    CHECK_THAT(listPerGpuHour(atPrice(h100, 120'000)), WithinAbs(20.55, 0.005));
    CHECK_THAT(listPerGpuHour(atPrice(h100, 80'000)) / 7.2, WithinAbs(1.90, 0.005));
    CHECK_THAT(listPerGpuHour(atPrice(h100, 120'000)) / 7.2, WithinAbs(2.85, 0.005));

    const RentOffer& rtx = seedOffer("yiwan-cloud-rtx3090-card");
    CHECK(rtx.price == 1750);
    CHECK_THAT(listPerGpuHour(rtx), WithinAbs(2.40, 0.005));
    CHECK_THAT(listPerGpuHour(rtx) / 7.2, WithinAbs(0.33, 0.005));

    const RentOffer& slice = seedOffer("yiwan-cloud-a100-slice");
    CHECK(slice.unit == RentUnit::SliceMonth);
    CHECK(slice.price == 900);
    CHECK(slice.slicesPerGpu == 20);
    CHECK(listPerGpuMonth(slice) == 18'000);  // full-card equivalent
    CHECK_THAT(listPerGpuHour(slice), WithinAbs(24.66, 0.005));
    CHECK_THAT(listPerGpuHour(slice) / 7.2, WithinAbs(3.42, 0.005));
    CHECK_THAT(listPerGpuMonth(slice) / 2800, WithinAbs(6.4, 0.05));

    const RentOffer& mig = seedOffer("yiwan-h100-mig-card-equivalent");
    CHECK(*mig.priceLow == 12'000);
    CHECK(*mig.priceHigh == 18'000);
}

TEST_CASE("the seed's terms priced as written", "[cost][pricebook][seed]") {
    const RentOffer& server = seedOffer("yiwan-a100-8x-server");
    const RentTerm* yearly = server.term("yearly-prepay");
    REQUIRE(yearly != nullptr);
    CHECK(yearly->months == 12);
    CHECK(yearly->discount == 0.15);
    CHECK(yearly->prepay);
    CHECK(yearly->renewalCredit == 100);
    // "年付85折后约¥25.5-35.7万"
    CHECK(termPrice(atPrice(server, 25'000), *yearly, 1, 0) == Money::fromUnits(255'000));
    CHECK(termPrice(atPrice(server, 35'000), *yearly, 1, 0) == Money::fromUnits(357'000));
    // "同账户复购再减¥100/月": the renewal year is ¥1,200 cheaper.
    CHECK(termPrice(atPrice(server, 25'000), *yearly, 1, 1) == Money::fromUnits(253'800));
    const RentTerm* custom = server.term("custom-yearly");
    REQUIRE(custom != nullptr);
    CHECK(custom->discount == 0.20);

    // Q1: "单卡¥2800×4，年付8折后约¥10.8万/年" = 4 × 2,800 × 12 × 0.8 = ¥107,520; "4卡月付约¥1.12万".
    const RentOffer& card = seedOffer("yiwan-a100-40g-card");
    CHECK(termPrice(card, *card.term("custom-yearly"), 4, 0) == Money::fromUnits(107'520));
    CHECK(termPrice(card, *card.term("monthly"), 4, 0) == Money::fromUnits(11'200));
    // "8卡集群年付约¥26.9万" is the undiscounted 8 × 2,800 × 12 (¥215,040 at its own 80 %).
    CHECK(termPrice(card, *card.term("monthly"), 8, 0).times(12) == Money::fromUnits(268'800));
    CHECK(termPrice(card, *card.term("custom-yearly"), 8, 0) == Money::fromUnits(215'040));

    // "整机月付约¥8万-12万，年付85折约¥81.6万-122.4万"
    const RentOffer& h100 = seedOffer("yiwan-h100-8x-server");
    CHECK(termPrice(atPrice(h100, 80'000), *h100.term("yearly-prepay"), 1, 0) == Money::fromUnits(816'000));
    CHECK(termPrice(atPrice(h100, 120'000), *h100.term("yearly-prepay"), 1, 0) ==
          Money::fromUnits(1'224'000));
}

TEST_CASE("the China book prices Example 1 within the horizon", "[cost][pricebook][seed]") {
    // Built-in book defaults for 8×A100 80GB: the self-build and the server rent of Example 1.
    CostInputs in;
    const ClusterFacts facts = cluster("a100-sxm-80gb", 1, 400);
    const CostReport r = report(in, facts, builtinBooks());
    CHECK(r.offer.id == "yiwan-a100-8x-server");
    CHECK(r.purchaseId == "a100-80g-8x-selfbuild");
    near(r.capex.capex, 1'224'000);
    near(r.firstMonthOpex.total(), 13'797);
    near(r.buyTotal, 1'720'692);
    near(r.buyNetTotal, 1'540'692);
    near(r.rentTotal, 1'080'000);
    in.rentTerm = "yearly-prepay";
    near(report(in, facts, builtinBooks()).rentTotal, 915'600);
    in.rentTerm = "custom-yearly";  // 8折 with the renewal credit: 288,000 + 2 × 286,800
    near(report(in, facts, builtinBooks()).rentTotal, 861'600);
}

TEST_CASE("user price books merge by id and report bad entries", "[cost][pricebook]") {
    PriceBooks books = PriceBooks::builtin();
    const std::string file = std::string(CLUSTERPLAN_TEST_DATA) + "/cost-user-pricebook.json";
    REQUIRE(books.mergeFile(file).ok());
    const PriceBook* cn = books.book("cn-seed-2026");
    REQUIRE(cn != nullptr);
    CHECK(cn->offer("yiwan-a100-8x-server")->price == 27'000);  // replaced by id
    CHECK(cn->offer("lab-a100-card") != nullptr);               // added
    CHECK(cn->offer("yiwan-h100-8x-server") != nullptr);        // kept
    CHECK(cn->offer("broken-offer") == nullptr);
    CHECK(cn->parameter("electricity_per_kwh")->value == 0.55);
    REQUIRE(books.diagnostics().size() == 2);
    CHECK(books.diagnostics()[0].file == file);
    CHECK(books.diagnostics()[0].key == "parameters[0].key");
    CHECK(books.diagnostics()[0].reason.find("pue_ratio") != std::string::npos);
    CHECK(books.diagnostics()[1].key == "rent_offers[1].price");
    CHECK(books.diagnostics()[1].reason.find("is -5, allowed range 0 to") != std::string::npos);
    CHECK(books.diagnostics()[1].reason.find("entry skipped") != std::string::npos);

    auto bad = books.mergeJson("{\"schema\": \"clusterplan.pricebook/1\",\n \"id\": [}", "bad.json");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().where == "bad.json:2:9");
    auto currency = books.mergeJson(
        R"({"schema": "clusterplan.pricebook/1", "id": "cn-seed-2026", "currency": "USD"})", "usd.json");
    REQUIRE_FALSE(currency.ok());
    CHECK(currency.error().where == "usd.json: currency");
    auto missing =
        books.mergeJson(R"({"schema": "clusterplan.pricebook/1", "id": "mine", "name": "Mine"})", "m.json");
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().where == "m.json: currency");
    CHECK(missing.error().message == "is required");
}

TEST_CASE("price-book entries without provenance are rejected", "[cost][pricebook]") {
    PriceBooks books;
    const std::string text = R"({"schema": "clusterplan.pricebook/1", "id": "mine", "name": "Mine",
      "currency": "USD", "source": "us", "as_of": "2026",
      "purchases": [{"id": "p", "gpus": ["h100-sxm-80gb"], "node_price": 1, "gpus_per_node": 8,
                     "node_max_kw": 10, "source": "", "as_of": "2026"}],
      "rent_offers": [{"id": "r", "gpus": ["h100-sxm-80gb"], "unit": "gpu_hour", "price": 2, "as_of": "2026"},
                      {"id": "d", "gpus": ["h100-sxm-80gb"], "unit": "gpu_hour", "price": 2, "source": "x",
                       "as_of": "2026", "terms": [{"id": "y", "months": 12, "discount": 1}]}]})";
    REQUIRE(books.mergeJson(text, "mine.json").ok());
    REQUIRE(books.diagnostics().size() == 3);
    CHECK(books.diagnostics()[0].key == "purchases[0].source");
    CHECK(books.diagnostics()[1].key == "rent_offers[0].source");
    CHECK(books.diagnostics()[2].key == "rent_offers[1].terms[0].discount");
    CHECK(books.diagnostics()[2].reason.find("is 1, allowed range 0 to below 1") != std::string::npos);
    CHECK(books.book("mine")->rentOffers.empty());
}

TEST_CASE("the China book prices an 8xH100 server against the seed's H100 rent", "[cost][pricebook][seed]") {
    const CostReport r = report(CostInputs{}, cluster("h100-sxm-80gb", 1), builtinBooks());
    CHECK(r.offer.id == "yiwan-h100-8x-server");
    CHECK(r.purchaseId == "h100-8x-converted");
    near(r.capex.capex, 300'000 * 7.2 * 1.02);
    near(r.firstMonthOpex.total(), 4'713 + 8'568 + 3'333 + 3'600);
    near(r.monthly.at(1).rent, 100'000);
    // Constant flows within the warranty: ceil(2,203,200 / (100,000 − 20,214)) = 28.
    CHECK(r.breakeven.gross == 28);
}

// A vendor's price list imported in the window starts the user's book from the built-in one it
// updates: the text found by id is that book's file, which reads back as the same book.
TEST_CASE("a built-in book's file text is found by its id", "[cost][pricebook]") {
    for (const std::string id : {"cn-seed-2026", "us-2026"}) {
        INFO(id);
        const auto text = cost::builtinPriceBookJson(id);
        REQUIRE(text.has_value());
        cost::PriceBooks books;
        REQUIRE(books.mergeJson(*text, id + ".json"));
        REQUIRE(books.books().size() == 1);
        CHECK(books.books().front().id == id);
        CHECK(books.diagnostics().empty());
    }
    CHECK_FALSE(cost::builtinPriceBookJson("no-such-book").has_value());
}

namespace {

// One server of `gpu` priced on `book`: with `offerId` when given (else a one-dollar-an-hour custom
// offer stands in when the book rents nothing for the GPU), and `nodePrice` when the book has no
// purchase for it. A small model at ZeRO-3 so the plan fits on every card.
Scenario pricedScenario(const Catalog& catalog, const PriceBook& book, const std::string& gpu,
                        int gpusPerNode, const std::string& offerId) {
    Scenario s = defaultScenario(catalog);
    s.model = *catalog.model("qwen2.5-7b");
    s.modelPreset = "qwen2.5-7b";
    s.cluster.gpu = gpu;
    s.cluster.intraNode.clear();
    s.cluster.gpusPerNode = gpusPerNode;
    s.cluster.nodes = 1;
    s.training.globalBatch = 64;
    s.layout.zeroStage = 3;
    s.layout.recompute = Recompute::Full;
    s.cost.priceBook = book.id;
    s.cost.rentOffer = offerId;
    if (offerId.empty() && !book.defaultOfferFor(gpu)) {
        RentOffer custom;
        custom.id = "stand-in";
        custom.name = "stand-in offer";
        custom.gpus = {gpu};
        custom.unit = RentUnit::GpuHour;
        custom.price = 1;
        custom.billing = Billing::OnDemand;
        custom.source = "test";
        custom.asOf = "2026-12";
        s.cost.customRent = custom;
    }
    if (!book.purchaseFor(gpu))
        s.cost.overrides["node_price"] = 100'000;
    return s;
}

const quote::PriceLine& priceLine(const quote::QuoteDocument& doc, const std::string& key) {
    const auto it =
        std::find_if(doc.prices.begin(), doc.prices.end(), [&](const auto& p) { return p.key == key; });
    REQUIRE(it != doc.prices.end());
    return *it;
}

// Evaluates `s` in both currencies: the USD report is the CNY one at the scenario's rate, and the
// quote's prices table shows each entry's date.
void checkPriced(Scenario s, const std::string& key, const std::string& asOf) {
    const Catalog& catalog = clusterplan::test::catalog();
    s.cost.currency = Currency::Cny;
    const auto cny = evaluate(s, catalog);
    REQUIRE(cny.ok());
    REQUIRE(cny->cost.has_value());
    s.cost.currency = Currency::Usd;
    const auto usd = evaluate(s, catalog);
    REQUIRE(usd.ok());
    REQUIRE(usd->cost.has_value());
    const double rate = cny->cost->cnyPerUsd;
    CHECK(rate > 0);
    CHECK_THAT(usd->cost->capex.servers.units(), WithinAbs(cny->cost->capex.servers.units() / rate, 0.01));
    CHECK_THAT(usd->cost->rentTotal.units(), WithinRel(cny->cost->rentTotal.units() / rate, 1e-3));
    for (const auto* plan : {&*cny, &*usd}) {
        const auto doc = quote::buildQuoteDocument(*plan, "2026-12-06", std::nullopt);
        CHECK(priceLine(doc, key).asOf == asOf);
    }
}

}  // namespace

TEST_CASE("every price entry parses, converts between CNY and USD, and shows its date in the quote's prices",
          "[cost][pricebook]") {
    const Catalog& catalog = clusterplan::test::catalog();
    for (const PriceBook& b : catalog.priceBooks().books()) {
        for (const PurchaseEntry& p : b.purchases)
            for (const std::string& gpu : p.gpus) {
                INFO(b.id << " purchase " << p.id << " for " << gpu);
                REQUIRE(catalog.gpu(gpu) != nullptr);
                checkPriced(pricedScenario(catalog, b, gpu, p.gpusPerNode, ""), "node_price", p.asOf);
            }
        for (const RentOffer& o : b.rentOffers)
            for (const std::string& gpu : o.gpus) {
                INFO(b.id << " rent offer " << o.id << " for " << gpu);
                REQUIRE(catalog.gpu(gpu) != nullptr);
                const int perNode =
                    o.unit == RentUnit::ServerMonth ? o.gpusPerUnit : catalog.gpu(gpu)->defaultGpusPerNode;
                checkPriced(pricedScenario(catalog, b, gpu, perNode, o.id), "rent_offer", o.asOf);
            }
    }
}

TEST_CASE("the China book prices the GPUs a Chinese customer asks about, and says which have no price",
          "[cost][pricebook]") {
    const PriceBook& cn = *builtinBooks().book("cn-seed-2026");
    std::vector<std::string> priced;
    for (const auto& p : cn.purchases)
        priced.insert(priced.end(), p.gpus.begin(), p.gpus.end());
    for (const auto& o : cn.rentOffers)
        priced.insert(priced.end(), o.gpus.begin(), o.gpus.end());
    std::sort(priced.begin(), priced.end());
    priced.erase(std::unique(priced.begin(), priced.end()), priced.end());
    for (const char* id : {"a100-sxm-80gb", "h100-sxm-80gb", "h200-sxm-141gb", "h800-sxm-80gb", "h20-96gb",
                           "a800-sxm-80gb", "ascend-910b-64gb"}) {
        INFO(id);
        CHECK(std::count(priced.begin(), priced.end(), id) == 1);
    }
    // GPU types without a public China price are named in the book's notes (the window shows them).
    for (const char* name : {"910C", "GB200", "GB300"}) {
        INFO(name);
        CHECK(cn.notes.find(name) != std::string::npos);
    }
    // The US book prices the rack-scale Blackwell per tray of 4 GPUs.
    const PriceBook& us = *builtinBooks().book("us-2026");
    for (const char* id : {"gb200-nvl72-186gb", "gb300-nvl72-279gb"}) {
        INFO(id);
        REQUIRE(us.purchaseFor(id) != nullptr);
        CHECK(us.purchaseFor(id)->gpusPerNode == 4);
    }
    CHECK(us.defaultOfferFor("gb200-nvl72-186gb") != nullptr);
    CHECK(us.notes.find("GB300") != std::string::npos);
}
