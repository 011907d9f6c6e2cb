// Three rent-vs-buy examples worked by hand from the formulas of ownership.h, renting.h and
// cost_curves.h (1: one 8×A100 80GB server in China; 2: 64 and 3: 1,024 H100 SXM in the US), reproduced
// to their stated precision (amounts in whole units, break-even months exactly, shares to the printed
// digit), from the fixture price books that hold exactly the examples' inputs.
#include "test_cost_support.h"

using namespace clusterplan::cost;
using namespace clusterplan::cost::test;
using Catch::Matchers::WithinAbs;

TEST_CASE("Example 1: 8xA100 80GB in China, capex and monthly opex", "[cost][examples]") {
    const CostReport r = report(example1(), cluster("a100-sxm-80gb", 1, 400));
    near(r.capex.hardware, 1'200'000);
    near(r.capex.capex, 1'224'000);
    CHECK(r.capex.network.switches == 0);  // one server: no scale-out fabric
    near(r.firstMonthOpex.energy, 3'004);
    near(r.firstMonthOpex.colo, 5'460);
    near(r.firstMonthOpex.staff, 3'333);
    near(r.firstMonthOpex.maintenance, 2'000);
    near(r.firstMonthOpex.total(), 13'797);
    CHECK(r.firstMonthOpex.total() == Money::fromCents(1'379'700));  // pinned: 13,797.00
    CHECK_THAT(r.itAverageKw / 1.05, WithinAbs(4.306, 0.001));

    CostInputs half = example1();
    half.utilization = 0.5;
    near(report(half, cluster("a100-sxm-80gb", 1, 400)).firstMonthOpex.energy, 2'380);
    CostInputs full = example1();
    full.utilization = 1.0;
    near(report(full, cluster("a100-sxm-80gb", 1, 400)).firstMonthOpex.energy, 3'627);
}

TEST_CASE("Example 1: totals, break-even, present values, payback limits", "[cost][examples]") {
    const ClusterFacts facts = cluster("a100-sxm-80gb", 1, 400);
    const CostReport r = report(example1(), facts);
    near(r.buyTotal, 1'720'692);
    near(r.residualAtHorizon, 180'000);
    near(r.buyNetTotal, 1'540'692);
    CHECK_THAT(r.buyPerGpuHour, WithinAbs(7.33, 0.005));
    CHECK_THAT(*r.buyPerUtilizedGpuHour, WithinAbs(9.77, 0.005));
    CHECK_THAT(r.rentPerGpuHour, WithinAbs(5.14, 0.005));
    near(r.rentTotal, 1'080'000);
    CHECK(r.breakeven.gross == 76);  // 1,224,000 / 16,203 = 75.5
    CHECK(r.breakeven.net == 74);
    near(r.pvBuy, 1'531'501);
    near(r.pvRent, 1'006'723);
    near(r.minRentGross, 47'797);
    near(r.minRentNet, 42'797);
    REQUIRE(r.maxCapexGross);
    near(*r.maxCapexGross, 583'308);                    // 36 × 16,203 with opex held
    near(r.maxCapexGross->times(1.0 / 1.02), 571'870);  // HW
    REQUIRE(r.maxNodePriceGross);
    near(*r.maxNodePriceGross - Money::fromUnits(300'000), 306'766);  // GPU modules, maintenance scaling

    CostInputs prepay = example1();
    prepay.rentTerm = "yearly-prepay";
    const CostReport p = report(prepay, facts);
    near(p.rentTotal, 915'600);  // 306,000 + 2 × 304,800
    CHECK(p.breakeven.gross == 106);
    near(p.pvRent, 872'748);

    // The credit per card instead of per server: 898,800.
    CostInputs perCard = prepay;
    perCard.customRent = *examples().book("test-example-1-cn")->offer("a100-8x-server");
    perCard.customRent->terms[1].creditPer = CreditPer::Gpu;
    near(report(perCard, facts).rentTotal, 898'800);

    CostInputs cheap = example1();
    cheap.rentPrice = 25'000;
    CHECK(report(cheap, facts).breakeven.gross == 110);  // 109.3
    CostInputs dear = example1();
    dear.rentPrice = 35'000;
    CHECK(report(dear, facts).breakeven.gross == 58);  // 57.7
}

TEST_CASE("Example 1: chart points", "[cost][examples]") {
    const ClusterFacts facts = cluster("a100-sxm-80gb", 1, 400);
    const CostReport r = report(example1(), facts);
    CostInputs prepayInputs = example1();
    prepayInputs.rentTerm = "yearly-prepay";
    const CostReport p = report(prepayInputs, facts);
    struct Point {
        int month;
        double gross, net, rent, prepayCash;
    };
    for (const Point& x :
         {Point{0, 1'224'000, 204'000, 0, 0}, Point{6, 1'306'782, 542'866, 180'000, 306'000},
          Point{12, 1'389'564, 817'439, 360'000, 306'000}, Point{18, 1'472'346, 1'043'860, 540'000, 610'800},
          Point{24, 1'555'128, 1'234'219, 720'000, 610'800},
          Point{30, 1'637'910, 1'397'570, 900'000, 915'600},
          Point{36, 1'720'692, 1'540'692, 1'080'000, 915'600}}) {
        INFO("month " << x.month);
        const auto& m = r.monthly.at(static_cast<std::size_t>(x.month));
        CHECK(m.month == x.month);
        near(m.buy, x.gross);
        near(m.buyNet, x.net);
        near(m.rent, x.rent);
        near(p.monthly.at(static_cast<std::size_t>(x.month)).rent, x.prepayCash);
    }
}

TEST_CASE("Example 2: 64xH100 in the US, capex and opex", "[cost][examples]") {
    const CostReport r = report(example2(), cluster("h100-sxm-80gb", 8));
    CHECK(r.capex.network.switches == 1);
    CHECK(r.capex.network.tiers == 1);
    near(r.capex.servers, 2'400'000);
    near(r.capex.switches, 36'000);
    near(r.capex.optics, 81'920);
    near(r.capex.frontend, 40'000);
    near(r.capex.storage, 64'000);
    near(r.capex.hardware, 2'621'920);
    near(r.capex.capex, 2'700'578);
    CHECK(r.capex.capex == Money::fromCents(270'057'760));  // pinned: 2,700,577.60
    near(r.capex.capex.times(1.0 / 64), 42'197);
    near(r.firstMonthOpex.energy, 4'488);
    near(r.firstMonthOpex.colo, 15'770);
    CHECK_THAT(r.contractKw, WithinAbs(85.68, 1e-9));
    near(r.firstMonthOpex.staff, 4'167);
    near(r.firstMonthOpex.maintenance, 4'370);
    near(r.firstMonthOpex.insurance, 1'092);
    near(r.firstMonthOpex.total(), 29'888);
    near(r.buyTotal, 3'776'531);
    near(r.residualAtHorizon, 609'000);
    near(r.buyNetTotal, 3'167'531);
    CHECK_THAT(r.buyPerGpuHour, WithinAbs(1.88, 0.005));
    CHECK_THAT(*r.buyPerUtilizedGpuHour, WithinAbs(2.35, 0.005));
    near(r.pvBuy, 3'182'548);
    near(r.buyNetTotal - r.rentAccruedTotal, -196'309);  // "−$196k (owning cheaper)"
}

TEST_CASE("Example 2: rent options table", "[cost][examples]") {
    const ClusterFacts facts = cluster("h100-sxm-80gb", 8);
    struct Row {
        const char* offer;
        bool released;
        double perMonth, total;
        int gross, net;
        double pv;
    };
    for (const Row& row : {Row{"reserved-2.00", true, 93'440, 3'363'840, 43, 32, 2'937'300},
                           Row{"reserved-2.35", true, 109'792, 3'952'512, 34, 22, 3'451'327},
                           Row{"lambda-2.99", true, 111'754, 4'023'153, 33, 21, 3'513'011},
                           Row{"aws-6.88", true, 257'147, 9'257'288, 12, 4, 8'083'449},
                           Row{"aws-6.88", false, 321'434, 11'571'610, 10, 3, 10'104'311}}) {
        INFO(row.offer << " released when idle " << row.released);
        CostInputs in = example2(row.offer);
        in.rentReleasedWhenIdle = row.released;
        const CostReport r = report(in, facts);
        near(r.monthly.at(1).rentAccrued, row.perMonth);
        near(r.rentTotal, row.total);
        CHECK(r.breakeven.gross == row.gross);
        CHECK(r.breakeven.net == row.net);
        near(r.pvRent, row.pv);
    }
    // Break-even utilisation vs on-demand (C0 = 3,064,494, C1 = 128,796).
    CHECK_THAT(*report(example2("lambda-2.99"), facts).breakevenUtilization, WithinAbs(0.625, 0.0005));
    CHECK_THAT(*report(example2("aws-6.88"), facts).breakevenUtilization, WithinAbs(0.268, 0.0005));
    // Max node price for a 36-month payback vs $2.00 reserved, maintenance and insurance scaling.
    const CostReport r = report(example2(), facts);
    CHECK_THAT(r.maxNodePriceGross->units(), WithinAbs(253'000, 1'000));
    CHECK_THAT(r.maxNodePriceNet->units(), WithinAbs(329'000, 1'000));
}

TEST_CASE("Example 2: chart points", "[cost][examples]") {
    const CostReport r = report(example2(), cluster("h100-sxm-80gb", 8));
    struct Point {
        int month;
        double gross, net, rent;
    };
    for (const Point& x :
         {Point{0, 2'700'578, 629'978, 0}, Point{12, 3'059'229, 1'682'220, 1'121'280},
          Point{24, 3'417'880, 2'502'130, 2'242'560}, Point{36, 3'776'531, 3'167'531, 3'363'840}}) {
        INFO("month " << x.month);
        const auto& m = r.monthly.at(static_cast<std::size_t>(x.month));
        near(m.buy, x.gross);
        near(m.buyNet, x.net);
        near(m.rent, x.rent);
    }
}

TEST_CASE("Example 3: 1,024xH100, two network tiers", "[cost][examples]") {
    const ClusterFacts facts = cluster("h100-sxm-80gb", 128);
    const CostReport r = report(example2(), facts);
    CHECK(r.capex.network.switches == 48);  // 32 leaf + 16 spine
    CHECK(r.capex.network.tiers == 2);
    near(r.capex.switches, 1'728'000);
    near(r.capex.optics, 2'621'440);
    near(r.capex.frontend, 640'000);
    near(r.capex.storage, 512'000);  // 2,048 TB at the ≥ 1 PB price
    near(r.capex.hardware, 43'901'440);
    near(r.capex.installation, 1'317'043);
    near(r.capex.capex, 45'218'483);
    near(r.capex.capex.times(1.0 / 1024), 44'159);
    CHECK(r.fte == 4.0);
    near(r.firstMonthOpex.energy, 71'813);
    near(r.firstMonthOpex.colo, 252'324);
    near(r.firstMonthOpex.staff, 66'667);
    near(r.firstMonthOpex.maintenance, 73'169);
    near(r.firstMonthOpex.insurance, 18'292);
    near(r.firstMonthOpex.total(), 482'265);
    near(r.firstMonthOpex.total().times(1.0 / 1024), 471);
    near(r.buyTotal, 62'580'039);
    near(r.residualAtHorizon, 10'032'000);
    near(r.buyNetTotal, 52'548'039);
    CHECK_THAT(r.buyPerGpuHour, WithinAbs(1.95, 0.005));
    CHECK_THAT(*r.buyPerUtilizedGpuHour, WithinAbs(2.44, 0.005));
    near(r.pvBuy, 52'841'377);

    CostInputs colo130 = example2();
    colo130.overrides["colo_per_kw_month"] = 130;
    near(report(colo130, facts).firstMonthOpex.total(), 408'156);
}

TEST_CASE("Example 3: rent options, break-even utilisation and price limits", "[cost][examples]") {
    const ClusterFacts facts = cluster("h100-sxm-80gb", 128);
    struct Row {
        const char* offer;
        double perMonth, total;
        int gross, net;
        double pv;
    };
    for (const Row& row : {Row{"reserved-2.00", 1'495'040, 53'821'440, 45, 35, 46'996'797},
                           Row{"reserved-2.35", 1'756'672, 63'240'192, 36, 24, 55'221'237},
                           Row{"lambda-2.99", 1'788'068, 64'370'442, 35, 23, 56'208'169},
                           Row{"aws-6.88", 4'114'350, 148'116'603, 13, 5, 129'335'186}}) {
        INFO(row.offer);
        const CostReport r = report(example2(row.offer), facts);
        near(r.monthly.at(1).rentAccrued, row.perMonth);
        near(r.rentTotal, row.total);
        CHECK(r.breakeven.gross == row.gross);
        CHECK(r.breakeven.net == row.net);
        near(r.pvRent, row.pv);
    }
    const CostReport r200 = report(example2(), facts);
    near(r200.pvRent - r200.pvBuy, -5'844'580, 1'000);  // "rent cheaper by 5.84M"
    const CostReport r235 = report(example2("reserved-2.35"), facts);
    CHECK_THAT((r235.pvRent - r235.pvBuy).units() / 1e6, WithinAbs(2.38, 0.005));  // "own cheaper by 2.38M"
    CHECK_THAT(*report(example2("lambda-2.99"), facts).breakevenUtilization, WithinAbs(0.649, 0.0005));
    CHECK_THAT(*report(example2("aws-6.88"), facts).breakevenUtilization, WithinAbs(0.278, 0.0005));
    CHECK_THAT(r200.maxNodePriceGross->units(), WithinAbs(238'000, 1'000));
    CHECK_THAT(r200.maxNodePriceNet->units(), WithinAbs(312'000, 1'000));
    CHECK_THAT(r235.maxNodePriceGross->units(), WithinAbs(305'000, 1'000));
    CHECK_THAT(r235.maxNodePriceNet->units(), WithinAbs(398'000, 1'000));
    struct Point {
        int month;
        double gross, net, rent;  // millions
    };
    for (const Point& x :
         {Point{0, 45.22, 11.11, 0}, Point{12, 51.01, 28.32, 17.94}, Point{24, 56.79, 41.71, 35.88},
          Point{30, 59.69, 47.38, 44.85}, Point{36, 62.58, 52.55, 53.82}}) {
        INFO("month " << x.month);
        const auto& m = r200.monthly.at(static_cast<std::size_t>(x.month));
        CHECK_THAT(m.buy.units() / 1e6, WithinAbs(x.gross, 0.005));
        CHECK_THAT(m.buyNet.units() / 1e6, WithinAbs(x.net, 0.005));
        CHECK_THAT(m.rent.units() / 1e6, WithinAbs(x.rent, 0.005));
    }
    // Capex per GPU rises from 64 to 1,024 GPUs (second network tier) while staff per GPU falls.
    const CostReport r64 = report(example2(), cluster("h100-sxm-80gb", 8));
    CHECK(r200.capex.capex.units() / 1024 > r64.capex.capex.units() / 64);
    CHECK(r200.firstMonthOpex.staff.units() / 1024 < r64.firstMonthOpex.staff.units() / 64);
}

TEST_CASE("Check on the seed H100 rent: 8xH200 bought in China (built-in book)", "[cost][examples]") {
    const ClusterFacts facts = cluster("h200-sxm-141gb", 1);
    CostInputs in;  // the built-in China book, default utilisation 0.75
    RentOffer h100;
    h100.id = "seed-h100-8x";
    h100.gpus = {"h200-sxm-141gb"};
    h100.unit = RentUnit::ServerMonth;
    h100.gpusPerUnit = 8;
    for (const auto& [price, breakeven] : {std::pair{120'000.0, 17}, {100'000.0, 21}, {80'000.0, 27}}) {
        INFO("rent " << price);
        h100.price = price;
        in.customRent = h100;
        const CostReport r = report(in, facts, builtinBooks());
        near(r.capex.capex, 1'632'000);
        near(r.firstMonthOpex.energy, 4'713);
        near(r.firstMonthOpex.colo, 8'568);
        near(r.firstMonthOpex.staff, 3'333);
        near(r.firstMonthOpex.maintenance, 2'667);
        near(r.firstMonthOpex.total(), 19'281);
        CHECK(r.breakeven.gross == breakeven);  // 16.2, 20.2, 26.9 months
        CHECK_THAT(r.buyNetTotal.units() / 1e6, WithinAbs(1.93, 0.005));
        CHECK_THAT(r.rentTotal.units() / 1e6, WithinAbs(price * 36 / 1e6, 1e-9));  // ¥2.88-4.32M
    }
}
