#pragma once
// PdfCanvas: flowing A4 pages on a QPainter for the quote: headings, paragraphs,
// label/value rows, tables that break across pages with their header repeated, vector charts and
// boxes, and a footer with the page number on every page. It paginates by blocks: a short block
// (label/value rows, a small table) moves whole to the next page rather than splitting; a long
// table keeps its last rows with whatever must follow it (its subtotal, totals and note), so no
// page holds a table's tail alone. The height used on every page is kept (pageFills()). Text uses WenQuanYi
// Micro Hei, which embeds as a subset and stays extractable by pdftotext for Chinese and English (Noto CJK
// breaks pdftotext). Units are device pixels at kDpi.
#include <QFont>
#include <QPainter>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

class QPagedPaintDevice;
class QGraphicsScene;

namespace clusterplan::ui {

struct PdfTable {
    QStringList header;
    std::vector<double> widths;      // shares of the text width, summing to 1
    std::vector<bool> rightAligned;  // per column (numbers)
    std::vector<QStringList> rows;
    std::vector<bool> strongRows;  // bold rows (subtotals); may be shorter than rows
    double fontPt = 8;
};

class PdfCanvas {
public:
    static constexpr int kDpi = 300;
    // `footer` is printed on every page with "page / pages"; `pageLabel` formats it.
    PdfCanvas(QPagedPaintDevice* device, QString footer, std::function<QString(int, int)> pageLabel,
              int totalPages);
    ~PdfCanvas();

    void heading(const QString& text, double pt = 14);
    void paragraph(const QString& text, double pt = 9, bool bold = false);
    // `labelShare`: the label column's share of the text width.
    void rows(const std::vector<std::pair<QString, QString>>& rows, double pt = 10, double labelShare = 0.32);
    // `keepWithNext`: the height of what must follow the table on the same page as its last rows
    // (the totals under a line-item table).
    void table(const PdfTable& table, double keepWithNext = 0);
    // The heights these take when drawn (a block is measured before it is placed).
    [[nodiscard]] double rowsHeight(const std::vector<std::pair<QString, QString>>& rows, double pt = 10,
                                    double labelShare = 0.32) const;
    [[nodiscard]] double tableHeight(const PdfTable& table) const;
    // The block table() keeps together where it starts: the whole table with `keepWithNext` when it
    // is short, else its header and first two rows. A chart keeps this much of its table with it.
    [[nodiscard]] double tableOpeningHeight(const PdfTable& table, double keepWithNext = 0) const;
    [[nodiscard]] double paragraphHeight(const QString& text, double pt = 9, bool bold = false) const;
    // The height left on this page, and the whole text height of a page.
    [[nodiscard]] double remaining() const { return m_area.bottom() - m_y; }
    [[nodiscard]] double pageHeight() const { return m_area.height(); }
    // Renders the scene's rectangle into the full text width, keeping its aspect ratio (vectors).
    void scene(QGraphicsScene* scene, const QRectF& source, double heightShare = 0.4);
    // The height scene() will take for `source`, and a heading's with the space after it.
    [[nodiscard]] double sceneHeight(const QRectF& source, double heightShare = 0.4) const;
    [[nodiscard]] double headingHeight(const QString& text, double pt = 14);
    // Starts a new page unless `height` more fits on this one (a heading with its chart).
    void keepTogether(double height);
    void image(const QString& path, double maxHeightMm);
    void box(const QString& caption, double widthMm, double heightMm);
    // Boxes side by side across the text width, each with its caption at the top (signatures).
    void boxes(const QStringList& captions, double heightMm);
    void space(double mm);
    void newPage();
    // The least share of its text height a page but the last is filled to, unless the block that
    // starts the next page did not fit in the rest of it (pageBreakBlocks()).
    static constexpr double kSectionFill = 0.40;
    // A new page for the next section, unless this page is less than half full (a section ending
    // with a few lines at the top of a page, or the signature boxes, left that page mostly blank):
    // then a gap, and the section's first block moves on only if it does not fit.
    void sectionBreak();
    [[nodiscard]] int pages() const { return m_page; }
    // A word printed large and light across every page (a draft's "DRAFT"); empty: none.
    void setWatermark(const QString& text) { m_watermark = text; }
    // The share of each page's text height that was drawn on, down to the last thing drawn (a gap
    // or margin below it is not counted), page 1 first (the current page last).
    [[nodiscard]] std::vector<double> pageFills() const;
    // For each page but the current one, the share of a page taken by the block that did not fit
    // on it and so started the next page, with the space left above it (0 where the document asked
    // for a new page): a page less than kSectionFill full is one that such a block forced.
    [[nodiscard]] const std::vector<double>& pageBreakBlocks() const { return m_breakBlocks; }
    // The text laid out, in drawing order, one entry per heading, paragraph, table row (cells joined
    // by " | "), box caption and chart text item, with each page's footer closing the page (so a
    // change of wording, number or page break shows in a diff of it).
    [[nodiscard]] const QStringList& text() const { return m_text; }
    // The smallest chart text drawn so far, in points at print size (0 before any chart).
    [[nodiscard]] double smallestChartPt() const { return m_smallestChartPt; }
    [[nodiscard]] QFont font(double pt, bool bold = false) const;
    // The columns' widths in device pixels: the table's shares, with every right-aligned (number)
    // column widened to its longest cell, taken from the text columns, which wrap.
    [[nodiscard]] std::vector<double> columnWidths(const PdfTable& t) const;

private:
    // A table up to this share of a page's text height moves whole with what follows it.
    static constexpr double kShortTable = 0.35;
    [[nodiscard]] double mm(double v) const { return v * kDpi / 25.4; }
    void ensure(double height);
    // Moves a block of `height` whole to the next page when it does not fit here, if it fits on a page.
    void keepBlock(double height);
    [[nodiscard]] double currentFill() const { return (m_y - m_area.top()) / m_area.height(); }
    // How far down this page something was drawn (the space after the last block left out).
    [[nodiscard]] double drawnFill() const { return (m_drawnY - m_area.top()) / m_area.height(); }
    void drawFooter();
    // Adds a line to text(), its line breaks as " / ".
    void record(const QString& line);
    double rowHeight(const std::vector<double>& widths, const QStringList& cells, const QFont& f) const;
    void drawRow(const PdfTable& t, const std::vector<double>& widths, const QStringList& cells,
                 const QFont& f, bool header);

    QPagedPaintDevice* m_device;
    QPainter m_painter;
    QString m_footer;
    std::function<QString(int, int)> m_pageLabel;
    int m_totalPages;
    int m_page = 1;
    QRectF m_area;  // printable text area
    double m_y = 0;
    double m_drawnY = 0;                // the bottom of the last thing drawn on this page
    std::vector<double> m_fills;        // of the pages before the current one
    std::vector<double> m_breakBlocks;  // see pageBreakBlocks()
    double m_nextBlock = 0;             // the block ensure() moves to the next page
    QStringList m_text;
    QString m_watermark;
    double m_smallestChartPt = 0;
};

// The family name of the bundled CJK font, registering the file with Qt when fontconfig does not
// know it (fonts-wqy-microhei: /usr/share/fonts/truetype/wqy/wqy-microhei.ttc).
QString reportFontFamily();

}  // namespace clusterplan::ui
