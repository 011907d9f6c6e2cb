#pragma once
// ArticleDialog (Help > The article, checked): every quantitative claim of the seed article that
// resources/scenarios/article/ holds, with the engine's value beside the article's, the verdict and
// the mechanism (the table `clusterplan-cli article` prints, computed by core/studies/). A sales
// engineer facing a customer who quotes the article picks a claim and opens its example scenario
// in the window to show the engine's numbers. Window-modal: the language cannot change under it.
#include <QDialog>
#include <QString>

#include <vector>

#include "core/studies/claim_check.h"

class QLabel;
class QPushButton;
class QTableWidget;
class QTextBrowser;

namespace clusterplan {
class Catalog;
}

namespace clusterplan::ui {

class ArticleDialog : public QDialog {
    Q_OBJECT

public:
    // Loads and checks the examples of `folder` (articleExamplesFolder() in the application); a
    // folder that cannot be read shows the engine's message instead of the table.
    ArticleDialog(const Catalog& catalog, const QString& folder, QWidget* parent = nullptr);

    [[nodiscard]] QTableWidget* table() const { return m_table; }
    [[nodiscard]] const std::vector<ClaimCheck>& checks() const { return m_checks; }

signals:
    // "Open this example": the path of the selected claim's scenario file.
    void openRequested(const QString& path);

private:
    void fillTable();
    void showDetails(int row);

    QString m_folder;
    std::vector<ClaimCheck> m_checks;
    QLabel* m_summary = nullptr;
    QTableWidget* m_table = nullptr;
    QTextBrowser* m_details = nullptr;
    QPushButton* m_open = nullptr;
};

}  // namespace clusterplan::ui
