#include "ui/export/pdf_canvas.h"
#include "ui/models/palette.h"

#include <QFontDatabase>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QImage>
#include <QPagedPaintDevice>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace clusterplan::ui {

namespace {

// Where a line may break: at spaces, and around every CJK character (Chinese wraps between any two).
bool breaksAround(QChar c) {
    return c.unicode() >= 0x2E80;
}

// The cell's pieces that never break: words, or single CJK characters.
QStringList unbreakable(const QString& text) {
    QStringList out;
    QString word;
    const auto flush = [&] {
        if (!word.isEmpty())
            out << word;
        word.clear();
    };
    for (const QChar c : text) {
        if (c.isSpace()) {
            flush();
        } else if (breaksAround(c)) {
            flush();
            out << QString(c);
        } else {
            word += c;
        }
    }
    flush();
    return out;
}

}  // namespace

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
    m_drawnY = m_y;
}

void PdfCanvas::record(const QString& line) {
    QString flat = line;
    m_text << flat.replace(QLatin1Char('\n'), QStringLiteral(" / "));
}

PdfCanvas::~PdfCanvas() {
    drawFooter();
    m_painter.end();
}

QFont PdfCanvas::font(double pt, bool bold) const {
    QFont f(reportFontFamily());
    f.setPointSizeF(pt);
    f.setBold(bold);
    // No ligatures: "ﬁ" and "ﬃ" reach pdftotext as one glyph, so a search for "efficiency" failed.
    // Latin needs no shaping; CJK text is drawn as before.
    f.setStyleStrategy(QFont::PreferNoShaping);
    return f;
}

void PdfCanvas::drawFooter() {
    m_painter.save();
    m_painter.setFont(font(7.5));
    m_painter.setPen(QColor(palette::kPdfSecondaryText));
    const QRectF r(m_area.left(), m_area.bottom() + mm(6), m_area.width(), mm(8));
    m_painter.drawLine(QPointF(r.left(), r.top()), QPointF(r.right(), r.top()));
    if (!m_watermark.isEmpty()) {
        // Diagonally across the text area, light enough to read the page through.
        m_painter.save();
        m_painter.setFont(font(72, true));
        m_painter.setPen(QColor(0, 0, 0, 40));
        m_painter.translate(m_area.center());
        m_painter.rotate(-35);
        const QRectF box(-m_area.width(), -m_area.height() / 4, 2 * m_area.width(), m_area.height() / 2);
        m_painter.drawText(box, Qt::AlignCenter, m_watermark);
        m_painter.restore();
        record(QStringLiteral("[watermark] ") + m_watermark);
    }
    const QString page = m_pageLabel(m_page, std::max(m_totalPages, m_page));
    m_painter.drawText(r.adjusted(0, mm(1.5), 0, 0), Qt::AlignLeft | Qt::AlignTop, m_footer);
    m_painter.drawText(r.adjusted(0, mm(1.5), 0, 0), Qt::AlignRight | Qt::AlignTop, page);
    m_painter.restore();
    record(QStringLiteral("---- ") + m_footer + QStringLiteral(" | ") + page + QStringLiteral(" ----"));
}

void PdfCanvas::newPage() {
    // Filled down to what was drawn last: the space after it (a section's gap, a table's margin) is
    // white, and goes with the block that did not fit.
    m_fills.push_back(std::min(1.0, drawnFill()));
    m_breakBlocks.push_back(m_nextBlock > 0 ? (m_nextBlock + m_y - m_drawnY) / m_area.height() : 0.0);
    m_nextBlock = 0;
    drawFooter();
    m_device->newPage();
    ++m_page;
    m_y = m_area.top();
    m_drawnY = m_y;
}

void PdfCanvas::ensure(double height) {
    if (m_y + height > m_area.bottom() && m_y > m_area.top()) {
        m_nextBlock = height;
        newPage();
    }
}

void PdfCanvas::keepBlock(double height) {
    if (height <= m_area.height())
        ensure(height);
}

void PdfCanvas::sectionBreak() {
    // Less than half a page would be a page a reader turns past as mostly blank (the signature
    // boxes ended page 3 of the quote 40 % of the way down).
    constexpr double kHalf = 0.5;
    if (currentFill() < kHalf)
        space(10);
    else
        newPage();
}

