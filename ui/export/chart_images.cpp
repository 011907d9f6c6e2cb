#include "ui/export/chart_images.h"

#include <QDir>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

#include "ui/export/report_charts.h"
#include "ui/models/qt_text.h"

namespace clusterplan::ui {

namespace {

Error fileError(const QString& path, const QString& why) {
    return {toStdString(path), toStdString(why)};
}

std::optional<Error> writePng(const ReportChart& c, const QString& path) {
    const QRectF source = c.source();
    QImage image((source.size() * 2).toSize(), QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    c.scene()->render(&painter, QRectF(QPointF(0, 0), source.size() * 2), source);
    painter.end();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fileError(path, file.errorString());
    if (!image.save(&file, "PNG") || !file.commit())
        return fileError(path, file.errorString());
    return std::nullopt;
}

std::optional<Error> writeSvg(const ReportChart& c, const QString& path) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fileError(path, file.errorString());
    const QRectF source = c.source();
    QSvgGenerator svg;
    svg.setOutputDevice(&file);
    svg.setSize(source.size().toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), source.size()));
    svg.setTitle(c.name);
    QPainter painter(&svg);
    c.scene()->render(&painter, QRectF(QPointF(0, 0), source.size()), source);
    painter.end();
    if (!file.commit())
        return fileError(path, file.errorString());
    return std::nullopt;
}

}  // namespace

Result<QStringList> writeChartImages(const ReportCharts& charts, const QString& folder) {
    if (!QDir().mkpath(folder))
        return fileError(folder, QStringLiteral("cannot create the folder"));
    QStringList written;
    for (const auto& c : charts.charts()) {
        const QString stem = QDir(folder).filePath(c.name);
        if (auto e = writePng(c, stem + QStringLiteral(".png")))
            return *e;
        if (auto e = writeSvg(c, stem + QStringLiteral(".svg")))
            return *e;
        written << stem + QStringLiteral(".png") << stem + QStringLiteral(".svg");
    }
    return written;
}

}  // namespace clusterplan::ui
