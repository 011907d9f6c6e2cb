// The Cost input group: price book, rent offer, report currency, exchange rate, horizon,
// utilisation and discount rate, each driving the plan's cost report through the real widgets.
#include "window_fixture.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineSeries>
#include <QSpinBox>

#include "ui/charts/cost_chart_view.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

const cost::CostReport& costReport(const WindowFixture& f) {
    REQUIRE(f.controller.plan().has_value());
    REQUIRE(f.controller.plan()->cost.has_value());
    return *f.controller.plan()->cost;
}

}  // namespace

TEST_CASE("inputs.cost_widgets_have_object_names", "[inputs][cost]") {
    WindowFixture f;
    f.window.showTabOf(f.window.costChart());  // the Cost tab renders when shown
    f.widget<QComboBox>("priceBook");
    f.widget<QComboBox>("rentOffer");
    f.widget<QComboBox>("currency");
    f.widget<QDoubleSpinBox>("cnyPerUsd");
    f.widget<QSpinBox>("horizonMonths");
    f.widget<QDoubleSpinBox>("utilization");
    f.widget<QDoubleSpinBox>("discountRate");
    f.widget<QCheckBox>("discountRateDefault");
    // The default scenario as loaded: the China book in CNY, 36 months at 75 %.
    CHECK(f.widget<QComboBox>("priceBook")->currentData().toString() == QStringLiteral("cn-seed-2026"));
    CHECK(f.widget<QComboBox>("rentOffer")->currentIndex() == 0);
    CHECK(f.widget<QComboBox>("currency")->currentText() == QStringLiteral("Price book's (CNY)"));
    CHECK(f.widget<QDoubleSpinBox>("cnyPerUsd")->value() == Approx(7.2));
    CHECK(f.widget<QSpinBox>("horizonMonths")->value() == 36);
    CHECK(f.widget<QDoubleSpinBox>("utilization")->value() == Approx(75));
    CHECK(f.widget<QCheckBox>("discountRateDefault")->isChecked());
    CHECK_FALSE(f.widget<QDoubleSpinBox>("discountRate")->isEnabled());
    CHECK(f.widget<QDoubleSpinBox>("discountRate")->value() == Approx(5));  // the China book's 5 %
}

TEST_CASE("inputs.cost_currency_usd_converts_the_report", "[inputs][cost]") {
    WindowFixture f;
    f.window.showTabOf(f.window.costChart());  // the Cost tab renders when shown
    const double rentCny = costReport(f).rentAccruedTotal.units();
    REQUIRE(costReport(f).currency == cost::Currency::Cny);
    auto* currency = f.widget<QComboBox>("currency");
    REQUIRE(f.editAndWait(
        [&] { currency->setCurrentIndex(currency->findData(static_cast<int>(cost::Currency::Usd))); }));
    CHECK(f.controller.scenario().cost.currency == cost::Currency::Usd);
    CHECK(costReport(f).currency == cost::Currency::Usd);
    CHECK(f.window.costChart()->chart()->title().contains(QStringLiteral("USD")));
    CHECK_THAT(costReport(f).rentAccruedTotal.units(), Catch::Matchers::WithinRel(rentCny / 7.2, 0.001));

    // The exchange rate converts too: 6 CNY per USD makes the same CNY prices more dollars.
    auto* rate = f.widget<QDoubleSpinBox>("cnyPerUsd");
    REQUIRE(f.editAndWait([&] { rate->setValue(6.0); }));
    CHECK(f.controller.scenario().cost.cnyPerUsd == Approx(6.0));
    CHECK_THAT(costReport(f).rentAccruedTotal.units(), Catch::Matchers::WithinRel(rentCny / 6.0, 0.001));
}

TEST_CASE("inputs.cost_utilization_changes_run_cost", "[inputs][cost]") {
    WindowFixture f;
    f.window.showTabOf(f.window.costChart());  // the Cost tab renders when shown
    const cost::CostReport before = costReport(f);
    REQUIRE(before.runCostRent.has_value());
    auto* utilization = f.widget<QDoubleSpinBox>("utilization");
    REQUIRE(f.editAndWait([&] { utilization->setValue(50); }));
    CHECK(f.controller.scenario().cost.utilization == Approx(0.5));
    const cost::CostReport& after = costReport(f);
    CHECK(after.utilization == Approx(0.5));
    REQUIRE(after.runCostRent.has_value());
    // Owning: the run carries its share of a cluster busy half the time, so it costs more. Renting:
    // the run is billed its own rental whatever else the cluster does.
    CHECK(*after.runCostBuy > *before.runCostBuy);
    CHECK(*after.runCostRent == *before.runCostRent);
}

