#include "ui/mainwindow/data_sources_html.h"

#include <QCoreApplication>

#include "core/catalog/catalog.h"
#include "core/validation/calibration_sources.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/qt_text.h"

namespace clusterplan::ui {

namespace {

QString escaped(const std::string& text) {
    return toQString(text).toHtmlEscaped();
}

// One list item: "<b>name</b> (id): source, as of date".
QString item(const std::string& name, const std::string& id, const std::string& source,
             const std::string& asOf) {
    QString line = QStringLiteral("<li><b>%1</b> (%2): %3").arg(escaped(name), escaped(id), escaped(source));
    if (!asOf.empty())
        line += QCoreApplication::translate("DataSources", ", as of %1").arg(escaped(asOf));
    return line + QStringLiteral("</li>");
}

QString heading(const QString& title, std::size_t count) {
    return QStringLiteral("<h3>%1 (%2)</h3><ul>").arg(title.toHtmlEscaped()).arg(count);
}

QString catalogSection(const Catalog& catalog) {
    QString html = heading(QCoreApplication::translate("DataSources", "GPU catalog"), catalog.gpus().size());
    for (const auto& [id, gpu] : catalog.gpus())
        html += item(gpu.name, id, gpu.source, gpu.asOf);
    html += QStringLiteral("</ul>") +
            heading(QCoreApplication::translate("DataSources", "Fabrics"), catalog.fabrics().size());
    for (const auto& [id, fabric] : catalog.fabrics())
        html += item(fabric.name, id, fabric.source, fabric.asOf);
    html += QStringLiteral("</ul>") +
            heading(QCoreApplication::translate("DataSources", "Model presets"), catalog.models().size());
    for (const auto& [id, model] : catalog.models())
        html += item(model.name, id, model.source, {});  // models.json's as_of is not loaded
    return html + QStringLiteral("</ul>");
}

QString priceBookSection(const Catalog& catalog) {
    const auto& books = catalog.priceBooks().books();
    QString html = heading(QCoreApplication::translate("DataSources", "Price books"), books.size());
    for (const auto& book : books)
        html += item(book.name, book.id, book.source, book.asOf);
    return html + QStringLiteral("</ul>");
}

QString calibrationSection() {
    const auto sources = calibrationSources();
    if (!sources)
        return QStringLiteral("<h3>%1</h3><p>%2</p>")
            .arg(QCoreApplication::translate("DataSources", "Calibration runs"),
                 engineErrorLine(sources.error()).toHtmlEscaped());
    QString html = heading(QCoreApplication::translate("DataSources", "Calibration runs: published sources"),
                           sources->size());
    for (const auto& s : *sources)
        html += QStringLiteral("<li>%1 %2</li>")
                    .arg(escaped(s.source),
                         QCoreApplication::translate("DataSources", "(%n run(s))", nullptr, s.runs));
    return html + QStringLiteral("</ul>");
}

}  // namespace

QString dataSourcesHtml(const Catalog& catalog) {
    return catalogSection(catalog) + priceBookSection(catalog) + calibrationSection();
}

}  // namespace clusterplan::ui
