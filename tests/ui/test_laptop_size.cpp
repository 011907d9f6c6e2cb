// The window at a laptop's 1024 × 700 and at its first 1400 × 900, the sizes of a sales engineer's laptop:
// the real main window with a search loaded takes that size (its minimum is no larger), and on every tab, in
// English and Chinese, no label is cut or elided without its whole text in a tooltip, no chart is cut, pushed
// out of sight or draws a text cut to "...", no page scrolls sideways, and the Explorer shows its
// table beside its chart.
#include "window_fixture.h"

#include <QAbstractAxis>
#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QChartView>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextDocumentFragment>

#include <map>
#include <string>

#include "ui/charts/axis_fit.h"
#include "ui/charts/cost_chart_view.h"
#include "ui/charts/elided_label.h"
#include "ui/charts/layout_explorer_tab.h"
#include "ui/charts/memory_chart_view.h"
#include "ui/charts/scaling_tab.h"
#include "ui/charts/wrapped_legend.h"
#include "ui/models/plan_comparison.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

const QSize kLaptop(1024, 700);
// The area `widget` is seen through: the viewport of its nearest scroll area, else the window.
QRect visibleArea(const QWidget* widget, const QWidget* window) {
    for (const QWidget* w = widget->parentWidget(); w && w != window; w = w->parentWidget())
        if (const auto* area = qobject_cast<const QAbstractScrollArea*>(w);
            area && area->viewport() != widget)
            return QRect(area->viewport()->mapTo(window, QPoint(0, 0)), area->viewport()->size());
    return window->rect();
}

QRect inWindow(const QWidget* widget, const QWidget* window) {
    return QRect(widget->mapTo(window, QPoint(0, 0)), widget->size());
}

// A label shows its whole text: an elided one says it in its tooltip, a wrapped one is tall
// enough for its lines, any other is as wide as its text; and it is not cut by the window's or
// its scroll area's right edge.
void checkLabel(const QLabel* label, const QWidget* window) {
    INFO(label->objectName().toStdString()
         << " '" << label->text().left(80).toStdString() << "' " << label->width() << "x" << label->height());
    if (const auto* elided = qobject_cast<const ElidedLabel*>(label)) {
        if (elided->isElided())
            CHECK(elided->toolTip().contains(QTextDocumentFragment::fromHtml(elided->fullText())
                                                 .toPlainText()
                                                 .split(QLatin1Char('\n'))
                                                 .first()));
    } else if (label->wordWrap()) {
        CHECK(label->heightForWidth(label->width()) <= label->height());
    } else {
        CHECK(label->sizeHint().width() <= label->width());
    }
    const QRect area = visibleArea(label, window);
    const QRect rect = inWindow(label, window);
    INFO("at " << rect.x() << "," << rect.y() << ", seen through x " << area.left() << ".." << area.right());
    CHECK(rect.right() <= area.right());
}

