// The verdict card, the baseline comparison, the Scaling tab and the cost details: each shows the
// plan's own numbers.
#include "window_fixture.h"

#include <QApplication>
#include <QBarSet>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>

#include <cmath>

#include "core/quote/quote_document.h"
#include "core/studies/scaling_study.h"
#include "core/validation/validation.h"
#include "ui/charts/cost_details_view.h"
#include "ui/charts/elided_label.h"
#include "ui/charts/memory_chart_view.h"
#include "ui/charts/money_axis.h"
#include "ui/charts/scaling_tab.h"
#include "ui/charts/step_time_chart_view.h"
#include "ui/charts/verdict_card.h"
#include "ui/models/money_text.h"
#include "ui/models/plan_comparison.h"
#include "ui/models/plan_summary.h"
#include "ui/models/qt_text.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

TEST_CASE("verdict.numbers_are_the_plans", "[verdict]") {
    WindowFixture f;
    const Plan& plan = *f.controller.plan();
    const VerdictCard& card = *f.window.verdict();
    CHECK(card.figure(QStringLiteral("fit"))
              .contains(plan.memory.fits() ? QStringLiteral("FITS") : QStringLiteral("NOT")));
    CHECK(card.figure(QStringLiteral("layout")) == formatLayoutDegrees(plan.layout));
    CHECK(card.figure(QStringLiteral("throughput")) == QLocale().toString(plan.perf.tokensPerSecond, 'f', 0));
    CHECK(card.figure(QStringLiteral("mfu")) == QStringLiteral("%1 %").arg(100 * plan.perf.mfu, 0, 'f', 1));
    // Days: the budgeted days (interruptions, checkpoints, evaluation), as the summary and the quote
    // price them, and the performance model's steady-state days on the line below (no baseline yet).
    REQUIRE(plan.run.wallDays > plan.perf.trainDays);
    CHECK(card.figure(QStringLiteral("days")) == QLocale().toString(plan.run.wallDays, 'f', 1));
    CHECK(card.figure(QStringLiteral("days")) ==
          QLocale().toString(quote::buildQuoteDocument(plan, "2026-12-01", std::nullopt).verdict.trainDays,
                             'f', 1));
    CHECK(card.delta(QStringLiteral("days")) ==
          QStringLiteral("%1 days steady-state").arg(QLocale().toString(plan.perf.trainDays, 'f', 1)));
    REQUIRE(plan.cost.has_value());
    REQUIRE(plan.cost->runCostRent.has_value());
    // In four figures, so that it fits its tile; the exact amount is its tooltip.
    CHECK(card.figure(QStringLiteral("run_cost")) ==
          formatShortMoney(plan.cost->runCostRent->units(),
                           toQString(cost::currencySymbol(plan.cost->currency))));
    CHECK(f.widget<QLabel>("verdict_run_cost")->toolTip() ==
          toQString(cost::formatMoney(*plan.cost->runCostRent, plan.cost->currency)));
    // The default scenario: renting is cheaper over the 36-month horizon (break-even month 99).
    CHECK(card.figure(QStringLiteral("rent_vs_buy")) == QStringLiteral("RENT"));
    CHECK(card.figure(QStringLiteral("break_even")) == QStringLiteral("month 99"));
    CHECK(card.delta(QStringLiteral("throughput")).isEmpty());  // no baseline yet
}

TEST_CASE("compare.pin_baseline_shows_it_beside_the_current_plan", "[compare]") {
    WindowFixture f;
    const Plan baseline = *f.controller.plan();
    QTest::mouseClick(f.widget<QPushButton>("pinBaseline"), Qt::LeftButton);
    REQUIRE(f.window.comparison().baseline().has_value());
    auto* nodes = f.widget<QSpinBox>("nodes");
    REQUIRE(f.editAndWait([&] { nodes->setValue(2); }));
    const Plan& current = *f.controller.plan();
    REQUIRE(current.perf.tokensPerSecond > baseline.perf.tokensPerSecond);

    const VerdictCard& card = *f.window.verdict();
    const double change =
        100 * (current.perf.tokensPerSecond - baseline.perf.tokensPerSecond) / baseline.perf.tokensPerSecond;
    CHECK(card.delta(QStringLiteral("throughput")) ==
          QStringLiteral("+%1 % vs baseline").arg(change, 0, 'f', 1));
    CHECK_FALSE(card.delta(QStringLiteral("days")).isEmpty());
    // Memory and Time: the baseline's bar beside the current one, with its own numbers.
    const QStringList labels = f.window.memoryChart()->columnLabels();
    REQUIRE(labels.size() == 2);
    CHECK(labels[1].startsWith(QStringLiteral("Baseline")));
    CHECK(stackedTotal(*f.window.memoryChart(), 1) == Approx(toGib(baseline.memory.total())).epsilon(1e-6));
    const std::vector<StepPart> parts = stepParts(baseline.perf);
    f.window.showTabOf(f.window.stepTimeChart());  // the Time tab renders when shown
    const QList<QBarSet*> sets = f.window.stepTimeChart()->barSets();
    REQUIRE(sets.size() == static_cast<qsizetype>(parts.size()));
    for (std::size_t i = 0; i < parts.size(); ++i)
        CHECK(sets[static_cast<qsizetype>(i)]->at(1) == Approx(parts[i].seconds));

    QTest::mouseClick(f.widget<QPushButton>("clearBaseline"), Qt::LeftButton);
    CHECK_FALSE(f.window.comparison().baseline().has_value());
    f.window.showTabOf(f.window.memoryChart());
    CHECK(f.window.memoryChart()->columnLabels().size() == 1);
    CHECK(card.delta(QStringLiteral("throughput")).isEmpty());
}

