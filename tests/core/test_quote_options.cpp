// The quote's options page: the quoted configuration rented and bought at exactly its line items'
// totals, up to two alternatives priced by the quote document of the scenario each opens, compared
// with the quoted one acquired the same way; the page's text in English and Chinese (golden files);
// the picks it refuses.
#include <algorithm>
#include <filesystem>

#include "cli_runner.h"

#include "core/calibration/evaluate.h"
#include "core/quote/quote_options.h"
#include "core/studies/options_study.h"
#include "golden.h"
#include "test_support.h"

using namespace clusterplan;

namespace {

constexpr const char* kToday = "2026-12-06";

// Llama 3.1 8B on 100 B tokens, quoted on one server of 8 A100 80GB (the default scenario), with
// the alternatives of an H100 and an H200 cluster that must finish in 20 days.
struct Quoted {
    Plan plan;
    quote::QuoteDocument doc;
    OptionsStudy study;
};

const Quoted& quoted() {
    static const Quoted q = [] {
        const Catalog& catalog = test::catalog();
        const Scenario s = defaultScenario(catalog);
        auto plan = evaluate(s, catalog);
        REQUIRE(plan.ok());
        OptionsTarget target;
        target.deadlineDays = 20;
        target.gpuTypes = {"a100-sxm-80gb", "h100-sxm-80gb", "h200-sxm-141gb", "v100-sxm2-32gb"};
        auto study = optionsStudy(s, catalog, target);
        REQUIRE(study.ok());
        quote::QuoteDocument doc = quote::buildQuoteDocument(plan.value(), kToday, std::nullopt);
        return Quoted{std::move(plan).value(), std::move(doc), std::move(study).value()};
    }();
    return q;
}

quote::OptionsPage page(const std::vector<std::size_t>& picks) {
    const Quoted& q = quoted();
    auto p = quote::buildOptionsPage(q.study, q.plan, q.doc, picks, test::catalog());
    REQUIRE(p.ok());
    return std::move(p).value();
}

}  // namespace

TEST_CASE("the quoted configuration is priced at its line items' totals, rented and bought",
          "[quote][options]") {
    const Quoted& q = quoted();
    const quote::OptionsPage p = page({});
    REQUIRE(p.rows.size() == 2);
    REQUIRE(q.doc.rent);
    REQUIRE(q.doc.buy);
    CHECK(p.rows[0].acquire == Acquire::Rent);
    CHECK(p.rows[0].amount == q.doc.rent->total.amount);
    CHECK(p.rows[0].gross == q.doc.rent->total.gross);
    CHECK(p.rows[1].acquire == Acquire::Buy);
    CHECK(p.rows[1].amount == q.doc.buy->total.amount);
    CHECK(p.rows[1].gross == q.doc.buy->total.gross);
    CHECK(p.rows[0].days == q.plan.run.wallDays);
    CHECK(p.rows[0].gpus == 8);
}

TEST_CASE("each alternative is priced as the quote of the scenario it opens, and compared like for like",
          "[quote][options]") {
    const Quoted& q = quoted();
    const std::vector<std::size_t> picks = quote::defaultOptionAlternatives(q.study, q.plan);
    REQUIRE(picks.size() == 2);
    REQUIRE(q.study.recommended);
    CHECK(picks.front() == *q.study.recommended);
    const quote::OptionsPage p = page(picks);
    REQUIRE(p.rows.size() == 4);
    for (std::size_t n = 0; n < picks.size(); ++n) {
        const OptionRow& r = q.study.rows[picks[n]];
        const quote::OptionsPageRow& row = p.rows[2 + n];
        INFO(r.gpu << " x " << r.gpus << " " << r.offer);
        CHECK(row.studyRow == picks[n]);
        // Not the quoted configuration: another GPU type, size or offer.
        CHECK_FALSE((r.gpu == "a100-sxm-80gb" && r.gpus == 8 && r.offer == q.plan.cost->offer.id));
        auto plan = evaluate(r.scenario, test::catalog());
        REQUIRE(plan.ok());
        const auto doc = quote::buildQuoteDocument(plan.value(), kToday, std::nullopt);
        const auto& lines = r.acquire == Acquire::Rent ? doc.rent : doc.buy;
        REQUIRE(lines);
        CHECK(row.amount == lines->total.amount);
        CHECK(row.gross == lines->total.gross);
        // The study's rental is the same billing: the job's rental under that offer.
        if (r.acquire == Acquire::Rent)
            CHECK(row.amount == r.cost);
        // And what it holds against the budget is the study's cost: the rental, or owned net.
        CHECK(row.budgeted == r.cost);
        CHECK(row.days == r.days);
        const quote::OptionsPageRow& base = p.rows[r.acquire == Acquire::Rent ? 0 : 1];
        CHECK(row.percentVsQuoted ==
              Approx(100.0 * (row.amount.units() - base.amount.units()) / base.amount.units()));
        CHECK(row.daysVsQuoted == Approx(row.days - base.days));
    }
    CHECK(p.rows[2].recommended);
}

