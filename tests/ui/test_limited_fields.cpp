// Honest state: the window's whole-number fields accept what the file reader accepts,
// no more and no less (the input limits table, core/scenario/input_limits.h), and a number typed
// outside that range is refused with the field's key and the range, never clamped, cut to the
// digits that fit or silently put back (seq_len stopped at 4,194,304 against the reader's 10^7,
// nine typed digits kept seven, 0 GPUs per node bounced back to 8).
#include "window_fixture.h"

#include <QLabel>
#include <QLineEdit>
#include <QTest>

#include "ui/inputs/limited_double_spin_box.h"
#include "ui/inputs/limited_spin_box.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

// Types `text` into `box` as a user does (select all, type, Enter).
void typeInto(QAbstractSpinBox* box, const QString& text) {
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

// Types `text` into the spin box `name`, which refuses it and keeps its value; returns what the
// error box says.
QString refusalOf(WindowFixture& f, const char* name, const QString& text) {
    auto* box = f.widget<QSpinBox>(name);
    const int before = box->value();
    typeInto(box, text);
    QApplication::processEvents();
    CHECK(box->value() == before);  // not clamped to the range, not cut to fewer digits
    return f.widget<QLabel>("errorLabel")->text();
}

}  // namespace

TEST_CASE("limited_fields.every_whole_number_field_has_the_readers_range", "[inputs]") {
    WindowFixture f;
    const QList<LimitedSpinBox*> boxes = f.window.findChildren<LimitedSpinBox*>();
    REQUIRE(boxes.size() >= 20);  // model, MoE/MLA, cluster, training and layout fields
    for (const LimitedSpinBox* box : boxes) {
        const InputLimit& limit = box->limit();
        INFO(std::string(limit.key) << ": " << box->minimum() << " to " << box->maximum());
        CHECK(box->maximum() == limit.maxInt());
        // A field whose lowest value means "unset" (the default, "auto") starts there: at the
        // table's minimum where the file writes it so (layout.dp = 0), or one below it.
        if (box->specialValueText().isEmpty())
            CHECK(box->minimum() == limit.minInt());
        else
            CHECK((box->minimum() == limit.minInt() || box->minimum() == limit.minInt() - 1));
    }
    // The ranges the issue found capped below the reader's.
    CHECK(f.widget<QSpinBox>("seqLen")->maximum() == 10'000'000);
    CHECK(f.widget<QSpinBox>("globalBatch")->maximum() == 100'000'000);
}

// In plain words: the field's name, the number typed and the range, grouped ("Sequence length:
// 99,999,999 is outside the allowed range 1–10,000,000"); the key path is the CLI's word.
TEST_CASE("limited_fields.a_number_out_of_range_is_refused_with_the_field_and_the_range", "[inputs]") {
    WindowFixture f;
    auto* seqLen = f.widget<QSpinBox>("seqLen");
    const QString label = refusalOf(f, "seqLen", QStringLiteral("99999999"));  // eight digits: above 10^7
    INFO(label.toStdString());
    CHECK(label.contains(
        QStringLiteral("Sequence length: 99,999,999 is outside the allowed range 1–10,000,000")));
    CHECK_FALSE(label.contains(QStringLiteral("training.seq_len")));

    // 0 GPUs per node: refused with its range, not put back to 8 in silence.
    const QString gpuLabel = refusalOf(f, "gpusPerNode", QStringLiteral("0"));
    INFO(gpuLabel.toStdString());
    CHECK(gpuLabel.contains(QStringLiteral("GPUs per node: 0 is outside the allowed range 1–")));

    // A value inside the range is taken as typed.
    REQUIRE(f.editAndWait([&] { typeInto(seqLen, QStringLiteral("6144")); }));
    CHECK(f.controller.scenario().training.seqLen == 6144);
}

// The decimal fields the same way: tokens to train (shown in billions), the data set, host memory,
// the network file system. Their ranges are the table's in the box's unit, and a number out of
// range is refused with the key and the table's range in the key's own unit.
TEST_CASE("limited_fields.decimal_fields_refuse_out_of_range_too", "[inputs]") {
    WindowFixture f;
    const QList<LimitedDoubleSpinBox*> boxes = f.window.findChildren<LimitedDoubleSpinBox*>();
    REQUIRE(boxes.size() >= 6);
    auto* tokens = f.widget<QDoubleSpinBox>("tokens");
    REQUIRE(qobject_cast<LimitedDoubleSpinBox*>(tokens) != nullptr);
    CHECK(tokens->maximum() == Approx(1e16 / 1e9));  // the reader's 10^16 tokens, in billions
    const double before = tokens->value();
    typeInto(tokens, QStringLiteral("20000000"));  // 2e16 tokens: twice the limit
    QApplication::processEvents();
    CHECK(tokens->value() == before);  // not clamped to the maximum
    const QString label = f.widget<QLabel>("errorLabel")->text();
    INFO(label.toStdString());
    CHECK(label.contains(QStringLiteral("Tokens: ")));
    CHECK(label.contains(QStringLiteral("1e+16")));

    // Host memory: its lowest value means "auto"; a negative number is refused, not put to auto.
    auto* host = f.widget<QDoubleSpinBox>("cpuMemory");
    REQUIRE(host->isEnabled());
    const double hostBefore = host->value();
    typeInto(host, QStringLiteral("-5"));
    QApplication::processEvents();
    CHECK(host->value() == hostBefore);
    CHECK(f.widget<QLabel>("errorLabel")->text().contains(QStringLiteral("Host memory: ")));

    // Inside the range: taken as typed.
    REQUIRE(f.editAndWait([&] { typeInto(tokens, QStringLiteral("250")); }));
    CHECK(f.controller.scenario().training.tokens == Approx(250e9));
}

// The same refusal in the Chinese window: the field's Chinese name and a Chinese sentence, the
// numbers grouped ("服务器台数：0 不在允许范围 1–1,000,000"), no key path.
TEST_CASE("limited_fields.a_refusal_reads_in_chinese", "[inputs][language]") {
    WindowFixture f;
    f.window.setLanguage(QStringLiteral("zh_CN"));
    const QString label = refusalOf(f, "nodes", QStringLiteral("0"));
    INFO(label.toStdString());
    CHECK(label.startsWith(QStringLiteral("服务器台数：0 不在允许范围 1–")));
    CHECK_FALSE(label.contains(QStringLiteral("cluster.nodes")));
    f.window.setLanguage(QStringLiteral("en"));
}
