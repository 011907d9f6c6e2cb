// Switching to a price book in another currency converts the amounts the user typed
// (custom rent quote, money overrides) at the scenario's exchange rate instead of reading ¥ as $;
// the cost panel shows the discount rate the plan used, overrides included.
#include "window_fixture.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

TEST_CASE("currency.switching_book_currency_keeps_typed_amounts", "[currency][cost]") {
    WindowFixture f;
    REQUIRE(f.catalog.priceBooks().book("cn-seed-2026")->currency == cost::Currency::Cny);
    REQUIRE(f.catalog.priceBooks().book("us-2026")->currency == cost::Currency::Usd);
    // The H100: both books price it (the US book has no A100 purchase price).
    cost::RentOffer quote = *f.catalog.priceBooks().book("cn-seed-2026")->defaultOfferFor("h100-sxm-80gb");
    quote.id = "my-quote";
    quote.price = 28'800;    // ¥ per server-month, as typed
    quote.priceLow.reset();  // the book's quoted range belongs to its own price
    quote.priceHigh.reset();
    QSignalSpy errors(&f.controller, &PlanController::inputError);
    const bool planned = f.editAndWait([&] {
        f.controller.update([&](Scenario& s) {
            s.cluster.gpu = "h100-sxm-80gb";
            s.cost.customRent = quote;
            s.cost.cnyPerUsd = 7.2;
            s.cost.overrides["electricity_per_kwh"] = 0.72;
            s.cost.overrides["f_busy"] = 0.8;
        });
    });
    INFO((errors.isEmpty()
              ? QString()
              : errors.first().at(0).toString() + QStringLiteral(": ") + errors.first().at(1).toString())
             .toStdString());
    REQUIRE(planned);
    REQUIRE(f.controller.plan()->cost.has_value());
    const double rentCny = f.controller.plan()->cost->rentAccruedTotal.units();

    auto* books = f.widget<QComboBox>("priceBook");
    REQUIRE(f.editAndWait([&] { books->setCurrentIndex(books->findData(QStringLiteral("us-2026"))); }));
    const cost::CostInputs& in = f.controller.scenario().cost;
    REQUIRE(in.customRent.has_value());
    CHECK(in.customRent->price == Approx(4'000));                  // $4 000 = ¥28 800 / 7.2
    CHECK(in.overrides.at("electricity_per_kwh") == Approx(0.1));  // $0.10 = ¥0.72 / 7.2
    CHECK(in.overrides.at("f_busy") == 0.8);                       // a share is no amount
    // The same rent, now counted in dollars: the total is the yuan total over the rate.
    REQUIRE(f.controller.plan()->cost.has_value());
    REQUIRE(f.controller.plan()->cost->currency == cost::Currency::Usd);
    CHECK(f.controller.plan()->cost->rentAccruedTotal.units() == Approx(rentCny / 7.2).epsilon(1e-6));

    // And back: the amounts return to what was typed.
    REQUIRE(f.editAndWait([&] { books->setCurrentIndex(books->findData(QStringLiteral("cn-seed-2026"))); }));
    CHECK(f.controller.scenario().cost.customRent->price == Approx(28'800));
}

TEST_CASE("currency.cost_panel_shows_the_discount_rate_the_plan_used", "[currency][cost]") {
    WindowFixture f;
    auto* rate = f.widget<QDoubleSpinBox>("discountRate");
    CHECK(rate->value() == Approx(5));  // the China book's 5 %
    REQUIRE(f.editAndWait(
        [&] { f.controller.update([](Scenario& s) { s.cost.overrides["discount_rate"] = 0.08; }); }));
    REQUIRE(f.controller.plan()->cost->discountRate == Approx(0.08));
    CHECK(f.widget<QCheckBox>("discountRateDefault")->isChecked());  // not set on the rate itself
    CHECK(rate->value() == Approx(8));
}
