// The MoE layout keys in the window: the token dispatcher, the EP overlap and the routing as inputs
// of the Layout panel (undoable, searched while EP is), and as columns and filter terms of the
// Explorer on DeepSeek-V3.
#include "window_fixture.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>

#include <set>

#include "ui/charts/layout_explorer_tab.h"
#include "ui/models/layout_table_model.h"
#include "ui/models/scenario_history.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

// Megatron-Core's DeepSeek-V3 recipe on 1,024 H100: EP 64 fixed, so the dispatcher and the overlap
// are Megatron-Core's defaults (all-to-all, none), fixed too.
const QString kDeepSeekLayout = QStringLiteral(CLUSTERPLAN_TEST_DATA "/deepseek-v3-1024xh100-layout.json");
// DeepSeek-V3 on 2,048 H800 with every layout key searched.
const QString kDeepSeekSearch = QStringLiteral(CLUSTERPLAN_TEST_DATA "/search-deepseek-v3-2048xh800.json");

bool searchChoiceEnabled(QComboBox* box) {
    auto* items = qobject_cast<QStandardItemModel*>(box->model());
    REQUIRE(items != nullptr);
    return items->item(0)->isEnabled();
}

// Selects the item whose data is `value` and waits for the plan; then lets the merge window pass,
// so that the next edit of the layout is an undo step of its own (ScenarioHistory::kMergeMs).
void choose(WindowFixture& f, QComboBox* box, int value) {
    const int index = box->findData(value);
    REQUIRE(index >= 0);
    REQUIRE(f.editAndWait([&] { box->setCurrentIndex(index); }));
    QTest::qWait(static_cast<int>(ScenarioHistory::kMergeMs) + 50);
}

}  // namespace

TEST_CASE("inputs.moe_keys_change_the_plan_and_undo_restores_it", "[inputs][moe][undo]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] { f.window.openScenarioFile(kDeepSeekLayout); }));
    auto* dispatcher = f.widget<QComboBox>("dispatcher");
    auto* overlap = f.widget<QComboBox>("epOverlap");
    auto* routing = f.widget<QComboBox>("routing");
    for (QComboBox* box : {dispatcher, overlap, routing})
        CHECK(box->isEnabled());
    // EP is the file's: the dispatcher and overlap are fixed at the defaults, not searched.
    CHECK(dispatcher->currentData().toInt() == static_cast<int>(MoeDispatcher::AllToAll));
    CHECK(overlap->currentData().toInt() == static_cast<int>(EpOverlap::None));
    CHECK(routing->currentData().toInt() == static_cast<int>(MoeRouting::ForcedBalance));
    CHECK_FALSE(searchChoiceEnabled(dispatcher));
    CHECK_FALSE(searchChoiceEnabled(overlap));

    QUndoStack& stack = f.window.history().stack();
    const Scenario original = f.controller.scenario();
    const double before = f.controller.plan()->perf.stepSeconds;
    const int steps = stack.count();

    // DeepEP sends a token over InfiniBand once per server instead of once per expert GPU: EP 64
    // spans 8 servers, so the step shortens.
    choose(f, dispatcher, static_cast<int>(MoeDispatcher::DeepEp));
    CHECK(f.controller.scenario().layout.moe.dispatcher == MoeDispatcher::DeepEp);
    CHECK(f.controller.plan()->layout.moe.dispatcher == MoeDispatcher::DeepEp);
    const double deepEp = f.controller.plan()->perf.stepSeconds;
    CHECK(deepEp < before);
    // The 1F1B A2A overlap hides traffic behind another micro-batch's compute (interleaved, VPP 4).
    choose(f, overlap, static_cast<int>(EpOverlap::OneFOneB));
    CHECK(f.controller.plan()->layout.moe.epOverlap == EpOverlap::OneFOneB);
    const double hidden = f.controller.plan()->perf.stepSeconds;
    CHECK(hidden < deepEp);
    // Learned dropless routing waits for the busiest expert: slower than forced balance.
    choose(f, routing, static_cast<int>(MoeRouting::Dropless));
    CHECK(f.controller.plan()->layout.moe.routing == MoeRouting::Dropless);
    CHECK(f.controller.plan()->perf.stepSeconds > hidden);
    CHECK(stack.count() == steps + 3);  // one undo step per input

    REQUIRE(f.editAndWait([&] { stack.undo(); }));
    CHECK(routing->currentData().toInt() == static_cast<int>(MoeRouting::ForcedBalance));
    CHECK(f.controller.plan()->perf.stepSeconds == Approx(hidden));
    REQUIRE(f.editAndWait([&] { stack.undo(); }));
    CHECK(overlap->currentData().toInt() == static_cast<int>(EpOverlap::None));
    CHECK(f.controller.plan()->perf.stepSeconds == Approx(deepEp));
    REQUIRE(f.editAndWait([&] { stack.undo(); }));
    CHECK(dispatcher->currentData().toInt() == static_cast<int>(MoeDispatcher::AllToAll));
    CHECK(f.controller.scenario() == original);
    CHECK(f.controller.plan()->perf.stepSeconds == Approx(before));
}

