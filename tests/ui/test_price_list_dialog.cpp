// File ▸ Import price list: a vendor's CSV applied to the user's price book in the
// window as `clusterplan-cli pricebook import` does: checked row by row, the changes shown before
// anything is written, saved atomically, and the window then prices with the new book.
#include "window_fixture.h"

#include <QAction>
#include <QComboBox>
#include <QDate>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>

#include "core/cost/price_book.h"
#include "ui/models/plan_controller.h"
#include "ui/models/qt_text.h"
#include "ui/quotes/price_list_dialog.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

// The user's configuration folder of the test's own ($XDG_CONFIG_HOME: the user's price book is
// read from it), put back at the end.
struct OwnConfig {
    QTemporaryDir dir;
    QByteArray before = qgetenv("XDG_CONFIG_HOME");
    OwnConfig() {
        qputenv("XDG_CONFIG_HOME", dir.path().toLocal8Bit());
        QDir(dir.path()).mkpath(QStringLiteral("clusterplan"));
    }
    ~OwnConfig() { qputenv("XDG_CONFIG_HOME", before); }
    [[nodiscard]] QString userBook() const { return toQString(cost::userPriceBookPath()); }
};

QByteArray readAll(const QString& path) {
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    return file.readAll();
}

void copyFile(const QString& from, const QString& to) {
    QFile::remove(to);
    REQUIRE(QFile::copy(from, to));
    QFile(to).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
}

}  // namespace

TEST_CASE("price_list.import_from_the_menu_updates_the_book_and_the_window_prices_with_it", "[price_list]") {
    OwnConfig config;
    WindowFixture f;
    copyFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/pricebook-vendor.json"), config.userBook());
    REQUIRE(f.controller.catalog().priceBooks().book("vendor-cn-2026") == nullptr);  // not loaded yet

    auto* action = f.window.findChild<QAction*>(QStringLiteral("actionImportPriceList"));
    REQUIRE(action != nullptr);
    action->trigger();
    auto* dialog = f.window.findChild<PriceListDialog*>();
    REQUIRE(dialog != nullptr);
    CHECK(QFileInfo(dialog->bookPath()) == QFileInfo(config.userBook()));  // the book read at start
    auto* save = dialog->findChild<QPushButton*>(QStringLiteral("priceListSave"));
    CHECK_FALSE(save->isEnabled());  // no list yet

    dialog->setListPath(QStringLiteral(CLUSTERPLAN_TEST_DATA "/pricelist-good.csv"));
    const QString preview = dialog->previewText();
    INFO(preview.toStdString());
    CHECK(preview.contains(QStringLiteral("pricelist-good.csv")));
    CHECK(preview.contains(QStringLiteral("vendor-a100-server")));
    CHECK(preview.contains(QStringLiteral("vendor-h100-8x")));  // a new purchase entry
    CHECK(preview.contains(QStringLiteral("→")));
    REQUIRE(save->isEnabled());
    const QByteArray before = readAll(config.userBook());
    QTest::mouseClick(save, Qt::LeftButton);
    CHECK(readAll(config.userBook()) != before);

    // The window reads its catalog again and rebuilds its inputs: the vendor's book is a choice.
    REQUIRE(QTest::qWaitFor(
        [&] { return f.controller.catalog().priceBooks().book("vendor-cn-2026") != nullptr; }, kWaitMs));
    const cost::PriceBook* book = f.controller.catalog().priceBooks().book("vendor-cn-2026");
    CHECK(book->asOf == toStdString(QDate::currentDate().toString(Qt::ISODate)));
    REQUIRE(QTest::qWaitFor(
        [&] {
            auto* books = f.window.findChild<QComboBox*>(QStringLiteral("priceBook"));
            return books && books->findData(QStringLiteral("vendor-cn-2026")) >= 0;
        },
        kWaitMs));
}

// Typing the list's path and pressing Enter reads it and shows the changes; only Save writes.
TEST_CASE("price_list.enter_in_the_path_field_previews_without_saving", "[price_list]") {
    OwnConfig config;
    WindowFixture f;
    copyFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/pricebook-vendor.json"), config.userBook());
    const QByteArray before = readAll(config.userBook());
    PriceListDialog dialog(f.controller, "2026-12-03");
    dialog.show();
    auto* path = dialog.findChild<QLineEdit*>(QStringLiteral("priceListPath"));
    path->setFocus();
    QTest::keyClicks(path, QStringLiteral(CLUSTERPLAN_TEST_DATA "/pricelist-good.csv"));
    QTest::keyClick(path, Qt::Key_Return);
    QApplication::processEvents();
    CHECK(dialog.previewText().contains(QStringLiteral("vendor-a100-server")));
    CHECK(dialog.canSave());
    CHECK(dialog.isVisible());
    CHECK(readAll(config.userBook()) == before);
}

TEST_CASE("price_list.errors_name_the_line_and_nothing_is_written", "[price_list]") {
    OwnConfig config;
    WindowFixture f;
    copyFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/pricebook-vendor.json"), config.userBook());
    const QByteArray before = readAll(config.userBook());
    PriceListDialog dialog(f.controller, "2026-12-03");
    dialog.setListPath(QStringLiteral(CLUSTERPLAN_TEST_DATA "/pricelist-bad.csv"));
    const QString preview = dialog.previewText();
    INFO(preview.toStdString());
    CHECK_FALSE(dialog.canSave());
    CHECK_FALSE(dialog.findChild<QPushButton*>(QStringLiteral("priceListSave"))->isEnabled());
    for (const char* line : {"pricelist-bad.csv:2", "pricelist-bad.csv:3", "pricelist-bad.csv:4"})
        CHECK(preview.contains(QString::fromLatin1(line)));
    CHECK(preview.contains(QStringLiteral("price")));
    CHECK_FALSE(dialog.save());
    CHECK(readAll(config.userBook()) == before);
}

TEST_CASE("price_list.without_a_user_book_it_starts_from_the_built_in_book_the_scenario_uses",
          "[price_list]") {
    OwnConfig config;
    WindowFixture f;
    REQUIRE(f.controller.scenario().cost.priceBook == "cn-seed-2026");
    REQUIRE_FALSE(QFile::exists(config.userBook()));
    const QString list = config.dir.filePath(QStringLiteral("list.csv"));
    {
        QFile file(list);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write("kind,id,price,source,as_of\nrent,yiwan-a100-8x-server,28800,\"vendor mail\",2026-11\n");
    }
    PriceListDialog dialog(f.controller, "2026-12-03");
    dialog.setListPath(list);
    INFO(dialog.previewText().toStdString());
    CHECK(dialog.findChild<QLabel*>(QStringLiteral("priceBookNote"))
              ->text()
              .contains(QStringLiteral("built-in")));
    CHECK(dialog.previewText().contains(QStringLiteral("yiwan-a100-8x-server")));
    REQUIRE(dialog.canSave());
    REQUIRE(dialog.save());
    cost::PriceBooks books = cost::PriceBooks::builtin();
    REQUIRE(books.mergeFile(cost::userPriceBookPath()));
    CHECK(books.diagnostics().empty());
    const cost::PriceBook* book = books.book("cn-seed-2026");
    REQUIRE(book != nullptr);
    CHECK(book->asOf == "2026-12-03");
    bool found = false;
    for (const cost::RentOffer& offer : book->rentOffers)
        if (offer.id == "yiwan-a100-8x-server") {
            found = true;
            CHECK(offer.price == Approx(28800));
            CHECK(offer.asOf == "2026-11");
        }
    CHECK(found);
}