TEST_CASE("inputs.cost_horizon_48_gives_49_points", "[inputs][cost]") {
    WindowFixture f;
    f.window.showTabOf(f.window.costChart());  // the Cost tab renders when shown
    auto* horizon = f.widget<QSpinBox>("horizonMonths");
    REQUIRE(f.editAndWait([&] { horizon->setValue(48); }));
    CHECK(f.controller.scenario().cost.horizonMonths == 48);
    CHECK(costReport(f).monthly.size() == 49);
    for (const QLineSeries* line : f.window.costChart()->lines())
        CHECK(line->count() == 49);
    CHECK(f.window.costChart()->chart()->title().contains(QStringLiteral("48 months")));
}

TEST_CASE("inputs.cost_price_book_switch_follows_gpu", "[inputs][cost]") {
    WindowFixture f;
    f.window.showTabOf(f.window.costChart());  // the Cost tab renders when shown
    auto* gpu = f.widget<QComboBox>("gpu");
    auto* book = f.widget<QComboBox>("priceBook");
    auto* offer = f.widget<QComboBox>("rentOffer");
    auto* currency = f.widget<QComboBox>("currency");
    REQUIRE(book->findData(QStringLiteral("us-2026")) >= 0);
    // The US book prices H100s, not the default A100 80GB.
    REQUIRE(f.editAndWait([&] { gpu->setCurrentIndex(gpu->findData(QStringLiteral("h100-sxm-80gb"))); }));
    REQUIRE(f.editAndWait([&] { book->setCurrentIndex(book->findData(QStringLiteral("us-2026"))); }));
    CHECK(f.controller.scenario().cost.priceBook == "us-2026");
    CHECK(costReport(f).priceBookId == "us-2026");
    CHECK(costReport(f).currency == cost::Currency::Usd);
    CHECK(currency->currentText() == QStringLiteral("Price book's (USD)"));
    CHECK(book->currentText() == QStringLiteral("United States: cloud rent and self-build prices"));
    // Offers are the US book's H100 offers, after the default entry.
    REQUIRE(offer->count() > 2);
    CHECK(offer->currentIndex() == 0);
    CHECK(offer->findData(QStringLiteral("runpod-h100")) > 0);
    CHECK(offer->findData(QStringLiteral("yiwan-h100-8x-server")) < 0);

    REQUIRE(f.editAndWait([&] { offer->setCurrentIndex(offer->findData(QStringLiteral("runpod-h100"))); }));
    CHECK(f.controller.scenario().cost.rentOffer == "runpod-h100");
    CHECK(costReport(f).offer.id == "runpod-h100");
}

TEST_CASE("inputs.cost_offer_for_another_gpu_marks_the_field", "[inputs][cost]") {
    WindowFixture f;
    f.window.showTabOf(f.window.costChart());  // the Cost tab renders when shown
    auto* gpu = f.widget<QComboBox>("gpu");
    auto* offer = f.widget<QComboBox>("rentOffer");
    const int server = offer->findData(QStringLiteral("yiwan-a100-8x-server"));
    REQUIRE(server > 0);
    REQUIRE(f.editAndWait([&] { offer->setCurrentIndex(server); }));
    CHECK(offer->styleSheet().isEmpty());

    // The chosen A100 offer stays while the GPU becomes an H100: the plan has no cost and the
    // offer field shows why, until another offer is chosen.
    REQUIRE(f.editAndWait([&] { gpu->setCurrentIndex(gpu->findData(QStringLiteral("h100-sxm-80gb"))); }));
    CHECK(offer->currentData().toString() == QStringLiteral("yiwan-a100-8x-server"));
    CHECK(offer->currentText().contains(QStringLiteral("does not rent this GPU")));
    CHECK_FALSE(offer->styleSheet().isEmpty());
    CHECK(offer->toolTip().contains(QStringLiteral("cost.rent_offer")));
    CHECK_FALSE(f.controller.plan()->cost.has_value());

    REQUIRE(f.editAndWait([&] { offer->setCurrentIndex(0); }));
    CHECK(f.controller.scenario().cost.rentOffer.empty());
    CHECK(offer->styleSheet().isEmpty());
    CHECK(offer->findData(QStringLiteral("yiwan-a100-8x-server")) < 0);
}