// The router's balancing-loss coefficient: an input only under learned (dropless) routing. A larger
// coefficient balances the experts better, so the busiest expert rank keeps the others waiting less.
TEST_CASE("inputs.balancing_loss_coefficient_times_dropless_routing", "[inputs][moe][files]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] { f.window.openScenarioFile(kDeepSeekLayout); }));
    auto* routing = f.widget<QComboBox>("routing");
    auto* alpha = f.widget<QDoubleSpinBox>("routerAuxLoss");
    REQUIRE(routing->currentData().toInt() == static_cast<int>(MoeRouting::ForcedBalance));
    CHECK_FALSE(alpha->isEnabled());  // forced balance has no router loss to weigh
    CHECK(alpha->value() == Approx(MoeOptions{}.routerAuxLoss));
    CHECK(alpha->toolTip().contains(QStringLiteral("--moe-aux-loss-coeff")));
    // Never searched: its tooltip names its own default, not the layout's search.
    CHECK(alpha->toolTip().contains(QStringLiteral("0.001 when the scenario file leaves it out")));
    CHECK_FALSE(alpha->toolTip().contains(QStringLiteral("searched by ClusterPlan")));

    choose(f, routing, static_cast<int>(MoeRouting::Dropless));
    REQUIRE(alpha->isEnabled());
    const double weak = f.controller.plan()->perf.stepSeconds;
    REQUIRE(f.editAndWait([&] { alpha->setValue(0.01); }));
    CHECK(f.controller.scenario().layout.moe.routerAuxLoss == Approx(0.01));
    CHECK(f.controller.plan()->perf.stepSeconds < weak);

    // Out of its range (at most 1): refused with the field and the range, the value kept.
    alpha->setFocus();
    alpha->selectAll();
    QTest::keyClicks(alpha, QStringLiteral("2"));
    QTest::keyClick(alpha, Qt::Key_Return);
    QApplication::processEvents();
    CHECK(alpha->value() == Approx(0.01));
    const QString refusal = f.widget<QLabel>("errorLabel")->text();
    INFO(refusal.toStdString());
    CHECK(refusal.contains(QStringLiteral("Balancing-loss coefficient: is 2, allowed range")));
    CHECK(f.controller.scenario().layout.moe.routerAuxLoss == Approx(0.01));

    // Saved and opened with the scenario.
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("dropless.json"));
    REQUIRE(f.controller.saveFile(path).isEmpty());
    const Scenario saved = f.controller.scenario();
    REQUIRE(f.editAndWait([&] { alpha->setValue(0.1); }));
    REQUIRE(f.editAndWait([&] { f.controller.openFile(path); }));
    CHECK(f.controller.scenario() == saved);
    CHECK(alpha->value() == Approx(0.01));
    CHECK(alpha->isEnabled());

    // Back to forced balance: the field is off again.
    choose(f, routing, static_cast<int>(MoeRouting::ForcedBalance));
    CHECK_FALSE(alpha->isEnabled());
}

TEST_CASE("inputs.moe_keys_only_for_moe_models", "[inputs][moe]") {
    WindowFixture f;  // Llama 3.1 8B: dense
    for (const char* name : {"dispatcher", "epOverlap", "routing"}) {
        INFO(name);
        CHECK_FALSE(f.widget<QComboBox>(name)->isEnabled());
    }
    REQUIRE(f.editAndWait([&] { f.widget<QCheckBox>("moeOn")->setChecked(true); }));
    for (const char* name : {"dispatcher", "epOverlap", "routing"}) {
        INFO(name);
        CHECK(f.widget<QComboBox>(name)->isEnabled());
    }
}