// A chart at no less than its minimum size, and in sight: never cut at the side, and below the
// fold only on a page that scrolls down (one scroll bar, never two).
void checkChart(const QChartView* chart, const QWidget* window) {
    const QRect area = visibleArea(chart, window);
    const QRect rect = inWindow(chart, window);
    const QScrollArea* page = nullptr;
    for (const QWidget* w = chart->parentWidget(); w && !page; w = w->parentWidget())
        page = qobject_cast<const QScrollArea*>(w);
    const bool scrollsDown = page && page->verticalScrollBar()->isVisible();
    INFO(chart->objectName().toStdString()
         << " at " << rect.x() << "," << rect.y() << " " << rect.width() << "x" << rect.height() << ", area "
         << area.x() << "," << area.y() << " " << area.width() << "x" << area.height()
         << (scrollsDown ? ", page scrolls down" : ""));
    CHECK(chart->width() >= chart->minimumWidth());
    CHECK(chart->height() >= chart->minimumHeight());
    CHECK(rect.left() >= area.left());
    CHECK(rect.right() <= area.right());
    CHECK(rect.right() <= window->rect().right());
    if (!scrollsDown) {
        CHECK(rect.top() >= area.top());
        CHECK(rect.bottom() <= area.bottom());
    }
    // No text of the chart (title, axis, legend) cut to "..." by Qt Charts ("Gradie…", "Per-GPU
    // memory, single pipeline sta…" were), and every drawn text inside the chart.
    const QRectF scene = chart->chart()->rect();
    for (const QGraphicsItem* item : chart->scene()->items())
        if (const auto* text = dynamic_cast<const QGraphicsTextItem*>(item); text && text->isVisible()) {
            INFO("drawn text '" << text->toPlainText().toStdString() << "' at "
                                << text->sceneBoundingRect().x() << "," << text->sceneBoundingRect().y()
                                << " " << text->sceneBoundingRect().width() << "x"
                                << text->sceneBoundingRect().height() << " rot " << text->rotation());
            CHECK_FALSE(text->toPlainText().endsWith(QStringLiteral("...")));
            CHECK_FALSE(text->toPlainText().endsWith(QStringLiteral("…")));
            const QRectF box = text->sceneBoundingRect();
            if (!text->toPlainText().trimmed().isEmpty() && !box.isEmpty())
                CHECK(scene.adjusted(-1, -1, 1, 1).contains(box));
        }
    // Qt hides a category label that would overlap its neighbour: the ZeRO chart names every stage.
    if (chart->objectName() == QStringLiteral("zeroChart")) {
        int stages = 0;
        for (const QGraphicsItem* item : chart->scene()->items())
            if (const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
                text && text->isVisible() && text->toPlainText().startsWith(QStringLiteral("ZeRO-")))
                ++stages;
        CHECK(stages == 4);
    }
}

// Every visible label and chart of the window as it is shown now.
void checkShown(const QWidget* window) {
    int labels = 0;
    for (const QLabel* label : window->findChildren<QLabel*>())
        if (label->isVisible() && !label->text().isEmpty()) {
            checkLabel(label, window);
            ++labels;
        }
    CHECK(labels > 20);  // the card, the inputs and the page were looked at
    for (const QChartView* chart : window->findChildren<QChartView*>())
        if (chart->isVisible())
            checkChart(chart, window);
}

// The scroll area a tab's page sits in scrolls up and down at most, never sideways.
void checkNoSidewaysScroll(const QTabWidget* tabs) {
    if (const auto* page = qobject_cast<const QScrollArea*>(tabs->currentWidget())) {
        INFO("page " << page->viewport()->width() << " wide, content " << page->widget()->width() << " (min "
                     << page->widget()->minimumSizeHint().width() << ")");
        CHECK_FALSE(page->horizontalScrollBar()->isVisible());
    }
}

// "name 400x300": what each part of the window asks for at least, to tell which one is too big.
std::string minimumSizes(WindowFixture& f) {
    std::string text;
    const auto add = [&text](const QString& name, const QWidget* w) {
        const QSize m = w->minimumSizeHint().expandedTo(w->minimumSize());
        text +=
            name.toStdString() + " " + std::to_string(m.width()) + "x" + std::to_string(m.height()) + "; ";
    };
    add(QStringLiteral("window"), &f.window);
    add(QStringLiteral("verdict"), f.widget<QWidget>("verdictCard"));
    add(QStringLiteral("splitter"), f.widget<QWidget>("mainSplitter"));
    const QWidget* inputs = f.widget<QSplitter>("mainSplitter")->widget(0);
    add(QStringLiteral("inputs"), inputs);
    for (const QWidget* field : inputs->findChildren<QWidget*>())  // the widest fields
        if (field->isVisible() && !field->objectName().isEmpty() && field->minimumSizeHint().width() > 160)
            add(field->objectName(), field);
    add(QStringLiteral("results"), f.widget<QWidget>("resultsSplitter"));
    auto* tabs = f.widget<QTabWidget>("chartTabs");
    for (int i = 0; i < tabs->count(); ++i) {
        const auto* page = qobject_cast<const QScrollArea*>(tabs->widget(i));
        add(tabs->tabText(i), page ? page->widget() : tabs->widget(i));
    }
    return text;
}

