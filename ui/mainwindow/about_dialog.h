#pragma once
// AboutDialog (Help > About ClusterPlan): the version (from project(VERSION)), the licence text
// (the top-level LICENSE, embedded at build time) and the data's sources as loaded.
#include <QDialog>

namespace clusterplan {
class Catalog;
}

namespace clusterplan::ui {

class AboutDialog : public QDialog {
    Q_OBJECT

public:
    explicit AboutDialog(const Catalog& catalog, QWidget* parent = nullptr);

private:
    QWidget* createAboutTab();
    QWidget* createLicenceTab();
    QWidget* createSourcesTab(const Catalog& catalog);
};

}  // namespace clusterplan::ui
