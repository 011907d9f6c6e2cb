#include "ui/mainwindow/claim_panel.h"

#include "core/io/article_examples.h"
#include "core/studies/article_claims.h"
#include "ui/i18n/engine_text.h"
#include "ui/mainwindow/claim_text.h"
#include "ui/models/plan_controller.h"
#include "ui/models/qt_text.h"

#include <QDir>
#include <QtConcurrent/QtConcurrentRun>

#include <memory>

namespace clusterplan::ui {

ClaimPanel::ClaimPanel(PlanController& controller, QWidget* parent)
    : QTextBrowser(parent), m_controller(controller) {
    setObjectName(QStringLiteral("claimPanel"));
    setOpenLinks(false);
    setFrameShape(QFrame::StyledPanel);
    // A few lines: the sentence, the two values and the verdict; a long mechanism scrolls.
    setMaximumHeight(150);
    setVisible(false);
    connect(&controller, &PlanController::planChanged, this, &ClaimPanel::refresh);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, [this] {
        if (std::exchange(m_pending, false)) {
            refresh();
            return;
        }
        showOutcome(m_watcher.result());
    });
    refresh();  // built again on a language switch: the open example's claim at once
}

ClaimPanel::~ClaimPanel() {
    m_watcher.waitForFinished();
}

void ClaimPanel::refresh() {
    const Scenario& scenario = m_controller.scenario();
    if (!scenario.claim) {
        setVisible(false);
        m_pending = false;
        return;
    }
    if (m_watcher.isRunning()) {
        m_pending = true;
        return;
    }
    // The compared scenario is read beside the example's file; an unsaved copy of an example
    // looks for it among the installed examples.
    const QString file = m_controller.filePath();
    const std::string path =
        file.isEmpty() ? toStdString(QDir(toQString(articleExamplesFolder())).filePath(QStringLiteral("x")))
                       : toStdString(file);
    m_watcher.setFuture(
        // Through the window's engine session: the claim's plans share its catalog and its fit.
        QtConcurrent::run([path, scenario, session = m_controller.session()]() -> Outcome {
            auto example = claimExample(path, scenario, session->catalog());
            if (!example)
                return {std::nullopt, example.error()};
            auto check = checkClaim(example.value(), *session);
            if (!check)
                return {std::nullopt, check.error()};
            return {std::move(check).value(), std::nullopt};
        }));
}

void ClaimPanel::showOutcome(const Outcome& outcome) {
    const QString heading = QStringLiteral("<p><b>%1</b></p>").arg(tr("The article says"));
    if (outcome.check)
        setHtml(heading + claimCheckHtml(*outcome.check));
    else if (outcome.error)
        setHtml(heading + QStringLiteral("<p>%1</p>").arg(engineErrorLine(*outcome.error).toHtmlEscaped()));
    setVisible(outcome.check || outcome.error);
    emit checked();
}

}  // namespace clusterplan::ui
