#include "ui/export/launch_actions.h"

#include <QMenu>

#include "core/launch/launch_config.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/plan_controller.h"
#include "ui/models/prompter.h"

namespace clusterplan::ui {

LaunchActions::LaunchActions(PlanController& controller, Prompter& prompter, QObject* parent)
    : QObject(parent), m_controller(controller), m_prompter(prompter) {}

void LaunchActions::addTo(QMenu* menu) {
    QMenu* launch = menu->addMenu(tr("&Launch configuration"));
    launch->setObjectName(QStringLiteral("exportLaunchMenu"));
    for (const LaunchTarget& target : launchTargets()) {
        const QString product =
            QString::fromUtf8(target.product.data(), static_cast<qsizetype>(target.product.size()));
        const QString tag = QString::fromUtf8(target.tag.data(), static_cast<qsizetype>(target.tag.size()));
        const Framework framework = target.framework;
        QAction* action = launch->addAction(tr("For %1 %2…").arg(product, tag), this,
                                            [this, framework] { choose(framework); });
        action->setObjectName(QStringLiteral("exportLaunch_") +
                              QString::fromUtf8(toString(framework).data()));
    }
}

QString LaunchActions::exportLaunch(Framework framework, const QString& folder, QStringList& notes) const {
    notes.clear();
    const auto config = launchConfigForScenario(m_controller.scenario(), m_controller.catalog(), framework);
    if (!config)
        return engineErrorLine(config.error());
    notes = engineTexts(config->notes);
    if (const auto failed = writeLaunchFiles(config.value(), folder.toStdString()))
        return engineErrorLine(*failed);
    return {};
}

void LaunchActions::choose(Framework framework) {
    const QString folder =
        m_prompter.exportFolder(tr("Write the launch configuration into"), QStringLiteral("launch"));
    if (folder.isEmpty())
        return;
    QStringList notes;
    const QString error = exportLaunch(framework, folder, notes);
    if (!error.isEmpty()) {
        m_prompter.warn(tr("Launch configuration not written"), error);
        return;
    }
    const LaunchTarget* target = launchTarget(framework);
    const QString version =
        QString::fromUtf8(target->product.data(), static_cast<qsizetype>(target->product.size())) +
        QLatin1Char(' ') + QString::fromUtf8(target->tag.data(), static_cast<qsizetype>(target->tag.size()));
    if (!notes.isEmpty())
        m_prompter.warn(tr("Launch configuration written"), notes.join(QLatin1Char('\n')));
    emit saved(tr("Wrote the %1 launch configuration to %2").arg(version, folder));
}

}  // namespace clusterplan::ui
