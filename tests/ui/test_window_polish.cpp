// What a sales engineer sees: the tornado's input names in full, the scaling charts'
// ticks written as numbers, the measured-run errors without sideways scrolling, the verdict naming
// CPU offload, and the current tab restored by name. Each at the default window size, 1400 × 900,
// and where the language matters in Chinese too.
#include "window_fixture.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextDocument>

#include "ui/calibration/measured_runs_tab.h"
#include "ui/charts/cost_details_view.h"
#include "ui/charts/scaling_chart_views.h"
#include "ui/charts/scaling_tab.h"
#include "ui/charts/verdict_card.h"
#include "ui/mainwindow/window_state.h"
#include "ui/models/engine_terms.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

// The texts a chart draws (titles, axis labels, legend), as shown: Qt Charts cuts a label that
// does not fit to "abc..." (ChartPresenter::truncatedText) and hides one that overlaps another.
QList<const QGraphicsTextItem*> drawnItems(const QChartView& view) {
    QList<const QGraphicsTextItem*> items;
    for (const QGraphicsItem* item : view.scene()->items()) {
        if (const auto* text = dynamic_cast<const QGraphicsTextItem*>(item); text && text->isVisible())
            items << text;
    }
    return items;
}

QStringList drawnTexts(const QChartView& view) {
    QStringList texts;
    for (const QGraphicsTextItem* item : drawnItems(view))
        texts << item->toPlainText();
    return texts;
}

// The tornado's input names, each drawn whole: not cut, not hidden, inside the chart, left of the
// bars and clear of the names above and below.
QStringList checkTornadoLabels(WindowFixture& f) {
    CostDetailsView* details = f.window.costDetails();
    showAtDefaultSize(f, details);
    const QChartView& tornado = *details->tornado();
    INFO("tornado " << tornado.width() << "x" << tornado.height());
    auto* axis = qobject_cast<QBarCategoryAxis*>(tornado.chart()->axes(Qt::Vertical).value(0));
    REQUIRE(axis != nullptr);
    const QStringList names = axis->categories();
    REQUIRE(names.size() >= 5);
    CHECK_FALSE(axis->labelsTruncated());
    const QRectF chart = tornado.chart()->sceneBoundingRect();
    const QRectF plot = tornado.chart()->plotArea();
    QList<QRectF> placed;
    for (const QString& name : names) {
        INFO(name.toStdString());
        CHECK_FALSE(name.contains(QLatin1Char('_')));  // a person's words, not a parameter key
        const QGraphicsTextItem* label = nullptr;
        for (const QGraphicsTextItem* item : drawnItems(tornado))
            if (item->toPlainText() == name)
                label = item;
        REQUIRE(label != nullptr);
        // The text itself, without the item's document margin.
        const QRectF ink =
            label->mapRectToScene(label->boundingRect())
                .adjusted(label->document()->documentMargin(), label->document()->documentMargin(),
                          -label->document()->documentMargin(), -label->document()->documentMargin());
        INFO("label " << ink.x() << "," << ink.y() << " " << ink.width() << "x" << ink.height()
                      << ", plot left " << plot.left());
        CHECK(chart.contains(ink));
        CHECK(ink.right() <= plot.left());
        for (const QRectF& other : placed)
            CHECK_FALSE(other.intersects(ink));
        placed << ink;
    }
    return names;
}

// A study from 8 to 16,384 GPUs: 17 M tokens/s at the top, efficiency falling from 100 % to 70 %.
ScalingReport syntheticStudy() {
    ScalingReport report;
    double efficiency = 1.0;
    for (std::int64_t gpus = 8; gpus <= 16384; gpus *= 2) {
        ScalePoint p;
        p.gpus = gpus;
        p.nodes = gpus / 8;
        p.gpusPerNode = 8;
        p.fits = true;
        p.efficiency = efficiency;
        p.best.perf.tokensPerSecond = 1500.0 * static_cast<double>(gpus) * efficiency;
        p.trainDays = 3000.0 / (static_cast<double>(gpus) * efficiency);
        report.curve.push_back(p);
        efficiency -= 0.03;
    }
    return report;
}

template <typename View> void layOut(View& view) {
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.resize(900, 520);  // the quote's chart size (export/report_charts.cpp)
    view.show();
    QApplication::processEvents();
}

