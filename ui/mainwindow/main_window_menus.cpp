// MainWindow's menus: File (with Open Recent), Edit (undo/redo), Language and Help. Rebuilt with the
// rest of the window on a language change, so every action text comes from tr() here.
#include "core/catalog/catalog_loading.h"
#include "core/cost/price_book.h"
#include "core/io/article_examples.h"
#include "ui/calibration/log_import.h"
#include "ui/export/export_actions.h"
#include "ui/export/launch_actions.h"
#include "ui/i18n/engine_text.h"
#include "ui/mainwindow/about_dialog.h"
#include "ui/mainwindow/article_dialog.h"
#include "ui/mainwindow/document_actions.h"
#include "ui/mainwindow/main_window.h"
#include "ui/models/plan_controller.h"
#include "ui/models/qt_text.h"
#include "ui/models/scenario_history.h"
#include "ui/quotes/price_list_dialog.h"
#include "ui/quotes/quotes_dialog.h"

#include <QActionGroup>
#include <QDir>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QUndoStack>

namespace clusterplan::ui {

void MainWindow::createFileMenu() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New scenario"), QKeySequence::New, m_documents, &DocumentActions::newScenario);
    file->addAction(tr("&Open scenario…"), QKeySequence::Open, m_documents, &DocumentActions::open);
    QMenu* recent = file->addMenu(tr("Open &recent"));
    recent->setObjectName(QStringLiteral("recentMenu"));
    connect(recent, &QMenu::aboutToShow, this, [this, recent] { fillRecentMenu(recent); });
    fillRecentMenu(recent);
    file->addSeparator();
    file->addAction(tr("Q&uote book…"), this, &MainWindow::showQuoteBook)
        ->setObjectName(QStringLiteral("actionQuoteBook"));
    file->addAction(tr("Import price &list…"), this, &MainWindow::showPriceListImport)
        ->setObjectName(QStringLiteral("actionImportPriceList"));
    auto* logImport = new LogImport(m_controller, m_prompter, file);
    logImport->addTo(file);
    connect(logImport, &LogImport::imported, this,
            [this](const QString& message) { statusBar()->showMessage(message); });
    file->addSeparator();
    file->addAction(tr("&Save scenario"), QKeySequence::Save, m_documents, &DocumentActions::save);
    file->addAction(tr("Save scenario &as…"), QKeySequence::SaveAs, m_documents, &DocumentActions::saveAs);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
}

void MainWindow::fillRecentMenu(QMenu* menu) {
    menu->clear();
    const QStringList paths = m_recent.paths();
    for (qsizetype i = 0; i < paths.size(); ++i) {
        // "&1 plan.json" with the full path in the tooltip and status tip.
        QAction* action =
            menu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(paths[i]).fileName()));
        action->setToolTip(paths[i]);
        action->setStatusTip(paths[i]);
        connect(action, &QAction::triggered, this, [this, path = paths[i]] { m_documents->openPath(path); });
    }
    if (paths.isEmpty())
        menu->addAction(tr("No recent scenarios"))->setEnabled(false);
    menu->addSeparator();
    QAction* clear = menu->addAction(tr("&Clear list"), this, [this] { m_recent.clear(); });
    clear->setEnabled(!paths.isEmpty());
}

void MainWindow::createEditMenu() {
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QUndoStack& stack = m_history->stack();
    QAction* undo = stack.createUndoAction(edit, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setObjectName(QStringLiteral("undoAction"));
    QAction* redo = stack.createRedoAction(edit, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    redo->setObjectName(QStringLiteral("redoAction"));
    edit->addAction(undo);
    edit->addAction(redo);
}

void MainWindow::createExportMenu() {
    // Parented to the menu: a language change rebuilds both together.
    QMenu* menu = menuBar()->addMenu(tr("&Export"));
    auto* exportActions = new ExportActions(m_controller, m_prompter, this);
    exportActions->setParent(menu);
    exportActions->addTo(menu);
    connect(exportActions, &ExportActions::saved, this,
            [this](const QString& message) { statusBar()->showMessage(message); });
    menu->addSeparator();
    auto* launchActions = new LaunchActions(m_controller, m_prompter, m_comparison, menu);
    launchActions->addTo(menu);
    connect(launchActions, &LaunchActions::saved, this,
            [this](const QString& message) { statusBar()->showMessage(message); });
}

void MainWindow::createHelpMenu() {
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("The a&rticle, checked…"), this, &MainWindow::showArticle)
        ->setObjectName(QStringLiteral("actionArticle"));
    help->addAction(tr("&About ClusterPlan"), this, &MainWindow::showAbout)
        ->setObjectName(QStringLiteral("actionAbout"));
}

void MainWindow::showQuoteBook() {
    auto* dialog = new QuotesDialog(m_controller.catalog(), {}, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // Queued: the dialog closes first; the window asks before unsaved work is replaced.
    connect(
        dialog, &QuotesDialog::openScenario, this,
        [this](const Scenario& scenario) {
            if (m_documents->maybeSave())
                m_controller.openUnsaved(scenario);
        },
        Qt::QueuedConnection);
    dialog->open();
}

void MainWindow::showPriceListImport() {
    auto* dialog = new PriceListDialog(m_controller, {}, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &PriceListDialog::bookSaved, this, [this](const QString& path) {
        if (reloadCatalog(path))
            statusBar()->showMessage(tr("Price book saved to %1: the window now prices with it")
                                         .arg(QDir::toNativeSeparators(path)));
    });
    dialog->open();
}

bool MainWindow::reloadCatalog(const QString& extraPriceBook) {
    CatalogFiles files;
    // The user's own book is read anyway; another file is added for this session.
    if (QFileInfo(extraPriceBook) != QFileInfo(toQString(cost::userPriceBookPath())))
        files.priceBooks.push_back(toStdString(extraPriceBook));
    Result<LoadedCatalog> loaded = loadCatalog(files);
    if (!loaded) {
        QMessageBox::warning(this, tr("Price book"),
                             tr("The catalog cannot be read again; the window keeps its prices: %1")
                                 .arg(engineErrorLine(loaded.error())));
        return false;
    }
    m_controller.setCatalog(loaded->catalog);  // catalogChanged: the window rebuilds its inputs
    return true;
}

void MainWindow::showArticle() {
    auto* dialog = new ArticleDialog(m_controller.catalog(), toQString(articleExamplesFolder()), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // Queued: the dialog closes first, then the document (and its save prompt) changes.
    connect(dialog, &ArticleDialog::openRequested, this, &MainWindow::openScenarioFile, Qt::QueuedConnection);
    dialog->open();
}

void MainWindow::showAbout() {
    auto* dialog = new AboutDialog(m_controller.catalog(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();  // window-modal without blocking, so tests can inspect it
}

void MainWindow::createLanguageMenu() {
    QMenu* menu = menuBar()->addMenu(tr("&Language"));
    auto* group = new QActionGroup(menu);
    for (const LanguageChoice& choice : availableLanguages()) {
        QAction* action = menu->addAction(choice.nativeName);
        action->setObjectName(QStringLiteral("language_") + choice.code);
        action->setCheckable(true);
        action->setChecked(choice.code == m_language.current());
        group->addAction(action);
        // The switch rebuilds every menu, this one and this action included: never inside their own
        // triggered(), which QMenu's code still runs through after the slot returns (a heap
        // corruption with a search loaded). The rebuild waits for the event loop.
        connect(action, &QAction::triggered, this, [this, code = choice.code] {
            QMetaObject::invokeMethod(
                this, [this, code] { setLanguage(code); }, Qt::QueuedConnection);
        });
    }
}

}  // namespace clusterplan::ui
