// What a sales engineer sees, round 2: the Cost tab fits the default window in English and
// Chinese, the tornado's change axis has round ticks in the money's unit, the verdict card's big
// figures stay inside their tiles, and CPU offload of optimizer and parameters reads as words.
#include "window_fixture.h"

#include <QApplication>
#include <QCategoryAxis>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableWidget>
#include <QTextDocument>

#include <cmath>

#include "ui/charts/cost_chart_view.h"
#include "ui/charts/cost_details_view.h"
#include "ui/charts/money_axis.h"
#include "ui/charts/verdict_card.h"
#include "ui/models/engine_terms.h"
#include "ui/models/layout_table_model.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

// The scroll area a tab's page sits in (main_window.cpp scrollable()).
const QScrollArea* pageScrollArea(const QWidget* widget) {
    for (const QWidget* w = widget; w; w = w->parentWidget())
        if (const auto* area = qobject_cast<const QScrollArea*>(w))
            return area;
    return nullptr;
}

// The Cost tab: no sideways scrolling of the page or the yearly table, the run-cost line inside the
// page, and every column of the yearly table shown, wide enough for its figures.
void checkCostTabFits(WindowFixture& f) {
    CostDetailsView* details = f.window.costDetails();
    showAtDefaultSize(f, details);
    const QScrollArea* page = pageScrollArea(details);
    REQUIRE(page != nullptr);
    INFO("page " << page->width() << " wide, content " << page->widget()->width());
    CHECK(page->horizontalScrollBar()->maximum() == 0);
    CHECK(details->mapTo(page->viewport(), QPoint(details->width(), 0)).x() <= page->viewport()->width());
    auto* runCost = details->findChild<QLabel*>(QStringLiteral("runCost"));
    REQUIRE(runCost != nullptr);
    CHECK(runCost->geometry().right() < details->width());
    CHECK(runCost->heightForWidth(runCost->width()) <= runCost->height());

    // The cumulative-cost chart beside it draws its title whole (wrapped), not cut to "...".
    int titles = 0;
    for (const QGraphicsItem* item : f.window.costChart()->scene()->items())
        if (const auto* text = dynamic_cast<const QGraphicsTextItem*>(item); text && text->isVisible()) {
            INFO(text->toPlainText().toStdString());
            CHECK_FALSE(text->toPlainText().contains(QStringLiteral("...")));
            ++titles;
        }
    CHECK(titles > 0);  // the title was found and looked at

    QTableWidget* yearly = details->yearlyTable();
    REQUIRE(yearly->rowCount() > 0);
    INFO("table " << yearly->viewport()->width() << " wide, columns "
                  << yearly->horizontalHeader()->length());
    CHECK(yearly->horizontalScrollBar()->maximum() == 0);
    CHECK(yearly->horizontalHeader()->length() <= yearly->viewport()->width());
    for (int column = 0; column < yearly->columnCount(); ++column) {
        INFO("column " << column);
        CHECK_FALSE(yearly->isColumnHidden(column));
        const QRect cell = yearly->visualRect(yearly->model()->index(0, column));
        CHECK(yearly->viewport()->rect().contains(cell));
        for (int row = 0; row < yearly->rowCount(); ++row) {
            const QString text = yearly->item(row, column)->text();
            INFO(text.toStdString());
            CHECK(yearly->fontMetrics().horizontalAdvance(text) < yearly->columnWidth(column));
        }
        // A short header names the column in full in its tooltip.
        CHECK_FALSE(yearly->horizontalHeaderItem(column)->toolTip().isEmpty());
    }
}

// Multiples of 1, 2, 2.5 or 5 × 10^k.
bool roundStep(double step) {
    const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (std::abs(mantissa - m) < 1e-6)
            return true;
    return false;
}

// The tornado's change axis: equal round steps, each labelled with the symbol and the unit.
void checkTornadoTicks(WindowFixture& f, const QRegularExpression& label) {
    CostDetailsView* details = f.window.costDetails();
    showAtDefaultSize(f, details);
    auto* axis = qobject_cast<QCategoryAxis*>(details->tornado()->chart()->axes(Qt::Horizontal).value(0));
    REQUIRE(axis != nullptr);
    const QStringList labels = axis->categoriesLabels();
    INFO(labels.join(QStringLiteral(" | ")).toStdString());
    REQUIRE(labels.size() >= 3);
    const double step = axis->endValue(labels[1]) - axis->endValue(labels[0]);
    CHECK(roundStep(step));
    for (int i = 0; i < labels.size(); ++i) {
        CHECK(label.match(labels[i]).hasMatch());
        if (i > 0)
            CHECK(axis->endValue(labels[i]) - axis->endValue(labels[i - 1]) == Approx(step));
    }
    CHECK(labels.contains(QStringLiteral("¥0")));
    // Each tick label drawn whole inside the chart, the last one at the right edge included.
    const QRectF chart = details->tornado()->chart()->sceneBoundingRect();
    int drawn = 0;
    for (const QGraphicsItem* item : details->tornado()->scene()->items()) {
        const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
        if (!text || !text->isVisible() || !labels.contains(text->toPlainText()))
            continue;
        ++drawn;
        const double margin = text->document()->documentMargin();
        const QRectF ink =
            text->mapRectToScene(text->boundingRect()).adjusted(margin, margin, -margin, -margin);
        INFO(text->toPlainText().toStdString() << " right " << ink.right() << ", chart " << chart.right());
        CHECK(chart.contains(ink));
    }
    CHECK(drawn == labels.size());  // every tick label was found drawn and looked at
    // The bars fit between the first and the last tick.
    CHECK(axis->min() <= axis->endValue(labels.first()));
    CHECK(axis->max() >= axis->endValue(labels.last()));
}