void checkEveryTab(WindowFixture& f, const QSize& size) {
    f.window.resize(size);
    for (int pass = 0; pass < 3; ++pass)
        QApplication::processEvents();
    INFO("at " << size.width() << "x" << size.height() << ", minimum sizes: " << minimumSizes(f));
    CHECK(f.window.minimumSizeHint().width() <= size.width());
    CHECK(f.window.minimumSizeHint().height() <= size.height());
    REQUIRE(f.window.size() == size);
    auto* tabs = f.widget<QTabWidget>("chartTabs");
    for (int i = 0; i < tabs->count(); ++i) {
        INFO("tab " << tabs->tabText(i).toStdString());
        tabs->setCurrentIndex(i);
        for (int pass = 0; pass < 3; ++pass)
            QApplication::processEvents();
        // The Scaling tab as the user sees it once its study (on a worker) is drawn.
        REQUIRE(QTest::qWaitFor(
            [&] { return !f.window.scaling()->isVisible() || !f.window.scaling()->isComputing(); }, kWaitMs));
        for (int pass = 0; pass < 3; ++pass)
            QApplication::processEvents();
        checkShown(&f.window);
        checkNoSidewaysScroll(tabs);
    }
    // The summary pane above the tabs scrolls down only: its values wrap at its width.
    const auto* summary = f.widget<QAbstractScrollArea>("summary");
    INFO("summary " << summary->viewport()->width() << " wide");
    CHECK_FALSE(summary->horizontalScrollBar()->isVisible());
    // The Explorer shows its table beside the chart, with room for rows and columns.
    f.window.showTabOf(f.window.explorer());
    QApplication::processEvents();
    const QTableView* table = f.window.explorer()->table();
    const QRect rect = inWindow(table, &f.window);
    INFO("table at " << rect.x() << "," << rect.y() << " " << rect.width() << "x" << rect.height());
    CHECK(table->isVisible());
    CHECK(table->width() >= 150);
    CHECK(table->height() >= 100);
    CHECK(visibleArea(table, &f.window).contains(rect));
}

}  // namespace

TEST_CASE("laptop.window_fits_a_laptop_screen_with_a_search_loaded", "[laptop][layout]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] {
        f.window.openScenarioFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/search-gpt3-175b-1024xa100.json"));
    }));
    REQUIRE(f.controller.plan()->search.has_value());
    inEnglishAndChinese(f, [&] { checkEveryTab(f, kLaptop); });
}

// At the window's first size, 1400 × 900 (it showed "Pare…", "rec…" and "帕累托…" in the Explorer's
// legend, "Use this layo" on its button): every label, legend and button text whole.
TEST_CASE("laptop.nothing_is_cut_at_the_default_size", "[laptop][layout]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] {
        f.window.openScenarioFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/search-gpt3-175b-1024xa100.json"));
    }));
    inEnglishAndChinese(f, [&] {
        checkEveryTab(f, kDefaultWindow);
        for (const QAbstractButton* button : f.window.findChildren<QAbstractButton*>())
            if (button->isVisible() && !button->text().isEmpty()) {
                INFO(button->objectName().toStdString()
                     << " '" << button->text().toStdString() << "' " << button->width() << " px");
                CHECK(button->sizeHint().width() <= button->width());
            }
    });
}

