#pragma once
// LanguageSwitcher: the language the window speaks. English is the source language of every tr()
// string; Simplified Chinese comes from resources/translations/clusterplan_zh_CN.ts, compiled to
// .qm by CMake (Qt 6 LinguistTools) and embedded under :/i18n. Qt's own strings (file dialog,
// standard buttons) come from Qt's qtbase_*.qm when the system has them (qt6-translations-l10n).
// Switching installs the translators, which makes Qt send QEvent::LanguageChange to every widget,
// and sets the default QLocale so numbers and money follow the language.
#include <QList>
#include <QLocale>
#include <QObject>
#include <QString>
#include <QTranslator>

namespace clusterplan::ui {

struct LanguageChoice {
    QString code;        // "en", "zh_CN"
    QString nativeName;  // shown in the Language menu in its own language: "English", "简体中文"
};

// The languages the window offers, English first.
QList<LanguageChoice> availableLanguages();
// The offered language for a locale: zh_CN for any Chinese locale (Simplified is the only Chinese
// translation), else English.
QString languageForLocale(const QLocale& locale);

class LanguageSwitcher : public QObject {
    Q_OBJECT

public:
    explicit LanguageSwitcher(QObject* parent = nullptr);
    ~LanguageSwitcher() override;

    // Installs `code` (one of availableLanguages(); anything else means English). Returns false
    // when the translation could not be loaded, which the tests treat as a build defect.
    bool apply(const QString& code);
    [[nodiscard]] QString current() const { return m_current; }

private:
    void removeTranslators();

    QTranslator m_app;
    QTranslator m_qt;
    bool m_appInstalled = false;
    bool m_qtInstalled = false;
    QString m_current = QStringLiteral("en");
};

}  // namespace clusterplan::ui
