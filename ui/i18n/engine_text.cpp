#include "ui/i18n/engine_text.h"

#include <QLocale>

namespace clusterplan::ui {

namespace {

// The window's language: LanguageSwitcher sets the default locale with the translators.
Lang windowLanguage() {
    return QLocale().language() == QLocale::Chinese ? Lang::Zh : Lang::En;
}

}  // namespace

QString engineText(const Message& message) {
    return QString::fromStdString(messageText(message, windowLanguage()));
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
    return QString::fromStdString(paragraphText(paragraph, windowLanguage()));
}

QStringList engineTexts(const std::vector<Message>& messages) {
    QStringList texts;
    texts.reserve(static_cast<qsizetype>(messages.size()));
    for (const Message& m : messages)
        texts.push_back(engineText(m));
    return texts;
}

}  // namespace clusterplan::ui
