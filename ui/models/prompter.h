#pragma once
// Prompter: every question and file dialog the window shows goes through here, so that a test can
// answer them (answerWith) instead of a person. Without test answers it shows the real dialogs,
// with buttons in the window's language.
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <functional>

class QWidget;

namespace clusterplan::ui {

class Prompter {
    Q_DECLARE_TR_FUNCTIONS(Prompter)

public:
    enum class Question {
        SaveChanges,        // Yes = save, No = discard, Cancel = keep editing
        RecoverAutosave,    // Yes = recover, No = discard the autosave
        ReviseDecided,      // Yes = record a new (draft) revision of an accepted or lost quote, No = do not
                            // export
        ExportStalePrices,  // Yes = export a quote priced on a stale price book, No = do not export
    };
    enum class Answer { Yes, No, Cancel };

    struct TestAnswers {
        std::function<Answer(Question)> answer;
        std::function<QString(bool forSave)> fileName;  // empty: the user cancelled
        // Export targets (ExportActions): given the export's tag, the path a user would pick.
        std::function<QString(const QString& tag)> exportPath;
    };

    explicit Prompter(QWidget* parent) : m_parent(parent) {}

    Answer ask(Question question, const QString& detail = {});
    QString openFileName(const QString& directory);
    QString saveFileName(const QString& suggestion);
    void warn(const QString& title, const QString& text);
    // Where an export goes: a file (`suggestion` "quote.pdf", also the tag for test answers) or a
    // folder (`tag` "csv", "images"); empty: the user cancelled. With test answers and no
    // exportPath answer, nothing is shown and the export is cancelled.
    QString exportFileName(const QString& title, const QString& suggestion, const QString& filter);
    QString exportFolder(const QString& title, const QString& tag);

    void answerWith(TestAnswers answers) { m_test = std::move(answers); }
    // Warnings shown so far (tests read them; real dialogs are shown as well without test answers).
    [[nodiscard]] const QStringList& warnings() const { return m_warnings; }

private:
    [[nodiscard]] bool answeredByTest() const {
        return m_test.answer || m_test.fileName || m_test.exportPath;
    }

    QWidget* m_parent;
    TestAnswers m_test;
    QStringList m_warnings;
};

}  // namespace clusterplan::ui