// The Memory tab with a selected layout and a pinned baseline (it showed "two bars without labels"):
// Qt Charts hides a category label that is wider than its bar's slot or overlaps its neighbour, so
// every bar's label must be drawn whole, at the laptop size and the default one, in both languages.
TEST_CASE("laptop.memory_bars_are_labelled_beside_a_selection_and_a_baseline", "[laptop][layout]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] {
        f.window.openScenarioFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/search-gpt3-175b-1024xa100.json"));
    }));
    REQUIRE(f.controller.plan()->search.has_value());
    QTest::mouseClick(f.widget<QPushButton>("pinBaseline"), Qt::LeftButton);
    REQUIRE(f.window.comparison().baseline().has_value());
    const auto& ranked = f.controller.plan()->search->ranked;
    std::size_t other = 1;
    while (other < ranked.size() && !ranked[other].fits)
        ++other;
    REQUIRE(other < ranked.size());
    f.window.comparison().selectLayout(other);
    REQUIRE(QTest::qWaitFor([&] { return !f.window.comparison().isEvaluating(); }, kWaitMs));
    inEnglishAndChinese(f, [&] {
        for (const QSize& size : {kLaptop, kDefaultWindow}) {
            f.window.resize(size);
            f.window.showTabOf(f.window.memoryChart());
            for (int pass = 0; pass < 3; ++pass)
                QApplication::processEvents();
            const QChartView* chart = f.window.memoryChart();
            const QStringList labels = f.window.memoryChart()->columnLabels();
            INFO("at " << size.width() << "x" << size.height() << ", chart " << chart->width() << "x"
                       << chart->height());
            REQUIRE(labels.size() == 3);
            for (const QString& label : labels) {
                const QString plain = QTextDocumentFragment::fromHtml(label).toPlainText().simplified();
                INFO("label '" << plain.toStdString() << "'");
                int drawn = 0;
                for (const QGraphicsItem* item : chart->scene()->items())
                    if (const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
                        text && text->isVisible() && text->toPlainText().simplified() == plain)
                        ++drawn;
                CHECK(drawn == 1);
            }
        }
    });
}

namespace {

// The scenario that hung the window at 1024 pixels wide: Llama 3.1 70B on 4 × 8 H100 in fp8, TP 16,
// ZeRO-3, full recompute; its Time tab has eight legend entries beside the step-time bar, and the
// step-time and data-feed axes flipped between two tick choices on every layout pass.
const QString kTimeTabScenario =
    QStringLiteral(CLUSTERPLAN_TEST_DATA "/llama3-70b-32xh100-tp16-time-tab.json");

// How often each chart of the window laid its plot out since the last reset().
class PlotAreaCounter {
public:
    explicit PlotAreaCounter(const QWidget* window) {
        for (const QChartView* view : window->findChildren<QChartView*>()) {
            int* count =
                &m_counts[view->objectName().isEmpty() ? QStringLiteral("chart %1").arg(m_counts.size())
                                                       : view->objectName()];
            QObject::connect(view->chart(), &QChart::plotAreaChanged, &m_context, [count] { ++*count; });
        }
    }
    void reset() {
        for (auto& [name, count] : m_counts)
            count = 0;
    }
    // Every chart laid its plot out at most `most` times.
    void check(int most) const {
        for (const auto& [name, count] : m_counts) {
            INFO("chart " << name.toStdString() << " laid its plot out " << count << " times");
            CHECK(count <= most);
        }
    }
    [[nodiscard]] std::size_t charts() const { return m_counts.size(); }

private:
    QObject m_context;
    std::map<QString, int> m_counts;
};

// Many passes of the event loop: a chart whose layout does not converge lays out again on each.
void settleLayout() {
    for (int pass = 0; pass < 20; ++pass)
        QApplication::processEvents();
    QTest::qWait(20);
    for (int pass = 0; pass < 5; ++pass)
        QApplication::processEvents();
}

void showTab(WindowFixture& f, int index) {
    auto* tabs = f.widget<QTabWidget>("chartTabs");
    tabs->setCurrentIndex(index);
    settleLayout();
    REQUIRE(QTest::qWaitFor(
        [&] { return !f.window.scaling()->isVisible() || !f.window.scaling()->isComputing(); }, kWaitMs));
    settleLayout();
}

// On every tab, resized to each of `sizes` in turn: after each resize every chart lays its plot out
// at most three times (the resize, its ticks, and one more for a title or legend that wraps anew).
void checkResizesSettle(WindowFixture& f, const std::vector<QSize>& sizes) {
    auto* tabs = f.widget<QTabWidget>("chartTabs");
    PlotAreaCounter counter(&f.window);
    REQUIRE(counter.charts() >= 5);
    for (int i = 0; i < tabs->count(); ++i) {
        f.window.resize(sizes.front());
        showTab(f, i);
        for (const QSize& size : sizes) {
            INFO("tab " << tabs->tabText(i).toStdString() << " at " << size.width() << "x" << size.height()
                        << ", scale " << qgetenv("QT_SCALE_FACTOR").toStdString());
            counter.reset();
            f.window.resize(size);
            settleLayout();
            counter.check(3);
        }
    }
    f.window.resize(kDefaultWindow);
    settleLayout();
}

}  // namespace

