// A randomized session: the real window driven through a few hundred random actions a
// user takes — open an example scenario, edit an input in range or type one out of range, switch
// the language through the menu, switch tabs, select a layout in the Explorer, use it, pin or clear
// a baseline, undo, redo, export — waiting for the worker after each, so that a seed replays.
// After each action: the window is alive, the menu action a switch was clicked on outlived the
// click, no label shows NaN or infinity, and the verdict shows the plan the controller holds.
//
// It prints its seed. Replay a failure with the same seed:
//   CLUSTERPLAN_UI_SEED=<seed> CLUSTERPLAN_UI_ACTIONS=<n> build-asan/bin/test_ui_random_session
// CTest runs it in every build (the ASan one included) with the seeds in tests/ui/CMakeLists.txt.
#include "window_fixture.h"

#include <QAbstractItemModel>
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <random>
#include <string>
#include <thread>

#include "ui/charts/layout_explorer_tab.h"
#include "ui/charts/verdict_card.h"
#include "ui/inputs/inputs_panel.h"
#include "ui/mainwindow/document_actions.h"
#include "ui/models/engine_terms.h"
#include "ui/models/plan_comparison.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

std::uint64_t envNumber(const char* name, std::uint64_t fallback) {
    const char* text = std::getenv(name);
    return text && *text ? std::strtoull(text, nullptr, 10) : fallback;
}

// The example scenarios a user opens: the installed ones and the test data, valid or not (a bad
// file must leave the scenario as it was and say why).
QStringList exampleScenarios() {
    QStringList files;
    for (const QString& name :
         QDir(QStringLiteral(CLUSTERPLAN_SCENARIOS)).entryList({QStringLiteral("*.json")}))
        files << QStringLiteral(CLUSTERPLAN_SCENARIOS "/") + name;
    for (const char* name : {"llama3-8b-8xa100.json", "quote-scenario.json", "quote-scenario-searched.json",
                             "search-gpt3-175b-1024xa100.json", "search-llama3-405b-16384xh100.json",
                             "calibrate-gpt175b.json", "cost-scenario.json", "bad-tp.json", "bad-syntax.json",
                             "zero-gpus.json", "cost-invalid-inputs.json"})
        files << QStringLiteral(CLUSTERPLAN_TEST_DATA "/") + QString::fromLatin1(name);
    return files;
}

// Fails the session when the window's event loop stops turning for longer than `limit` (a layout
// that never settles, a lock): a timer on the UI thread beats every 100 ms, and a thread of its own
// ends the test with the action that was running when the beats stopped. A hung window gave the
// test no answer at all: CTest killed it after its 10-minute timeout, with no action named.
class EventLoopWatchdog {
public:
    explicit EventLoopWatchdog(std::chrono::milliseconds limit) : m_limit(limit) {
        m_beat.setInterval(100);
        QObject::connect(&m_beat, &QTimer::timeout, [this] { m_last.store(now()); });
        m_last.store(now());
        m_beat.start();
        m_thread = std::thread([this] { watch(); });
    }
    ~EventLoopWatchdog() {
        {
            const std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_wake.notify_all();
        m_thread.join();
    }
    EventLoopWatchdog(const EventLoopWatchdog&) = delete;
    EventLoopWatchdog& operator=(const EventLoopWatchdog&) = delete;

    // What the session is doing now, for the failure's message.
    void setAction(const QString& action) {
        const std::lock_guard lock(m_mutex);
        m_action = action.toStdString();
    }

private:
    static std::int64_t now() {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now().time_since_epoch())
            .count();
    }

    void watch() {
        std::unique_lock lock(m_mutex);
        while (!m_wake.wait_for(lock, std::chrono::milliseconds(250), [this] { return m_stop; })) {
            const std::int64_t stalled = now() - m_last.load();
            if (stalled > m_limit.count()) {
                std::cerr << "random session: the event loop stalled for " << stalled / 1000.0
                          << " s (more than " << m_limit.count() / 1000.0 << " s) during: " << m_action
                          << std::endl;
                std::_Exit(EXIT_FAILURE);
            }
        }
    }