std::vector<double> PdfCanvas::pageFills() const {
    std::vector<double> fills = m_fills;
    fills.push_back(std::min(1.0, drawnFill()));
    return fills;
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
    record(QStringLiteral("# ") + text);
    m_drawnY = m_y + r.height();
    m_y += r.height() + mm(2.5);
}

double PdfCanvas::paragraphHeight(const QString& text, double pt, bool bold) const {
    const QFontMetricsF metrics(font(pt, bold), m_device);
    return metrics.boundingRect(QRectF(0, 0, m_area.width(), 1e6), Qt::TextWordWrap, text).height() + mm(1.5);
}

void PdfCanvas::paragraph(const QString& text, double pt, bool bold) {
    m_painter.setFont(font(pt, bold));
    const QRectF r =
        m_painter.boundingRect(QRectF(m_area.left(), 0, m_area.width(), 1e6), Qt::TextWordWrap, text);
    ensure(r.height());
    m_painter.drawText(QRectF(m_area.left(), m_y, m_area.width(), r.height()), Qt::TextWordWrap, text);
    record(text);
    m_drawnY = m_y + r.height();
    m_y += r.height() + mm(1.5);
}

namespace {

// rows()'s pieces: runs of label/value pairs (a two-column table) and sentences between them.
PdfTable rowsTable(double pt, double labelShare) {
    PdfTable t;
    t.widths = {labelShare, 1 - labelShare};
    t.rightAligned = {false, false};
    t.fontPt = pt;
    return t;
}

}  // namespace

double PdfCanvas::rowsHeight(const std::vector<std::pair<QString, QString>>& rows, double pt,
                             double labelShare) const {
    double height = 0;
    PdfTable t = rowsTable(pt, labelShare);
    const auto flush = [&] {
        if (!t.rows.empty())
            height += tableHeight(t);
        t.rows.clear();
    };
    for (const auto& [label, value] : rows) {
        if (value.isEmpty()) {
            flush();
            height += paragraphHeight(label, pt - 1);
        } else {
            t.rows.push_back({label, value});
        }
    }
    flush();
    return height;
}

double PdfCanvas::tableHeight(const PdfTable& t) const {
    const std::vector<double> widths = columnWidths(t);
    const QFont normal = font(t.fontPt), bold = font(t.fontPt, true);
    double height = t.header.isEmpty() ? 0.0 : rowHeight(widths, t.header, bold);
    for (std::size_t r = 0; r < t.rows.size(); ++r)
        height += rowHeight(widths, t.rows[r], r < t.strongRows.size() && t.strongRows[r] ? bold : normal);
    return height + mm(3);
}

double PdfCanvas::tableOpeningHeight(const PdfTable& t, double keepWithNext) const {
    const double whole = tableHeight(t) + keepWithNext;
    if (whole <= m_area.height() * kShortTable)
        return whole;
    PdfTable opening = t;
    opening.rows.resize(std::min<std::size_t>(2, t.rows.size()));
    return tableHeight(opening);
}

