#include "ui/i18n/engine_text.h"

#include <QCoreApplication>
#include <string>

#include "core/util/message_catalog.h"

namespace clusterplan::ui {

namespace {

QString translate(const char* text) {
    return QCoreApplication::translate("EngineMessage", text);
}

// Sentences are joined by a space after Latin text and by nothing after a full-width stop (。).
void appendSentence(QString& out, const QString& sentence) {
    if (!out.isEmpty() && out.back().unicode() < 0x3000)
        out += QLatin1Char(' ');
    out += sentence;
}

}  // namespace

QString engineText(const Message& message) {
    const auto templ = messageTemplate(message.id);
    if (!templ)  // not from the catalog (a hand-made plan): show what the engine wrote
        return QString::fromStdString(message.text);
    // The catalog's templates are string literals, so data() is NUL-terminated.
    const QString translated = translate(templ->data());
    if (message.inner.empty())
        return QString::fromStdString(fillTemplate(translated.toStdString(), message.args));
    // Arguments that are sentences themselves (an inner error, "a number") are translated too.
    std::vector<std::string> args;
    args.reserve(message.inner.size());
    for (const Message& inner : message.inner)
        args.push_back(engineText(inner).toStdString());
    return QString::fromStdString(fillTemplate(translated.toStdString(), args));
}

QString engineText(const Error& error) {
    if (error.reason.id.empty())
        return QString::fromStdString(error.message);
    return engineText(error.reason);
}

QString engineErrorLine(const Error& error) {
    return engineText(errorLine(error));
}

QString engineText(const Paragraph& paragraph) {
    //: Between the clauses of the search's explanation ("TP=2 ...; compute is ...").
    const QString clauseGap = QCoreApplication::translate("EngineMessage", "; ", "between clauses");
    //: Closes the list of clauses of the search's explanation.
    const QString stop = QCoreApplication::translate("EngineMessage", ".", "after the last clause");
    QString out;
    for (const QString& sentence : engineTexts(paragraph.sentences))
        appendSentence(out, sentence);
    if (!paragraph.clauses.empty())
        appendSentence(out, engineTexts(paragraph.clauses).join(clauseGap) + stop);
    return out;
}

QStringList engineTexts(const std::vector<Message>& messages) {
    QStringList texts;
    texts.reserve(static_cast<qsizetype>(messages.size()));
    for (const Message& m : messages)
        texts.push_back(engineText(m));
    return texts;
}

}  // namespace clusterplan::ui
