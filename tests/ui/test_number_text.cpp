// No NaN or infinity on screen: every number the window writes goes through
// formatNumber / formatPlainNumber, which show "–" (an en dash) for a value that is not finite.
#include <QLocale>
#include <QRegularExpression>

#include <catch2/catch.hpp>

#include <limits>

#include "core/calibration/evaluate.h"
#include "core/catalog/catalog.h"
#include "core/io/scenario_json.h"
#include "ui/charts/money_axis.h"
#include "ui/charts/step_time_chart_view.h"
#include "ui/models/layout_table_model.h"
#include "ui/models/money_text.h"
#include "ui/models/number_text.h"
#include "ui/models/plan_summary.h"

using namespace clusterplan;
using namespace clusterplan::ui;

namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
const QString kDash = QStringLiteral("\u2013");

// "nan", "inf", "-inf" as Qt and printf write them, as whole words ("info" does not count).
bool showsNonFinite(const QString& text) {
    static const QRegularExpression word(QStringLiteral("\\b(nan|inf|infinity)\\b"),
                                         QRegularExpression::CaseInsensitiveOption);
    return word.match(text).hasMatch();
}

Plan defaultPlan() {
    const Catalog catalog = Catalog::builtin();
    Scenario scenario = defaultScenario(catalog);
    scenario.layout.open = kAllLayoutKeys;  // a search, so the layout table has rows
    Result<Plan> plan = evaluate(scenario, catalog);
    REQUIRE(plan);
    return std::move(plan).value();
}

}  // namespace

TEST_CASE("numbers.non_finite_shows_a_dash", "[numbers]") {
    for (const double v : {kNan, kInf, -kInf}) {
        CHECK(formatNumber(v, 1) == kDash);
        CHECK(formatPlainNumber(v, 0) == kDash);
    }
    CHECK(formatNumber(1234.5, 1) == QLocale().toString(1234.5, 'f', 1));
    CHECK(formatPlainNumber(1234.5, 1) == QStringLiteral("1234.5"));
    CHECK(formatPlainNumber(-0.25, 2) == QStringLiteral("-0.25"));
    // Money on the chart axes and in chart titles.
    CHECK(formatCompactMoney(kNan, QStringLiteral("¥")) == kDash);
    CHECK(formatCompactMoney(-kInf, QStringLiteral("$")) == kDash);
    CHECK(formatCompactMoney(1'200'000, QStringLiteral("¥")) == QStringLiteral("¥1.2M"));
}

TEST_CASE("numbers.layout_table_shows_a_dash_for_non_finite", "[numbers][explorer]") {
    Plan plan = defaultPlan();
    REQUIRE(plan.search.has_value());
    REQUIRE(plan.search->ranked.size() >= 2);
    plan.search->ranked[0].perf.tokensPerSecond = kNan;
    plan.search->ranked[0].perf.trainDays = kInf;
    plan.search->ranked[1].perf.stepSeconds = -kInf;
    LayoutTableModel model;
    model.setPlan(&plan);
    const auto text = [&](int row, int column) {
        return model.data(model.index(row, column), Qt::DisplayRole).toString();
    };
    CHECK(text(0, LayoutTableModel::TokensPerSecond) == kDash);
    CHECK(text(0, LayoutTableModel::Days) == kDash);
    CHECK(text(1, LayoutTableModel::StepSeconds) == kDash);
    CHECK(text(1, LayoutTableModel::TokensPerSecond) ==
          QString::number(plan.search->ranked[1].perf.tokensPerSecond, 'f', 0));
    for (int row = 0; row < 2; ++row)
        for (int column = 0; column < model.columnCount(); ++column) {
            INFO("row " << row << ", column " << column);
            CHECK_FALSE(showsNonFinite(text(row, column)));
            CHECK_FALSE(showsNonFinite(model.data(model.index(row, column), Qt::ToolTipRole).toString()));
        }
}

TEST_CASE("numbers.summary_and_step_chart_show_a_dash_for_non_finite", "[numbers]") {
    Plan plan = defaultPlan();
    plan.perf.tokensPerSecond = kInf;
    plan.perf.mfu = kNan;
    plan.perf.trainDays = kInf;
    plan.run.wallDays = kNan;
    plan.run.goodput = kNan;
    plan.feed.margin = kInf;
    const QString summary = planSummaryHtml(plan);
    CHECK_FALSE(showsNonFinite(summary));
    CHECK(summary.contains(kDash));

    StepTimeChartView chart;
    chart.setPlans(plan, nullptr, nullptr);
    // The title as written, before WrappedTitle breaks it at spaces to the chart's width.
    const QString title = chart.chart()->title().replace(QStringLiteral("<br>"), QStringLiteral(" "));
    CHECK_FALSE(showsNonFinite(title));
    CHECK(title.contains(QStringLiteral("MFU %1 %").arg(kDash)));
}

// Counts in the English window read as counted: Qt's "%n node(s)" needs a translation file to
// choose a plural, and the English window has none.
TEST_CASE("numbers.summary_counts_nodes_sequences_and_stages_as_people_do", "[numbers]") {
    Plan plan = defaultPlan();  // 1 node of 8, one pipeline stage, largest micro-batch 1
    QString summary = planSummaryHtml(plan);
    CHECK(summary.contains(QStringLiteral("(1 node %1 8 GPUs)").arg(QChar(0x00D7))));
    CHECK_FALSE(summary.contains(QStringLiteral("(s)")));
    CHECK_FALSE(summary.contains(QStringLiteral("pipeline stage")));
    plan.scenario.cluster.nodes = 16384;
    plan.largestMicroBatch = 4;
    plan.layout.pp = 8;
    plan.memory.stage = 0;
    summary = planSummaryHtml(plan);
    CHECK(summary.contains(QStringLiteral("16,384 nodes")));
    CHECK(summary.contains(QStringLiteral("4 sequences")));
    CHECK(summary.contains(QStringLiteral("the most loaded pipeline stage, 1 of 8")));
    CHECK(formatNodes(1) == QStringLiteral("1 node"));
}

// One way to write money. "-¥460,692.00" had a hyphen, and "¥72,515.45" kept cents that
// say nothing beside "¥50.83k": a minus sign, cents only below ¥10,000 in sentences, whole units in
// tables, the exact amount (cents) for tooltips.
TEST_CASE("money.has_one_format", "[money][number_text]") {
    const QString minus(QChar(0x2212));
    const auto money = [](double units) { return cost::Money::fromUnits(units); };
    CHECK(moneyText(money(-460'692), cost::Currency::Cny) == minus + QStringLiteral("¥460,692.00"));
    CHECK(moneyText(money(1'540'692.27), cost::Currency::Usd) == QStringLiteral("$1,540,692.27"));
    CHECK(wholeMoneyText(money(-460'692.40), cost::Currency::Cny) == minus + QStringLiteral("¥460,692"));
    CHECK(wholeMoneyText(money(1'540'692.50), cost::Currency::Cny) == QStringLiteral("¥1,540,693"));
    CHECK(proseMoneyText(money(9'677.49), cost::Currency::Cny) == QStringLiteral("¥9,677.49"));
    CHECK(proseMoneyText(money(11.5147), cost::Currency::Cny) == QStringLiteral("¥11.51"));
    CHECK(proseMoneyText(money(14'319.49), cost::Currency::Cny) == QStringLiteral("¥14,319"));
    CHECK(proseMoneyText(money(-72'515.45), cost::Currency::Cny) == minus + QStringLiteral("¥72,515"));
}
