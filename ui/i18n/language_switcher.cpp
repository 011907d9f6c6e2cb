#include "ui/i18n/language_switcher.h"

#include <QCoreApplication>
#include <QLibraryInfo>

namespace clusterplan::ui {

namespace {

const QString kEnglish = QStringLiteral("en");
const QString kChinese = QStringLiteral("zh_CN");

// Numbers follow the system's conventions when it speaks the chosen language (an en_GB system
// keeps en_GB), else the language's main locale.
QLocale localeFor(const QString& code) {
    const QLocale system = QLocale::system();
    if (languageForLocale(system) == code && system.language() != QLocale::C)
        return system;
    return code == kChinese ? QLocale(QLocale::Chinese, QLocale::China)
                            : QLocale(QLocale::English, QLocale::UnitedStates);
}

}  // namespace

QList<LanguageChoice> availableLanguages() {
    return {{kEnglish, QStringLiteral("English")}, {kChinese, QStringLiteral("简体中文")}};
}

QString languageForLocale(const QLocale& locale) {
    return locale.language() == QLocale::Chinese ? kChinese : kEnglish;
}

LanguageSwitcher::LanguageSwitcher(QObject* parent) : QObject(parent) {}

LanguageSwitcher::~LanguageSwitcher() {
    removeTranslators();
}

bool LanguageSwitcher::apply(const QString& code) {
    const QString language = code == kChinese ? kChinese : kEnglish;
    removeTranslators();
    QLocale::setDefault(localeFor(language));
    m_current = language;
    if (language == kEnglish)
        return true;
    // Qt's translations are optional: without them only Qt's own dialog texts stay English.
    if (m_qt.load(QLocale(language), QStringLiteral("qtbase"), QStringLiteral("_"),
                  QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        m_qtInstalled = QCoreApplication::installTranslator(&m_qt);
    if (!m_app.load(QStringLiteral(":/i18n/clusterplan_%1.qm").arg(language)))
        return false;
    m_appInstalled = QCoreApplication::installTranslator(&m_app);
    return m_appInstalled;
}

void LanguageSwitcher::removeTranslators() {
    if (m_appInstalled)
        QCoreApplication::removeTranslator(&m_app);
    if (m_qtInstalled)
        QCoreApplication::removeTranslator(&m_qt);
    m_appInstalled = m_qtInstalled = false;
}

}  // namespace clusterplan::ui
