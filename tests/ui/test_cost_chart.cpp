// The Cost tab: rent, buy and buy net of resale month by month in the report's currency, the
// break-even marker, compact money labels, and the "No cost" state for a GPU without a price.
#include "core/calibration/evaluate.h"
#include "window_fixture.h"

#include <QComboBox>
#include <QLineSeries>
#include <QSpinBox>

#include "ui/charts/cost_chart_view.h"
#include "ui/charts/cost_details_view.h"
#include "ui/charts/money_axis.h"
#include "ui/charts/verdict_card.h"
#include "ui/i18n/engine_text.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

TEST_CASE("charts.cost_chart_has_three_lines", "[charts][cost]") {
    WindowFixture f;
    f.window.showTabOf(f.window.costChart());  // the Cost tab renders when shown
    const CostChartView& chart = *f.window.costChart();
    const Plan& plan = *f.controller.plan();
    REQUIRE(plan.cost.has_value());
    const cost::CostReport& report = *plan.cost;
    const QList<QLineSeries*> lines = chart.lines();
    REQUIRE(lines.size() == 3);
    CHECK(lines[0]->name() == QStringLiteral("Rent (accrued)"));
    CHECK(lines[1]->name() == QStringLiteral("Buy (gross cash)"));
    CHECK(lines[2]->name() == QStringLiteral("Buy, net of resale"));
    for (const QLineSeries* line : lines) {
        REQUIRE(line->count() == report.horizonMonths + 1);
        CHECK(line->at(0).x() == 0);
        CHECK(line->at(line->count() - 1).x() == report.horizonMonths);
    }
    CHECK(lines[0]->at(lines[0]->count() - 1).y() == Approx(report.rentAccruedTotal.units()));
    CHECK(lines[1]->at(lines[1]->count() - 1).y() == Approx(report.buyTotal.units()));
    CHECK(lines[2]->at(lines[2]->count() - 1).y() == Approx(report.buyNetTotal.units()));
    // Lines are wrapped to the chart's width: read the title as one line.
    const QString title = chart.chart()->title().replace(QStringLiteral("<br>"), QStringLiteral(" "));
    CHECK(title.contains(QStringLiteral("36 months")));
    CHECK(title.contains(QStringLiteral("CNY")));
    CHECK(title.contains(QStringLiteral("rent ¥1.08M vs buy ¥1.72M")));
    // The default's break-even (month 99) lies beyond the 36-month horizon: no marker.
    CHECK(chart.breakEvenLabel().isEmpty());
}

TEST_CASE("charts.cost_rent_doubles_with_nodes", "[charts][cost]") {
    WindowFixture f;
    f.window.showTabOf(f.window.costChart());  // the Cost tab renders when shown
    const CostChartView& chart = *f.window.costChart();
    const auto lastRent = [&] {
        const QLineSeries* rent = chart.lines().value(0);
        REQUIRE(rent != nullptr);
        return rent->at(rent->count() - 1).y();
    };
    const double oneNode = lastRent();
    REQUIRE(oneNode > 0);
    auto* nodes = f.widget<QSpinBox>("nodes");
    REQUIRE(nodes->value() == 1);
    REQUIRE(f.editAndWait([&] { nodes->setValue(2); }));
    CHECK_THAT(lastRent(), Catch::Matchers::WithinRel(2 * oneNode, 0.01));
    CHECK(chart.lines().size() == 3);
}

TEST_CASE("charts.cost_break_even_marker_within_horizon", "[charts][cost]") {
    const Catalog catalog = Catalog::builtin();
    Scenario scenario = defaultScenario(catalog);
    scenario.cost.horizonMonths = 120;
    const Result<Plan> plan = evaluate(scenario, catalog);
    REQUIRE(plan);
    REQUIRE(plan->cost.has_value());
    const std::optional<int> month = plan->cost->breakeven.gross;
    REQUIRE(month.has_value());
    REQUIRE(*month <= 120);

    CostChartView chart;
    chart.setPlan(*plan);
    CHECK(chart.breakEvenLabel() == QStringLiteral("break-even month %1").arg(*month));
    for (const QLineSeries* line : chart.lines())
        CHECK(line->count() == 121);
    chart.setPlan(*evaluate(defaultScenario(catalog), catalog));
    CHECK(chart.breakEvenLabel().isEmpty());
}