// Each big figure of the verdict card, as drawn, inside its tile and clear of the next tile by more
// than the grid's old 18-pixel spacing: "¥609,624.06" then "RENT" 18 pixels on read as one run of
// text. A tile spans from its figure's left edge to the next tile's in its row.
void checkVerdictFiguresFit(WindowFixture& f) {
    constexpr int kClearGap = 24;  // pixels between one tile's figure and the next tile
    f.window.resize(kDefaultWindow);
    QApplication::processEvents();
    QList<QLabel*> figures;
    for (const char* name :
         {"fit", "layout", "throughput", "mfu", "days", "run_cost", "rent_vs_buy", "break_even"})
        figures << f.widget<QLabel>((std::string("verdict_") + name).c_str());
    for (int i = 0; i < figures.size(); ++i) {
        const QLabel* figure = figures[i];
        QTextDocument doc;
        doc.setHtml(figure->text());
        const QString text = doc.toPlainText();
        const int textWidth = figure->fontMetrics().horizontalAdvance(text);
        INFO(figure->objectName().toStdString() << ": " << text.toStdString() << ", " << textWidth << " px");
        REQUIRE_FALSE(text.isEmpty());
        CHECK(textWidth <= figure->contentsRect().width());
        // Two rows of four tiles (one row of eight is wider than a laptop screen): the last tile of a row
        // ends at the card's edge.
        constexpr int kTilesPerRow = 4;
        const bool lastInRow = (i + 1) % kTilesPerRow == 0;
        const int tileEnd =
            !lastInRow ? figures[i + 1]->x() - kClearGap : figure->parentWidget()->contentsRect().right();
        CHECK(figure->x() + textWidth <= tileEnd);
    }
}

}  // namespace

TEST_CASE("window_polish.cost_tab_fits_the_default_window", "[window_polish][cost]") {
    WindowFixture f;
    inEnglishAndChinese(f, [&] { checkCostTabFits(f); });
}

TEST_CASE("window_polish.tornado_ticks_are_round_money", "[window_polish][cost]") {
    WindowFixture f;
    checkTornadoTicks(f, QRegularExpression(QStringLiteral("^\u2212?¥\\d+(\\.\\d+)?[kMB]?$")));
    f.window.setLanguage(QStringLiteral("zh_CN"));
    checkTornadoTicks(f, QRegularExpression(QStringLiteral("^\u2212?¥\\d+(\\.\\d+)?[万亿]?$")));
    f.window.setLanguage(QStringLiteral("en"));
}

TEST_CASE("window_polish.verdict_figures_fit_their_tiles", "[window_polish][verdict]") {
    WindowFixture f;
    editToLlama70bOffload(f);
    REQUIRE(f.controller.plan()->cost.has_value());
    const QString exact = f.widget<QLabel>("verdict_run_cost")->toolTip();
    INFO(exact.toStdString());
    CHECK(exact.contains(QRegularExpression(QStringLiteral("^¥\\d{1,3}(,\\d{3})+\\.\\d{2}$"))));
    checkVerdictFiguresFit(f);
    f.window.setLanguage(QStringLiteral("zh_CN"));
    checkVerdictFiguresFit(f);
    CHECK(f.window.verdict()->figure(QStringLiteral("run_cost")).contains(QStringLiteral("万")));
    f.window.setLanguage(QStringLiteral("en"));
}

TEST_CASE("window_polish.offload_of_parameters_reads_as_words", "[window_polish][explorer]") {
    CHECK(offloadName(Offload::OptimizerAndParams) == QStringLiteral("optimizer and parameters"));
    CHECK(offloadName(Offload::Optimizer) == QStringLiteral("optimizer"));
    // The Explorer's filter still takes the scenario file's key, as users type it.
    Plan plan;
    plan.search.emplace();
    for (Offload offload : {Offload::None, Offload::Optimizer, Offload::OptimizerAndParams}) {
        Candidate c;
        c.layout.offload = offload;
        c.fits = true;
        plan.search->ranked.push_back(c);
    }
    LayoutTableModel model;
    model.setPlan(&plan);
    LayoutFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.setTerms(QStringLiteral("offload=optimizer_and_params"));
    REQUIRE(proxy.rowCount() == 1);
    CHECK(proxy.index(0, LayoutTableModel::CpuOffload).data().toString() ==
          QStringLiteral("optimizer and parameters"));
    proxy.setTerms(QStringLiteral("offload=optimizer"));
    CHECK(proxy.rowCount() == 1);
}