// The Time tab at a projector's 1024 × 700 and 1024 × 768 with eight legend entries: the window
// stays responsive (every chart settles after a few layout passes) and the step-time axis keeps
// readable seconds.
TEST_CASE("laptop_size.time_tab_settles_at_1024_wide_with_eight_step_parts", "[layout]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] { f.window.openScenarioFile(kTimeTabScenario); }));
    REQUIRE(f.controller.plan()->scenario.layout.tp == 16);
    inEnglishAndChinese(f, [&] {
        for (const QSize& size : {QSize(1024, 700), QSize(1024, 768)}) {
            f.window.resize(size);
            settleLayout();
            PlotAreaCounter counter(&f.window);
            f.window.showTabOf(f.window.findChild<QChartView*>(QStringLiteral("stepTimeChart")));
            settleLayout();
            counter.reset();
            settleLayout();
            INFO("at " << size.width() << "x" << size.height());
            counter.check(0);  // settled: nothing lays out without a change
            for (const char* name : {"stepTimeChart", "feedChart"}) {
                const auto* view = f.widget<QChartView>(name);
                const PlotWidthFit* fit = plotWidthFit(view->chart());
                REQUIRE(fit != nullptr);
                INFO(name << " fitted " << fit->fits() << " times");
                CHECK(fit->fits() < PlotWidthFit::kMostFits);  // converged, not stopped by the guard
            }
            // Two labels at least under the bars: "0" alone was the seconds axis half of the time,
            // and "1" alone the data feed's. The seconds say their unit in English; in Chinese the
            // chart's title says 秒 (Qt Charts prints a label format's 秒 as "?").
            const bool english = f.window.language() == QStringLiteral("en");
            for (const char* name : {"stepTimeChart", "feedChart"}) {
                int labels = 0;
                const auto* view = f.widget<QChartView>(name);
                for (const QGraphicsItem* item : view->scene()->items())
                    if (const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
                        text && text->isVisible() && text->rotation() == 0 &&
                        text->sceneBoundingRect().top() >= view->chart()->plotArea().bottom() &&
                        QRegularExpression(QString::fromLatin1(std::string(name) == "stepTimeChart" && english
                                                                   ? "^[\\d,.]+ s$"
                                                                   : "^[\\d,.]+$"))
                            .match(text->toPlainText())
                            .hasMatch())
                        ++labels;
                INFO(name);
                CHECK(labels >= 2);
                if (!english && std::string(name) == "stepTimeChart")
                    CHECK(view->chart()->title().contains(QStringLiteral("秒")));
            }
            checkShown(&f.window);
        }
        f.window.resize(kDefaultWindow);
        settleLayout();
    });
}

// A resize lays every chart of every tab out a few times at most, at the window sizes of laptops,
// projectors and desktops. CTest runs it once per QT_SCALE_FACTOR (1, 1.25, 1.5, 2: the factor
// must be set before the QApplication exists), tests/ui/CMakeLists.txt.
TEST_CASE("laptop_size.every_chart_settles_after_a_resize_at_every_size_and_scale", "[.][sweep]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] { f.window.openScenarioFile(kTimeTabScenario); }));
    checkResizesSettle(f, {QSize(1000, 650), QSize(1024, 700), QSize(1024, 768), QSize(1280, 800),
                           QSize(1366, 768), QSize(1400, 900), QSize(1920, 1080), QSize(2560, 1440)});
}