TEST_CASE("charts.cost_chart_without_a_price_says_why", "[charts][cost]") {
    WindowFixture f;
    f.window.showTabOf(f.window.costChart());  // the Cost tab renders when shown
    auto* gpu = f.widget<QComboBox>("gpu");
    const int mi300x = gpu->findData(QStringLiteral("mi300x-192gb"));
    REQUIRE(mi300x >= 0);
    REQUIRE(f.editAndWait([&] { gpu->setCurrentIndex(mi300x); }));
    REQUIRE_FALSE(f.controller.plan()->cost.has_value());
    const CostChartView& chart = *f.window.costChart();
    CHECK(chart.chart()->series().isEmpty());
    QString title = chart.chart()->title();
    title.replace(QStringLiteral("<br>"), QStringLiteral(" "));
    CHECK(title.startsWith(QStringLiteral("No cost: ")));
    CHECK(title.contains(QStringLiteral("no purchase price for GPU")));
    CHECK_FALSE(title.contains(QStringLiteral("Cost not computed")));

    REQUIRE(f.editAndWait([&] { gpu->setCurrentIndex(gpu->findData(QStringLiteral("a100-sxm-80gb"))); }));
    CHECK(chart.lines().size() == 3);
    CHECK_FALSE(chart.chart()->title().startsWith(QStringLiteral("No cost")));
}

// Without a cost the Cost tab's run-cost line says why; the sensitivity chart under it only says it
// has nothing to weigh, and does not write the same reason a second time.
TEST_CASE("charts.no_cost_reason_is_written_once_on_the_cost_tab", "[charts][cost]") {
    WindowFixture f;
    f.window.showTabOf(f.window.costChart());
    auto* gpu = f.widget<QComboBox>("gpu");
    REQUIRE(f.editAndWait([&] { gpu->setCurrentIndex(gpu->findData(QStringLiteral("mi300x-192gb"))); }));
    REQUIRE_FALSE(f.controller.plan()->cost.has_value());
    REQUIRE(f.controller.plan()->costError.has_value());
    inEnglishAndChinese(f, [&] {
        const QString reason = engineText(*f.controller.plan()->costError);
        INFO("reason: " << reason.toStdString());
        REQUIRE(reason.size() > 10);
        const QString runCost = f.window.costDetails()->runCostText();
        QString tornado = f.widget<QChartView>("sensitivityTornado")->chart()->title();
        tornado.replace(QStringLiteral("<br>"), QStringLiteral(" "));
        INFO("run cost: " << runCost.toStdString() << "\nsensitivity: " << tornado.toStdString());
        CHECK(runCost.count(reason) == 1);
        CHECK_FALSE(tornado.isEmpty());
        // Wrapping may have put a line break inside the reason: compare without spaces.
        const QString compact = QString(tornado).remove(QLatin1Char(' '));
        CHECK_FALSE(compact.contains(QString(reason).remove(QLatin1Char(' '))));
        CHECK_FALSE(compact.contains(reason.toHtmlEscaped().remove(QLatin1Char(' '))));
    });
}

