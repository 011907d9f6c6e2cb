#include "ui/export/quote_pdf_options.h"

#include "core/quote/labels.h"
#include "core/quote/messages_quote_options.h"
#include "core/util/message.h"
#include "ui/export/pdf_canvas.h"
#include "ui/models/qt_text.h"

namespace clusterplan::ui {

void paintOptionsPage(PdfCanvas& canvas, const quote::OptionsPage& page, quote::Lang lang) {
    canvas.newPage();
    canvas.heading(toQString(quote::label(lang, msg::kQuoteOptionsTitle)), 18);
    for (const auto& line : quote::optionsPageIntro(page, lang))
        canvas.paragraph(toQString(line), 9);
    canvas.space(2);
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
    canvas.table(t);
    canvas.space(2);
    canvas.paragraph(toQString(quote::label(lang, msg::kQuoteOptionsRecommendation)), 10, true);
    canvas.paragraph(toQString(messageText(page.recommendation, lang)), 9);
    const auto others = quote::optionsPageOtherTypes(page, lang);
    if (!others.empty()) {
        canvas.paragraph(toQString(quote::label(lang, msg::kQuoteOptionsOtherTypes)), 10, true);
        for (const auto& line : others)
            canvas.paragraph(QStringLiteral("• ") + toQString(line), 8);
    }
    canvas.paragraph(toQString(quote::label(lang, msg::kQuoteOptionsBases)), 10, true);
    for (const auto& line : quote::optionsPageBases(page, lang))
        canvas.paragraph(QStringLiteral("• ") + toQString(line), 8);
}

}  // namespace clusterplan::ui