// "%1" of a raw printf label: a plain integer of five or more digits, or an exponent.
bool rawNumber(const QString& text) {
    static const QRegularExpression raw(QStringLiteral("^-?\\d{5,}$|\\d[eE][+-]?\\d|\\.\\d{4,}"));
    return raw.match(text).hasMatch();
}

const char* const kExampleRuns = CLUSTERPLAN_TEST_DATA "/calibrate-gpt175b.json";

void checkErrorsFit(WindowFixture& f) {
    MeasuredRunsTab* tab = f.window.measuredRuns();
    showAtDefaultSize(f, tab);
    QTableWidget* errors = tab->errorsTable();
    REQUIRE(errors->rowCount() == 2);
    INFO("table " << errors->width() << " wide, columns " << errors->horizontalHeader()->length());
    CHECK(errors->horizontalScrollBar()->maximum() == 0);
    CHECK(errors->horizontalHeader()->length() <= errors->viewport()->width());
    // Nor does the tab's page scroll sideways instead.
    auto* page = qobject_cast<QScrollArea*>(tab->parentWidget()->parentWidget());
    REQUIRE(page != nullptr);
    CHECK(page->horizontalScrollBar()->maximum() == 0);
    // The layout column wraps its words: each row is tall enough for its text at the column's width.
    for (int row = 0; row < errors->rowCount(); ++row) {
        const QString text = errors->item(row, 2)->text();
        const QRect needed = errors->fontMetrics().boundingRect(
            QRect(0, 0, errors->columnWidth(2) - 8, 10000), Qt::TextWordWrap, text);
        INFO(text.toStdString());
        CHECK(errors->rowHeight(row) >= needed.height());
    }
}

}  // namespace

TEST_CASE("window_polish.tornado_input_names_are_not_cut", "[window_polish][cost]") {
    WindowFixture f;
    const QStringList english = checkTornadoLabels(f);
    CHECK(english.contains(QStringLiteral("server price")));

    f.window.setLanguage(QStringLiteral("zh_CN"));
    const QStringList chinese = checkTornadoLabels(f);
    for (const QString& name : chinese) {
        if (name != QLatin1String("PUE"))
            CHECK(name.contains(kHan));
    }
    f.window.setLanguage(QStringLiteral("en"));
}

TEST_CASE("window_polish.scaling_ticks_read_as_numbers", "[window_polish][scaling]") {
    const ScalingReport report = syntheticStudy();
    ScalingThroughputChartView throughput;
    layOut(throughput);
    throughput.setReport(report);
    QApplication::processEvents();
    const QStringList texts = drawnTexts(throughput);
    INFO(texts.join(QStringLiteral(" | ")).toStdString());
    for (const QString& text : texts) {
        CHECK_FALSE(rawNumber(text));
        CHECK_FALSE(text.contains(QChar(0x2026)));  // no label elided to "…"
    }
    // GPU counts with the locale's thousands separator (en_US in tests: "16,384"); past 8
    // doublings a label every second doubling (powers of 4), so none is elided.
    CHECK(texts.contains(QStringLiteral("16,384")));
    CHECK(texts.contains(QStringLiteral("1,024")));
    CHECK(texts.contains(QStringLiteral("16")));
    CHECK_FALSE(texts.contains(QStringLiteral("2,048")));
    // tokens/s at round steps in millions, efficiency in per cent.
    CHECK(texts.contains(QStringLiteral("10M")));
    CHECK(texts.contains(QStringLiteral("100 %")));
    CHECK(texts.contains(QStringLiteral("50 %")));

    // A count that scales super-linearly (a faster layout fits) stays on the chart.
    ScalingReport superLinear = report;
    superLinear.curve[3].efficiency = 1.3;
    throughput.setReport(superLinear);
    QApplication::processEvents();
    CHECK(drawnTexts(throughput).contains(QStringLiteral("125 %")));

    ScalingDaysChartView days;
    layOut(days);
    days.setReport(report, 30);
    QApplication::processEvents();
    const QStringList dayTexts = drawnTexts(days);
    INFO(dayTexts.join(QStringLiteral(" | ")).toStdString());
    for (const QString& text : dayTexts)
        CHECK_FALSE(rawNumber(text));
    CHECK(dayTexts.contains(QStringLiteral("16,384")));
    CHECK(dayTexts.contains(QStringLiteral("400")));  // 375 days at 8 GPUs: ticks of 100 up to 400
}

