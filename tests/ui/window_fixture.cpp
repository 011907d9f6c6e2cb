#include "window_fixture.h"

#include <QBarSet>
#include <QLineSeries>
#include <QStackedBarSeries>

namespace clusterplan::ui::test {

namespace {

// Where MainWindow keeps the language it starts in (main_window.cpp, kLanguageKey).
const QString kLanguageSetting = QStringLiteral("ui/language");

}  // namespace

Prompter::TestAnswers unexpectedDialogs() {
    return {[](Prompter::Question question) {
                FAIL_CHECK("unexpected dialog " << static_cast<int>(question));
                return Prompter::Answer::Cancel;
            },
            [](bool) {
                FAIL_CHECK("unexpected file dialog");
                return QString();
            },
            [](const QString& tag) {
                FAIL_CHECK("unexpected export dialog " << tag.toStdString());
                return QString();
            }};
}

LanguageGuard::LanguageGuard() : m_saved(QSettings().value(kLanguageSetting)), m_locale(QLocale()) {}

LanguageGuard::~LanguageGuard() {
    if (m_saved.isValid())
        QSettings().setValue(kLanguageSetting, m_saved);
    else
        QSettings().remove(kLanguageSetting);
    QLocale::setDefault(m_locale);
}

WindowFixture::WindowFixture(Prompter::TestAnswers answers) {
    window.prompter().answerWith(std::move(answers));
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    REQUIRE(QTest::qWaitFor([this] { return controller.plan().has_value(); }, kWaitMs));
}

bool WindowFixture::editAndWait(const std::function<void()>& edit) {
    QSignalSpy planned(&controller, &PlanController::planChanged);
    QSignalSpy failed(&controller, &PlanController::inputError);
    edit();
    REQUIRE(QTest::qWaitFor([&] { return planned.count() + failed.count() > 0; }, kWaitMs));
    return planned.count() > 0;
}

void editToLlama70bOffload(WindowFixture& f) {
    REQUIRE(f.editAndWait([&] {
        f.controller.update([&](Scenario& s) {
            s.modelPreset = "llama-3.1-70b";
            s.model = *f.catalog.model("llama-3.1-70b");
            s.training.globalBatch = 64;
            s.layout = LayoutSpec{1, 1, 0, 1, 1, 1, 1, 3, Recompute::Full, false};
            s.layout.open = kTp | kPp | kMicroBatch | kZeroStage;
            s.cluster.cpuMemoryGib = 2048;
        });
    }));
}

void editToLora70b(WindowFixture& f) {
    REQUIRE(f.editAndWait([&] {
        f.controller.update([&](Scenario& s) {
            s.modelPreset = "llama-3.1-70b";
            s.model = *f.catalog.model("llama-3.1-70b");
            s.training.method = TrainingMethod::Lora;
            s.training.tokens = 2e9;
            s.training.globalBatch = 64;
            s.layout.open = kAllLayoutKeys;
        });
    }));
}

void inEnglishAndChinese(WindowFixture& f, const std::function<void()>& check) {
    check();
    struct BackInEnglish {
        MainWindow& window;
        ~BackInEnglish() { window.setLanguage(QStringLiteral("en")); }
    } back{f.window};
    f.window.setLanguage(QStringLiteral("zh_CN"));
    check();
}

double stackedTotal(const QChartView& view, int column) {
    double total = 0;
    for (QAbstractSeries* series : view.chart()->series()) {
        if (auto* bars = qobject_cast<QStackedBarSeries*>(series)) {
            for (const QBarSet* set : bars->barSets())
                total += set->at(column);
        }
    }
    return total;
}

double capacityLineGib(const QChartView& view) {
    for (QAbstractSeries* series : view.chart()->series()) {
        if (auto* line = qobject_cast<QLineSeries*>(series)) {
            REQUIRE(line->count() >= 2);
            return line->at(0).y();
        }
    }
    FAIL("no capacity line");
    return 0;
}

}  // namespace clusterplan::ui::test
