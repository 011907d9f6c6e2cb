#pragma once
// ClaimPanel: above the summary while the open scenario states a claim of the source article (an
// example of resources/scenarios/article/): the article's words and the engine's verdict
// on them, in the window's language. The claim is checked on a worker thread for the scenario as
// it stands, so an edit of the example checks it again; hidden for any other scenario.
#include <QFutureWatcher>
#include <QTextBrowser>

#include <optional>

#include "core/studies/claim_check.h"
#include "core/util/result.h"

namespace clusterplan::ui {

class PlanController;

class ClaimPanel : public QTextBrowser {
    Q_OBJECT

public:
    explicit ClaimPanel(PlanController& controller, QWidget* parent = nullptr);
    ~ClaimPanel() override;

    // A check is running or due (tests wait for it).
    [[nodiscard]] bool isChecking() const { return m_watcher.isRunning() || m_pending; }

signals:
    void checked();

private:
    struct Outcome {
        std::optional<ClaimCheck> check;
        std::optional<Error> error;
    };

    void refresh();
    void showOutcome(const Outcome& outcome);

    PlanController& m_controller;
    QFutureWatcher<Outcome> m_watcher;
    bool m_pending = false;  // the scenario changed while a check ran
};

}  // namespace clusterplan::ui
