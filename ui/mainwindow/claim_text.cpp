#include "ui/mainwindow/claim_text.h"

#include "core/studies/article_format.h"
#include "ui/i18n/engine_text.h"
#include "ui/models/qt_text.h"

#include <QCoreApplication>
#include <QLocale>

namespace clusterplan::ui {

QString claimEngineValue(const ClaimCheck& c) {
    const Lang lang = QLocale().language() == QLocale::Chinese ? Lang::Zh : Lang::En;
    return engineText(engineValueText(c.claim, c.engine, lang));
}

// The labels keep the Help dialog's translation context, where they were first translated.
QString claimCheckHtml(const ClaimCheck& c) {
    QString html =
        QStringLiteral("<p><b>%1</b> · %2</p><p>%3</p>")
            .arg(toQString(c.description.section).toHtmlEscaped(), toQString(c.file).toHtmlEscaped(),
                 toQString(c.description.quote).toHtmlEscaped());
    // The gloss is English: shown beside the Chinese sentence in the English window only.
    if (QLocale().language() != QLocale::Chinese && !c.description.gloss.empty())
        html += QStringLiteral("<p><i>%1</i></p>").arg(toQString(c.description.gloss).toHtmlEscaped());
    html += QStringLiteral("<p>%1 %2</p>")
                .arg(QCoreApplication::translate("clusterplan::ui::ArticleDialog", "Tested:"),
                     engineText(c.tested).toHtmlEscaped());
    for (const Message& note : c.notes)
        html += QStringLiteral("<p>%1</p>").arg(engineText(note).toHtmlEscaped());
    html += QStringLiteral("<p>%1 %2<br>%3 %4<br>%5 %6</p><p>%7</p>")
                .arg(QCoreApplication::translate("clusterplan::ui::ArticleDialog", "Article:"),
                     engineText(articleValueText(c.claim)).toHtmlEscaped(),
                     QCoreApplication::translate("clusterplan::ui::ArticleDialog", "Engine:"),
                     claimEngineValue(c).toHtmlEscaped(),
                     QCoreApplication::translate("clusterplan::ui::ArticleDialog", "Verdict:"),
                     engineText(c.verdictText).toHtmlEscaped(), engineText(c.mechanism).toHtmlEscaped());
    return html;
}

}  // namespace clusterplan::ui