void PdfCanvas::rows(const std::vector<std::pair<QString, QString>>& rows, double pt, double labelShare) {
    // A block of rows (the verdict, a totals block and its note) is read as one: it moves whole.
    keepBlock(rowsHeight(rows, pt, labelShare));
    PdfTable t = rowsTable(pt, labelShare);
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
    const double pad = mm(2.4);
    const auto isText = [&t](std::size_t c) { return c >= t.rightAligned.size() || !t.rightAligned[c]; };
    // And no column is narrower than its longest word (header included): the sensitivity table's
    // input names were cut to "ren / pric" when its value columns grew to "CNY 11,059.20 / GPU per
    // network tier". A value column's least width is its amount (the text before " / "): the unit
    // after it wraps.
    std::vector<double> least(widths.size(), 0.0);
    const auto fitWords = [&](std::size_t c, const QString& cell, const QFontMetricsF& metrics) {
        for (const QString& word : unbreakable(cell))
            least[c] = std::max(least[c], metrics.horizontalAdvance(word) + pad);
        if (!isText(c)) {
            const qsizetype unit = cell.indexOf(QStringLiteral(" / "));
            if (unit > 0)
                least[c] = std::max(least[c], metrics.horizontalAdvance(cell.left(unit)) + pad);
        }
    };
    double deficit = 0, donors = 0;
    for (std::size_t c = 0; c < widths.size(); ++c) {
        const auto i = static_cast<qsizetype>(c);
        if (i < t.header.size())
            fitWords(c, t.header[i], bold);
        double need = 0;
        for (std::size_t r = 0; r < t.rows.size(); ++r) {
            const bool strong = r < t.strongRows.size() && t.strongRows[r];
            if (i < t.rows[r].size()) {
                fitWords(c, t.rows[r][i], strong ? bold : normal);
                need = std::max(need, (strong ? bold : normal).horizontalAdvance(t.rows[r][i]) + pad);
            }
        }
        if (isText(c)) {
            donors += widths[c];
            continue;
        }
        if (need > widths[c]) {
            deficit += need - widths[c];
            widths[c] = need;
        }
    }
    if (deficit > 0 && donors > deficit) {
        // The widest text column (the item and its configuration) gives it back and wraps to more
        // lines; only a deficit of more than half of it is shared by every text column (a narrow
        // "No." column would otherwise wrap its header, "序/号").
        std::size_t widest = 0;
        for (std::size_t c = 0; c < widths.size(); ++c)
            if (isText(c) && (!isText(widest) || widths[c] > widths[widest]))
                widest = c;
        if (deficit <= widths[widest] / 2) {
            widths[widest] -= deficit;
        } else {
            for (std::size_t c = 0; c < widths.size(); ++c)
                if (isText(c))
                    widths[c] *= (donors - deficit) / donors;
        }
    } else if (deficit > 0) {
        // Numbers wider than the page: every column in proportion, before the words are restored.
        const double total = std::accumulate(widths.begin(), widths.end(), 0.0);
        for (double& w : widths)
            w *= m_area.width() / total;
    }
    // Every column back to its longest word, taken from the columns above theirs (value columns
    // first: their unit text wraps), in proportion to what each can spare.
    double missing = 0;
    for (std::size_t c = 0; c < widths.size(); ++c)
        if (widths[c] < least[c]) {
            missing += least[c] - widths[c];
            widths[c] = least[c];
        }
    for (const bool values : {true, false}) {
        if (missing <= 0)
            break;
        double spare = 0;
        for (std::size_t c = 0; c < widths.size(); ++c)
            if (isText(c) != values)
                spare += std::max(0.0, widths[c] - least[c]);
        if (spare <= 0)
            continue;
        const double take = std::min(missing, spare);
        for (std::size_t c = 0; c < widths.size(); ++c)
            if (isText(c) != values)
                widths[c] -= take * std::max(0.0, widths[c] - least[c]) / spare;
        missing -= take;
    }
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
    record(QStringLiteral("  ") + cells.join(QStringLiteral(" | ")));
    m_painter.setPen(QColor(palette::kRule));
    m_painter.drawLine(QPointF(m_area.left(), m_y + h), QPointF(m_area.right(), m_y + h));
    m_painter.setPen(Qt::black);
    m_y += h;
    m_drawnY = m_y;
}