    const std::chrono::milliseconds m_limit;
    QTimer m_beat;
    std::atomic<std::int64_t> m_last{0};
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::string m_action = "start";
    std::thread m_thread;
};

class Session {
public:
    Session(WindowFixture& f, std::uint64_t seed) : m_f(f), m_random(seed), m_examples(exampleScenarios()) {}

    // Runs one random action and returns its description (for the log of a failure).
    QString step() {
        switch (pick(12)) {
        case 0:
            return openExample();
        case 1:
        case 2:
        case 3:
            return editInRange();
        case 4:
            return typeOutOfRange();
        case 5:
            return switchLanguage();
        case 6:
            return switchTab();
        case 7:
            return selectInExplorer();
        case 8:
            return useLayoutOrBaseline();
        case 9:
            return undoOrRedo();
        case 10:
            return chooseInCombo();
        default:
            return exportSomething();
        }
    }

    // Waits until no edit is pending and the workers are idle (the controller coalesces edits for
    // 30 ms before it starts its worker; a selected layout is evaluated on another), twice in a row.
    void settle() {
        const auto busy = [&] {
            return m_f.controller.isEvaluating() || m_f.window.comparison().isEvaluating();
        };
        for (int quiet = 0; quiet < 2;) {
            QTest::qWait(40);
            if (busy()) {
                quiet = 0;
                REQUIRE(QTest::qWaitFor([&] { return !busy(); }, 120'000));
            } else {
                ++quiet;
            }
        }
    }

private:
    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_random); }

    template <typename T> QList<T*> enabledInputs() const {
        QList<T*> found;
        auto* inputs = m_f.window.findChild<InputsPanel*>();
        REQUIRE(inputs != nullptr);
        for (T* w : inputs->findChildren<T*>())
            if (w->isEnabled() && w->isVisibleTo(&m_f.window))
                found << w;
        return found;
    }

    QString openExample() {
        const QString path = m_examples[pick(static_cast<int>(m_examples.size()))];
        m_f.window.openScenarioFile(path);
        return QStringLiteral("open ") + QDir(path).dirName();
    }

    // A spin box moved by a few steps, to its minimum, or to a value up to twice its current one
    // (never its maximum: 10⁶ nodes is in range but not a session's edit).
    QString editInRange() {
        const auto ints = enabledInputs<QSpinBox>();
        const auto reals = enabledInputs<QDoubleSpinBox>();
        if (ints.isEmpty() && reals.isEmpty())
            return QStringLiteral("no input to edit");
        const int which = pick(static_cast<int>(ints.size() + reals.size()));
        const int how = pick(3);
        if (which < ints.size()) {
            QSpinBox* box = ints[which];
            const int v = box->value();
            const int target =
                how == 0   ? v + (pick(2) ? 1 : -1) * box->singleStep() * (1 + pick(2))
                : how == 1 ? box->minimum()
                           : std::uniform_int_distribution<int>(
                                 box->minimum(),
                                 std::max(box->minimum(), std::min(box->maximum(), 2 * v + 1)))(m_random);
            box->setValue(target);
            return QStringLiteral("set %1 = %2").arg(box->objectName()).arg(box->value());
        }
        QDoubleSpinBox* box = reals[which - ints.size()];
        const double v = box->value();
        const double target =
            how == 0   ? v + (pick(2) ? 1 : -1) * box->singleStep()
            : how == 1 ? box->minimum()
                       : std::uniform_real_distribution<double>(
                             box->minimum(),
                             std::max(box->minimum(), std::min(box->maximum(), 2 * v + 1)))(m_random);
        box->setValue(target);
        return QStringLiteral("set %1 = %2").arg(box->objectName()).arg(box->value());
    }

