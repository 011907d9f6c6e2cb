// Build-time tool: renders the scalable application icon to one square PNG, so the hicolor PNG
// sizes come from the SVG (packaging/icons/) instead of committed copies that drift from it.
// Usage: clusterplan-render-icon SVG SIZE OUT.png
#include <QImage>
#include <QPainter>
#include <QString>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char* argv[]) {
    if (argc != 4) {
        std::fputs("usage: clusterplan-render-icon SVG SIZE OUT.png\n", stderr);
        return 2;
    }
    QSvgRenderer svg(QString::fromLocal8Bit(argv[1]));
    const int size = QString::fromLatin1(argv[2]).toInt();
    if (!svg.isValid() || size < 1 || size > 4096) {
        std::fprintf(stderr, "clusterplan-render-icon: cannot render %s at %s px\n", argv[1], argv[2]);
        return 2;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    svg.render(&painter);
    painter.end();
    if (!image.save(QString::fromLocal8Bit(argv[3]), "PNG")) {
        std::fprintf(stderr, "clusterplan-render-icon: cannot write %s\n", argv[3]);
        return 1;
    }
    return 0;
}