TEST_CASE("charts.money_labels_are_compact", "[charts][cost]") {
    const QString yuan = QStringLiteral("¥");
    const QString dollar = QStringLiteral("$");
    CHECK(formatCompactMoney(1'200'000, yuan) == QStringLiteral("¥1.2M"));
    CHECK(formatCompactMoney(350'000, dollar) == QStringLiteral("$350k"));
    CHECK(formatCompactMoney(1'720'692, yuan) == QStringLiteral("¥1.72M"));
    CHECK(formatCompactMoney(2.5e9, dollar) == QStringLiteral("$2.5B"));
    CHECK(formatCompactMoney(0, yuan) == QStringLiteral("¥0"));
    CHECK(formatCompactMoney(-40'000, yuan) == QString(QChar(0x2212)) + QStringLiteral("¥40k"));
    CHECK(formatCompactMoney(950, dollar) == QStringLiteral("$950"));

    MoneyAxis axis;
    axis.setMoneyRange(0, 1'720'692, yuan);
    const QStringList labels = axis.categoriesLabels();
    REQUIRE(labels.size() >= 4);
    CHECK(labels.first() == QStringLiteral("¥0"));
    CHECK(labels.contains(QStringLiteral("¥500k")));
    CHECK(labels.contains(QStringLiteral("¥1M")));
    CHECK(labels.contains(QStringLiteral("¥1.5M")));
    CHECK(axis.max() >= 1'720'692);
    CHECK(axis.min() == 0);

    axis.setMoneyRange(0, 19'200'000, yuan);  // a new plan replaces every label
    CHECK_FALSE(axis.categoriesLabels().contains(QStringLiteral("¥500k")));
    CHECK(axis.categoriesLabels().contains(QStringLiteral("¥5M")));
    CHECK(axis.max() >= 19'200'000);
}

// DeepSeek-V3's 2,048 H800s on the China book, which sells H800 servers but rents none, opened in
// Chinese: the Cost tab draws the purchase and says in words that nothing is rented, the verdict
// card shows the owned figure, and no key path or id reaches either.
TEST_CASE("charts.cost_tab_prices_the_purchase_of_a_book_that_rents_none", "[charts][cost]") {
    WindowFixture f;
    f.window.setLanguage(QStringLiteral("zh_CN"));
    const QString path = QStringLiteral(CLUSTERPLAN_TEST_DATA "/deepseek-v3-2048xh800-as-trained.json");
    REQUIRE(f.editAndWait([&] { REQUIRE(f.controller.openFile(path).isEmpty()); }));
    f.window.showTabOf(f.window.costChart());
    const Plan& plan = *f.controller.plan();
    REQUIRE_FALSE(plan.cost.has_value());
    REQUIRE(plan.costHalf.has_value());
    const cost::CostReport& half = *plan.costHalf;
    REQUIRE(half.runCostBuy.has_value());
    const QString yuan = QStringLiteral("¥");

    const CostChartView& chart = *f.window.costChart();
    const QList<QLineSeries*> lines = chart.lines();
    REQUIRE(lines.size() == 2);  // buying, gross and net of resale; no rent line
    CHECK(lines[0]->at(lines[0]->count() - 1).y() == Approx(half.buyTotal.units()));
    CHECK(lines[1]->at(lines[1]->count() - 1).y() == Approx(half.buyNetTotal.units()));
    const QString title = chart.chart()->title().replace(QStringLiteral("<br>"), QString());
    CHECK(title.contains(formatCompactMoney(half.buyTotal.units(), yuan)));
    CHECK(title.contains(QStringLiteral("无租用报价")));
    // The book by its Chinese name (wrapping may have taken a space out).
    CHECK(QString(title).remove(QLatin1Char(' ')).contains(QStringLiteral("国内GPU租用与自建价格")));
    CHECK_FALSE(title.contains(QStringLiteral("无法计算成本")));

    const QString details = f.window.costDetails()->runCostText();
    CHECK(details.contains(QStringLiteral("无租用报价")));
    CHECK(details.contains(QStringLiteral("自有")));

    const VerdictCard& verdict = *f.window.verdict();
    const QString runCost = verdict.figure(QStringLiteral("run_cost"));
    CHECK(runCost.contains(yuan));
    CHECK(runCost != QStringLiteral("—"));
    CHECK(verdict.caption(QStringLiteral("run_cost")).contains(QStringLiteral("无租用报价")));
    CHECK(verdict.figure(QStringLiteral("rent_vs_buy")).contains(yuan));

    // Plain language: no key path ("cost.rent_offer"), price-book id or GPU id.
    const QRegularExpression keyPath(QStringLiteral("\\b[a-z_]+\\.[a-z_]+\\b"));
    QStringList texts{title, details};
    for (const QString& tile :
         {QStringLiteral("run_cost"), QStringLiteral("rent_vs_buy"), QStringLiteral("break_even")})
        texts << verdict.figure(tile) << verdict.caption(tile) << verdict.delta(tile);
    for (const QString& text : texts) {
        INFO(text.toStdString());
        CHECK_FALSE(text.contains(keyPath));
        for (const char* id : {"cn-seed-2026", "h800-sxm-80gb", "custom_rent", "rent_offer"})
            CHECK_FALSE(text.contains(QLatin1String(id)));
    }
}
