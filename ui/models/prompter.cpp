#include "ui/models/prompter.h"

#include "ui/models/scenario_file_name.h"

#include <QFileDialog>
#include <QMessageBox>
#include <QPushButton>

namespace clusterplan::ui {

Prompter::Answer Prompter::ask(Question question, const QString& detail) {
    if (m_test.answer)
        return m_test.answer(question);
    QMessageBox box(m_parent);
    box.setIcon(QMessageBox::Question);
    QAbstractButton* yes = nullptr;
    QAbstractButton* no = nullptr;
    if (question == Question::SaveChanges) {
        box.setWindowTitle(tr("Unsaved changes"));
        box.setText(tr("The scenario has unsaved changes. Save them first?"));
        yes = box.addButton(tr("Save"), QMessageBox::AcceptRole);
        no = box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
        box.setDefaultButton(static_cast<QPushButton*>(yes));
        box.addButton(tr("Cancel"), QMessageBox::RejectRole);
    } else if (question == Question::ReviseDecided) {
        box.setWindowTitle(tr("Revise a decided quote"));
        box.setText(tr("This quote is already accepted or lost. Record a new revision of it? The new "
                       "revision is a draft."));
        yes = box.addButton(tr("Record a new revision"), QMessageBox::AcceptRole);
        no = box.addButton(tr("Cancel"), QMessageBox::RejectRole);
        box.setDefaultButton(static_cast<QPushButton*>(no));
    } else if (question == Question::ExportStalePrices) {
        box.setIcon(QMessageBox::Warning);
        box.setWindowTitle(tr("Stale prices"));
        box.setText(tr("This quote is priced on a price book past its stale limit. Export it anyway?"));
        yes = box.addButton(tr("Export anyway"), QMessageBox::AcceptRole);
        no = box.addButton(tr("Cancel"), QMessageBox::RejectRole);
        box.setDefaultButton(static_cast<QPushButton*>(no));
    } else {
        box.setWindowTitle(tr("Recover unsaved work"));
        box.setText(tr("ClusterPlan was closed without saving the scenario. Recover it?"));
        yes = box.addButton(tr("Recover"), QMessageBox::AcceptRole);
        no = box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
        box.setDefaultButton(static_cast<QPushButton*>(yes));
    }
    box.setInformativeText(detail);
    box.exec();
    if (box.clickedButton() == yes)
        return Answer::Yes;
    return box.clickedButton() == no ? Answer::No : Answer::Cancel;
}

QString Prompter::openFileName(const QString& directory) {
    if (m_test.fileName)
        return m_test.fileName(false);
    return QFileDialog::getOpenFileName(m_parent, tr("Open scenario"), directory, scenarioFileFilter(),
                                        nullptr, QFileDialog::DontUseNativeDialog);
}

QString Prompter::saveFileName(const QString& suggestion) {
    if (m_test.fileName)
        return m_test.fileName(true);
    return QFileDialog::getSaveFileName(m_parent, tr("Save scenario as"), suggestion, scenarioFileFilter(),
                                        nullptr, QFileDialog::DontUseNativeDialog);
}

QString Prompter::exportFileName(const QString& title, const QString& suggestion, const QString& filter) {
    if (answeredByTest())
        return m_test.exportPath ? m_test.exportPath(suggestion) : QString();
    return QFileDialog::getSaveFileName(m_parent, title, suggestion, filter, nullptr,
                                        QFileDialog::DontUseNativeDialog);
}

QString Prompter::exportFolder(const QString& title, const QString& tag) {
    if (answeredByTest())
        return m_test.exportPath ? m_test.exportPath(tag) : QString();
    return QFileDialog::getExistingDirectory(m_parent, title, QString(),
                                             QFileDialog::ShowDirsOnly | QFileDialog::DontUseNativeDialog);
}

void Prompter::warn(const QString& title, const QString& text) {
    m_warnings << text;
    if (!m_test.answer)
        QMessageBox::warning(m_parent, title, text);
}

}  // namespace clusterplan::ui
