// Fine-tuning inputs in the window: method, LoRA rank and targets, frozen layers, data
// as tokens or data set × epochs, CPU offload with the host-memory bar on the memory chart.
#include "window_fixture.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSpinBox>

#include "ui/charts/memory_chart_view.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

TEST_CASE("window.lora_method_shrinks_memory_and_shows_trainable_params", "[window][fine_tuning]") {
    WindowFixture f;
    auto* method = f.widget<QComboBox>("method");
    auto* rank = f.widget<QSpinBox>("loraRank");
    CHECK_FALSE(rank->isVisibleTo(&f.window));  // full training: no LoRA rows
    const double full = stackedTotal(*f.window.memoryChart(), 0);

    REQUIRE(f.editAndWait(
        [&] { method->setCurrentIndex(method->findData(static_cast<int>(TrainingMethod::Lora))); }));
    CHECK(f.controller.scenario().training.method == TrainingMethod::Lora);
    CHECK(rank->isVisibleTo(&f.window));
    CHECK_FALSE(f.widget<QSpinBox>("frozenLayers")->isVisibleTo(&f.window));
    const double lora = stackedTotal(*f.window.memoryChart(), 0);
    INFO("full " << full << " GiB, LoRA " << lora << " GiB");
    CHECK(lora < full - 10);  // no gradients or Adam states for the 8B base

    // Rank 8 on q and v only: Llama 3.1 8B, 32 × 8·(4096 + 4096 + 4096 + 1024) = 3,407,872.
    REQUIRE(f.editAndWait([&] { rank->setValue(8); }));
    for (const char* name :
         {"loraTarget_k", "loraTarget_o", "loraTarget_gate", "loraTarget_up", "loraTarget_down"})
        REQUIRE(f.editAndWait([&] { f.widget<QCheckBox>(name)->setChecked(false); }));
    REQUIRE(f.controller.plan().has_value());
    CHECK(f.controller.plan()->trainable.trainable == 3'407'872.0);
    CHECK(f.widget<SummaryView>("summary")->text().contains(QStringLiteral("3.41 million trainable")));
}

TEST_CASE("window.lora_dropout_field_adds_the_dropout_activations", "[window][fine_tuning]") {
    WindowFixture f;
    auto* dropout = f.widget<QDoubleSpinBox>("loraDropout");
    CHECK_FALSE(dropout->isVisibleTo(&f.window));  // full training: no LoRA rows
    auto* method = f.widget<QComboBox>("method");
    REQUIRE(f.editAndWait(
        [&] { method->setCurrentIndex(method->findData(static_cast<int>(TrainingMethod::Lora))); }));
    CHECK(dropout->isVisibleTo(&f.window));
    CHECK(dropout->value() == 0);  // PEFT's default lora_dropout
    const double before = f.controller.plan()->memory.activations;
    const double barBefore = stackedTotal(*f.window.memoryChart(), 0);
    REQUIRE(f.editAndWait([&] { dropout->setValue(0.1); }));
    CHECK(f.controller.scenario().training.lora.dropout == Approx(0.1));
    CHECK(stackedTotal(*f.window.memoryChart(), 0) > barBefore);
    // Default scenario: Llama 3.1 8B, all linear layers, 4,096 tokens, selective recomputation, TP 1.
    // Per token and layer d_in (6·4096 + 14336) × (2 B dropped copy + 1 B bool mask), 32 layers.
    const double added = (6 * 4096 + 14336) * 3.0 * 4096 * 32;  // 14.25 GiB
    CHECK(f.controller.plan()->memory.activations - before == Approx(added).epsilon(1e-9));
    CHECK(dropout->maximum() < 1);  // p = 1 is refused by the engine; the field cannot reach it
}