TEST_CASE("inputs.cost_discount_rate_overrides_book", "[inputs][cost]") {
    WindowFixture f;
    f.window.showTabOf(f.window.costChart());  // the Cost tab renders when shown
    auto* bookDefault = f.widget<QCheckBox>("discountRateDefault");
    auto* rate = f.widget<QDoubleSpinBox>("discountRate");
    REQUIRE(costReport(f).discountRate == Approx(0.05));
    REQUIRE(f.editAndWait([&] { bookDefault->setChecked(false); }));
    CHECK(rate->isEnabled());
    CHECK(f.controller.scenario().cost.discountRate == Approx(0.05));  // starts from the book's value
    REQUIRE(f.editAndWait([&] { rate->setValue(12.5); }));
    CHECK(f.controller.scenario().cost.discountRate == Approx(0.125));
    CHECK(costReport(f).discountRate == Approx(0.125));
    REQUIRE(f.editAndWait([&] { bookDefault->setChecked(true); }));
    CHECK_FALSE(f.controller.scenario().cost.discountRate.has_value());
    CHECK_FALSE(rate->isEnabled());
    CHECK(rate->value() == Approx(5));
}

TEST_CASE("inputs.cost_load_does_not_emit_edits", "[inputs][cost]") {
    WindowFixture f;
    f.window.showTabOf(f.window.costChart());  // the Cost tab renders when shown
    QSignalSpy changed(&f.controller, &PlanController::scenarioChanged);
    f.controller.update([](Scenario& s) {
        s.cost.horizonMonths = 24;
        s.cost.utilization = 0.6;
        s.cost.currency = cost::Currency::Usd;
        s.cost.discountRate = 0.08;
    });
    CHECK(changed.count() == 1);  // only the edit itself: loading the widgets edits nothing
    CHECK(f.widget<QSpinBox>("horizonMonths")->value() == 24);
    CHECK(f.widget<QDoubleSpinBox>("utilization")->value() == Approx(60));
    CHECK(f.widget<QComboBox>("currency")->currentData().toInt() == static_cast<int>(cost::Currency::Usd));
    CHECK_FALSE(f.widget<QCheckBox>("discountRateDefault")->isChecked());
    CHECK(f.widget<QDoubleSpinBox>("discountRate")->value() == Approx(8));
}

// Price books and rent offers by the names a Chinese reader knows (a review found "price-book and offer
// names in English ('seed article' is not a name a customer or engineer knows)"): `name_zh` in the
// Chinese window, the English name in the English one; the id stays the item's data.
TEST_CASE("inputs.cost_books_and_offers_are_named_in_the_windows_language", "[inputs][cost]") {
    WindowFixture f;
    const cost::PriceBook* book =
        f.controller.catalog().priceBooks().book(f.controller.scenario().cost.priceBook);
    REQUIRE(book != nullptr);
    REQUIRE_FALSE(book->nameZh.empty());
    const auto bookText = [&] {
        auto* books = f.widget<QComboBox>("priceBook");
        return books->itemText(books->findData(QString::fromStdString(book->id)));
    };
    CHECK(bookText() == QString::fromStdString(book->name));
    CHECK_FALSE(bookText().contains(QStringLiteral("seed")));
    f.window.setLanguage(QStringLiteral("zh_CN"));
    CHECK(bookText() == QString::fromStdString(book->nameZh));
    auto* offers = f.widget<QComboBox>("rentOffer");
    for (int i = 0; i < offers->count(); ++i) {
        INFO(offers->itemText(i).toStdString());
        CHECK(offers->itemText(i).contains(kHan));  // every offer of the China book has a Chinese name
    }
    f.window.setLanguage(QStringLiteral("en"));
}