void PdfCanvas::table(const PdfTable& t, double keepWithNext) {
    const QFont normal = font(t.fontPt), bold = font(t.fontPt, true);
    const bool hasHeader = !t.header.isEmpty();
    const std::vector<double> widths = columnWidths(t);
    const double headerHeight = hasHeader ? rowHeight(widths, t.header, bold) : 0.0;
    const std::size_t n = t.rows.size();
    std::vector<double> heights;
    for (std::size_t r = 0; r < n; ++r)
        heights.push_back(
            rowHeight(widths, t.rows[r], r < t.strongRows.size() && t.strongRows[r] ? bold : normal));
    const auto sum = [&](std::size_t from, std::size_t to) {
        return std::accumulate(heights.begin() + static_cast<std::ptrdiff_t>(std::min(from, n)),
                               heights.begin() + static_cast<std::ptrdiff_t>(std::min(to, n)), 0.0);
    };
    // A short table moves whole with what follows it; a long one starts with its header and first
    // two rows together.
    const double whole = headerHeight + sum(0, n) + mm(3) + keepWithNext;
    if (whole <= m_area.height() * kShortTable)
        ensure(whole);
    else
        ensure(headerHeight + sum(0, 2));
    // Its last three rows (the last items and the subtotal) stay with what follows the table.
    const std::size_t tailStart = n - std::min<std::size_t>(3, n);
    double tail = sum(tailStart, n) + mm(3) + keepWithNext;
    if (tail > m_area.height() / 2)
        tail = sum(tailStart, n);
    if (tailStart == 0)
        keepBlock(headerHeight + tail);  // three rows or fewer: the header does not stay behind alone
    if (hasHeader)
        drawRow(t, widths, t.header, bold, true);
    // A row never moves from the top of a page (nothing above it but the repeated header).
    const double pageTop = m_area.top() + headerHeight + 0.5;
    for (std::size_t r = 0; r < n; ++r) {
        const double need = r == tailStart ? tail : heights[r];
        if (m_y + need > m_area.bottom() && m_y > pageTop && (r > 0 || !hasHeader)) {
            m_nextBlock = need;
            newPage();
            if (hasHeader)
                drawRow(t, widths, t.header, bold, true);  // the header again on every page of the table
        }
        drawRow(t, widths, t.rows[r], r < t.strongRows.size() && t.strongRows[r] ? bold : normal, false);
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
    m_drawnY = m_y + height;
    m_y += height + mm(3);
    // The chart's words as laid out, top to bottom, and the smallest of them at print size: scene
    // pixels (laid out at the screen's logical DPI) scaled by the rendering into the page's device
    // pixels (kDpi), in points.
    const double scale = std::min(width / source.width(), height / source.height());
    const double screenDpi = QFontMetricsF(QFont()).fontDpi();
    std::vector<std::pair<QPointF, QString>> words;
    for (const QGraphicsItem* item : scene->items(source)) {
        if (!item->isVisible())
            continue;
        QString text;
        QFont f;
        if (const auto* rich = qgraphicsitem_cast<const QGraphicsTextItem*>(item)) {
            text = rich->toPlainText();
            f = rich->font();
        } else if (const auto* simple = qgraphicsitem_cast<const QGraphicsSimpleTextItem*>(item)) {
            text = simple->text();
            f = simple->font();
        } else {
            continue;
        }
        if (text.trimmed().isEmpty())
            continue;
        words.emplace_back(item->sceneBoundingRect().topLeft(), text.simplified());
        const double px = f.pixelSize() > 0 ? f.pixelSize() : f.pointSizeF() * screenDpi / 72.0;
        const double pt = px * scale * 72.0 / kDpi;
        m_smallestChartPt = m_smallestChartPt == 0 ? pt : std::min(m_smallestChartPt, pt);
    }
    std::sort(words.begin(), words.end(), [](const auto& a, const auto& b) {
        return std::make_pair(std::round(a.first.y()), a.first.x()) <
               std::make_pair(std::round(b.first.y()), b.first.x());
    });
    QStringList chartText;
    for (const auto& [at, text] : words)
        chartText << text;
    record(QStringLiteral("[chart] ") + chartText.join(QStringLiteral(" · ")));
}

void PdfCanvas::image(const QString& path, double maxHeightMm) {
    const QImage img(path);
    if (img.isNull())
        return;
    const double h = mm(maxHeightMm);
    const double w = std::min(m_area.width(), h * img.width() / img.height());
    ensure(h);
    m_painter.drawImage(QRectF(m_area.left(), m_y, w, w * img.height() / img.width()), img);
    m_drawnY = m_y + w * img.height() / img.width();
    m_y += h + mm(3);
}

void PdfCanvas::box(const QString& caption, double widthMm, double heightMm) {
    ensure(mm(heightMm + 8));
    m_painter.setFont(font(9));
    const QRectF r(m_area.right() - mm(widthMm), m_y, mm(widthMm), mm(heightMm));
    m_painter.drawRect(r);
    m_painter.drawText(r.adjusted(mm(2), mm(2), -mm(2), -mm(2)), Qt::AlignLeft | Qt::AlignTop, caption);
    record(QStringLiteral("[box] ") + caption);
    m_drawnY = m_y + mm(heightMm);
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
    record(QStringLiteral("[boxes] ") + captions.join(QStringLiteral(" | ")));
    m_drawnY = m_y + mm(heightMm);
    m_y += mm(heightMm + 4);
}

}  // namespace clusterplan::ui