TEST_CASE("window.lora_targets_none_is_an_input_error_on_the_field", "[window][fine_tuning]") {
    WindowFixture f;
    auto* method = f.widget<QComboBox>("method");
    REQUIRE(f.editAndWait(
        [&] { method->setCurrentIndex(method->findData(static_cast<int>(TrainingMethod::Qlora))); }));
    for (const char* name :
         {"loraTarget_q", "loraTarget_k", "loraTarget_v", "loraTarget_o", "loraTarget_gate", "loraTarget_up"})
        REQUIRE(f.editAndWait([&] { f.widget<QCheckBox>(name)->setChecked(false); }));
    const bool planned = f.editAndWait([&] { f.widget<QCheckBox>("loraTarget_down")->setChecked(false); });
    CHECK_FALSE(planned);
    auto* targets = f.window.findChild<QWidget*>(QStringLiteral("loraTargets"));
    REQUIRE(targets != nullptr);
    CHECK(targets->property("inputError").toBool());
    CHECK(f.widget<QLabel>("errorLabel")->text().contains(QStringLiteral("LoRA targets: ")));
}

TEST_CASE("window.dataset_mode_gives_tokens_from_samples_and_epochs", "[window][fine_tuning]") {
    WindowFixture f;
    auto* mode = f.widget<QComboBox>("dataMode");
    auto* tokens = f.widget<QDoubleSpinBox>("tokens");
    CHECK(tokens->isVisibleTo(&f.window));
    REQUIRE(f.editAndWait([&] { mode->setCurrentIndex(1); }));
    CHECK_FALSE(tokens->isVisibleTo(&f.window));
    REQUIRE(f.editAndWait([&] { f.widget<QDoubleSpinBox>("samples")->setValue(20000); }));
    REQUIRE(f.editAndWait([&] { f.widget<QDoubleSpinBox>("meanTokens")->setValue(1000); }));
    REQUIRE(f.editAndWait([&] { f.widget<QDoubleSpinBox>("epochs")->setValue(2); }));
    CHECK(f.controller.scenario().training.tokensToTrain() == 4e7);
    const Plan& p = *f.controller.plan();
    CHECK(p.perf.trainDays * 86400 * p.perf.tokensPerSecond == Approx(4e7));
    REQUIRE(f.editAndWait([&] { mode->setCurrentIndex(0); }));
    CHECK_FALSE(f.controller.scenario().training.dataset.has_value());
}

TEST_CASE("window.offload_adds_a_host_memory_bar", "[window][fine_tuning]") {
    WindowFixture f;
    auto* zero = f.widget<QComboBox>("zeroStage");
    REQUIRE(f.editAndWait([&] { zero->setCurrentIndex(zero->findData(2)); }));
    CHECK(f.window.memoryChart()->columnLabels().size() == 1);
    const double gpuBefore = stackedTotal(*f.window.memoryChart(), 0);
    auto* offload = f.widget<QComboBox>("offload");
    REQUIRE(f.editAndWait(
        [&] { offload->setCurrentIndex(offload->findData(static_cast<int>(Offload::Optimizer))); }));
    CHECK(f.controller.scenario().layout.offload == Offload::Optimizer);
    REQUIRE(f.window.memoryChart()->columnLabels().size() == 2);
    const double gpuAfter = stackedTotal(*f.window.memoryChart(), 0);
    const double host = stackedTotal(*f.window.memoryChart(), 1);
    INFO("GPU " << gpuBefore << " → " << gpuAfter << " GiB, host " << host << " GiB");
    CHECK(gpuAfter < gpuBefore);
    CHECK(host > 0);
    CHECK(f.window.memoryChart()->chart()->title().contains(QStringLiteral("host")));
    // Host memory from the price book's seed server (1 TB), or typed in.
    auto* cpuMemory = f.widget<QDoubleSpinBox>("cpuMemory");
    REQUIRE(f.editAndWait([&] { cpuMemory->setValue(64); }));
    CHECK(f.controller.plan()->host.memoryGib == 64);
    CHECK_FALSE(f.controller.plan()->memory.fits());  // 8 GiB per GPU is too little
}
