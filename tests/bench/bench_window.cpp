// Window speed (an edit must feel immediate), a program, not a test. Measures, offscreen:
//  1. input change -> every visible view updated and what changed repainted by the event loop
//     (hidden tabs render when shown, TabRenderer), and the same plus a full-window grab (how it
//     was measured before): median and 95th percentile over
//     200 edits (training.tokens alternates, so the search, cost and every view run again; and, on
//     the Memory tab, the sequence length, which changes what the memory charts draw too), on the
//     default scenario and on Llama 3.1 405B on 16,384 H100 with every layout key open, with the
//     Memory tab and with the Explorer tab in front. The controller's 30 ms coalescing delay
//     (PlanController::kCoalesceMs) comes on top when a user types;
//  2. showing a tab that went stale after an edit (its render + a paint of the window), the cost
//     the lazy tabs move from every input to the first look at a tab;
//  3. the Explorer redraw with all points (setPlan + paint of the chart alone);
//  4. start to the first painted plan (from main() entry; excludes loading the program);
//  5. an edit as the window makes it (update(), the 30 ms coalescing, evaluation on the worker
//     thread, then the views and the repaint): the time to the repainted plan and the longest the
//     UI thread stalled meanwhile (the lateness of a 5 ms timer: how long a click or a keystroke
//     would wait), 50 edits.
// Run from a RelWithDebInfo build: QT_QPA_PLATFORM=offscreen build/bin/bench_window [default|405b]
// Under a profiler: bench_window 405b profile [edits] runs only (1) on the Memory tab, `edits` input
// changes (20 unless given), e.g. valgrind --tool=callgrind --toggle-collect='*inputToPaint*'.
#include <QApplication>
#include <QElapsedTimer>
#include <QPixmap>
#include <QTabWidget>
#include <QTimer>

#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/io/scenario_json.h"
#include "ui/charts/cost_chart_view.h"
#include "ui/charts/explorer_chart_view.h"
#include "ui/charts/layout_explorer_tab.h"
#include "ui/charts/step_time_chart_view.h"
#include "ui/mainwindow/main_window.h"
#include "ui/models/plan_comparison.h"
#include "ui/models/plan_controller.h"

using namespace clusterplan;
using namespace clusterplan::ui;

namespace {

int kEdits = 200;

Scenario llama405b(const Catalog& catalog) {
    Scenario s = defaultScenario(catalog);
    s.modelPreset = "llama-3.1-405b";
    s.model = *catalog.model("llama-3.1-405b");
    s.cluster = {"h100-sxm-80gb", 8, 2048, "", "roce-400", 0};
    s.training.seqLen = 8192;
    s.training.globalBatch = 2048;
    s.layout.open = kAllLayoutKeys;
    return s;
}

// CPU time of this thread: on a shared, loaded machine wall time counts other processes' turns.
double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// This thread's CPU time when the views began to update (planChanged reaches the bench's slot,
// connected before the window's, first): splits the UI thread's CPU into evaluate and views.
double g_viewsStartCpuMs = 0;

double percentile(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
}

// Counts the paint events the event loop delivers (does processEvents() repaint what changed?).
struct PaintCounter : QObject {
    int paints = 0;
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Paint)
            ++paints;
        return QObject::eventFilter(watched, event);
    }
};

// Edit, evaluate (without the coalescing delay), let every view update and the event loop repaint
// what changed (as it does on screen), then paint the whole window again into a pixmap
// (window.grab(): the figure measured before the tabs rendered lazily, an upper bound).
// The edit each measurement repeats: training.tokens alternates (the search, cost and every view
// run again; memory stays, so the memory charts keep what they draw), or, with `memoryEdit`, the
// sequence length halves and doubles (memory, step time, the search and every view change).
void applyEdit(PlanController& controller, int i, bool memoryEdit) {
    if (!memoryEdit) {
        controller.update([i](Scenario& s) { s.training.tokens = (i % 2 ? 1.0e12 : 1.1e12); });
        return;
    }
    controller.update(
        [i](Scenario& s) { s.training.seqLen = i % 2 ? s.training.seqLen / 2 : s.training.seqLen * 2; });
}