    // Typed as a user types: select all, a value far outside the range (or empty, or a minus), Enter.
    QString typeOutOfRange() {
        const auto boxes = enabledInputs<QAbstractSpinBox>();
        if (boxes.isEmpty())
            return QStringLiteral("no input to type in");
        QAbstractSpinBox* box = boxes[pick(static_cast<int>(boxes.size()))];
        static const char* const kTexts[] = {"999999999999", "0", "-5", "", "1e400"};
        const char* text = kTexts[pick(5)];
        box->setFocus();
        box->selectAll();
        QTest::keyClick(box, Qt::Key_Delete);
        QTest::keyClicks(box, QString::fromLatin1(text));
        QTest::keyClick(box, Qt::Key_Return);
        box->clearFocus();
        return QStringLiteral("type '%1' into %2").arg(QString::fromLatin1(text), box->objectName());
    }

    // Language ▸ the other language, clicked through the menu bar. The menu and the clicked action
    // must outlive the click (the switch rebuilds them, which once corrupted the heap).
    QString switchLanguage() {
        const QString code =
            m_f.window.language() == QStringLiteral("en") ? QStringLiteral("zh_CN") : QStringLiteral("en");
        QPointer<QAction> action = m_f.window.findChild<QAction*>(QStringLiteral("language_") + code);
        REQUIRE(action);
        QPointer<QMenu> menu = qobject_cast<QMenu*>(action->parent());
        REQUIRE(menu);
        QMenuBar* bar = m_f.window.menuBar();
        // Two clicks on the bar within the double-click interval open no menu.
        QTest::qWait(QApplication::doubleClickInterval() + 50);
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->actionGeometry(menu->menuAction()).center());
        REQUIRE(QTest::qWaitFor([&] { return menu->isVisible(); }, kWaitMs));
        QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(action).center());
        INFO("the language switch deleted the menu or the action it was clicked on");
        REQUIRE(menu);
        REQUIRE(action);
        REQUIRE(QTest::qWaitFor([&] { return m_f.window.language() == code; }, kWaitMs));
        return QStringLiteral("language ") + code;
    }

    QString switchTab() {
        auto* tabs = m_f.widget<QTabWidget>("chartTabs");
        const int index = pick(tabs->count());
        tabs->setCurrentIndex(index);
        return QStringLiteral("tab %1").arg(index);
    }

    QString selectInExplorer() {
        m_f.window.showTabOf(m_f.window.explorer());
        auto* table = m_f.widget<QTableView>("layoutTable");
        const int rows = table->model()->rowCount();
        if (rows == 0)
            return QStringLiteral("explorer: no rows");
        const int row = pick(rows);
        table->selectRow(row);
        return QStringLiteral("explorer: select row %1 of %2").arg(row).arg(rows);
    }

    QString useLayoutOrBaseline() {
        const char* names[] = {"useLayout", "pinBaseline", "clearBaseline"};
        const char* name = names[pick(3)];
        auto* button = m_f.widget<QPushButton>(name);
        if (!button->isEnabled())
            return QString::fromLatin1(name) + QStringLiteral(" (disabled)");
        m_f.window.showTabOf(m_f.window.explorer());
        QTest::mouseClick(button, Qt::LeftButton);
        return QStringLiteral("click ") + QString::fromLatin1(name);
    }

    QString undoOrRedo() {
        const char* name = pick(3) == 0 ? "redoAction" : "undoAction";
        auto* action = m_f.window.findChild<QAction*>(QString::fromLatin1(name));
        REQUIRE(action != nullptr);
        if (!action->isEnabled())
            return QString::fromLatin1(name) + QStringLiteral(" (disabled)");
        action->trigger();
        return QString::fromLatin1(name);
    }

    QString chooseInCombo() {
        const auto combos = enabledInputs<QComboBox>();
        if (combos.isEmpty())
            return QStringLiteral("no combo box");
        QComboBox* combo = combos[pick(static_cast<int>(combos.size()))];
        if (combo->count() == 0)
            return QStringLiteral("empty combo box");
        const int index = pick(combo->count());
        combo->setCurrentIndex(index);
        return QStringLiteral("choose %1 in %2").arg(index).arg(combo->objectName());
    }

    QString exportSomething() {
        // The PDF draws every chart; the CSV tables are quick: export the PDF one time in four.
        const char* name = pick(4) == 0 ? "exportPdf" : "exportCsv";
        auto* action = m_f.window.findChild<QAction*>(QString::fromLatin1(name));
        REQUIRE(action != nullptr);
        if (!action->isEnabled())
            return QString::fromLatin1(name) + QStringLiteral(" (disabled)");
        action->trigger();
        return QString::fromLatin1(name);
    }

    WindowFixture& m_f;
    std::mt19937_64 m_random;
    QStringList m_examples;
};

