#include "ui/export/pdf_canvas.h"
#include "ui/models/palette.h"

#include <QFontDatabase>
#include <QGraphicsScene>
#include <QImage>
#include <QPagedPaintDevice>

#include <algorithm>

namespace clusterplan::ui {

QString reportFontFamily() {
    static const QString family = [] {
        const QString wanted = QStringLiteral("WenQuanYi Micro Hei");
        if (QFontDatabase::families().contains(wanted))
            return wanted;
        const int id = QFontDatabase::addApplicationFont(
            QStringLiteral("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"));
        const QStringList families = QFontDatabase::applicationFontFamilies(id);
        return families.isEmpty() ? wanted : families.front();
    }();
    return family;
}

PdfCanvas::PdfCanvas(QPagedPaintDevice* device, QString footer, std::function<QString(int, int)> pageLabel,
                     int totalPages)
    : m_device(device)
    , m_painter(device)
    , m_footer(std::move(footer))
    , m_pageLabel(std::move(pageLabel))
    , m_totalPages(totalPages) {
    m_area = QRectF(mm(18), mm(16), device->width() - mm(36), device->height() - mm(16) - mm(22));
    m_y = m_area.top();
}

PdfCanvas::~PdfCanvas() {
    drawFooter();
    m_painter.end();
}

QFont PdfCanvas::font(double pt, bool bold) const {
    QFont f(reportFontFamily());
    f.setPointSizeF(pt);
    f.setBold(bold);
    return f;
}

void PdfCanvas::drawFooter() {
    m_painter.save();
    m_painter.setFont(font(7.5));
    m_painter.setPen(QColor(palette::kPdfSecondaryText));
    const QRectF r(m_area.left(), m_area.bottom() + mm(6), m_area.width(), mm(8));
    m_painter.drawLine(QPointF(r.left(), r.top()), QPointF(r.right(), r.top()));
    m_painter.drawText(r.adjusted(0, mm(1.5), 0, 0), Qt::AlignLeft | Qt::AlignTop, m_footer);
    m_painter.drawText(r.adjusted(0, mm(1.5), 0, 0), Qt::AlignRight | Qt::AlignTop,
                       m_pageLabel(m_page, std::max(m_totalPages, m_page)));
    m_painter.restore();
}

void PdfCanvas::newPage() {
    drawFooter();
    m_device->newPage();
    ++m_page;
    m_y = m_area.top();
}

void PdfCanvas::ensure(double height) {
    if (m_y + height > m_area.bottom() && m_y > m_area.top())
        newPage();
}

void PdfCanvas::space(double v) {
    m_y += mm(v);
}

void PdfCanvas::keepTogether(double height) {
    ensure(height);
}

double PdfCanvas::headingHeight(const QString& text, double pt) {
    m_painter.setFont(font(pt, true));
    return m_painter.boundingRect(QRectF(m_area.left(), 0, m_area.width(), 1e6), Qt::TextWordWrap, text)
               .height() +
           mm(2.5);
}

void PdfCanvas::heading(const QString& text, double pt) {
    const QFont f = font(pt, true);
    m_painter.setFont(f);
    const QRectF r =
        m_painter.boundingRect(QRectF(m_area.left(), 0, m_area.width(), 1e6), Qt::TextWordWrap, text);
    ensure(r.height() + mm(20));  // keep a heading with what follows it
    m_painter.drawText(QRectF(m_area.left(), m_y, m_area.width(), r.height()), Qt::TextWordWrap, text);
    m_y += r.height() + mm(2.5);
}

void PdfCanvas::paragraph(const QString& text, double pt, bool bold) {
    m_painter.setFont(font(pt, bold));
    const QRectF r =
        m_painter.boundingRect(QRectF(m_area.left(), 0, m_area.width(), 1e6), Qt::TextWordWrap, text);
    ensure(r.height());
    m_painter.drawText(QRectF(m_area.left(), m_y, m_area.width(), r.height()), Qt::TextWordWrap, text);
    m_y += r.height() + mm(1.5);
}

void PdfCanvas::rows(const std::vector<std::pair<QString, QString>>& rows, double pt) {
    PdfTable t;
    t.widths = {0.32, 0.68};
    t.rightAligned = {false, false};
    t.fontPt = pt;
    const auto flush = [&] {
        if (t.rows.empty())
            return;
        t.strongRows.assign(t.rows.size(), false);
        table(t);
        t.rows.clear();
    };
    // A row without a value is a sentence (a note under the totals): it takes the whole width.
    for (const auto& [label, value] : rows) {
        if (value.isEmpty()) {
            flush();
            paragraph(label, pt - 1);
        } else {
            t.rows.push_back({label, value});
        }
    }
    flush();
}

std::vector<double> PdfCanvas::columnWidths(const PdfTable& t) const {
    std::vector<double> widths;
    for (const double share : t.widths)
        widths.push_back(share * m_area.width());
    // A number wraps nowhere: a 亿-scale total or a quantity of 49,152 in a narrow share was cut at
    // its left edge ("‡9,152"). Its column grows to the longest cell, bold rows in bold.
    const QFontMetricsF normal(font(t.fontPt), m_device), bold(font(t.fontPt, true), m_device);
    const auto isText = [&t](std::size_t c) { return c >= t.rightAligned.size() || !t.rightAligned[c]; };
    double deficit = 0, donors = 0;
    for (std::size_t c = 0; c < widths.size(); ++c) {
        if (isText(c)) {
            donors += widths[c];
            continue;
        }
        double need = 0;
        for (std::size_t r = 0; r < t.rows.size(); ++r) {
            const bool strong = r < t.strongRows.size() && t.strongRows[r];
            const auto i = static_cast<qsizetype>(c);
            if (i < t.rows[r].size())
                need = std::max(need, (strong ? bold : normal).horizontalAdvance(t.rows[r][i]) + mm(2.4));
        }
        if (need > widths[c]) {
            deficit += need - widths[c];
            widths[c] = need;
        }
    }
    if (deficit <= 0 || donors <= deficit)
        return widths;
    // The widest text column (the item and its configuration) gives it back and wraps to more
    // lines; only a deficit of more than half of it is shared by every text column (a narrow
    // "No." column would otherwise wrap its header, "序/号").
    std::size_t widest = 0;
    for (std::size_t c = 0; c < widths.size(); ++c)
        if (isText(c) && (!isText(widest) || widths[c] > widths[widest]))
            widest = c;
    if (deficit <= widths[widest] / 2) {
        widths[widest] -= deficit;
        return widths;
    }
    for (std::size_t c = 0; c < widths.size(); ++c)
        if (isText(c))
            widths[c] *= (donors - deficit) / donors;
    return widths;
}

double PdfCanvas::rowHeight(const std::vector<double>& widths, const QStringList& cells,
                            const QFont& f) const {
    const QFontMetricsF metrics(f, m_device);
    double h = metrics.height();
    for (int i = 0; i < cells.size(); ++i) {
        const double w = widths[static_cast<std::size_t>(i)] - mm(2);
        h = std::max(h, metrics.boundingRect(QRectF(0, 0, w, 1e6), Qt::TextWordWrap, cells[i]).height());
    }
    return h + mm(1.6);
}

void PdfCanvas::drawRow(const PdfTable& t, const std::vector<double>& widths, const QStringList& cells,
                        const QFont& f, bool header) {
    const double h = rowHeight(widths, cells, f);
    m_painter.setFont(f);
    if (header)
        m_painter.fillRect(QRectF(m_area.left(), m_y, m_area.width(), h), QColor(palette::kHeaderFill));
    double x = m_area.left();
    for (int i = 0; i < cells.size(); ++i) {
        const auto c = static_cast<std::size_t>(i);
        const double w = widths[c];
        const bool right = !header && c < t.rightAligned.size() && t.rightAligned[c];
        m_painter.drawText(QRectF(x + mm(1), m_y + mm(0.8), w - mm(2), h),
                           Qt::TextWordWrap | (right ? Qt::AlignRight : Qt::AlignLeft), cells[i]);
        x += w;
    }
    m_painter.setPen(QColor(palette::kRule));
    m_painter.drawLine(QPointF(m_area.left(), m_y + h), QPointF(m_area.right(), m_y + h));
    m_painter.setPen(Qt::black);
    m_y += h;
}

void PdfCanvas::table(const PdfTable& t) {
    const QFont normal = font(t.fontPt), bold = font(t.fontPt, true);
    const bool hasHeader = !t.header.isEmpty();
    const std::vector<double> widths = columnWidths(t);
    if (hasHeader) {
        ensure(rowHeight(widths, t.header, bold) * 2);
        drawRow(t, widths, t.header, bold, true);
    }
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const bool strong = r < t.strongRows.size() && t.strongRows[r];
        const QFont& f = strong ? bold : normal;
        if (m_y + rowHeight(widths, t.rows[r], f) > m_area.bottom()) {
            newPage();
            if (hasHeader)
                drawRow(t, widths, t.header, bold, true);  // the header again on every page of the table
        }
        drawRow(t, widths, t.rows[r], f, false);
    }
    m_y += mm(3);
}