TEST_CASE("scaling.tab_shows_the_scaling_study", "[scaling]") {
    WindowFixture f;
    ScalingTab& tab = *f.window.scaling();
    QSignalSpy shown(&tab, &ScalingTab::studyShown);
    f.widget<QSpinBox>("scaleMaxGpus")->setValue(64);
    f.window.showTabOf(&tab);
    REQUIRE(QTest::qWaitFor([&] { return shown.count() > 0; }, 4 * kWaitMs));
    const ScalingReport expected = scalingStudy(f.controller.plan()->scenario, f.catalog, 64, 0);
    REQUIRE(tab.report().curve.size() == expected.curve.size());
    const QLineSeries* tps = tab.throughputSeries();
    int fitting = 0;
    for (const ScalePoint& p : expected.curve) {
        if (!p.fits)
            continue;
        REQUIRE(fitting < tps->count());
        CHECK(tps->at(fitting).x() == Approx(static_cast<double>(p.gpus)));
        CHECK(tps->at(fitting).y() == Approx(p.best.perf.tokensPerSecond));
        CHECK(tab.daysSeries()->at(fitting).y() == Approx(p.trainDays));
        ++fitting;
    }
    CHECK(tps->count() == fitting);
    CHECK(tab.comparisonTable()->rowCount() == static_cast<int>(expected.comparisons.size()));
    // Servers and GPUs with a times sign, as "1,024 × NVIDIA A100" elsewhere (it read "1 server x 8").
    QStringList labels;
    for (int row = 0; row < tab.comparisonTable()->rowCount(); ++row)
        labels << tab.comparisonTable()->item(row, 0)->text();
    INFO(labels.join(QStringLiteral(" | ")).toStdString());
    CHECK(labels.filter(QStringLiteral("8 GPUs: 1 server × 8 GPUs (")).size() == 1);
    CHECK(labels.filter(QStringLiteral("8 GPUs: 2 servers × 4 GPUs over ")).size() == 1);
    CHECK(labels.filter(QRegularExpression(QStringLiteral("\\d x \\d"))).isEmpty());
    REQUIRE(expected.minimumGpus.has_value());
    CHECK(tab.summary().contains(QString::number(*expected.minimumGpus)));
}

TEST_CASE("cost.details_show_run_cost_and_years", "[cost]") {
    WindowFixture f;
    f.window.showTabOf(f.window.costDetails());  // the Cost tab renders when shown
    const cost::CostReport& r = *f.controller.plan()->cost;
    const CostDetailsView& details = *f.window.costDetails();
    // In a sentence: cents only below ¥10,000 (cents say nothing beside a large amount).
    CHECK(details.runCostText().contains(proseMoneyText(*r.runCostRent, r.currency)));
    CHECK(details.runCostText().contains(proseMoneyText(*r.runCostBuy, r.currency)));
    REQUIRE(details.yearlyTable()->rowCount() == r.horizonMonths / 12);
    const int last = details.yearlyTable()->rowCount() - 1;
    // To the whole unit in the cell ("¥1,080,000"), exact in its tooltip.
    const auto whole = [&](cost::Money m) {
        return toQString(cost::formatMoney(cost::Money::fromUnits(std::round(m.units())), r.currency))
            .remove(QStringLiteral(".00"));
    };
    CHECK(details.yearlyTable()->item(last, 1)->text() == whole(r.rentAccruedTotal));
    CHECK(details.yearlyTable()->item(last, 1)->toolTip() ==
          toQString(cost::formatMoney(r.rentAccruedTotal, r.currency)));
    CHECK(details.yearlyTable()->item(last, 3)->text() == whole(r.buyNetTotal));
    CHECK(details.yearlyTable()->item(last, 3)->toolTip() ==
          toQString(cost::formatMoney(r.buyNetTotal, r.currency)));
    CHECK_FALSE(details.tornado()->chart()->series().isEmpty());
}