// A scenario that leaves EP out leaves the dispatcher and overlap to the search ("search chooses",
// naming its choice). Fixing EP, in the Layout panel or by unticking EP in the Explorer, fixes them
// too at what the search chose, as a saved file with layout.ep reads back; ticking EP again opens
// them with it.
TEST_CASE("inputs.fixing_ep_fixes_the_dispatcher_and_overlap_the_search_chose", "[inputs][moe]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] { f.window.openScenarioFile(kDeepSeekSearch); }));
    auto* dispatcher = f.widget<QComboBox>("dispatcher");
    auto* overlap = f.widget<QComboBox>("epOverlap");
    const LayoutSpec& spec = f.controller.scenario().layout;
    REQUIRE(spec.isOpen(kEp));
    REQUIRE(spec.isOpen(kDispatcher));
    REQUIRE(spec.isOpen(kEpOverlap));
    CHECK(dispatcher->currentIndex() == 0);
    CHECK(overlap->currentIndex() == 0);
    CHECK(searchChoiceEnabled(dispatcher));
    const MoeOptions chosen = f.controller.plan()->layout.moe;
    CHECK(
        dispatcher->itemText(0).contains(dispatcher->itemText(dispatcher->findData(int(chosen.dispatcher)))));

    auto* ep = f.widget<QSpinBox>("ep");
    const int searchedEp = ep->value();
    REQUIRE(f.editAndWait([&] { ep->setValue(searchedEp == 8 ? 16 : 8); }));
    CHECK_FALSE(spec.isOpen(kEp));
    CHECK_FALSE(spec.isOpen(kDispatcher));
    CHECK_FALSE(spec.isOpen(kEpOverlap));
    CHECK(spec.moe.dispatcher == chosen.dispatcher);
    CHECK(spec.moe.epOverlap == chosen.epOverlap);
    CHECK(dispatcher->currentData().toInt() == static_cast<int>(chosen.dispatcher));
    CHECK_FALSE(searchChoiceEnabled(dispatcher));
    // The plan uses them as fixed inputs: no searched value differs from them.
    CHECK(f.controller.plan()->layout.moe.dispatcher == chosen.dispatcher);

    // Undo: searched again; the Explorer's EP box does the same.
    REQUIRE(f.editAndWait([&] { f.window.history().stack().undo(); }));
    REQUIRE(spec.isOpen(kDispatcher));
    CHECK(dispatcher->currentIndex() == 0);
    auto* epKey = f.widget<QCheckBox>("openKey16");
    REQUIRE(epKey->isChecked());
    REQUIRE(f.editAndWait([&] { epKey->setChecked(false); }));
    CHECK_FALSE(spec.isOpen(kEp));
    CHECK_FALSE(spec.isOpen(kDispatcher));
    CHECK_FALSE(spec.isOpen(kEpOverlap));
    CHECK(spec.moe.dispatcher == chosen.dispatcher);
    REQUIRE(f.editAndWait([&] { epKey->setChecked(true); }));
    CHECK(spec.isOpen(kEp));
    // A dispatcher at Megatron-Core's default is searched with EP again; one the search had moved
    // off the default stays as the user now has it.
    CHECK(spec.isOpen(kDispatcher) == (chosen.dispatcher == MoeOptions{}.dispatcher));
}

TEST_CASE("explorer.moe_search_filters_by_dispatcher_overlap_and_routing", "[explorer][moe]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] { f.window.openScenarioFile(kDeepSeekSearch); }));
    f.window.showTabOf(f.window.explorer());
    QApplication::processEvents();
    const SearchResult& search = *f.controller.plan()->search;
    QTableView* table = f.window.explorer()->table();
    CHECK_FALSE(table->isColumnHidden(LayoutTableModel::Dispatcher));
    CHECK_FALSE(table->isColumnHidden(LayoutTableModel::EpOverlapColumn));
    CHECK(table->isColumnHidden(LayoutTableModel::Routing));  // the scenario's, every row alike

    std::set<MoeDispatcher> dispatchers;
    std::size_t deepEp = 0;
    for (const Candidate& c : search.ranked) {
        dispatchers.insert(c.layout.moe.dispatcher);
        deepEp += c.layout.moe.dispatcher == MoeDispatcher::DeepEp ? 1 : 0;
    }
    INFO("dispatchers the search chose: " << dispatchers.size());
    REQUIRE(deepEp > 0);
    REQUIRE(deepEp < search.ranked.size());  // the filter has rows to drop

    auto* filter = f.widget<QLineEdit>("explorerFilter");
    const QAbstractItemModel* proxy = table->model();
    const auto keeps = [&](const QString& terms) {
        filter->setText(terms);
        QApplication::processEvents();
        return proxy->rowCount();
    };
    const auto everyRow = [&](int column, const QString& engineName) {
        for (int r = 0; r < proxy->rowCount(); ++r)
            if (proxy->index(r, column).data(LayoutTableModel::kKeyRole).toString() != engineName)
                return false;
        return true;
    };
    CHECK(keeps(QStringLiteral("dispatcher=deepep")) == static_cast<int>(deepEp));
    CHECK(everyRow(LayoutTableModel::Dispatcher, QStringLiteral("deepep")));
    CHECK(proxy->index(0, LayoutTableModel::Dispatcher).data().toString() == QStringLiteral("DeepEP"));

    std::size_t deepEpOneFOneB = 0;
    for (const Candidate& c : search.ranked)
        deepEpOneFOneB +=
            c.layout.moe.dispatcher == MoeDispatcher::DeepEp && c.layout.moe.epOverlap == EpOverlap::OneFOneB;
    CHECK(keeps(QStringLiteral("dispatcher=deepep overlap=1f1b")) == static_cast<int>(deepEpOneFOneB));
    CHECK(everyRow(LayoutTableModel::EpOverlapColumn, QStringLiteral("1f1b")));
    // The scenario routes with forced balance (the default): every layout, and none dropless.
    CHECK(keeps(QStringLiteral("routing=forced_balance")) == static_cast<int>(search.ranked.size()));
    CHECK(keeps(QStringLiteral("routing=dropless")) == 0);

    // In Chinese the same terms filter the same rows, and the cells read in Chinese.
    filter->clear();
    f.window.setLanguage(QStringLiteral("zh_CN"));
    f.window.showTabOf(f.window.explorer());
    QApplication::processEvents();
    table = f.window.explorer()->table();
    filter = f.widget<QLineEdit>("explorerFilter");
    const QAbstractItemModel* zhProxy = table->model();
    filter->setText(QStringLiteral("dispatcher=deepep"));
    QApplication::processEvents();
    CHECK(zhProxy->rowCount() == static_cast<int>(deepEp));
    CHECK(zhProxy->headerData(LayoutTableModel::Dispatcher, Qt::Horizontal).toString().contains(kHan));
    filter->setText(QStringLiteral("routing=forced_balance"));
    QApplication::processEvents();
    REQUIRE(zhProxy->rowCount() > 0);
    CHECK(zhProxy->index(0, LayoutTableModel::Routing).data().toString().contains(kHan));
    f.window.setLanguage(QStringLiteral("en"));
}

