#include "ui/models/engine_terms.h"

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

// toString(Offload::OptimizerAndParams) is the scenario file's key "optimizer_and_params"; a reader
// gets words. The Explorer's filter still takes the key (LayoutTableModel::kKeyRole).
constexpr const char* kOptimizerAndParams = QT_TRANSLATE_NOOP("EngineTerms", "optimizer and parameters");

// The methods, named as their papers do (Hu et al. 2021 "LoRA", Dettmers et al. 2023 "QLoRA");
// "full" here is full-parameter training, another word than recompute's "full" in Chinese.
struct Term {
    const char* source;
    const char* comment;
};
constexpr Term kMethodNames[] = {
    QT_TRANSLATE_NOOP3("EngineTerms", "full", "training method: every weight trains"),
    QT_TRANSLATE_NOOP3("EngineTerms", "LoRA", "training method"),
    QT_TRANSLATE_NOOP3("EngineTerms", "QLoRA", "training method"),
};

}  // namespace

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
    const std::string_view name = toString(offload);
    return QCoreApplication::translate(kContext, std::string(name).c_str());
}

QString localName(const std::string& name, const std::string& nameZh) {
    return QLocale().language() == QLocale::Chinese && !nameZh.empty() ? toQString(nameZh) : toQString(name);
}

}  // namespace clusterplan::ui
