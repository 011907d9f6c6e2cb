#include "ui/export/launch_actions.h"

#include <QMenu>

#include "core/calibration/engine_session.h"
#include "core/launch/launch_config.h"
#include "core/report/plan_format.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/plan_comparison.h"
#include "ui/models/plan_controller.h"
#include "ui/models/prompter.h"
#include "ui/models/qt_text.h"

namespace clusterplan::ui {

LaunchActions::LaunchActions(PlanController& controller, Prompter& prompter, const PlanComparison* comparison,
                             QObject* parent)
    : QObject(parent), m_controller(controller), m_prompter(prompter), m_comparison(comparison) {}

void LaunchActions::addTo(QMenu* menu) {
    QMenu* launch = menu->addMenu(tr("&Launch configuration"));
    launch->setObjectName(QStringLiteral("exportLaunchMenu"));
    // Which layout the entries export, read again each time the submenu opens (the selection moves).
    m_layoutLine = launch->addAction(QString());
    m_layoutLine->setObjectName(QStringLiteral("exportLaunchLayout"));
    m_layoutLine->setEnabled(false);
    connect(launch, &QMenu::aboutToShow, this,
            [this] { m_layoutLine->setText(tr("Exports %1").arg(exportedLayoutText())); });
    launch->addSeparator();
    for (const LaunchTarget& target : launchTargets()) {
        const QString product = toQString(target.product);
        const QString tag = toQString(target.tag);
        const Framework framework = target.framework;
        QAction* action = launch->addAction(tr("For %1 %2…").arg(product, tag), this,
                                            [this, framework] { choose(framework); });
        action->setObjectName(QStringLiteral("exportLaunch_") + toQString(toString(framework)));
    }
}

std::optional<Layout> LaunchActions::selectedLayout() const {
    if (m_comparison == nullptr || !m_comparison->selectedIndex())
        return std::nullopt;
    const Plan* ranking = m_comparison->rankingPlan();
    const std::size_t index = *m_comparison->selectedIndex();
    if (ranking == nullptr || !ranking->search || index >= ranking->search->ranked.size())
        return std::nullopt;
    const Layout& layout = ranking->search->ranked[index].layout;
    const auto& plan = m_controller.plan();
    if (plan && plan->layout == layout)
        return std::nullopt;  // the selection is the layout planned
    return layout;
}

QString LaunchActions::exportedLayoutText() const {
    if (const auto selected = selectedLayout())
        return tr("the layout selected in the Explorer (%1)").arg(toQString(layoutText(*selected)));
    const auto& plan = m_controller.plan();
    return plan ? tr("the planned layout (%1)").arg(toQString(layoutText(plan->layout)))
                : tr("the planned layout");
}

Scenario LaunchActions::exportedScenario() const {
    Scenario scenario = m_controller.scenario();
    if (const auto selected = selectedLayout())
        scenario.layout = fixedSpec(*selected);  // every key pinned, as the Explorer evaluates it
    return scenario;
}

QString LaunchActions::exportLaunch(Framework framework, const QString& folder, QStringList& notes) const {
    notes.clear();
    // The window's session: the plan's fit (a scenario with measured runs) is reused, not made again.
    const std::shared_ptr<EngineSession> session = m_controller.session();
    const auto config = launchConfigForScenario(exportedScenario(), *session, framework);
    if (!config)
        return engineErrorLine(config.error());
    notes = engineTexts(config->notes);
    if (const auto failed = writeLaunchFiles(config.value(), folder.toStdString()))
        return engineErrorLine(*failed);
    return {};
}

void LaunchActions::choose(Framework framework) {
    const QString layout = exportedLayoutText();
    const QString folder = m_prompter.exportFolder(
        tr("Write the launch configuration of %1 into").arg(layout), QStringLiteral("launch"));
    if (folder.isEmpty())
        return;
    QStringList notes;
    const QString error = exportLaunch(framework, folder, notes);
    if (!error.isEmpty()) {
        m_prompter.warn(tr("Launch configuration not written"), error);
        return;
    }
    const LaunchTarget* target = launchTarget(framework);
    const QString version = toQString(target->product) + QLatin1Char(' ') + toQString(target->tag);
    if (!notes.isEmpty())
        m_prompter.warn(tr("Launch configuration written"), notes.join(QLatin1Char('\n')));
    emit saved(tr("Wrote the %1 launch configuration of %2 to %3").arg(version, layout, folder));
}

}  // namespace clusterplan::ui