const QRegularExpression kNonFinite(QStringLiteral("(?<![A-Za-z])-?(nan|inf|infinity)(?![A-Za-z])"),
                                    QRegularExpression::CaseInsensitiveOption);

// What every state of the window must show: no NaN or infinity in a label, and a verdict that is
// the controller's plan (its fit colour and its model).
void checkWindow(WindowFixture& f) {
    for (const QLabel* label : f.window.findChildren<QLabel*>()) {
        INFO(label->objectName().toStdString() << ": " << label->text().toStdString());
        CHECK_FALSE(label->text().contains(kNonFinite));
    }
    const auto& plan = f.controller.plan();
    if (!plan)
        return;
    const VerdictCard* verdict = f.window.verdict();
    REQUIRE(verdict != nullptr);
    const QString fit = verdict->figure(QStringLiteral("fit"));
    INFO("verdict: " << fit.toStdString());
    // Grey while the inputs on screen are refused and the card shows the last valid plan.
    CHECK(fit.contains(f.controller.planIsStale() ? QStringLiteral("#808080")
                       : plan->memory.fits()      ? QStringLiteral("#009E73")
                                                  : QStringLiteral("#D55E00")));
    // The model by its name in the window's language ("自定义模型" for "Custom model").
    CHECK(verdict->details().contains(modelName(plan->scenario.model.name)));
}

Prompter::TestAnswers sessionAnswers(const QString& exportDir) {
    return {[](Prompter::Question question) {
                // Opening over an edit discards it; an autosave from an earlier run is not recovered;
                // a quote on stale prices is exported all the same (the built-in books are stale).
                return question == Prompter::Question::ExportStalePrices ? Prompter::Answer::Yes
                                                                         : Prompter::Answer::No;
            },
            [](bool) { return QString(); },  // Save as… is cancelled: the session saves nothing
            [exportDir](const QString& tag) { return QDir(exportDir).filePath(tag); }};
}

}  // namespace

TEST_CASE("random_session.a_seeded_session_of_random_actions_keeps_the_window_sound", "[random]") {
    const std::uint64_t seed = envNumber("CLUSTERPLAN_UI_SEED", 20261202);
    const auto actions = static_cast<int>(envNumber("CLUSTERPLAN_UI_ACTIONS", 200));
    std::cout << "random session: seed " << seed << ", " << actions << " actions (replay with "
              << "CLUSTERPLAN_UI_SEED=" << seed << " CLUSTERPLAN_UI_ACTIONS=" << actions << ")" << std::endl;
    QTemporaryDir exports;
    REQUIRE(exports.isValid());
    WindowFixture f(sessionAnswers(exports.path()));
    Session session(f, seed);
    EventLoopWatchdog watchdog(std::chrono::seconds(5));
    QStringList log;
    for (int i = 0; i < actions; ++i) {
        watchdog.setAction(QStringLiteral("action %1 (after %2)")
                               .arg(i)
                               .arg(log.isEmpty() ? QStringLiteral("none") : log.back()));
        log << QStringLiteral("%1: ").arg(i) + session.step();
        watchdog.setAction(log.back());
        INFO("seed "
             << seed << ", actions so far:\n"
             << log.mid(std::max<qsizetype>(0, log.size() - 12)).join(QLatin1Char('\n')).toStdString());
        session.settle();
        checkWindow(f);
    }
    std::cout << "actions:\n" << log.join(QLatin1Char('\n')).toStdString() << std::endl;
    f.window.setLanguage(QStringLiteral("en"));
}