TEST_CASE("workbench.verdict_cites_the_stated_accuracy_pair", "[workbench]") {
    // The window cites the labelled pair of resources/accuracy.json: the independent figure on runs
    // never used to build the engine, and the grouped cross-validation figure `clusterplan-cli
    // validate` measured.
    WindowFixture f;
    // The line is cut to the card's width: its whole text (the tooltip's) holds both figures.
    auto* details = f.window.findChild<ElidedLabel*>(QStringLiteral("verdictDetails"));
    REQUIRE(details != nullptr);
    CHECK_FALSE(details->fullText().contains(QStringLiteral("Grouped cross-validation")));
    f.controller.validateInBackground();
    REQUIRE(QTest::qWaitFor([&] { return f.controller.accuracy().has_value(); }, 20000));
    const quote::Accuracy& a = *f.controller.accuracy();
    const AccuracyStatement& stated = builtinAccuracyStatement();
    CHECK(a.grouped.meanAbsError == stated.grouped.meanAbsError);
    CHECK(a.independent.meanAbsError == stated.independent.meanAbsError);
    REQUIRE(QTest::qWaitFor([&] { return details->fullText().contains(QStringLiteral("Independent check")); },
                            5000));
    const QString text = details->fullText();
    INFO(text.toStdString());
    CHECK(text.contains(QStringLiteral("Independent check (%1): on %2 published runs")
                            .arg(QString::fromStdString(stated.independent.checked))
                            .arg(stated.independent.runs)));
    CHECK(text.contains(QStringLiteral("%1 % off on average; %2 % inside the band.")
                            .arg(100 * stated.independent.meanAbsError, 0, 'f', 1)
                            .arg(100 * stated.independent.bandCoverage, 0, 'f', 0)));
    CHECK(text.contains(QStringLiteral("Grouped cross-validation (%1): on %2 calibration runs")
                            .arg(QString::fromStdString(stated.grouped.asOf))
                            .arg(stated.grouped.runs)));
    CHECK(text.contains(
        QStringLiteral("%1 % off on average").arg(100 * stated.grouped.meanAbsError, 0, 'f', 1)));
}

// One money format in the window, so the same amount never reads two ways. The verdict's captions write
// amounts as short as the figure beside them ("¥3.84M" beside "¥5.46M owned", not beside "¥5,462,559.67"),
// and the Cost tab's run line drops cents from ¥10,000 on and groups its counts ("504,342 GPU-hours").
TEST_CASE("money.reads_the_same_in_the_verdict_and_the_cost_tab", "[money][verdict][cost]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] {
        f.window.openScenarioFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/search-gpt3-175b-1024xa100.json"));
    }));
    const Plan& plan = *f.controller.plan();
    REQUIRE(plan.cost.has_value());
    const cost::CostReport& r = *plan.cost;
    REQUIRE(r.runCostBuy.has_value());
    REQUIRE(r.runGpuHours.has_value());
    const QString symbol = toQString(cost::currencySymbol(r.currency));
    const VerdictCard& card = *f.window.verdict();
    CHECK(card.caption(QStringLiteral("run_cost")) ==
          QStringLiteral("rented; %1 owned").arg(formatShortMoney(r.runCostBuy->units(), symbol)));
    // Cents on an amount of ten thousand or more ("5,462,559.67"): in no caption, comparison or line.
    const QRegularExpression centsOnLarge(QStringLiteral("\\d{1,3}(,\\d{3})+\\.\\d\\d(?!\\d)"));
    QStringList texts;
    for (const char* name :
         {"fit", "layout", "throughput", "mfu", "days", "run_cost", "rent_vs_buy", "break_even"})
        texts << card.caption(QString::fromLatin1(name)) << card.delta(QString::fromLatin1(name));
    f.window.showTabOf(f.window.costDetails());
    QApplication::processEvents();
    const QString runLine = f.widget<QLabel>("runCost")->text();
    texts << runLine;
    for (const QString& text : texts) {
        INFO(text.toStdString());
        CHECK_FALSE(centsOnLarge.match(text).hasMatch());
    }
    CHECK(runLine.contains(QLocale().toString(std::round(*r.runGpuHours), 'f', 0) +
                           QStringLiteral(" GPU-hours")));
    CHECK(runLine.contains(wholeMoneyText(*r.runCostBuy, r.currency)));
    // Tokens counted as the reader counts: "300B tokens"; in Chinese "3000亿 token", not "300 B".
    CHECK(card.caption(QStringLiteral("days")).contains(QStringLiteral("300B tokens")));
    CHECK(runLine.contains(QStringLiteral("300B tokens")));
    CHECK(formatShortMoney(15.6e12, QString()) == QStringLiteral("15.6T"));
    inEnglishAndChinese(f, [&] {
        if (QLocale().language() != QLocale::Chinese)
            return;
        const VerdictCard& chinese = *f.window.verdict();
        CHECK(chinese.caption(QStringLiteral("days")).contains(QStringLiteral("训练 3000亿 token")));
        // Llama 3.1's 15.6 trillion tokens: 15.6万亿, not 156000亿.
        CHECK(formatShortMoney(15.6e12, QString()) == QStringLiteral("15.6万亿"));
        CHECK_FALSE(chinese.caption(QStringLiteral("days")).contains(QStringLiteral(" B ")));
    });
}