void inputToPaint(const char* name, PlanController& controller, MainWindow& window, QWidget* tab,
                  bool memoryEdit = false) {
    window.showTabOf(tab);
    QApplication::processEvents();
    PaintCounter counter;
    qApp->installEventFilter(&counter);
    std::vector<double> ms, redrawMs, updateMs, evaluateMs, cpuMs, redrawCpuMs, paints;
    std::vector<double> evaluateCpuMs, viewsCpuMs, repaintCpuMs;
    QElapsedTimer timer;
    for (int i = 0; i < kEdits; ++i) {
        timer.start();
        const double cpu0 = threadCpuMs();
        counter.paints = 0;
        applyEdit(controller, i, memoryEdit);
        controller.evaluateNow();  // the engine and every view's update (planChanged)
        updateMs.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        evaluateMs.push_back(controller.lastEvaluationMs());
        const double cpuViewsDone = threadCpuMs();
        evaluateCpuMs.push_back(g_viewsStartCpuMs - cpu0);
        viewsCpuMs.push_back(cpuViewsDone - g_viewsStartCpuMs);
        QApplication::processEvents();  // layouts, Qt Charts' deferred work, repaint of what changed
        redrawMs.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        redrawCpuMs.push_back(threadCpuMs() - cpu0);
        repaintCpuMs.push_back(threadCpuMs() - cpuViewsDone);
        paints.push_back(counter.paints);
        (void)window.grab();
        ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        cpuMs.push_back(threadCpuMs() - cpu0);
    }
    qApp->removeEventFilter(&counter);
    std::printf(
        "%s\n  input -> redraw: wall median %6.1f ms p95 %6.1f ms; CPU median %5.1f ms; evaluate + views "
        "%5.1f ms (evaluate %5.1f ms); %.0f paint events\n  with a full-window grab: wall median %6.1f ms "
        "p95 %6.1f ms; CPU "
        "median %5.1f ms p95 %5.1f ms\n",
        name, percentile(redrawMs, 0.5), percentile(redrawMs, 0.95), percentile(redrawCpuMs, 0.5),
        percentile(updateMs, 0.5), percentile(evaluateMs, 0.5), percentile(paints, 0.5), percentile(ms, 0.5),
        percentile(ms, 0.95), percentile(cpuMs, 0.5), percentile(cpuMs, 0.95));
    std::printf("  UI thread's CPU, medians: edit and evaluate %5.1f ms, views %5.1f ms, layout and repaint "
                "%5.1f ms\n",
                percentile(evaluateCpuMs, 0.5), percentile(viewsCpuMs, 0.5), percentile(repaintCpuMs, 0.5));
    std::fflush(stdout);
}