TEST_CASE("window_polish.measured_run_errors_fit_the_window", "[window_polish][measured]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] { CHECK(f.controller.openFile(QString::fromUtf8(kExampleRuns)).isEmpty()); }));
    inEnglishAndChinese(f, [&] { checkErrorsFit(f); });
}

TEST_CASE("window_polish.verdict_names_cpu_offload", "[window_polish][verdict][fine_tuning]") {
    WindowFixture f;
    CHECK_FALSE(f.window.verdict()->caption(QStringLiteral("layout")).contains(QStringLiteral("offload")));
    editToLlama70bOffload(f);
    REQUIRE(f.controller.plan()->layout.offload == Offload::Optimizer);
    const QString caption = f.window.verdict()->caption(QStringLiteral("layout"));
    CHECK(caption.contains(QStringLiteral("CPU offload: optimizer")));

    f.window.setLanguage(QStringLiteral("zh_CN"));
    const QString chinese = f.window.verdict()->caption(QStringLiteral("layout"));
    INFO(chinese.toStdString());
    CHECK(chinese.contains(offloadName(Offload::Optimizer)));
    CHECK(offloadName(Offload::Optimizer).contains(kHan));
    CHECK_FALSE(chinese.contains(QStringLiteral("offload")));
    f.window.setLanguage(QStringLiteral("en"));
}

TEST_CASE("window_polish.current_tab_is_kept_by_name", "[window_polish][habits][settings]") {
    // Saved by name, a tab is found again after a release inserts a tab before it.
    QWidget before;
    auto* tabs = new QTabWidget(&before);
    tabs->setObjectName(QStringLiteral("chartTabs"));
    auto* memory = new QWidget;
    memory->setObjectName(QStringLiteral("memorySplitter"));
    auto* scaling = new QWidget;
    scaling->setObjectName(QStringLiteral("scalingTab"));
    auto* scroll = new QScrollArea;
    scroll->setWidget(scaling);
    tabs->addTab(memory, QStringLiteral("Memory"));
    tabs->addTab(scroll, QStringLiteral("Scaling"));
    tabs->setCurrentIndex(1);
    const QVariantMap saved = captureWidgetState(before);
    CHECK(saved.value(QStringLiteral("tab/chartTabs")).toString() == QStringLiteral("scalingTab"));
    CHECK(tabPageName(*tabs, 1) == QStringLiteral("scalingTab"));

    tabs->insertTab(1, new QWidget, QStringLiteral("New in this release"));
    tabs->setCurrentIndex(0);
    applyWidgetState(before, saved);
    CHECK(tabs->currentWidget() == scroll);
    // An older release's index: 0 and 1 were Memory and Time in every release; others are ignored.
    tabs->setCurrentIndex(2);
    applyWidgetState(before, {{QStringLiteral("tab/chartTabs"), QStringLiteral("0")}});
    CHECK(tabs->currentWidget() == memory);
    applyWidgetState(before, {{QStringLiteral("tab/chartTabs"), 4}});
    CHECK(tabs->currentWidget() == memory);

    // Through the settings file, across starts.
    {
        WindowFixture f;
        f.window.showTabOf(f.window.scaling());
        REQUIRE(f.window.close());
    }
    CHECK(QSettings().value(QStringLiteral("window/tab/chartTabs")).toString() ==
          QStringLiteral("scalingTab"));
    {
        WindowFixture again;
        CHECK(again.widget<QTabWidget>("chartTabs")->currentWidget()->isAncestorOf(again.window.scaling()));
    }
    QSettings().setValue(QStringLiteral("window/tab/chartTabs"), 1);  // an old release's Time tab
    {
        WindowFixture old;
        auto* chartTabs = old.widget<QTabWidget>("chartTabs");
        CHECK(tabPageName(*chartTabs, chartTabs->currentIndex()) == QStringLiteral("timeSplitter"));
    }
    QSettings().remove(QStringLiteral("window"));
}
