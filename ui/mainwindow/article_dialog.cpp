#include "ui/mainwindow/article_dialog.h"

#include "core/io/article_examples.h"
#include "core/studies/article_claims.h"
#include "core/studies/article_format.h"
#include "ui/i18n/engine_text.h"
#include "ui/mainwindow/claim_text.h"
#include "ui/models/qt_text.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace clusterplan::ui {

namespace {

enum Column { kSection, kQuantity, kArticle, kEngine, kVerdict, kColumns };

}  // namespace

ArticleDialog::ArticleDialog(const Catalog& catalog, const QString& folder, QWidget* parent)
    : QDialog(parent), m_folder(folder) {
    setObjectName(QStringLiteral("articleDialog"));
    setWindowTitle(tr("The article, checked"));
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("articleSummary"));
    m_summary->setWordWrap(true);
    m_table = new QTableWidget(0, kColumns);
    m_table->setObjectName(QStringLiteral("articleTable"));
    m_table->setHorizontalHeaderLabels(
        {tr("Section"), tr("Claim about"), tr("Article"), tr("Engine"), tr("Verdict")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_details = new QTextBrowser;
    m_details->setObjectName(QStringLiteral("articleDetails"));
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_table);
    split->addWidget(m_details);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    m_open = buttons->addButton(tr("Open this example"), QDialogButtonBox::ActionRole);
    m_open->setObjectName(QStringLiteral("articleOpen"));
    m_open->setEnabled(false);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_open, &QPushButton::clicked, this, [this] {
        const int row = m_table->currentRow();
        if (row < 0 || row >= static_cast<int>(m_checks.size()))
            return;
        emit openRequested(QDir(m_folder).filePath(toQString(m_checks[static_cast<std::size_t>(row)].file)));
        accept();
    });
    connect(m_table, &QTableWidget::currentCellChanged, this, [this](int row) { showDetails(row); });
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    resize(900, 620);

    // 34 examples evaluate in about 0.2 s: done here rather than on a worker, the dialog opens
    // once they are there.
    auto examples = loadClaimExamples(toStdString(folder), catalog);
    Result<std::vector<ClaimCheck>> checks =
        examples ? checkClaims(examples.value(), catalog) : Result<std::vector<ClaimCheck>>(examples.error());
    if (!checks) {
        m_summary->setText(
            tr("The article's examples cannot be checked: %1").arg(engineErrorLine(checks.error())));
        return;
    }
    m_checks = std::move(checks).value();
    fillTable();
}

void ArticleDialog::fillTable() {
    int agree = 0, differ = 0, noBasis = 0;
    m_table->setRowCount(static_cast<int>(m_checks.size()));
    for (std::size_t i = 0; i < m_checks.size(); ++i) {
        const ClaimCheck& c = m_checks[i];
        (c.verdict == ClaimVerdict::Agrees ? agree : c.verdict == ClaimVerdict::Differs ? differ : noBasis)++;
        const int row = static_cast<int>(i);
        m_table->setItem(row, kSection, new QTableWidgetItem(toQString(c.description.section)));
        m_table->setItem(row, kQuantity, new QTableWidgetItem(engineText(quantityText(c.claim.quantity))));
        m_table->setItem(row, kArticle, new QTableWidgetItem(engineText(articleValueText(c.claim))));
        m_table->setItem(row, kEngine, new QTableWidgetItem(claimEngineValue(c)));
        m_table->setItem(row, kVerdict, new QTableWidgetItem(engineText(c.verdictText)));
    }
    m_summary->setText(tr("The seed article's claims, each an example scenario evaluated by the engine: "
                          "%1 claims, %2 agree, %3 differ, %4 without a basis in the engine. Pick one "
                          "to read why, and open its example to show the numbers.")
                           .arg(m_checks.size())
                           .arg(agree)
                           .arg(differ)
                           .arg(noBasis));
    if (!m_checks.empty())
        m_table->selectRow(0);
}

void ArticleDialog::showDetails(int row) {
    m_open->setEnabled(row >= 0 && row < static_cast<int>(m_checks.size()));
    if (!m_open->isEnabled()) {
        m_details->clear();
        return;
    }
    m_details->setHtml(claimCheckHtml(m_checks[static_cast<std::size_t>(row)]));
}

}  // namespace clusterplan::ui
