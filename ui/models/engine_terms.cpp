#include "ui/models/engine_terms.h"

#include "core/perf/profile_name.h"
#include "ui/models/qt_text.h"

#include <QCoreApplication>
#include <QLocale>

#include <iterator>

namespace clusterplan::ui {

namespace {

constexpr char kContext[] = "EngineTerms";

// Every name stepParts(), toString(Recompute) and toString(Offload) return; lupdate reads the
// QT_TRANSLATE_NOOP marks.
[[maybe_unused]] constexpr const char* kTerms[] = {
    QT_TRANSLATE_NOOP("EngineTerms", "compute"),
    QT_TRANSLATE_NOOP("EngineTerms", "recompute"),
    QT_TRANSLATE_NOOP("EngineTerms", "MoE router and permutation"),
    QT_TRANSLATE_NOOP("EngineTerms", "routing"),
    QT_TRANSLATE_NOOP("EngineTerms", "expert load imbalance"),
    QT_TRANSLATE_NOOP("EngineTerms", "imbalance"),
    QT_TRANSLATE_NOOP("EngineTerms", "TP comm (exposed)"),
    QT_TRANSLATE_NOOP("EngineTerms", "CP comm (exposed)"),
    QT_TRANSLATE_NOOP("EngineTerms", "EP comm (exposed)"),
    QT_TRANSLATE_NOOP("EngineTerms", "PP comm"),
    QT_TRANSLATE_NOOP("EngineTerms", "pipeline bubble"),
    QT_TRANSLATE_NOOP("EngineTerms", "bubble"),
    QT_TRANSLATE_NOOP("EngineTerms", "DP comm (exposed)"),
    QT_TRANSLATE_NOOP("EngineTerms", "optimizer"),
    QT_TRANSLATE_NOOP("EngineTerms", "offload PCIe (exposed)"),
    QT_TRANSLATE_NOOP("EngineTerms", "offload"),
    QT_TRANSLATE_NOOP("EngineTerms", "comm/compute contention"),
    QT_TRANSLATE_NOOP("EngineTerms", "contention"),
    QT_TRANSLATE_NOOP("EngineTerms", "synchronisation (slowest GPU)"),
    QT_TRANSLATE_NOOP("EngineTerms", "sync"),
    QT_TRANSLATE_NOOP("EngineTerms", "host launch (GPU waits for the CPU)"),
    QT_TRANSLATE_NOOP("EngineTerms", "host"),
    QT_TRANSLATE_NOOP("EngineTerms", "data loading (waiting)"),
    QT_TRANSLATE_NOOP("EngineTerms", "data"),
    QT_TRANSLATE_NOOP("EngineTerms", "TP"),
    QT_TRANSLATE_NOOP("EngineTerms", "CP"),
    QT_TRANSLATE_NOOP("EngineTerms", "EP"),
    QT_TRANSLATE_NOOP("EngineTerms", "PP"),
    QT_TRANSLATE_NOOP("EngineTerms", "DP"),
    QT_TRANSLATE_NOOP("EngineTerms", "none"),
    QT_TRANSLATE_NOOP("EngineTerms", "selective"),
    QT_TRANSLATE_NOOP("EngineTerms", "full"),
};

struct Term {
    const char* source;
    const char* comment;
};

// toString(Offload::OptimizerAndParams) is the scenario file's key "optimizer_and_params"; a reader
// gets words. The Explorer's filter still takes the key (LayoutTableModel::kKeyRole). No offload is
// another word than no recompute in Chinese (不卸载, 无).
constexpr const char* kOptimizerAndParams = QT_TRANSLATE_NOOP("EngineTerms", "optimizer and parameters");
constexpr Term kNoOffload = QT_TRANSLATE_NOOP3("EngineTerms", "none", "CPU offload: nothing is offloaded");

// Optimizers by the names of their papers and libraries: AdamW (Loshchilov & Hutter, arXiv:1711.05101),
// 8-bit Adam (Dettmers et al., arXiv:2110.02861, bitsandbytes), SGD with momentum.
constexpr const char* kAdam8bit = QT_TRANSLATE_NOOP("EngineTerms", "8-bit Adam");
// Gradients kept in the weights' own format (GradDtype::Param) or in FP32 main gradients.
constexpr const char* kGradsLikeWeights = QT_TRANSLATE_NOOP("EngineTerms", "same as the weights");
constexpr const char* kFittedProfile = QT_TRANSLATE_NOOP("EngineTerms", "%1, fitted to the measured runs");
// The model panel writes these words and translates them in its own context (ModelPanel::tr).
constexpr char kModelPanelContext[] = "clusterplan::ui::ModelPanel";
constexpr const char* kGenericProfile = QT_TRANSLATE_NOOP("EngineTerms", "generic (no stack of its own)");

// The methods, named as their papers do (Hu et al. 2021 "LoRA", Dettmers et al. 2023 "QLoRA");
// "full" here is full-parameter training, another word than recompute's "full" in Chinese.
constexpr Term kMethodNames[] = {
    QT_TRANSLATE_NOOP3("EngineTerms", "full", "training method: every weight trains"),
    QT_TRANSLATE_NOOP3("EngineTerms", "LoRA", "training method"),
    QT_TRANSLATE_NOOP3("EngineTerms", "QLoRA", "training method"),
};

// The MoE keys by their values' order (moe_options.h). Dispatchers as Megatron-Core's
// --moe-token-dispatcher-type and its flex backends name them (token_dispatcher.py; DeepEP and
// HybridEP are the libraries' own names); the overlaps as Megatron-LM's
// --overlap-moe-expert-parallel-comm ("1F1B A2A overlap") and DeepSeek's DualPipe (arXiv:2412.19437
// §3.2.1); the routings as the router's modes (--moe-router-force-load-balancing, dropless,
// --moe-expert-capacity-factor with token drop).
constexpr Term kDispatcherNames[] = {
    QT_TRANSLATE_NOOP3("EngineTerms", "all-to-all", "MoE token dispatcher"),
    QT_TRANSLATE_NOOP3("EngineTerms", "all-gather", "MoE token dispatcher"),
    QT_TRANSLATE_NOOP3("EngineTerms", "DeepEP", "MoE token dispatcher"),
    QT_TRANSLATE_NOOP3("EngineTerms", "HybridEP", "MoE token dispatcher"),
};
constexpr Term kEpOverlapNames[] = {
    QT_TRANSLATE_NOOP3("EngineTerms", "none", "EP overlap: the all-to-all is not hidden"),
    QT_TRANSLATE_NOOP3("EngineTerms", "1F1B A2A overlap", "EP overlap"),
    QT_TRANSLATE_NOOP3("EngineTerms", "DualPipe", "EP overlap"),
};
constexpr Term kRoutingNames[] = {
    QT_TRANSLATE_NOOP3("EngineTerms", "dropless", "MoE routing: learned, every token kept"),
    QT_TRANSLATE_NOOP3("EngineTerms", "forced balance", "MoE routing"),
    QT_TRANSLATE_NOOP3("EngineTerms", "token drop", "MoE routing: capacity factor 1"),
};
static_assert(std::size(kDispatcherNames) == static_cast<std::size_t>(MoeDispatcher::HybridEp) + 1);
static_assert(std::size(kEpOverlapNames) == static_cast<std::size_t>(EpOverlap::DualPipe) + 1);
static_assert(std::size(kRoutingNames) == static_cast<std::size_t>(MoeRouting::TokenDrop) + 1);

// The term of `value` in its table, or the engine's name for a value the table lacks.
template <typename E, std::size_t N> QString termName(const Term (&table)[N], E value) {
    const auto index = static_cast<std::size_t>(value);
    if (index >= N)
        return toQString(toString(value));
    return QCoreApplication::translate(kContext, table[index].source, table[index].comment);
}

}  // namespace

QString dispatcherName(MoeDispatcher dispatcher) {
    return termName(kDispatcherNames, dispatcher);
}

QString epOverlapName(EpOverlap overlap) {
    return termName(kEpOverlapNames, overlap);
}

QString routingName(MoeRouting routing) {
    return termName(kRoutingNames, routing);
}

QString methodName(TrainingMethod method) {
    const auto index = static_cast<std::size_t>(method);
    if (index >= std::size(kMethodNames))
        return QString::fromLatin1(toString(method).data(), static_cast<qsizetype>(toString(method).size()));
    return QCoreApplication::translate(kContext, kMethodNames[index].source, kMethodNames[index].comment);
}

QString stepPartName(const char* engineName) {
    return QCoreApplication::translate(kContext, engineName);
}

QString recomputeName(Recompute recompute) {
    const std::string_view name = toString(recompute);
    return QCoreApplication::translate(kContext, std::string(name).c_str());
}

QString offloadName(Offload offload) {
    if (offload == Offload::OptimizerAndParams)
        return QCoreApplication::translate(kContext, kOptimizerAndParams);
    if (offload == Offload::None)
        return QCoreApplication::translate(kContext, kNoOffload.source, kNoOffload.comment);
    const std::string_view name = toString(offload);
    return QCoreApplication::translate(kContext, std::string(name).c_str());
}

QString precisionName(Precision precision) {
    // BF16, FP16, FP8, FP32, FP4: as NVIDIA's datasheets write them, the same in both languages.
    return toQString(toString(precision)).toUpper();
}

QString optimizerName(Optimizer optimizer) {
    switch (optimizer) {
    case Optimizer::AdamW:
        return QStringLiteral("AdamW");
    case Optimizer::Adam8bit:
        return QCoreApplication::translate(kContext, kAdam8bit);
    case Optimizer::Sgd:
        return QStringLiteral("SGD");
    }
    return toQString(toString(optimizer));
}

QString gradDtypeName(GradDtype dtype) {
    return dtype == GradDtype::Param ? QCoreApplication::translate(kContext, kGradsLikeWeights)
                                     : toQString(toString(dtype)).toUpper();
}

QString profileName(const std::string& id) {
    const std::string_view base = unfittedProfileId(id);
    QString name;
    if (base == "generic")
        name = QCoreApplication::translate(kContext, kGenericProfile);
    else if (const auto named = profileDisplayName(base))
        name = toQString(*named);
    else
        return toQString(id);
    return isFittedProfileId(id) ? QCoreApplication::translate(kContext, kFittedProfile).arg(name) : name;
}

QString modelName(const std::string& name) {
    constexpr std::string_view kCustom = "Custom model";     // io/scenario_json.cpp
    constexpr std::string_view kEditedSuffix = " (edited)";  // ModelPanel
    std::string_view rest = name;
    const bool edited = rest.size() > kEditedSuffix.size() &&
                        rest.substr(rest.size() - kEditedSuffix.size()) == kEditedSuffix;
    if (edited)
        rest.remove_suffix(kEditedSuffix.size());
    QString text = rest == kCustom ? QCoreApplication::translate(kModelPanelContext, "Custom model")
                                   : toQString(std::string(rest));
    if (edited)
        text += QCoreApplication::translate(kModelPanelContext, " (edited)");
    return text;
}

QString localName(const std::string& name, const std::string& nameZh) {
    return QLocale().language() == QLocale::Chinese && !nameZh.empty() ? toQString(nameZh) : toQString(name);
}

}  // namespace clusterplan::ui
