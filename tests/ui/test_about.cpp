// Help > About: version from project(VERSION), the LICENSE text, and the data sources as loaded
// (user catalog entries included). Also the scenario file names the Save dialog proposes.
#include "window_fixture.h"

#include <QAction>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTextBrowser>

#include "clusterplan_version.h"
#include "core/cost/price_book.h"
#include "ui/mainwindow/about_dialog.h"
#include "ui/models/qt_text.h"
#include "ui/models/scenario_file_name.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

QString dataSourcesText(const AboutDialog& dialog) {
    const auto* sources = dialog.findChild<QTextBrowser*>(QStringLiteral("dataSources"));
    REQUIRE(sources != nullptr);
    return sources->toPlainText();
}

}  // namespace

TEST_CASE("about.help_menu_shows_version_licence_and_sources", "[about]") {
    WindowFixture f;
    auto* action = f.window.findChild<QAction*>(QStringLiteral("actionAbout"));
    REQUIRE(action != nullptr);
    action->trigger();
    AboutDialog* dialog = nullptr;
    REQUIRE(
        QTest::qWaitFor([&] { return (dialog = f.window.findChild<AboutDialog*>()) != nullptr; }, kWaitMs));
    CHECK(dialog->isVisible());

    const auto* about = dialog->findChild<QLabel*>(QStringLiteral("aboutText"));
    REQUIRE(about != nullptr);
    CHECK(about->text().contains(QStringLiteral("ClusterPlan %1").arg(QString::fromLatin1(kVersion))));
    CHECK(about->text().contains(QStringLiteral("MIT")));

    const auto* licence = dialog->findChild<QPlainTextEdit*>(QStringLiteral("licenceText"));
    REQUIRE(licence != nullptr);
    CHECK(licence->toPlainText().startsWith(QStringLiteral("MIT License")));
    CHECK(licence->toPlainText().contains(QStringLiteral("Permission is hereby granted, free of charge")));

    // Every GPU's and price book's `source` as the catalog holds it, and the calibration papers.
    const QString sources = dataSourcesText(*dialog);
    for (const auto& [id, gpu] : f.catalog.gpus())
        CHECK(sources.contains(toQString(gpu.source)));
    for (const auto& book : f.catalog.priceBooks().books())
        CHECK(sources.contains(toQString(book.source)));
    CHECK(sources.contains(QStringLiteral("arXiv:2104.04473")));  // Narayanan et al. 2021
    CHECK(sources.contains(QStringLiteral("arXiv:2205.05198")));  // Korthikanti et al. 2022
    dialog->close();
}

TEST_CASE("about.sources_include_user_catalog_entries", "[about]") {
    Catalog catalog = Catalog::builtin();
    const Result<bool> merged = catalog.mergeJson(R"({"fabrics": [{"id": "lab-ib", "name": "Lab InfiniBand",
        "scope": "inter", "bandwidth_gb_s": 25, "latency_us": 5, "efficiency": 0.8,
        "source": "our lab's ib_write_bw run, 2026-11", "as_of": "2026-11"}]})",
                                                  "user.json");
    INFO((merged ? std::string() : merged.error().toString()));
    REQUIRE(merged);
    REQUIRE(catalog.fabric("lab-ib") != nullptr);
    const AboutDialog dialog(catalog);
    CHECK(dataSourcesText(dialog).contains(QStringLiteral("our lab's ib_write_bw run, 2026-11")));
}

TEST_CASE("files.save_dialog_proposes_the_clusterplan_extension", "[files]") {
    CHECK(scenarioFileFilter().startsWith(QStringLiteral("ClusterPlan scenarios (*.clusterplan.json")));
    CHECK(proposedScenarioPath({}, QStringLiteral("/home/ann")) ==
          QStringLiteral("/home/ann/untitled.clusterplan.json"));
    CHECK(proposedScenarioPath(QStringLiteral("/data/a.json"), QStringLiteral("/home/ann")) ==
          QStringLiteral("/data/a.json"));
    CHECK(withScenarioExtension(QStringLiteral("/data/llama")) ==
          QStringLiteral("/data/llama.clusterplan.json"));
    CHECK(withScenarioExtension(QStringLiteral("/data/llama.json")) == QStringLiteral("/data/llama.json"));
}
