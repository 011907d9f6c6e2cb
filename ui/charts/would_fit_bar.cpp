#include "ui/charts/would_fit_bar.h"

#include "core/search/messages_search.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/plan_controller.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QtConcurrent/QtConcurrentRun>

namespace clusterplan::ui {

namespace {

std::array<const std::optional<FitSuggestion>*, 3> suggestionsOf(const FitSuggestions& s) {
    return {&s.nearestLayout, &s.smallestCluster, &s.cheapestOption};
}

}  // namespace

WouldFitBar::WouldFitBar(PlanController& controller, QWidget* parent)
    : QWidget(parent), m_controller(controller) {
    setObjectName(QStringLiteral("verdictWouldFit"));
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    m_label = new QLabel;
    m_label->setObjectName(QStringLiteral("wouldFitText"));
    row->addWidget(m_label);
    const QStringList names = {tr("Nearest layout"), tr("Smallest cluster"), tr("Cheapest option")};
    for (std::size_t i = 0; i < m_buttons.size(); ++i) {
        m_buttons[i] = new QPushButton(names[static_cast<int>(i)]);
        m_buttons[i]->setObjectName(QStringLiteral("wouldFit%1").arg(i));
        m_buttons[i]->hide();
        row->addWidget(m_buttons[i]);
        connect(m_buttons[i], &QPushButton::clicked, this, [this, i] { open(i); });
    }
    row->addStretch(1);
    hide();
    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<FitSuggestions>>::finished, this,
            &WouldFitBar::found);
    connect(&controller, &PlanController::planChanged, this, &WouldFitBar::planChanged);
    connect(&controller, &PlanController::inputError, this, &WouldFitBar::planChanged);
    planChanged();
}

WouldFitBar::~WouldFitBar() {
    *m_cancel = true;
    m_watcher.waitForFinished();
}

QString WouldFitBar::text() const {
    return m_label->text();
}

void WouldFitBar::planChanged() {
    const auto& plan = m_controller.plan();
    if (!plan || plan->memory.fits() || m_controller.planIsStale()) {
        hide();
        return;
    }
    show();
    if (m_for && *m_for == plan->scenario)
        return;  // the suggestions shown (or being found) are this scenario's
    find(plan->scenario);
}

void WouldFitBar::find(const Scenario& scenario) {
    m_for = scenario;
    for (QPushButton* b : m_buttons)
        b->hide();
    m_label->setText(tr("Does not fit: finding what would…"));
    if (m_watcher.isRunning()) {
        m_pending = true;  // the running search is for an older scenario: search again after it
        return;
    }
    m_pending = false;
    m_running = scenario;
    std::shared_ptr<const Catalog> catalog = m_controller.sharedCatalog();
    std::shared_ptr<std::atomic<bool>> cancel = m_cancel;
    m_watcher.setFuture(QtConcurrent::run([scenario, catalog, cancel] {
        return std::make_shared<FitSuggestions>(whatWouldFit(scenario, *catalog, 32'768, cancel.get()));
    }));
}

void WouldFitBar::found() {
    if (m_pending || !m_for || !m_running || !(*m_for == *m_running)) {
        if (m_for) {
            const Scenario next = *m_for;
            m_for.reset();
            m_pending = false;
            find(next);
        }
        return;
    }
    m_suggestions = m_watcher.result();
    const auto found = suggestionsOf(*m_suggestions);
    for (std::size_t i = 0; i < found.size(); ++i) {
        m_buttons[i]->setVisible(found[i]->has_value());
        m_buttons[i]->setToolTip(*found[i] ? engineText((*found[i])->text) : QString());
    }
    QString text = m_suggestions->empty() ? engineText(makeMessage(msg::kFitNone, {"32768"}))
                                          : tr("Does not fit. What would fit:");
    if (!m_suggestions->nearestLayout && !m_suggestions->empty())
        text = engineText(makeMessage(msg::kFitNoLayoutHere)) + QLatin1Char(' ') + text;
    m_label->setText(text);
    emit suggestionsShown();
}

void WouldFitBar::open(std::size_t index) {
    if (!m_suggestions || index >= m_buttons.size())
        return;
    const auto& suggestion = *suggestionsOf(*m_suggestions)[index];
    if (!suggestion)
        return;
    const Scenario opened = suggestion->scenario;
    m_controller.update([opened](Scenario& s) { s = opened; });
}

}  // namespace clusterplan::ui
