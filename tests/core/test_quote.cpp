// Quotes: the 大写 converter, VAT per line, line items that total the cost engine's
// numbers, the scenario's `quote` object (strict reading, revisions) and the report text in both
// languages against golden files.
#include <algorithm>
#include <cmath>
#include <regex>

#include "core/calibration/evaluate.h"
#include "core/cost/cost_parameters.h"
#include "core/quote/chinese_amount.h"
#include "core/quote/messages_quote.h"
#include "core/quote/offer_names.h"
#include "core/quote/price_list.h"
#include "core/quote/quote_json.h"
#include "core/quote/quote_revision.h"
#include "core/quote/quote_scaling.h"
#include "core/quote/quote_text.h"
#include "core/report/plan_format.h"
#include "core/util/number_format.h"
#include "core/util/per_language.h"
#include "core/validation/validation.h"
#include "golden.h"
#include "test_support.h"

using clusterplan::cost::Money;
namespace quote = clusterplan::quote;

namespace {

const std::string kData = CLUSTERPLAN_TEST_DATA;

clusterplan::Plan planFor(const std::string& file) {
    return clusterplan::test::planFromFile(kData, file);
}

// The 8B quote on `gpu`, priced on the US book's default offer for it.
clusterplan::Result<clusterplan::Plan> onUsBook(const std::string& gpu) {
    const auto& catalog = clusterplan::test::catalog();
    clusterplan::Scenario s = clusterplan::loadScenarioFile(kData + "/quote-scenario.json", catalog).value();
    s.cluster.gpu = gpu;
    s.cost.priceBook = "us-2026";
    s.cost.rentOffer.clear();
    s.cost.rentTerm.clear();
    auto plan = clusterplan::evaluate(s, catalog);
    REQUIRE(plan.ok());
    REQUIRE(plan->cost);
    return plan;
}

std::string uppercase(std::int64_t cents) {
    return quote::chineseUppercase(Money::fromCents(cents));
}

}  // namespace