// Edit on the Memory tab, then show `tab` (stale by then): its render and a paint of the window.
void staleTabShown(const char* name, PlanController& controller, MainWindow& window, QWidget* tab) {
    QWidget* memoryTab = window.findChild<QTabWidget*>(QStringLiteral("chartTabs"))->widget(0);
    std::vector<double> ms;
    QElapsedTimer timer;
    for (int i = 0; i < kEdits / 4; ++i) {
        window.showTabOf(memoryTab);
        controller.update([i](Scenario& s) { s.training.tokens = (i % 2 ? 1.0e12 : 1.1e12); });
        controller.evaluateNow();
        QApplication::processEvents();
        timer.start();
        window.showTabOf(tab);
        QApplication::processEvents();
        (void)window.grab();
        ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    std::printf("%-50s wall median %6.1f ms p95 %6.1f ms\n", name, percentile(ms, 0.5), percentile(ms, 0.95));
    std::fflush(stdout);
}

// Edits through the coalescing timer and the worker thread, as a user's typing does.
void editInBackground(const char* name, PlanController& controller, MainWindow& window, QWidget* tab) {
    window.showTabOf(tab);
    QApplication::processEvents();
    std::vector<double> ms, stalls;
    QElapsedTimer timer, beat;
    double longestStall = 0;
    QTimer heartbeat;
    heartbeat.setInterval(5);
    QObject::connect(&heartbeat, &QTimer::timeout, [&] {
        longestStall = std::max(longestStall, static_cast<double>(beat.nsecsElapsed()) / 1e6 - 5.0);
        beat.start();
    });
    for (int i = 0; i < kEdits / 4; ++i) {
        bool planned = false;
        QMetaObject::Connection c =
            QObject::connect(&controller, &PlanController::planChanged, [&planned] { planned = true; });
        longestStall = 0;
        timer.start();
        beat.start();
        heartbeat.start();
        controller.update([i](Scenario& s) { s.training.tokens = (i % 2 ? 1.0e12 : 1.1e12); });
        while (!planned)
            QApplication::processEvents(QEventLoop::WaitForMoreEvents);
        QApplication::processEvents();  // the repaint of what changed
        ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        heartbeat.stop();
        stalls.push_back(longestStall);
        QObject::disconnect(c);
    }
    std::printf("%s\n  edit -> repainted plan (incl. %d ms coalescing): wall median %6.1f ms p95 %6.1f ms; "
                "longest UI-thread stall median %5.1f ms, max %5.1f ms\n",
                name, PlanController::kCoalesceMs, percentile(ms, 0.5), percentile(ms, 0.95),
                percentile(stalls, 0.5), *std::max_element(stalls.begin(), stalls.end()));
    std::fflush(stdout);
}

void explorerRedraw(PlanController& controller, MainWindow& window) {
    ExplorerChartView& chart = *window.explorer()->chart();
    const Plan& plan = *controller.plan();
    std::vector<double> ms;
    QElapsedTimer timer;
    for (int i = 0; i < 20; ++i) {
        timer.start();
        chart.setPlan(plan, std::nullopt, nullptr);
        (void)chart.grab();
        ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    std::printf("%-58s median %6.1f ms  (%zu points)\n", "explorer redraw, all points (405B)",
                percentile(ms, 0.5), plan.search ? plan.search->ranked.size() : 0);
}

void measure(const char* name, const Scenario& scenario, const Catalog& catalog, bool profile) {
    PlanController controller(catalog, scenario);
    QObject::connect(&controller, &PlanController::planChanged, [] { g_viewsStartCpuMs = threadCpuMs(); });
    MainWindow window(controller);
    window.resize(1600, 1000);
    window.show();
    controller.evaluateNow();
    QApplication::processEvents();
    QWidget* memoryTab = window.findChild<QTabWidget*>(QStringLiteral("chartTabs"))->widget(0);
    inputToPaint((std::string(name) + ", Memory tab").c_str(), controller, window, memoryTab);
    if (profile)
        return;
    inputToPaint((std::string(name) + ", Memory tab, sequence length edited").c_str(), controller, window,
                 memoryTab, true);
    inputToPaint((std::string(name) + ", Explorer tab").c_str(), controller, window, window.explorer());
    editInBackground((std::string(name) + ", Memory tab, edit on the worker thread").c_str(), controller,
                     window, memoryTab);
    staleTabShown((std::string(name) + ", Time tab shown after an edit").c_str(), controller, window,
                  window.stepTimeChart());
    staleTabShown((std::string(name) + ", Cost tab shown after an edit").c_str(), controller, window,
                  window.costChart());
    if (controller.plan() && controller.plan()->search && controller.plan()->search->ranked.size() > 1000)
        explorerRedraw(controller, window);
}

}  // namespace

int main(int argc, char* argv[]) {
    QElapsedTimer start;
    start.start();
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const Catalog catalog = Catalog::builtin();
    {
        PlanController controller(catalog, defaultScenario(catalog));
        MainWindow window(controller);
        window.show();
        while (!controller.plan())
            QApplication::processEvents(QEventLoop::WaitForMoreEvents);
        QApplication::processEvents();
        (void)window.grab();
        std::printf("%-50s wall %6.1f ms; CPU %6.1f ms\n", "start to first painted plan (default scenario)",
                    static_cast<double>(start.nsecsElapsed()) / 1e6, threadCpuMs());
    }
    // An argument runs one scenario only ("default" or "405b"), e.g. under a profiler.
    const QString only = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    const bool profile = argc > 2 && QString::fromLocal8Bit(argv[2]) == QLatin1String("profile");
    if (profile)
        kEdits = argc > 3 ? std::max(2, std::atoi(argv[3])) : 20;
    if (only.isEmpty() || only == QLatin1String("default"))
        measure("default scenario (Llama 3.1 8B, 8x A100)", defaultScenario(catalog), catalog, profile);
    if (only.isEmpty() || only == QLatin1String("405b"))
        measure("Llama 3.1 405B, 16,384x H100, all keys open", llama405b(catalog), catalog, profile);
    return 0;
}