namespace {

// The visible texts `view` draws, with the title's: the title is the one text of the chart's title.
struct ChartTexts {
    const QGraphicsTextItem* title = nullptr;
    std::vector<const QGraphicsTextItem*> others;
};

QString lettersOf(const QString& text) {
    QString out;
    for (const QChar c : text)
        if (c.isLetterOrNumber())
            out += c;
    return out;
}

ChartTexts chartTexts(const QChartView* view) {
    ChartTexts texts;
    const QString title = lettersOf(QTextDocumentFragment::fromHtml(view->chart()->title()).toPlainText());
    for (const QGraphicsItem* item : view->scene()->items())
        if (const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
            text && text->isVisible() && !text->toPlainText().trimmed().isEmpty()) {
            if (!texts.title && !title.isEmpty() && lettersOf(text->toPlainText()) == title)
                texts.title = text;
            else
                texts.others.push_back(text);
        }
    return texts;
}

// The chart's title, however many lines it wraps to, overlaps none of its other texts (the top
// tick label of the money axis was drawn across the title's last line).
void checkTitleClear(const QChartView* view) {
    const ChartTexts texts = chartTexts(view);
    INFO(view->objectName().toStdString() << " title '" << view->chart()->title().toStdString() << "'");
    REQUIRE(texts.title != nullptr);
    // The lines of words the title draws (its document's blocks that hold text), in the scene.
    QRectF words;
    const QTextDocument* document = texts.title->document();
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next())
        if (!block.text().trimmed().isEmpty())
            words |= document->documentLayout()->blockBoundingRect(block);
    const QRectF title = texts.title->mapRectToScene(words).adjusted(2, 2, -2, -2);
    for (const QGraphicsTextItem* text : texts.others) {
        const QRectF box = text->sceneBoundingRect().adjusted(2, 2, -2, -2);
        INFO("title " << title.x() << "," << title.y() << " " << title.width() << "x" << title.height()
                      << " vs '" << text->toPlainText().toStdString() << "' at " << box.x() << "," << box.y()
                      << " " << box.width() << "x" << box.height());
        CHECK_FALSE(title.intersects(box));
    }
}

}  // namespace

// The Cost tab of a book that sells the servers but rents none (DeepSeek-V3 on 2,048 H800s, the
// China book), in Chinese at 1024 × 700: the cost chart's wrapped title stays clear of the axis
// labels, and the sensitivity chart, with nothing to weigh, shows its explanation alone, with no
// empty axis under it.
TEST_CASE("laptop_size.cost_tab_of_a_one_sided_book_at_1024x700", "[layout][cost]") {
    WindowFixture f;
    f.window.setLanguage(QStringLiteral("zh_CN"));
    const QString path = QStringLiteral(CLUSTERPLAN_TEST_DATA "/deepseek-v3-2048xh800-as-trained.json");
    REQUIRE(f.editAndWait([&] { REQUIRE(f.controller.openFile(path).isEmpty()); }));
    REQUIRE_FALSE(f.controller.plan()->cost.has_value());
    f.window.resize(kLaptop);
    f.window.showTabOf(f.window.costChart());
    settleLayout();
    const auto* costChart = f.widget<QChartView>("costChart");
    INFO("cost chart " << costChart->width() << "x" << costChart->height());
    CHECK(costChart->chart()->title().count(QStringLiteral("<br>")) >= 1);
    checkTitleClear(costChart);

    const auto* tornado = f.widget<QChartView>("sensitivityTornado");
    CHECK(tornado->chart()->series().isEmpty());
    for (const QAbstractAxis* axis : tornado->chart()->axes()) {
        INFO("axis '" << axis->titleText().toStdString() << "'");
        CHECK_FALSE(axis->isVisible());
    }
    const ChartTexts texts = chartTexts(tornado);
    CHECK(texts.title != nullptr);
    for (const QGraphicsTextItem* text : texts.others) {
        INFO("the empty sensitivity chart draws '" << text->toPlainText().toStdString() << "'");
        CHECK(false);
    }
    checkShown(&f.window);
}
