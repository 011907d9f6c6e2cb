#include "ui/mainwindow/about_dialog.h"

#include "ui/mainwindow/data_sources_html.h"
#include "ui/models/qt_text.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "clusterplan_version.h"

namespace clusterplan::ui {

namespace embedded {
std::string_view licenceText();  // LICENSE, embedded by ui/CMakeLists.txt
}  // namespace embedded

namespace {

// The project's home, also named by the AppStream metainfo (packaging/).
const QString kHomepage = QStringLiteral("https://github.com/clusterplan/clusterplan");

}  // namespace

AboutDialog::AboutDialog(const Catalog& catalog, QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About ClusterPlan"));
    auto* tabs = new QTabWidget;
    tabs->addTab(createAboutTab(), tr("About"));
    tabs->addTab(createLicenceTab(), tr("Licence"));
    tabs->addTab(createSourcesTab(catalog), tr("Data sources"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(tabs);
    layout->addWidget(buttons);
    resize(760, 560);
}

QWidget* AboutDialog::createAboutTab() {
    auto* label = new QLabel;
    label->setObjectName(QStringLiteral("aboutText"));
    label->setTextFormat(Qt::RichText);
    label->setWordWrap(true);
    label->setOpenExternalLinks(true);
    label->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    label->setMargin(12);
    label->setText(
        tr("<h2>ClusterPlan %1</h2>"
           "<p>Plans distributed training of large language models: memory per GPU, parallel layouts, "
           "step time, scaling and rent-vs-buy cost, with every number's source.</p>"
           "<p>Licence: MIT (see the Licence tab). Copyright © ClusterPlan developers.</p>"
           "<p><a href=\"%2\">%2</a></p><p>Built with Qt %3, running on Qt %4.</p>")
            .arg(QString::fromLatin1(kVersion), kHomepage, QStringLiteral(QT_VERSION_STR),
                 QString::fromLatin1(qVersion())));
    return label;
}

QWidget* AboutDialog::createLicenceTab() {
    auto* text = new QPlainTextEdit(toQString(embedded::licenceText()));
    text->setObjectName(QStringLiteral("licenceText"));
    text->setReadOnly(true);
    return text;
}

QWidget* AboutDialog::createSourcesTab(const Catalog& catalog) {
    auto* browser = new QTextBrowser;
    browser->setObjectName(QStringLiteral("dataSources"));
    browser->setHtml(dataSourcesHtml(catalog));
    return browser;
}

}  // namespace clusterplan::ui