TEST_CASE("Chinese uppercase amounts follow 会计基础工作规范 第五十二条", "[quote]") {
    CHECK(uppercase(0) == "零元整");
    CHECK(uppercase(100) == "壹元整");
    CHECK(uppercase(1000) == "壹拾元整");
    CHECK(uppercase(1'200'000'00) == "壹佰贰拾万元整");  // the issue's example
    CHECK(uppercase(10'000'000'05) == "壹仟万元零伍分");
    CHECK(uppercase(1005'00) == "壹仟零伍元整");
    CHECK(uppercase(10'010'00) == "壹万零壹拾元整");
    CHECK(uppercase(100'000'001'00) == "壹亿零壹元整");
    CHECK(uppercase(1'000'010'000'00) == "壹拾亿零壹万元整");
    CHECK(uppercase(107'000'53) == "壹拾万柒仟元伍角叁分");
    CHECK(uppercase(1680'32) == "壹仟陆佰捌拾元叁角贰分");
    CHECK(uppercase(50) == "伍角整");
    CHECK(uppercase(5) == "伍分");
    CHECK(uppercase(1'50) == "壹元伍角整");
    CHECK(uppercase(2'07) == "贰元零柒分");
    CHECK(uppercase(1'224'000'50) == "壹佰贰拾贰万肆仟元伍角整");
    CHECK(uppercase(1'0000'0000'0000'00) == "壹万亿元整");
    CHECK(uppercase(1'2000'0000'0000'00) == "壹万贰仟亿元整");
    CHECK(uppercase(-3'00) == "负叁元整");
    CHECK(uppercase(9999'9999'99) == "玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分");
}

TEST_CASE("a line's tax and gross are the amount × its VAT rate, rounded to the cent", "[quote]") {
    quote::TaxSettings tax;
    const auto l = quote::makeLine("x", quote::bilingual(clusterplan::msg::kQuoteItemServers), {}, 3,
                                   quote::bilingual(clusterplan::msg::kQuoteUnitServer),
                                   Money::fromUnits(1234.57), 0.15, quote::TaxCategory::Goods, tax);
    CHECK(l.listAmount == Money::fromUnits(3703.71));
    CHECK(l.amount == Money::fromUnits(3148.15));  // 3703.71 × 0.85 = 3148.1535
    CHECK(l.vatRate == 0.13);
    CHECK(l.tax == Money::fromUnits(409.26));  // 3148.15 × 0.13 = 409.2595
    CHECK(l.gross == Money::fromUnits(3557.41));
    tax.smallScaleTaxpayer = true;
    CHECK(quote::vatRate(tax, quote::TaxCategory::Service) == 0.03);
    CHECK(quote::vatRate(tax, quote::TaxCategory::Exempt) == 0.0);
}

TEST_CASE("a small-scale taxpayer's rate follows the quote's date", "[quote]") {
    // 财政部 税务总局公告 2023 年第 19 号: the 3 % levy is reduced to 1 % until 2027-12-31.
    CHECK(quote::smallScaleRateOn("2023-01-01") == 0.01);
    CHECK(quote::smallScaleRateOn("2026-11-30") == 0.01);
    CHECK(quote::smallScaleRateOn("2027-12-31") == 0.01);
    CHECK(quote::smallScaleRateOn("2028-01-01") == 0.03);
    quote::TaxSettings tax;
    tax.smallScaleTaxpayer = true;
    CHECK(quote::vatRate(quote::taxOn(tax, "2026-11-30"), quote::TaxCategory::Goods) == 0.01);
    CHECK(quote::vatRate(quote::taxOn(tax, "2028-03-01"), quote::TaxCategory::Service) == 0.03);
    CHECK(quote::vatRate(quote::taxOn(tax, "2026-11-30"), quote::TaxCategory::Exempt) == 0.0);
    tax.smallScaleRate = 0.03;  // a rate the user set stays, whatever the date
    CHECK(quote::vatRate(quote::taxOn(tax, "2026-11-30"), quote::TaxCategory::Goods) == 0.03);

    // A whole quote dated 2026-11-30 bills its lines at 1 %, and its file keeps the rate empty.
    const auto& catalog = clusterplan::test::catalog();
    const auto evaluated = clusterplan::evaluate(
        clusterplan::loadScenarioFile(kData + "/quote-scenario.json", catalog).value(), catalog);
    REQUIRE(evaluated.ok());
    clusterplan::Plan plan = evaluated.value();
    REQUIRE(plan.scenario.quote.has_value());
    plan.scenario.quote->tax.smallScaleTaxpayer = true;
    REQUIRE_FALSE(plan.scenario.quote->tax.smallScaleRate.has_value());
    const quote::QuoteDocument doc = quote::buildQuoteDocument(plan, "2026-11-30", std::nullopt);
    REQUIRE(doc.info.tax.smallScaleRate.has_value());
    CHECK(*doc.info.tax.smallScaleRate == 0.01);
    REQUIRE(doc.rent.has_value());
    for (const auto& group : doc.rent->groups)
        for (const auto& line : group.lines)
            CHECK((line.vatRate == 0.01 || line.category == quote::TaxCategory::Exempt));
}

TEST_CASE("line items total the cost engine's rent and buy amounts to the cent", "[quote]") {
    const auto& catalog = clusterplan::test::catalog();
    clusterplan::Scenario monthly =
        clusterplan::loadScenarioFile(kData + "/quote-scenario.json", catalog).value();
    monthly.cost.rentTerm = "monthly";
    monthly.cluster.nodes = 2;
    monthly.cost.horizonMonths = 30;  // a part-year of operating costs
    clusterplan::Scenario yearly =
        clusterplan::loadScenarioFile(kData + "/quote-scenario.json", catalog).value();
    for (const auto& scenario : {yearly, monthly}) {
        auto evaluated = clusterplan::evaluate(scenario, catalog);
        REQUIRE(evaluated.ok());
        const auto& plan = evaluated.value();
        REQUIRE(plan.cost);
        const auto doc = quote::buildQuoteDocument(plan, "2026-11-30", std::nullopt);
        REQUIRE(doc.rent);
        REQUIRE(doc.buy);
        REQUIRE(doc.running);
        // Renting bills the run's rental, the figure the verdict calls the run's cost.
        REQUIRE(plan.cost->jobRental);
        CHECK(doc.rent->total.amount == plan.cost->jobRental->amount);
        CHECK(doc.rent->total.amount == *doc.verdict.runCostRent);
        // Buying: the supply is the capital expenditure; the owner's running costs are an estimate
        // beside it, and the two add up to the engine's owned cash at the horizon.
        CHECK(doc.buy->total.amount == plan.cost->capex.capex);
        CHECK_FALSE(doc.buy->estimate);
        CHECK(doc.running->estimate);
        CHECK(doc.buy->total.amount + doc.running->total.amount == plan.cost->buyTotal);
        for (const auto* o : {&*doc.rent, &*doc.buy, &*doc.running}) {
            Money sum;
            for (const auto& g : o->groups)
                for (const auto& l : g.lines) {
                    // Every line is quantity × unit price × (1 − discount) to the cent (the workbook's
                    // formula), at the price as listed.
                    CHECK_FALSE(l.unitPrice.derived());
                    CHECK(l.amount == l.unitPrice.amount(l.quantity, l.discount));
                    CHECK(l.gross == l.amount + l.tax);
                    sum += l.gross;
                }
            CHECK(sum == o->total.gross);
        }
    }
}

TEST_CASE("the quote bills the run's rental: whole months for a short run, the cheapest yearly prepay for a "
          "long one",
          "[quote]") {
    const auto& catalog = clusterplan::test::catalog();
    clusterplan::Scenario s = clusterplan::loadScenarioFile(kData + "/quote-scenario.json", catalog).value();
    const auto planned = [&](const clusterplan::Scenario& scenario) {
        auto p = clusterplan::evaluate(scenario, catalog);
        REQUIRE(p.ok());
        REQUIRE(p->cost);
        return p.value();
    };
    // A short run (a few days): one month of the monthly term, not the 36-month horizon, and the
    // quote's rental total is the run's cost on the verdict.
    clusterplan::Scenario shortRun = s;
    shortRun.training.tokens = 2e9;
    const auto shortPlan = planned(shortRun);
    REQUIRE(shortPlan.run.wallDays < 20);
    const auto shortDoc = quote::buildQuoteDocument(shortPlan, "2026-11-30", std::nullopt);
    const auto& shortRent = shortDoc.rent->groups.front().lines.front();
    CHECK(shortRent.discount == 0);
    CHECK(shortRent.quantity == 1);  // one server × one month
    CHECK(shortDoc.rent->total.amount == *shortDoc.verdict.runCostRent);
    CHECK(shortRent.vatRate == 0.06);  // rental as an IT service (quote.tax.rent_category)
    // A run of about eleven months: of the offer's terms, the cheapest for 11 months of wall time is
    // the custom yearly prepay at 80 % (seed article: GPU定制年付8折), 12 months for less than 11
    // monthly ones (or the 85 % yearly prepay).
    clusterplan::Scenario longRun = s;
    longRun.training.tokens = s.training.tokens * (10.6 * 730 / 24) / planned(s).run.wallDays;
    const auto longPlan = planned(longRun);
    INFO("wall days " << longPlan.run.wallDays);
    REQUIRE(longPlan.run.wallDays > 10 * 730 / 24.0);
    REQUIRE(longPlan.run.wallDays < 11 * 730 / 24.0);
    const auto longDoc = quote::buildQuoteDocument(longPlan, "2026-11-30", std::nullopt);
    const auto& longRent = longDoc.rent->groups.front().lines.front();
    CHECK(longRent.discount == 0.2);
    CHECK(longRent.quantity == 12);
    REQUIRE(longPlan.cost->jobRental);
    CHECK(longPlan.cost->jobRental->term.id == "custom-yearly");
    CHECK(longDoc.rent->total.amount == *longDoc.verdict.runCostRent);
    CHECK(longDoc.validUntil == "2026-12-15");  // 15 days after 2026-11-30
    // One yearly term, prepaid: its payment terms say so, and not also "at the start of each month".
    std::string pay;
    for (const auto& line : quote::paymentTerms(longDoc, quote::Lang::En))
        pay += line + "\n";
    INFO(pay);
    CHECK(pay.find("each 12-month term paid in full at its start (terms billed: 1)") != std::string::npos);
    CHECK(pay.find("at the start of each month") == std::string::npos);
}

TEST_CASE("a two-year rental prints list, discount and credit as rows, each rounded once", "[quote]") {
    const auto& catalog = clusterplan::test::catalog();
    clusterplan::Scenario s = clusterplan::loadScenarioFile(kData + "/quote-scenario.json", catalog).value();
    const auto base = clusterplan::evaluate(s, catalog);
    REQUIRE(base.ok());
    // About 22 months of wall time: two terms of the custom yearly prepay (seed article 陷阱五:
    // "GPU定制年付8折，同账户复购再减¥100/月", the credit from the first renewal on).
    s.training.tokens *= (22 * 730 / 24.0) / base->run.wallDays;
    const auto plan = clusterplan::evaluate(s, catalog);
    REQUIRE(plan.ok());
    REQUIRE(plan->cost);
    REQUIRE(plan->cost->jobRental);
    const auto& job = *plan->cost->jobRental;
    REQUIRE(job.term.id == "custom-yearly");
    REQUIRE(job.months == 24);
    REQUIRE(job.units == 1);
    const auto doc = quote::buildQuoteDocument(*plan, "2026-11-30", std::nullopt);
    REQUIRE(doc.rent);
    const auto& lines = doc.rent->groups.front().lines;
    REQUIRE(lines.size() == 2);
    // 1 server × 24 months at ¥30,000 list, 20 % off; then 12 renewal months × −¥100, exact.
    CHECK(lines[0].quantity == 24);
    CHECK(lines[0].amount == Money::fromUnits(576'000));
    CHECK(lines[1].key == "rent.credit");
    CHECK(lines[1].quantity == 12);
    CHECK(lines[1].unitPrice == clusterplan::cost::UnitPrice::fromMoney(Money::fromUnits(-100)));
    CHECK(lines[1].amount == Money::fromUnits(-1'200));
    // list → discount → credits → excl. VAT, and that is the run's cost on the verdict.
    const auto& t = doc.rent->total;
    CHECK(t.list == Money::fromUnits(720'000));
    CHECK(t.discount == Money::fromUnits(144'000));
    CHECK(t.credits == Money::fromUnits(-1'200));
    CHECK(t.amount == t.list - t.discount + t.credits);
    CHECK(t.amount == job.amount);
    CHECK(t.amount == *doc.verdict.runCostRent);
    const std::string zh = quote::quoteToText(doc, quote::Lang::Zh);
    CHECK(zh.find("续费复购减免") != std::string::npos);
    CHECK(zh.find("折扣：−¥144,000.00") != std::string::npos);
    CHECK(zh.find("减免：−¥1,200.00") != std::string::npos);
    CHECK(zh.find("定制 GPU 年付（8折）") != std::string::npos);
    // Payment terms: each yearly term prepaid at its start, two of them, the option's total.
    CHECK(zh.find("每期 12 个月，于每期期初一次性预付该期租金，共 2 期，合计 " +
                  quote::formatAmount(t.gross, doc.currency, quote::Lang::Zh)) != std::string::npos);
    CHECK(zh.find("客户确认（签字盖章／日期）") != std::string::npos);
}

TEST_CASE("the customer's price list names each price used, with its unit, basis and date", "[quote]") {
    const auto& catalog = clusterplan::test::catalog();
    clusterplan::Scenario s = clusterplan::loadScenarioFile(kData + "/quote-scenario.json", catalog).value();
    const auto plan = clusterplan::evaluate(s, catalog);
    REQUIRE(plan.ok());
    const auto doc = quote::buildQuoteDocument(*plan, "2026-11-30", std::nullopt);
    REQUIRE(doc.prices.size() >= 5);
    const auto find = [&](const quote::QuoteDocument& d, const std::string& key) {
        const auto it =
            std::find_if(d.prices.begin(), d.prices.end(), [&](const auto& p) { return p.key == key; });
        REQUIRE(it != d.prices.end());
        return *it;
    };
    // The offer's prices are this offer's; the estimate's figures say what they rest on.
    CHECK(find(doc, "rent_offer").value.zh == "¥30,000.00 / 台·月");
    CHECK(find(doc, "rent_offer").basis.zh == "本报价");
    CHECK(find(doc, "node_price").basis.zh == "本报价");
    const auto power = find(doc, "electricity_per_kwh");
    CHECK(power.value.zh == "¥0.65 / 千瓦时");
    CHECK(power.value.en == "CNY 0.65 / kWh");
    CHECK(quote::priceBasis(power, quote::Lang::Zh) == "公开市场报告，2024年");
    // A figure without a date says so: the note under the list reads "as of their date".
    const auto perEngineer = find(doc, "gpus_per_fte");
    REQUIRE(perEngineer.asOf.empty());
    CHECK(quote::priceBasis(perEngineer, quote::Lang::Zh) == "公开市场报告，未注日期");
    CHECK(quote::priceBasis(perEngineer, quote::Lang::En) == "Published market report, undated");
    // Only what a line uses, and nothing at zero: the China book's servers include their network.
    for (const auto& p : doc.prices) {
        INFO(p.key);
        CHECK(p.key != "switch_price");
        CHECK(p.key != "storage_per_tb");
        CHECK(p.key != "discount_rate");
        CHECK(p.name.zh.find('_') == std::string::npos);
        CHECK(p.value.zh.find("[[") == std::string::npos);
    }
    // In US dollars the list says the rate the book's yuan were converted at.
    s.cost.currency = clusterplan::cost::Currency::Usd;
    const auto usd = clusterplan::evaluate(s, catalog);
    REQUIRE(usd.ok());
    const auto usdDoc = quote::buildQuoteDocument(*usd, "2026-11-30", std::nullopt);
    CHECK(find(usdDoc, "cny_per_usd").value.en == "1 USD = 7.2 CNY");
    CHECK(find(usdDoc, "electricity_per_kwh").value.en == "USD 0.0903 / kWh");  // 0.65 / 7.2
    CHECK(quote::formatDate("2026-11-30", quote::Lang::Zh) == "2026年11月30日");
    CHECK(quote::formatDate("2026-02", quote::Lang::Zh) == "2026年2月");
    CHECK(quote::formatDate("2026", quote::Lang::Zh) == "2026年");
    CHECK(quote::formatDate("2026-11-30", quote::Lang::En) == "2026-11-30");
}

TEST_CASE("a Chinese quote names the US price book's offers, terms and servers in Chinese", "[quote]") {
    const auto plan = onUsBook("h100-sxm-80gb");
    const auto doc = quote::buildQuoteDocument(*plan, "2026-11-30", std::nullopt);
    const std::string zh = quote::quoteToText(doc, quote::Lang::Zh);
    INFO(zh);
    const auto& offer = plan->cost->offer;
    REQUIRE_FALSE(offer.nameZh.empty());
    CHECK(zh.find(offer.nameZh) != std::string::npos);
    CHECK(zh.find(offer.name) == std::string::npos);
    REQUIRE_FALSE(plan->cost->purchaseNameZh.empty());
    CHECK(zh.find(plan->cost->purchaseNameZh) != std::string::npos);
    CHECK(zh.find(plan->cost->purchaseName) == std::string::npos);
    CHECK(zh.find(quote::termName(offer, plan->cost->jobRental->term).zh) != std::string::npos);
}

TEST_CASE("an hourly on-demand offer is named by its billing, not as a monthly term", "[quote]") {
    // The US book's H200 offer is on demand per GPU-hour with no contract term: the quote said it
    // was billed on term "Monthly", a contract it does not have.
    const auto plan = onUsBook("h200-sxm-141gb");
    REQUIRE(plan->cost->offer.unit == clusterplan::cost::RentUnit::GpuHour);
    REQUIRE(plan->cost->offer.billing == clusterplan::cost::Billing::OnDemand);
    const auto doc = quote::buildQuoteDocument(*plan, "2026-11-30", std::nullopt);
    const std::string en = quote::quoteToText(doc, quote::Lang::En);
    const std::string zh = quote::quoteToText(doc, quote::Lang::Zh);
    INFO(en);
    CHECK(en.find("term \"On demand, per GPU-hour, invoiced monthly\"") != std::string::npos);
    CHECK(en.find("\"Monthly\"") == std::string::npos);
    CHECK(zh.find("“按需，按卡时计费，按月结算”") != std::string::npos);
    CHECK(zh.find("月付") == std::string::npos);
    // Its payment terms say how it is invoiced, and only that (it also said "paid in advance at the
    // start of each month", the server-month offers' terms).
    const auto pay = quote::paymentTerms(doc, quote::Lang::En);
    REQUIRE_FALSE(pay.empty());
    CHECK(pay.front().rfind("Rental: the GPU-hours used, invoiced at the end of each month", 0) == 0);
    for (const auto& line : pay)
        CHECK(line.find("paid in advance") == std::string::npos);
    // A server-month offer's own monthly term keeps its name.
    clusterplan::cost::RentOffer server;
    server.unit = clusterplan::cost::RentUnit::ServerMonth;
    CHECK(quote::termName(server, server.terms.front()).en == "Monthly");
    clusterplan::cost::RentOffer spot;
    spot.billing = clusterplan::cost::Billing::Spot;
    CHECK(quote::termName(spot, spot.terms.front()).en == "Spot, per GPU-hour, invoiced monthly");
}

TEST_CASE("the quote object reads strictly and round-trips", "[quote]") {
    const auto& catalog = clusterplan::test::catalog();
    auto s = clusterplan::loadScenarioFile(kData + "/quote-scenario.json", catalog);
    REQUIRE(s.ok());
    REQUIRE(s->quote);
    CHECK(s->quote->number == "CP-2026-0042");
    CHECK(s->quote->customer == "星河智算科技有限公司");
    auto again = clusterplan::parseScenario(clusterplan::scenarioToJson(s.value()), catalog);
    REQUIRE(again.ok());
    CHECK(again.value() == s.value());

    const auto bad = [&](const std::string& quoteJson) {
        const std::string json =
            R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3.1-8b"}, "quote": )" +
            quoteJson + "}";
        auto r = clusterplan::parseScenario(json, catalog);
        REQUIRE_FALSE(r.ok());
        return r.error().toString();
    };
    CHECK(bad(R"({"valid_days": 0})").find("quote.valid_days") != std::string::npos);
    CHECK(bad(R"({"date": "2026-02-30"})").find("quote.date") != std::string::npos);
    CHECK(bad(R"({"tax": {"rates": {"goods": 1.5}}})").find("quote.tax.rates.goods") != std::string::npos);
    CHECK(bad(R"({"tax": {"rent_category": "telecom"}})").find("quote.tax.rent_category") !=
          std::string::npos);
    CHECK(bad(R"({"customr": "x"})").find("quote.customr") != std::string::npos);
}

TEST_CASE("the report text of a fixed scenario matches its golden files", "[quote][golden]") {
    const auto plan = planFor("quote-scenario.json");
    const auto doc = quote::buildQuoteDocument(plan, "2000-01-01", std::nullopt);
    const std::string en = quote::quoteToText(doc, quote::Lang::En);
    const std::string zh = quote::quoteToText(doc, quote::Lang::Zh);
    CHECK(en.find("[[") == std::string::npos);  // every label exists
    CHECK(zh.find("[[") == std::string::npos);
    CHECK(zh.find("价税合计（大写）：人民币" + quote::chineseUppercase(doc.rent->total.gross)) !=
          std::string::npos);
    CHECK(en.find("CNY ") != std::string::npos);
    // A bare ¥ reads as JPY in English: the cover and verdict write CNY (price sources may quote ¥).
    CHECK(en.substr(0, en.find("Line items")).find("¥") == std::string::npos);
    clusterplan::test::checkGolden("quote-text.en", "txt", en);
    clusterplan::test::checkGolden("quote-text.zh_CN", "txt", zh);
}

TEST_CASE("the assumptions page states the labelled accuracy pair of the data file", "[quote]") {
    // The quote states what resources/accuracy.json holds: the grouped cross-validation figure (with
    // the in-sample error as a labelled aside) and the independent figure, each with its date.
    const clusterplan::AccuracyStatement& a = clusterplan::builtinAccuracyStatement();
    const auto doc = quote::buildQuoteDocument(planFor("quote-scenario.json"), "2026-11-30", a);
    const auto lines = quote::assumptionLines(doc, quote::Lang::En);
    const auto percent = [](double share, int decimals) {
        return clusterplan::formatFixed(100 * share, decimals) + " %";
    };
    const std::string cv = "grouped cross-validation (measured " +
                           quote::formatDate(a.grouped.asOf, quote::Lang::En) + "): on " +
                           std::to_string(a.grouped.runs) + " calibration runs in " +
                           std::to_string(a.grouped.groups) + " groups";
    const std::string cvError = "mean absolute error " + percent(a.grouped.meanAbsError, 1) + "; " +
                                percent(a.grouped.bandCoverage, 0) +
                                " of them inside the plan's band (median ±" +
                                percent(a.grouped.medianBandHalfWidth, 0) + ")";
    const std::string independent =
        "Independent check (" + quote::formatDate(a.independent.checked, quote::Lang::En) + "): on " +
        std::to_string(a.independent.runs) + " published runs from " +
        std::to_string(a.independent.sourceFamilies) +
        " source families never used to build the engine: " + "mean absolute error " +
        percent(a.independent.meanAbsError, 1) + " (" + percent(a.independent.evaluatedMeanAbsError, 0) +
        " on the " + std::to_string(a.independent.evaluatedRuns) + " evaluated, median " +
        percent(a.independent.medianAbsError, 1) + "), the band contains the published value for " +
        percent(a.independent.bandCoverage, 0);
    auto at = [&](const std::string& needle) {
        for (std::size_t i = 0; i < lines.size(); ++i)
            if (lines[i].find(needle) != std::string::npos)
                return static_cast<int>(i);
        return -1;
    };
    CHECK(at(cv) >= 0);
    CHECK(at(cvError) == at(cv));
    CHECK(at("in-sample") == at(cv) + 1);
    CHECK(at(independent) == at(cv) + 2);
    const auto zh = quote::assumptionLines(doc, quote::Lang::Zh);
    bool zhCv = false, zhIndependent = false;
    for (const auto& line : zh) {
        zhCv = zhCv || line.find("分组交叉验证") != std::string::npos;
        zhIndependent = zhIndependent || line.find("独立核查") != std::string::npos;
    }
    CHECK(zhCv);
    CHECK(zhIndependent);
}

TEST_CASE("a quote for a stack without calibrated runs says why its band is the widest", "[quote]") {
    const auto& catalog = clusterplan::test::catalog();
    auto s = clusterplan::loadScenarioFile(kData + "/quote-scenario.json", catalog);
    REQUIRE(s.ok());
    clusterplan::Scenario scenario = s.value();
    const auto novelty = [&](clusterplan::Framework f) {
        scenario.training.framework = f;
        auto p = clusterplan::evaluate(scenario, catalog);
        REQUIRE(p.ok());
        const auto doc = quote::buildQuoteDocument(p.value(), "2026-11-30", std::nullopt);
        std::string ids;
        for (const auto& note : doc.notes)
            if (note.id.rfind("band.", 0) == 0)
                ids += note.id + " ";
        return ids;
    };
    CHECK(novelty(clusterplan::Framework::Other).find("band.unseen_other_stack") != std::string::npos);
    CHECK(novelty(clusterplan::Framework::Torchtitan).find("band.unseen_stack") != std::string::npos);
    CHECK(novelty(clusterplan::Framework::DeepSpeed).find("band.unfitted_runs") != std::string::npos);
}

TEST_CASE("the verdict names the fine-tuning method and the CPU offload", "[quote]") {
    // A QLoRA run with ZeRO-Offload is a different purchase from full training; the
    // quote says which one it prices. Full training of every layer adds no row (the goldens).
    const auto& catalog = clusterplan::test::catalog();
    auto s = clusterplan::loadScenarioFile(kData + "/quote-scenario.json", catalog);
    REQUIRE(s.ok());
    clusterplan::Scenario scenario = s.value();
    const auto rowsOf = [&](const clusterplan::Scenario& sc, quote::Lang lang) {
        auto p = clusterplan::evaluate(sc, catalog);
        REQUIRE(p.ok());
        std::string all;
        for (const auto& r : quote::verdictRows(quote::buildQuoteDocument(p.value(), "2026-11-30", {}), lang))
            all += r.label + ": " + r.value + "\n";
        return all;
    };
    CHECK(rowsOf(scenario, quote::Lang::En).find("Training method") == std::string::npos);
    scenario.training.method = clusterplan::TrainingMethod::Qlora;
    scenario.training.lora.rank = 16;
    scenario.layout.offload = clusterplan::Offload::Optimizer;
    const std::string en = rowsOf(scenario, quote::Lang::En);
    INFO(en);
    CHECK(en.find("Training method: QLoRA (base weights in 4-bit NF4), rank 16") != std::string::npos);
    CHECK(en.find("Trainable parameters: ") != std::string::npos);
    CHECK(en.find("CPU offload: optimizer states and update on the CPU") != std::string::npos);
    const std::string zh = rowsOf(scenario, quote::Lang::Zh);
    CHECK(zh.find("训练方法: QLoRA（基座权重 4 位 NF4），秩 16") != std::string::npos);
    CHECK(zh.find("CPU 卸载") != std::string::npos);
    // PEFT's default dropout 0 is not named; QLoRA's 0.05 for large models is, in both languages.
    CHECK(en.find("dropout") == std::string::npos);
    scenario.training.lora.dropout = 0.05;
    CHECK(rowsOf(scenario, quote::Lang::En).find("on q,k,v,o,gate,up,down, dropout 0.05\n") !=
          std::string::npos);
    CHECK(rowsOf(scenario, quote::Lang::Zh).find("，丢弃率（dropout）0.05\n") != std::string::npos);
}

TEST_CASE("quote.scaling_table_groups_thousands", "[quote][scaling]") {
    // The PDF's scaling table is read by people: "2,606,993" tokens/s, not "2606993" (`scale`'s
    // text and CSV keep the plain numbers).
    clusterplan::ScalingReport report;
    clusterplan::ScalePoint p;
    p.gpus = 16384;
    p.fits = true;
    p.best.perf.tokensPerSecond = 2606993.4;
    p.efficiency = 0.875;
    p.trainDays = 1234.54;
    report.curve.push_back(p);
    clusterplan::ScalePoint small = p;
    small.gpus = 8;
    small.best.perf.tokensPerSecond = 999.6;
    small.trainDays = 12.34;
    report.curve.push_back(small);
    clusterplan::ScalePoint none = p;
    none.gpus = 1024;
    none.fits = false;
    report.curve.push_back(none);
    for (const auto lang : {quote::Lang::En, quote::Lang::Zh}) {
        const auto rows = quote::scalingRows(report, lang);
        REQUIRE(rows.size() == 3);
        CHECK(rows[0] == std::vector<std::string>{"16,384", "2,606,993", "87.5 %", "1,234.5"});
        CHECK(rows[1] == std::vector<std::string>{"8", "1,000", "87.5 %", "12.3"});
        CHECK(rows[2][0] == "1,024");
        CHECK(rows[2][1] == quote::label(lang, clusterplan::msg::kQuoteNoFitShort));
    }
}

namespace {

// The USD quote of a scenario against its CNY quote at the scenario's exchange rate: every line, total
// and deposit of every option is the yuan figure divided by the rate, within the rounding of the
// line itself (a cent, and a cent per unit of quantity for a unit price rounded to the cent); the run's
// cost, the horizon totals and every rent option per the same rule; the sensitivity table's money
// inputs (rent price range, server price, ...) converted exactly. A money field of the book, an offer or
// a term left in the book's currency shows as a line 7.2 times too large or too small.
void checkConverted(clusterplan::Scenario s, const std::string& what) {
    INFO(what);
    const auto& catalog = clusterplan::test::catalog();
    s.cost.currency = clusterplan::cost::Currency::Cny;
    const auto cny = clusterplan::evaluate(s, catalog);
    s.cost.currency = clusterplan::cost::Currency::Usd;
    const auto usd = clusterplan::evaluate(s, catalog);
    REQUIRE(cny.ok());
    REQUIRE(usd.ok());
    REQUIRE(cny->cost);
    REQUIRE(usd->cost);
    const double rate = s.cost.cnyPerUsd;
    const auto near = [&](Money dollars, Money yuan, double tolerance) {
        INFO(dollars.toString() << " USD against " << yuan.toString() << " CNY / " << rate);
        CHECK(std::abs(dollars.units() - yuan.units() / rate) <= tolerance + 1e-9);
    };
    const auto a = quote::buildQuoteDocument(*cny, "2026-11-30", std::nullopt);
    const auto b = quote::buildQuoteDocument(*usd, "2026-11-30", std::nullopt);
    CHECK(b.currency == clusterplan::cost::Currency::Usd);
    const auto options = [](const quote::QuoteDocument& d) {
        return std::vector<const std::optional<quote::QuoteOption>*>{&d.rent, &d.buy, &d.running};
    };
    for (std::size_t k = 0; k < 3; ++k) {
        const auto& x = *options(a)[k];
        const auto& y = *options(b)[k];
        REQUIRE(x.has_value() == y.has_value());
        if (!x)
            continue;
        INFO(x->key);
        REQUIRE(x->groups.size() == y->groups.size());
        double totalTolerance = 0;
        for (std::size_t g = 0; g < x->groups.size(); ++g) {
            REQUIRE(x->groups[g].lines.size() == y->groups[g].lines.size());
            for (std::size_t i = 0; i < x->groups[g].lines.size(); ++i) {
                const auto& l = x->groups[g].lines[i];
                const auto& m = y->groups[g].lines[i];
                INFO(l.key);
                CHECK(l.key == m.key);
                const double tolerance = 0.01 * (1 + std::abs(m.quantity));
                near(m.amount, l.amount, tolerance);
                near(m.tax, l.tax, tolerance * l.vatRate + 0.01);
                totalTolerance += tolerance * (1 + l.vatRate) + 0.01;
            }
        }
        near(y->total.amount, x->total.amount, totalTolerance);
        near(y->total.gross, x->total.gross, totalTolerance);
        near(y->deposit, x->deposit, 0.01);
    }
    const auto& r = *cny->cost;
    const auto& q = *usd->cost;
    const double months = r.horizonMonths + 1;
    REQUIRE(r.runCostRent.has_value() == q.runCostRent.has_value());
    if (r.runCostRent)
        near(*q.runCostRent, *r.runCostRent, 0.01 * months);
    near(q.rentAccruedTotal, r.rentAccruedTotal, 0.01 * months);
    near(q.buyTotal, r.buyTotal, 0.01 * months);
    REQUIRE(q.options.size() == r.options.size());
    for (std::size_t i = 0; i < r.options.size(); ++i) {
        INFO(r.options[i].offerId << " " << r.options[i].termId);
        CHECK(q.options[i].listPerGpuHour == Approx(r.options[i].listPerGpuHour / rate).epsilon(1e-9));
        near(q.options[i].totalAccrued, r.options[i].totalAccrued, 0.01 * months);
    }
    REQUIRE(q.sensitivity.size() == r.sensitivity.size());
    for (std::size_t i = 0; i < r.sensitivity.size(); ++i) {
        const auto& x = r.sensitivity[i];
        const auto& y = q.sensitivity[i];
        INFO(x.input);
        const auto* spec = clusterplan::cost::findParameter(x.input);
        const double f = x.input == "rent_price" || (spec && spec->money) ? 1 / rate : 1;
        CHECK(y.low == Approx(x.low * f).epsilon(1e-9));
        CHECK(y.high == Approx(x.high * f).epsilon(1e-9));
        near(y.rentLow, x.rentLow, 0.01 * months);
        near(y.rentHigh, x.rentHigh, 0.01 * months);
    }
}

}  // namespace

TEST_CASE("a quote in US dollars is the yuan quote converted, every money field", "[quote][currency]") {
    const auto& catalog = clusterplan::test::catalog();
    const clusterplan::Scenario base =
        clusterplan::loadScenarioFile(kData + "/quote-scenario.json", catalog).value();
    // Every term of the China book's server offer, at the default rate and at an odd one.
    const auto* book = catalog.priceBooks().book(base.cost.priceBook);
    REQUIRE(book != nullptr);
    const auto* offer = book->offer(base.cost.rentOffer);
    REQUIRE(offer != nullptr);
    REQUIRE(offer->terms.size() >= 2);
    for (const auto& term : offer->terms)
        for (const double rate : {7.2, 6.9137}) {
            clusterplan::Scenario s = base;
            s.cost.rentTerm = term.id;
            s.cost.cnyPerUsd = rate;
            checkConverted(s, term.id + " at " + std::to_string(rate));
        }
    // A custom offer with every money field a book's offer and term can carry: a price with its
    // range, a deposit, a setup fee and a repurchase credit from the first month; the money-valued
    // renting adjustments (add-ons) beside the shares.
    clusterplan::cost::RentOffer custom = *offer;
    custom.id = "custom";
    custom.price = 31'000;
    custom.priceLow = 26'000;
    custom.priceHigh = 36'500;
    custom.deposit = 50'000;
    custom.setupFee = 8'800;
    for (auto& t : custom.terms) {
        t.renewalCredit = 150;
        t.creditFromRenewal = false;
    }
    clusterplan::Scenario s = base;
    s.cost.customRent = custom;
    s.cost.overrides["rent_addons_per_month"] = 1'200;
    s.cost.overrides["rent_volume_discount"] = 0.05;
    s.cost.overrides["rent_support_uplift"] = 0.03;
    s.cost.overrides["node_price"] = 1'350'000;
    checkConverted(s, "custom offer");
}

TEST_CASE("the verdict says whether the layout was set or searched, and labels days and break-even",
          "[quote]") {
    // quote-scenario.json fixes every layout key: the quote does not call it recommended (a searched
    // layout may be faster); the searched fixture's layout is the search's best.
    const auto fixed = quote::buildQuoteDocument(planFor("quote-scenario.json"), "2026-11-30", std::nullopt);
    const auto searched =
        quote::buildQuoteDocument(planFor("quote-scenario-searched.json"), "2026-11-30", std::nullopt);
    CHECK(fixed.verdict.layoutSet);
    CHECK_FALSE(searched.verdict.layoutSet);
    const auto labelsOf = [](const quote::QuoteDocument& d) {
        std::vector<std::string> out;
        for (const auto& r : quote::verdictRows(d, quote::Lang::Zh))
            out.push_back(r.label);
        return out;
    };
    const auto has = [](const std::vector<std::string>& labels, const std::string& l) {
        return std::find(labels.begin(), labels.end(), l) != labels.end();
    };
    CHECK(has(labelsOf(fixed), "指定并行方案（场景设定）"));
    CHECK_FALSE(has(labelsOf(fixed), "推荐并行方案"));
    CHECK(has(labelsOf(searched), "推荐并行方案"));
    // Days on the budgeted basis, named; both break-even months, each named, the net one the cost
    // chart's crossing.
    const auto rows = quote::verdictRows(fixed, quote::Lang::En);
    const auto value = [&](const std::string& l) {
        for (const auto& r : rows)
            if (r.label == l)
                return r.value;
        FAIL("no row " << l);
        return std::string();
    };
    CHECK(value("Days to train (with interruptions)") ==
          quote::label(quote::Lang::En, clusterplan::msg::kQuoteNDays,
                       {clusterplan::formatGrouped(fixed.verdict.trainDays, 1)}));
    const auto plan = planFor("quote-scenario.json");  // kept: breakeven refers into it
    const auto& breakeven = plan.cost->breakeven;
    CHECK(value("Break-even month (cash paid; renting on term \"Yearly prepay (15 % off)\")") ==
          quote::breakevenText(breakeven.gross, fixed.verdict.searchMonths, quote::Lang::En));
    CHECK(value("Break-even month (net of resale value; renting on term \"Yearly prepay (15 % off)\")") ==
          quote::breakevenText(breakeven.net, fixed.verdict.searchMonths, quote::Lang::En));
}

namespace {

// The verdict's rows as "label：value" lines.
std::string verdictText(const quote::QuoteDocument& d, quote::Lang lang) {
    std::string all;
    for (const auto& r : quote::verdictRows(d, lang))
        all += r.label + "：" + r.value + "\n";
    return all;
}

}  // namespace

TEST_CASE("the horizon's rent and the break-even name their contract term and tax basis", "[quote]") {
    // The fixture names its term (yearly prepay) while its 38-day job is billed monthly: both
    // terms are named, each beside its own amount, and every amount says 不含税.
    const auto a = quote::buildQuoteDocument(planFor("quote-scenario.json"), "2026-11-30", std::nullopt);
    REQUIRE(a.verdict.jobRental);
    CHECK(a.verdict.jobRental->term.id == "monthly");
    const std::string zh = verdictText(a, quote::Lang::Zh);
    INFO(zh);
    CHECK(zh.find("租用 36 个月合计（“年付预付（85折）”合同期，不含税）：¥915,600.00") != std::string::npos);
    // 79.25 GiB usable prints as 79.3, so that 62.5 + 16.8 adds up to it (it printed 79.2).
    CHECK(zh.find("每卡显存：62.5 GiB / 79.3 GiB，可容纳，余量 16.8 GiB") != std::string::npos);
    // The staff line charges 0.1 FTE for 8 GPUs (8 / 256 = 0.03): the prices list the minimum.
    const auto fte = std::find_if(a.prices.begin(), a.prices.end(),
                                  [](const quote::PriceLine& p) { return p.key == "fte_min"; });
    REQUIRE(fte != a.prices.end());
    CHECK(fte->value.zh == "0.1 人");
    CHECK(fte->value.en == "0.1 FTE");
    CHECK(zh.find("本次训练成本（租用，“月付”合同期，不含税）：¥60,000.00") != std::string::npos);
    CHECK(zh.find("自建 36 个月合计（现金，不含税）") != std::string::npos);
    CHECK(zh.find("盈亏平衡月（按现金支出，租用按“年付预付（85折）”合同期）") != std::string::npos);
    const std::string en = verdictText(a, quote::Lang::En);
    CHECK(en.find("Renting over 36 months (term \"Yearly prepay (15 % off)\", excl. VAT)：CNY 915,600.00") !=
          std::string::npos);
}

TEST_CASE("a server price converted from a US market price says so in the prices used", "[quote]") {
    // The China book's H100 server is a US price converted at ¥7.2 per $, dated 2024-08: it was
    // printed as "本报价 · 2024年8月", our own offer two years before the quote.
    const auto c =
        quote::buildQuoteDocument(planFor("quote-scenario-c-405b.json"), "2026-11-30", std::nullopt);
    const auto node = std::find_if(c.prices.begin(), c.prices.end(),
                                   [](const quote::PriceLine& p) { return p.key == "node_price"; });
    REQUIRE(node != c.prices.end());
    CHECK(quote::priceBasis(*node, quote::Lang::Zh) == "美国市场价折算，2024年8月");
    // The A100 server of the fixture is the book's own offer.
    const auto a = quote::buildQuoteDocument(planFor("quote-scenario.json"), "2026-11-30", std::nullopt);
    const auto own = std::find_if(a.prices.begin(), a.prices.end(),
                                  [](const quote::PriceLine& p) { return p.key == "node_price"; });
    REQUIRE(own != a.prices.end());
    CHECK(own->basis.zh == "本报价");
}

TEST_CASE("a scenario that names no term compares renting on the term its job is billed on", "[quote]") {
    // A custom offer, monthly or yearly prepay at 12 % off with a ¥150 renewal credit from month
    // 13 and a ¥5,000 setup fee; the 703-day job is billed on the yearly term. Renting over 36
    // months on that term is three yearly invoices, each rounded once: r(12 × 28,888.88 × 0.88) +
    // 5,000 + 2 × r(12 × (28,888.88 × 0.88 − 150)) = 305,066.57 + 5,000 + 2 × 303,266.57 =
    // 916,599.71 (on the monthly term it was 36 × 28,888.88 + 5,000 = 1,044,999.68), and owning
    // never breaks even against it within 120 months.
    const auto plan = planFor("quote-scenario-d-custom-offer.json");
    REQUIRE(plan.cost);
    const auto d = quote::buildQuoteDocument(plan, "2026-11-30", std::nullopt);
    REQUIRE(d.verdict.jobRental);
    CHECK(d.verdict.jobRental->term.id == "yearly");
    CHECK(plan.cost->term.id == "yearly");
    CHECK(d.verdict.rentTotal == Money::fromCents(916'599'71));
    CHECK_FALSE(d.verdict.breakevenMonth);
    const std::string zh = verdictText(d, quote::Lang::Zh);
    INFO(zh);
    CHECK(zh.find("租用 36 个月合计（“年付预付（88折）”合同期，不含税）：¥916,599.71") != std::string::npos);
    CHECK(zh.find("盈亏平衡月（按现金支出，租用按“年付预付（88折）”合同期）：120 个月内不回本") !=
          std::string::npos);
    // The options table still lists the monthly term on its own.
    bool monthly = false;
    for (const auto& o : plan.cost->options)
        monthly = monthly || (o.termId == "monthly" && o.totalAccrued == Money::fromCents(1'044'999'68));
    CHECK(monthly);
}

TEST_CASE("owning for a short run shows its cash outlay beside the amortised share", "[quote]") {
    // A 3.6-day QLoRA fine-tune: its share of 36 months of owning at 75 % utilisation is a few
    // thousand yuan; bought for this run alone, owning costs the purchase and a month of running
    // costs, less the resale value after that month.
    const auto plan = planFor("quote-scenario-f-qlora.json");
    REQUIRE(plan.cost);
    const auto f = quote::buildQuoteDocument(plan, "2026-11-30", std::nullopt);
    REQUIRE(f.verdict.runCostBuy);
    REQUIRE(f.verdict.runCashBuy);
    CHECK(f.verdict.runMonths == 1);
    CHECK(*f.verdict.runCashBuy == plan.cost->monthly[1].buyNet);
    CHECK(f.verdict.runCashBuy->units() > 10 * f.verdict.runCostBuy->units());
    const std::string zh = verdictText(f, quote::Lang::Zh);
    INFO(zh);
    CHECK(zh.find("本次训练成本（自建，按 36 个月、75% 利用率摊销，不含税）") != std::string::npos);
    // One month, said in the singular in English.
    CHECK(verdictText(f, quote::Lang::En)
              .find("purchase + 1 month of running costs − resale value after 1 month,") !=
          std::string::npos);
    CHECK(zh.find("仅为本次训练自建的现金支出（购置 + 1 个月运营费用 − 1 个月后残值，不含税）：" +
                  quote::formatAmount(*f.verdict.runCashBuy, f.currency, quote::Lang::Zh)) !=
          std::string::npos);
    // A 703-day job: owning for it is counted over the 24 months it runs.
    const auto d =
        quote::buildQuoteDocument(planFor("quote-scenario-d-custom-offer.json"), "2026-11-30", std::nullopt);
    CHECK(d.verdict.runMonths == 24);
}

TEST_CASE("sensitivity values carry their currency and unit", "[quote]") {
    const auto plan = planFor("quote-scenario.json");
    const auto& r = *plan.cost;
    CHECK(quote::inputValue(r, "electricity_per_kwh", 0.52).zh == "¥0.52 / 千瓦时");
    CHECK(quote::inputValue(r, "electricity_per_kwh", 0.52).en == "CNY 0.52 / kWh");
    CHECK(quote::inputValue(r, "utilization", 0.68).en == "68 %");
    CHECK(quote::inputValue(r, "utilization", 0.68).zh == "68%");
    CHECK(quote::inputValue(r, "install_share", 0.03).zh == "硬件价的 3%");
    CHECK(quote::inputValue(r, "pue", 1.3).en == "1.3");
    CHECK(quote::inputValue(r, "rent_price", 30'000).zh ==
          "¥30,000.00 / " + quote::rentUnitName(r.offer.unit).zh);
    CHECK(quote::inputValue(r, "discount_rate", 0.08).en == "8 % a year");
    // Every input of the sensitivity table has a unit (none prints as a bare number but the PUE).
    for (const auto& s : r.sensitivity) {
        INFO(s.input);
        const std::string low = quote::inputValue(r, s.input, s.low).en;
        if (s.input != "pue")
            CHECK(low.find_first_not_of("0123456789.,") != std::string::npos);
    }
    CHECK(quote::currencyHeader(clusterplan::cost::Currency::Cny, quote::Lang::Zh) == "（元）");
    CHECK(quote::currencyHeader(clusterplan::cost::Currency::Usd, quote::Lang::Zh) == "（美元）");
    CHECK(quote::currencyHeader(clusterplan::cost::Currency::Usd, quote::Lang::En) == " (USD)");
}

TEST_CASE("an export proposes the quote number as its file name and finds the logo beside the scenario",
          "[quote]") {
    quote::QuoteInfo info;
    CHECK(quote::exportFileName(info, "pdf") == "quote.pdf");
    info.number = "CP-2026/0042";
    info.revision = 3;
    CHECK(quote::exportFileName(info, "xlsx") == "CP-2026-0042-r3.xlsx");
    info.number = "报价:星河*01";
    CHECK(quote::exportFileName(info, "pdf") == "报价-星河-01-r3.pdf");
    // The customer after the number: the file a customer finds by their name.
    info.number = "Q-2026-0001";
    info.revision = 1;
    info.customer = "北京智算 Co/Ltd";
    CHECK(quote::exportFileName(info, "pdf") == "Q-2026-0001-r1_北京智算-Co-Ltd.pdf");
    info.number.clear();
    CHECK(quote::exportFileName(info, "xlsx") == "quote_北京智算-Co-Ltd.xlsx");
    CHECK(quote::resolveLogoPath("logo.png", "/home/li/quotes/star.json") == "/home/li/quotes/logo.png");
    CHECK(quote::resolveLogoPath("../art/logo.png", "/home/li/quotes/star.json") == "/home/li/art/logo.png");
    CHECK(quote::resolveLogoPath("/srv/logo.png", "/home/li/quotes/star.json") == "/srv/logo.png");
    CHECK(quote::resolveLogoPath("logo.png", "") == "logo.png");
    CHECK(quote::resolveLogoPath("", "/home/li/quotes/star.json").empty());
}

TEST_CASE("line quantities print with thousands separators", "[quote]") {
    // 16,384 GPUs rent 2,048 servers and buy 49,152 port-tiers of optics: grouped as the money is.
    const quote::TaxSettings tax;
    const auto line = [&](double quantity) {
        return quote::makeLine("k", {"x", "x"}, {}, quantity, {"u", "u"}, Money::fromUnits(1), 0,
                               quote::TaxCategory::Goods, tax);
    };
    CHECK(quote::lineCells(line(49'152), 1, quote::Lang::Zh)[3] == "49,152");
    CHECK(quote::lineCells(line(12), 1, quote::Lang::Zh)[3] == "12");
    CHECK(quote::lineCells(line(1'234.5), 1, quote::Lang::En)[3] == "1,234.5");
    CHECK(quote::lineCells(line(0.125), 1, quote::Lang::En)[3] == "0.125");
}

TEST_CASE("a layout that does not fit says why in the quote's language", "[quote]") {
    const auto& catalog = clusterplan::test::catalog();
    clusterplan::Scenario s = clusterplan::loadScenarioFile(kData + "/quote-scenario.json", catalog).value();
    s.modelPreset = "llama-3.1-70b";
    s.model = clusterplan::test::preset("llama-3.1-70b");
    const auto plan = clusterplan::evaluate(s, catalog);
    REQUIRE(plan.ok());
    const auto doc = quote::buildQuoteDocument(*plan, "2026-11-30", std::nullopt);
    REQUIRE_FALSE(doc.verdict.fits);
    std::string zh, en;
    for (const auto& r : quote::verdictRows(doc, quote::Lang::Zh))
        zh += r.value + "\n";
    for (const auto& r : quote::verdictRows(doc, quote::Lang::En))
        en += r.value + "\n";
    INFO(zh);
    CHECK(zh.find("需要 " + clusterplan::formatGib(doc.verdict.memoryBytes)) != std::string::npos);
    CHECK(zh.find("usable") == std::string::npos);
    CHECK(zh.find("needs") == std::string::npos);
    CHECK(en.find("needs " + clusterplan::formatGib(doc.verdict.memoryBytes)) != std::string::npos);
}

// The scaling table names its baseline, counted right: "vs. 1 GPUs" was printed for a study that
// starts at one GPU.
TEST_CASE("the scaling table names its baseline: 1 GPU, 128 GPUs", "[quote]") {
    clusterplan::ScalingReport r;
    clusterplan::ScalePoint first;
    first.gpus = 1;
    first.fits = true;
    r.curve = {first};
    CHECK(quote::scalingHeader(r, quote::Lang::En)[2] == "Scaling efficiency (per GPU, vs. 1 GPU)");
    r.curve[0].gpus = 128;
    CHECK(quote::scalingHeader(r, quote::Lang::En)[2] == "Scaling efficiency (per GPU, vs. 128 GPUs)");
    CHECK(quote::scalingHeader(r, quote::Lang::Zh)[2] == "扩展效率（每卡，相对 128 卡）");
}

TEST_CASE("a quote prints a layout with multiplication signs and its language's commas", "[quote]") {
    // "TP 2 x PP 64 x DP 8 x CP 16, VPP 2，微批次 1": a Latin x and mixed commas in the Chinese PDF.
    clusterplan::Layout l;
    l.tp = 2;
    l.pp = 64;
    l.dp = 8;
    l.cp = 16;
    l.vpp = 2;
    CHECK(quote::documentLayoutText(l) == "TP 2 × PP 64 × DP 8 × CP 16, VPP 2");
    CHECK(quote::documentLayoutText(l, quote::Lang::Zh) == "TP 2 × PP 64 × DP 8 × CP 16，VPP 2");
    const auto doc = quote::buildQuoteDocument(planFor("quote-scenario.json"), "2026-11-30", std::nullopt);
    CHECK(doc.verdict.layout.zh.rfind("TP 1 × PP 1 × DP 8，微批次 1，", 0) == 0);
    CHECK(doc.verdict.layout.en.rfind("TP 1 × PP 1 × DP 8, micro-batch 1, ", 0) == 0);
}

TEST_CASE("a rental prepaid in two terms states each term's invoice, adding up to the quoted total",
          "[quote]") {
    // The custom offer billed yearly over 703 days: each term is one invoice, so the rental is
    // priced per term (2 × 305,066.57, where one line over both terms rounded to 610,133.15 and the
    // terms' invoices, 693,066.44 with VAT, missed the quoted total by two cents). The terms'
    // invoices are stated and add up to the quoted total.
    const auto doc =
        quote::buildQuoteDocument(planFor("quote-scenario-d-custom-offer.json"), "2026-11-30", std::nullopt);
    REQUIRE(doc.rent);
    REQUIRE(doc.verdict.jobRental);
    REQUIRE(doc.verdict.jobRental->term.prepay);
    const auto terms = quote::paymentTerms(doc, quote::Lang::En);
    const auto invoices = std::find_if(terms.begin(), terms.end(), [](const std::string& line) {
        return line.rfind("Invoiced per term, VAT included: ", 0) == 0;
    });
    REQUIRE(invoices != terms.end());
    INFO(*invoices);
    static const std::regex amount(R"(term (\d+) CNY ([\d,]+\.\d\d))");
    std::int64_t sum = 0;
    int count = 0;
    for (std::sregex_iterator it(invoices->begin(), invoices->end(), amount), end; it != end; ++it) {
        std::string digits = (*it)[2];
        std::erase(digits, ',');
        std::erase(digits, '.');
        sum += std::stoll(digits);
        CHECK(std::stoi((*it)[1]) == ++count);
    }
    CHECK(count == 2);
    CHECK(sum == doc.rent->total.gross.cents());
    CHECK(invoices->find("term 1 CNY") < invoices->find("(with the setup fee)"));
    CHECK(invoices->find("(with the setup fee)") < invoices->find("term 2"));
    const auto zh = quote::paymentTerms(doc, quote::Lang::Zh);
    CHECK(std::any_of(zh.begin(), zh.end(),
                      [](const std::string& l) { return l.find("各期发票金额（含税）：第 1 期 ¥") == 0; }));
}

TEST_CASE("a prepaid term converted to US dollars is rounded once per invoice, not per month",
          "[quote][currency]") {
    // The yuan book's yearly prepay (85折, ¥100 off a server-month from the renewal) in a USD quote:
    // each year is one invoice, round(12 × 30,000 / 7.2 × 0.85) = $42,500.00 and then
    // round(12 × (30,000 / 7.2 × 0.85 − 100 / 7.2)) = $42,333.33 a year. Twelve months rounded one by
    // one made $42,500.04 and $42,333.36, and the horizon $127,166.76 where the invoices add up to
    // $127,166.66.
    const auto plan = planFor("quote-scenario-b-usd.json");
    REQUIRE(plan.cost);
    const auto& c = *plan.cost;
    REQUIRE(c.currency == clusterplan::cost::Currency::Usd);
    REQUIRE(c.term.prepay);
    REQUIRE(c.term.months == 12);
    const double month = 30'000 / 7.2 * 0.85, credit = 100 / 7.2;
    const Money first = Money::fromUnits(12 * month), renewal = Money::fromUnits(12 * (month - credit));
    CHECK(first == Money::fromCents(4'250'000));
    CHECK(renewal == Money::fromCents(4'233'333));
    REQUIRE(c.monthly.size() == 37);
    CHECK(c.monthly[12].rentAccrued == first);
    CHECK(c.monthly[24].rentAccrued == first + renewal);
    CHECK(c.rentAccruedTotal == first + renewal + renewal);
    CHECK(c.rentTotal == c.rentAccruedTotal);
    // The verdict prints that sum.
    const auto doc = quote::buildQuoteDocument(plan, "2026-11-30", std::nullopt);
    const std::string en = verdictText(doc, quote::Lang::En);
    INFO(en);
    CHECK(en.find("USD 127,166.66") != std::string::npos);
    // A monthly term stays an invoice a month: the job's two months are 2 × $4,166.67.
    REQUIRE(doc.rent);
    CHECK(doc.rent->total.amount == Money::fromCents(833'334));
}

TEST_CASE("an English quote names every term in English, a Chinese one in Chinese", "[quote]") {
    // The China book named its yearly prepay "Yearly prepay (85折)" in English: 85折 is Chinese
    // notation (85 % of list). Every term of the built-in books has an English name without Chinese
    // characters, and a book whose English name has some is named by its length and discount.
    // A CJK character or mark: a three-byte UTF-8 sequence led by E3-EF (U+3000 and above).
    const auto cjk = [](const std::string& text) {
        return std::any_of(text.begin(), text.end(), [](char c) {
            const auto byte = static_cast<unsigned char>(c);
            return byte >= 0xE3 && byte <= 0xEF;
        });
    };
    const auto& catalog = clusterplan::test::catalog();
    std::size_t terms = 0;
    for (const auto& book : catalog.priceBooks().books())
        for (const auto& offer : book.rentOffers)
            for (const auto& term : offer.terms) {
                const quote::Bilingual name = quote::termName(offer, term);
                INFO(book.id << " " << offer.id << " " << term.id << ": " << name.en);
                CHECK_FALSE(cjk(name.en));
                CHECK(cjk(name.zh));
                ++terms;
            }
    CHECK(terms > 10);
    clusterplan::cost::RentTerm chineseOnly;
    chineseOnly.name = "年付预付（85折）";
    chineseOnly.months = 12;
    chineseOnly.discount = 0.15;
    CHECK(quote::termName(chineseOnly).en == "1-year term, 15 % off");
    chineseOnly.nameZh.clear();
    CHECK(quote::termName(chineseOnly).zh == "1 年期（优惠 15 %）");
}

TEST_CASE("the plan's notes write counts and small expectations as a reader says them", "[quote]") {
    // The 3.6-day QLoRA run: its adapters' 207,093,760 parameters printed "207.09M", and its
    // interruptions "0.0 expected", as if none could come.
    const auto plan = planFor("quote-scenario-f-qlora.json");
    REQUIRE(plan.run.interruptions < 0.05);
    std::string en, zh;
    for (const auto& note : plan.notes) {
        en += note.text + "\n";
        zh += clusterplan::messageText(note, quote::Lang::Zh) + "\n";
    }
    INFO(en << zh);
    CHECK(en.find("207.09 million trainable parameters") != std::string::npos);
    CHECK(zh.find("可训练参数 2.07 亿") != std::string::npos);
    CHECK(en.find("fewer than 0.1 expected interruptions") != std::string::npos);
    CHECK(zh.find("预计中断不到 0.1 次") != std::string::npos);
    CHECK(en.find("0.0 expected") == std::string::npos);
    // A longer run keeps its count, "about" it in Chinese.
    const auto d = planFor("quote-scenario-d-custom-offer.json");
    std::string dZh;
    for (const auto& note : d.notes)
        dZh += clusterplan::messageText(note, quote::Lang::Zh);
    CHECK(dZh.find("预计中断约 2.7 次") != std::string::npos);
    CHECK(clusterplan::formatLargeCount(52'300, quote::Lang::Zh) == "5.23 万");
    CHECK(clusterplan::formatLargeCount(3.4e9, quote::Lang::En) == "3.4 billion");
    CHECK(clusterplan::formatLargeCount(1e11, quote::Lang::En) == "100 billion");
    CHECK(clusterplan::formatLargeCount(1e11, quote::Lang::Zh) == "1,000 亿");
    CHECK(clusterplan::formatLargeCount(8'192, quote::Lang::En) == "8,192");
}

TEST_CASE("without a job length, a converted rent price bills the horizon at its unrounded value",
          "[quote][currency]") {
    // The ¥30,000 server-month on the seed article's custom yearly prepay at 20 % off (陷阱五:
    // "GPU定制年付8折"), in dollars at 7.2, over the 36-month horizon: the rent line is
    // r(36 × 30,000 / 7.2 × 0.8) = $120,000.00 at a shown $4,166.6667 a server-month; the monthly
    // price rounded to $4,166.67 made r(36 × 4,166.67 × 0.8) = $120,000.10, 10 cents the
    // adjustments line then took back. The lines add up to the rent schedule's horizon total.
    const auto plan = planFor("quote-scenario-g-usd-yearly.json");
    REQUIRE(plan.cost);
    clusterplan::cost::CostReport horizon = *plan.cost;
    horizon.jobRental.reset();
    const quote::QuoteOption rent = quote::rentOption(horizon, quote::TaxSettings{});
    const auto& lines = rent.groups.front().lines;
    REQUIRE(!lines.empty());
    const quote::LineItem& units = lines.front();
    CHECK(units.key == "rent.units");
    CHECK(units.quantity == 36);
    CHECK(units.amount == Money::fromCents(12'000'000));
    CHECK(units.unitPrice.derived());
    CHECK(quote::formatPlain(units.unitPrice) == "4,166.6667");
    CHECK(rent.total.amount == horizon.rentAccruedTotal);
}