double PdfCanvas::sceneHeight(const QRectF& source, double heightShare) const {
    return std::min(m_area.width() * source.height() / source.width(), m_area.height() * heightShare);
}

void PdfCanvas::scene(QGraphicsScene* scene, const QRectF& source, double heightShare) {
    const double width = m_area.width();
    const double height = sceneHeight(source, heightShare);
    ensure(height);
    scene->render(&m_painter, QRectF(m_area.left(), m_y, width, height), source, Qt::KeepAspectRatio);
    m_y += height + mm(3);
}

void PdfCanvas::image(const QString& path, double maxHeightMm) {
    const QImage img(path);
    if (img.isNull())
        return;
    const double h = mm(maxHeightMm);
    const double w = std::min(m_area.width(), h * img.width() / img.height());
    ensure(h);
    m_painter.drawImage(QRectF(m_area.left(), m_y, w, w * img.height() / img.width()), img);
    m_y += h + mm(3);
}

void PdfCanvas::box(const QString& caption, double widthMm, double heightMm) {
    ensure(mm(heightMm + 8));
    m_painter.setFont(font(9));
    const QRectF r(m_area.right() - mm(widthMm), m_y, mm(widthMm), mm(heightMm));
    m_painter.drawRect(r);
    m_painter.drawText(r.adjusted(mm(2), mm(2), -mm(2), -mm(2)), Qt::AlignLeft | Qt::AlignTop, caption);
    m_y += mm(heightMm + 4);
}

void PdfCanvas::boxes(const QStringList& captions, double heightMm) {
    if (captions.isEmpty())
        return;
    ensure(mm(heightMm + 8));
    m_painter.setFont(font(9));
    const double gap = mm(6);
    const double width = (m_area.width() - gap * (captions.size() - 1)) / captions.size();
    for (int i = 0; i < captions.size(); ++i) {
        const QRectF r(m_area.left() + i * (width + gap), m_y, width, mm(heightMm));
        m_painter.drawRect(r);
        m_painter.drawText(r.adjusted(mm(2), mm(2), -mm(2), -mm(2)),
                           Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, captions[i]);
    }
    m_y += mm(heightMm + 4);
}

}  // namespace clusterplan::ui