TEST_CASE("explorer.dense_search_has_no_moe_columns", "[explorer][moe]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] {
        f.window.openScenarioFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/search-gpt3-175b-1024xa100.json"));
    }));
    f.window.showTabOf(f.window.explorer());
    QApplication::processEvents();
    const QTableView* table = f.window.explorer()->table();
    CHECK(table->isColumnHidden(LayoutTableModel::Dispatcher));
    CHECK(table->isColumnHidden(LayoutTableModel::EpOverlapColumn));
    CHECK(table->isColumnHidden(LayoutTableModel::Routing));
}

// Expert TP and DeepSeek-V3's memory measures (arXiv:2412.19437 §3.3) are inputs too: expert TP 1
// under TP 2 changes how the experts fold (and so the step), recomputing norms and up-projections
// and storing activations in FP8 each lower the memory; Undo restores the scenario.
TEST_CASE("inputs.expert_tp_and_memory_measures_change_the_plan", "[inputs][moe][undo]") {
    WindowFixture f;
    REQUIRE(f.editAndWait([&] { f.window.openScenarioFile(kDeepSeekLayout); }));
    const Scenario original = f.controller.scenario();
    auto* expertTp = f.widget<QSpinBox>("expertTp");
    CHECK(expertTp->isEnabled());
    CHECK(expertTp->value() == 0);  // auto: TP
    const double step = f.controller.plan()->perf.stepSeconds;
    REQUIRE(f.editAndWait([&] { expertTp->setValue(1); }));
    CHECK(f.controller.plan()->layout.etp() == 1);
    CHECK(f.controller.plan()->perf.stepSeconds != Approx(step));
    QTest::qWait(static_cast<int>(ScenarioHistory::kMergeMs) + 50);

    double memory = f.controller.plan()->memory.total();
    REQUIRE(f.editAndWait([&] { f.widget<QCheckBox>("recomputeNormUpProj")->setChecked(true); }));
    CHECK(f.controller.plan()->layout.moe.recomputeNormUpProj);
    CHECK(f.controller.plan()->memory.total() < memory);
    QTest::qWait(static_cast<int>(ScenarioHistory::kMergeMs) + 50);
    memory = f.controller.plan()->memory.total();
    REQUIRE(f.editAndWait([&] { f.widget<QCheckBox>("fp8Activations")->setChecked(true); }));
    CHECK(f.controller.plan()->layout.moe.fp8Activations);
    CHECK(f.controller.plan()->memory.total() < memory);

    QUndoStack& stack = f.window.history().stack();
    for (int i = 0; i < 3; ++i)
        REQUIRE(f.editAndWait([&] { stack.undo(); }));
    CHECK(f.controller.scenario() == original);
    CHECK(expertTp->value() == 0);
    CHECK_FALSE(f.widget<QCheckBox>("fp8Activations")->isChecked());
    CHECK(f.controller.plan()->perf.stepSeconds == Approx(step));
}
