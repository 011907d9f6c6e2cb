#pragma once
// A MainWindow on the built-in catalog and default scenario, shown offscreen, plus helpers that
// find inputs by objectName and wait for the controller's answer to an edit.
#include <QApplication>
#include <QChartView>
#include <QLocale>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSize>
#include <QString>
#include <QTemporaryDir>
#include <QTest>
#include <QVariant>

#include <catch2/catch.hpp>

#include <functional>

#include "core/catalog/catalog.h"
#include "core/io/scenario_json.h"
#include "ui/mainwindow/main_window.h"
#include "ui/mainwindow/summary_view.h"
#include "ui/models/plan_controller.h"

namespace clusterplan::ui::test {

inline constexpr int kWaitMs = 5000;

// Answers for the window's dialogs: by default any dialog fails the test (none is expected).
Prompter::TestAnswers unexpectedDialogs();

// Puts the language back as it was when the guard was made, however the test ends (a failed REQUIRE
// throws past a test's own switch back): the saved choice the next window starts in (the setting
// "ui/language") and the default QLocale that numbers and money follow. Without it a test left in
// Chinese made the next test of the same process start in Chinese. Every WindowFixture holds one;
// a test that sets the language before making its window holds its own.
class LanguageGuard {
public:
    LanguageGuard();
    ~LanguageGuard();
    LanguageGuard(const LanguageGuard&) = delete;
    LanguageGuard& operator=(const LanguageGuard&) = delete;

private:
    QVariant m_saved;
    QLocale m_locale;
};

struct WindowFixture {
    // `answers` are installed before the window is shown, so they also answer the recovery offer
    // that comes right after the first show.
    explicit WindowFixture(Prompter::TestAnswers answers = unexpectedDialogs());

    // First, so that it restores the language after the window is gone.
    LanguageGuard language;

    // The widget of type T named `objectName`; fails the test when there is none.
    template <typename T> T* widget(const char* objectName) const {
        auto* found = window.findChild<T*>(QString::fromLatin1(objectName));
        REQUIRE(found != nullptr);
        return found;
    }

    // Runs `edit` and waits for the resulting planChanged (true) or inputError (false).
    bool editAndWait(const std::function<void()>& edit);

    Catalog catalog = Catalog::builtin();
    PlanController controller{catalog, defaultScenario(catalog)};
    MainWindow window{controller};
};

// The CPU-offload case: Llama 3.1 70B full fine-tune on the seed's 8x A100 80GB server with 2 TB of
// host memory and TP, PP, micro-batch and ZeRO searched. Nothing fits in GPU memory alone, so the
// search chooses ZeRO-Offload of the optimizer; a run cost of ¥609,624.06 rented.
void editToLlama70bOffload(WindowFixture& f);
// Llama 3.1 70B fine-tuned with LoRA on 2 B tokens, every layout key searched: small enough that an
// options study takes a moment.
void editToLora70b(WindowFixture& f);
// Runs `check` in English, then in Chinese, and switches the window back to English (also when a
// check fails).
void inEnglishAndChinese(WindowFixture& f, const std::function<void()>& check);

// Sum of the stacked QBarSet values of column `column`, read from the chart's series.
double stackedTotal(const QChartView& view, int column);
// The y value of the chart's capacity line (its only QLineSeries), in GiB.
double capacityLineGib(const QChartView& view);

// A quote book of the test's own: the setting the window reads points at a fresh file, and is
// removed again at the end.
struct OwnQuoteBook {
    QTemporaryDir dir;
    QString path = dir.filePath(QStringLiteral("quotes.sqlite"));
    OwnQuoteBook() { QSettings().setValue(QStringLiteral("quoteBook/path"), path); }
    ~OwnQuoteBook() { QSettings().remove(QStringLiteral("quoteBook/path")); }
    OwnQuoteBook(const OwnQuoteBook&) = delete;
    OwnQuoteBook& operator=(const OwnQuoteBook&) = delete;
};

// MainWindow's first size, which every layout check uses.
inline const QSize kDefaultWindow(1400, 900);
// Any Chinese (Han) character: proof that a text was translated.
inline const QRegularExpression kHan(QStringLiteral("\\p{Han}"));

// Shown at the default size and laid out: a language switch rebuilds the widgets, whose layouts
// and scroll areas then settle over a few passes of the event loop (a scroll bar shown for one
// pass hides on the next).
inline void showAtDefaultSize(WindowFixture& f, QWidget* page) {
    f.window.resize(kDefaultWindow);
    f.window.showTabOf(page);
    for (int pass = 0; pass < 3; ++pass)
        QApplication::processEvents();
}

}  // namespace clusterplan::ui::test
