#include "ui/export/quote_pdf_options.h"

#include <algorithm>

#include "core/quote/labels.h"
#include "core/quote/messages_quote_options.h"
#include "core/util/message.h"
#include "ui/export/pdf_canvas.h"
#include "ui/models/qt_text.h"

namespace clusterplan::ui {

void paintOptionsPage(PdfCanvas& canvas, const quote::OptionsPage& page, quote::Lang lang) {
    // It follows the signature boxes, its heading, introduction and table together, and starts a
    // page only when they do not fit under them (it always started one: page 3 of the 8-page
    // Chinese quote ended with the signature boxes, the rest of it blank).
    canvas.space(8);
    const QString title = toQString(quote::label(lang, msg::kQuoteOptionsTitle));
    QStringList intro;
    for (const auto& line : quote::optionsPageIntro(page, lang))
        intro << toQString(line);
    PdfTable t;
    for (const auto& h : quote::optionsPageHeader(page, lang))
        t.header << toQString(h);
    // Option, cluster, how, days, excl. VAT, incl. VAT, fits and deadline, why: the why wraps.
    t.widths = {0.09, 0.17, 0.12, 0.07, 0.11, 0.11, 0.08, 0.25};
    t.rightAligned = {false, false, false, true, true, true, false, false};
    t.fontPt = 7.5;
    for (const auto& row : quote::optionsPageRows(page, lang)) {
        QStringList cells;
        for (const auto& cell : row)
            cells << toQString(cell);
        t.rows.push_back(cells);
        // The quoted configuration in bold: the options beside it are what it is weighed against.
        t.strongRows.push_back(t.rows.size() <= page.rows.size() && !page.rows[t.rows.size() - 1].studyRow);
    }
    double opening =
        canvas.headingHeight(title, 18) + std::min(canvas.tableHeight(t), canvas.pageHeight() / 2);
    for (const QString& line : intro)
        opening += canvas.paragraphHeight(line, 9);
    canvas.keepTogether(opening);
    canvas.heading(title, 18);
    for (const QString& line : intro)
        canvas.paragraph(line, 9);
    canvas.space(2);
    canvas.table(t);
    canvas.space(2);
    // Each bold title stays with its first line (计算依据 was left at the foot of a page, its list
    // on the next).
    const auto titled = [&canvas, lang](const MessageId<0>& key, const QStringList& lines, double pt) {
        const QString head = toQString(quote::label(lang, key));
        canvas.keepTogether(canvas.paragraphHeight(head, 10, true) +
                            (lines.isEmpty() ? 0.0 : canvas.paragraphHeight(lines.front(), pt)));
        canvas.paragraph(head, 10, true);
        for (const QString& line : lines)
            canvas.paragraph(line, pt);
    };
    const auto bullets = [](const std::vector<std::string>& lines) {
        QStringList out;
        for (const auto& line : lines)
            out << QStringLiteral("• ") + toQString(line);
        return out;
    };
    titled(msg::kQuoteOptionsRecommendation, {toQString(messageText(page.recommendation, lang))}, 9);
    if (const auto others = quote::optionsPageOtherTypes(page, lang); !others.empty())
        titled(msg::kQuoteOptionsOtherTypes, bullets(others), 8);
    titled(msg::kQuoteOptionsBases, bullets(quote::optionsPageBases(page, lang)), 8);
}

}  // namespace clusterplan::ui
