// Robustness through the window's save and open paths: a failed save (read-only file, missing
// folder) returns the message, keeps the document marked modified and the old file intact; a
// scenario from a newer schema version is refused and nothing of it reaches the inputs.
#include "window_fixture.h"

#include <QFile>
#include <QSpinBox>
#include <QTemporaryDir>
#include <fstream>

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

QByteArray readAll(const QString& path) {
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    return file.readAll();
}

// Through std::ofstream: the file under test is created outside Qt, as another program would.
void writeFile(const QString& path, const char* contents) {
    std::ofstream(path.toStdString(), std::ios::binary | std::ios::trunc) << contents;
}

// The window and a scratch folder for the files it saves and opens.
struct FilesFixture {
    WindowFixture f;
    QTemporaryDir dir;
    [[nodiscard]] QString path(const char* name) const { return dir.filePath(QString::fromLatin1(name)); }
};

}  // namespace

TEST_CASE("files.save_over_read_only_file_keeps_it_and_the_edit", "[files]") {
    FilesFixture x;
    auto& f = x.f;
    const QString path = x.path("plan.json");
    writeFile(path, "old contents");
    REQUIRE(QFile::setPermissions(path,
                                  QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther));
    REQUIRE(f.editAndWait([&] { f.widget<QSpinBox>("tp")->setValue(2); }));
    REQUIRE(f.window.isWindowModified());

    const QString message = f.controller.saveFile(path);
    CHECK(message.contains(QStringLiteral("read-only")));
    CHECK(readAll(path) == "old contents");
    CHECK(f.window.isWindowModified());  // the edit is still unsaved, not silently lost
    CHECK(f.controller.filePath() != path);
}

TEST_CASE("files.save_into_missing_folder_says_so", "[files]") {
    FilesFixture x;
    const QString message = x.f.controller.saveFile(x.path("gone/plan.json"));
    CHECK(message.contains(QStringLiteral("does not exist")));
}

TEST_CASE("files.open_newer_schema_is_refused_whole", "[files]") {
    FilesFixture x;
    auto& f = x.f;
    const QString path = x.path("future.json");
    writeFile(path, R"({"schema": "clusterplan.scenario/2", "model": {"preset": "llama-3.1-70b"},
                        "cluster": {"nodes": 64}})");
    const Scenario before = f.controller.scenario();
    const QString message = f.controller.openFile(path);
    CHECK(message.contains(QStringLiteral("newer version of ClusterPlan")));
    CHECK(f.controller.scenario() == before);
    CHECK(f.controller.filePath() != path);
}