TEST_CASE("the options page reads the same in English and Chinese (golden text)",
          "[quote][options][golden]") {
    const Quoted& q = quoted();
    const quote::OptionsPage p = page(quote::defaultOptionAlternatives(q.study, q.plan));
    const std::string en = quote::optionsPageText(p, Lang::En);
    const std::string zh = quote::optionsPageText(p, Lang::Zh);
    CHECK(en.find("Options compared") == 0);
    CHECK(zh.find("方案比较") == 0);
    CHECK(zh.find("Options compared") == std::string::npos);
    // The GPU type that fits nowhere is on the page with its reason, in each language.
    CHECK(en.find("GPU types without an option") != std::string::npos);
    CHECK(zh.find("没有可选方案的 GPU 型号") != std::string::npos);
    test::checkGolden("quote_options_en", "txt", en);
    test::checkGolden("quote_options_zh", "txt", zh);
}

TEST_CASE("the Chinese options page names every offer by its Chinese name, never its English one",
          "[quote][options]") {
    const Quoted& q = quoted();
    // Every priced row ticked in turn, so each offer of the study is on a page once.
    std::string zh;
    for (std::size_t i = 0; i < q.study.rows.size(); ++i)
        if (q.study.rows[i].priced && q.study.rows[i].acquire == Acquire::Rent)
            zh += quote::optionsPageText(page({i}), Lang::Zh);
    REQUIRE_FALSE(zh.empty());
    std::size_t named = 0;
    for (const auto& book : test::catalog().priceBooks().books())
        for (const auto& offer : book.rentOffers) {
            INFO(book.id << " / " << offer.id);
            REQUIRE_FALSE(offer.nameZh.empty());
            CHECK(zh.find(offer.name) == std::string::npos);
            named += zh.find(offer.nameZh) != std::string::npos ? 1 : 0;
        }
    CHECK(named >= 2);
}

TEST_CASE("the options page refuses too many picks, a pick twice and a pick that is not an option",
          "[quote][options]") {
    const Quoted& q = quoted();
    const auto build = [&](const std::vector<std::size_t>& picks) {
        return quote::buildOptionsPage(q.study, q.plan, q.doc, picks, test::catalog());
    };
    const auto tooMany = build({0, 1, 2});
    REQUIRE_FALSE(tooMany.ok());
    CHECK(tooMany.error().where == "options.alternatives");
    const auto twice = build({1, 1});
    REQUIRE_FALSE(twice.ok());
    CHECK(twice.error().message.find("picked twice") != std::string::npos);
    const auto outside = build({q.study.rows.size()});
    REQUIRE_FALSE(outside.ok());
    CHECK(outside.error().where == "options.alternatives[0]");
}

TEST_CASE("report --options prints the options page and refuses a pick that is not an option",
          "[quote][options][cli]") {
    const std::string scenario =
        std::string(CLUSTERPLAN_TEST_DATA) + "/../../resources/scenarios/default.json";
    const std::string target =
        " --options-deadline 20 --options-gpu-types a100-sxm-80gb,h100-sxm-80gb --no-record";
    for (const char* lang : {"en", "zh_CN"}) {
        INFO(lang);
        const auto run = test::runCli("report '" + scenario + "' --options" + target + " --lang " + lang);
        INFO(run.out);
        REQUIRE(run.status == 0);
        const bool zh = std::string(lang) == "zh_CN";
        CHECK(run.out.find(zh ? "方案比较" : "Options compared") != std::string::npos);
        CHECK(run.out.find(zh ? "备选 1" : "Alternative 1") != std::string::npos);
    }
    // Option 1 of this study (`options` numbers its rows) as the only alternative.
    const auto one = test::runCli("report '" + scenario + "'" + target + " --options-pick 1");
    REQUIRE(one.status == 0);
    CHECK(one.out.find("Alternative 1") != std::string::npos);
    CHECK(one.out.find("Alternative 2") == std::string::npos);
    const auto outside = test::runCli("report '" + scenario + "'" + target + " --options-pick 9999");
    CHECK(outside.status == 2);
    CHECK(outside.out.find("--options-pick") != std::string::npos);
    const auto three = test::runCli("report '" + scenario + "'" + target + " --options-pick 1,2,3");
    CHECK(three.status == 2);
    CHECK(three.out.find("at most 2") != std::string::npos);
}

TEST_CASE("report --options --pdf puts the page in the PDF, in Chinese for a Chinese quote",
          "[quote][options][cli]") {
    const std::string scenario =
        std::string(CLUSTERPLAN_TEST_DATA) + "/../../resources/scenarios/default.json";
    const std::string pdf =
        (std::filesystem::temp_directory_path() / "clusterplan-quote-options-zh.pdf").string();
    const auto run =
        test::runCli("report '" + scenario +
                     "' --options --options-deadline 20 --options-gpu-types a100-sxm-80gb,h100-sxm-80gb "
                     "--no-record --lang zh_CN --pdf '" +
                     pdf + "'");
    INFO(run.out);
    REQUIRE(run.status == 0);
    const auto text = test::runCommand("pdftotext '" + pdf + "' -");
    REQUIRE(text.status == 0);
    CHECK(text.out.find("方案比较") != std::string::npos);
    CHECK(text.out.find("计算依据") != std::string::npos);
    std::filesystem::remove(pdf);
}
