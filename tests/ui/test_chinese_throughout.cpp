// Chinese throughout: every widget of every tab of the window, walked in zh_CN on scenarios that
// fill every tab (a search, measured runs, phases), shows no Latin word a Chinese reader would have
// to decode: no scenario ids (megatron-ampere-bf16, nvlink3-nvswitch, yiwan-cloud-a100-slice), no
// enum values of the file format (param, none, adamw), no English sentence. Latin letters stay
// where a Chinese engineer reads them so: units, abbreviations, and product, model and framework
// names (the allow-list below, and every name in the catalog).
#include "window_fixture.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QBarCategoryAxis>
#include <QChart>
#include <QComboBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLegendMarker>
#include <QSet>
#include <QTabWidget>
#include <QTextEdit>

#include "core/scenario/framework.h"
#include "ui/charts/scaling_tab.h"
#include "ui/models/qt_text.h"

using namespace clusterplan;
using namespace clusterplan::ui;
using namespace clusterplan::ui::test;

namespace {

// Read in Latin letters in a Chinese window: units, abbreviations and names of products and
// papers. Upper-case abbreviations and model numbers (TP, MFU, HBM, A100, FP8) pass by their form.
const QStringList kAllowed{
    // units and figures
    QStringLiteral("GiB"), QStringLiteral("GB"), QStringLiteral("TB"), QStringLiteral("MB"),
    QStringLiteral("s"), QStringLiteral("ms"), QStringLiteral("us"), QStringLiteral("h"),
    QStringLiteral("kW"), QStringLiteral("W"), QStringLiteral("tokens"), QStringLiteral("token"),
    QStringLiteral("tokens/s"), QStringLiteral("GB/s"), QStringLiteral("Gb/s"), QStringLiteral("TFLOP/s"),
    QStringLiteral("TFLOP"), QStringLiteral("FLOP"), QStringLiteral("FLOPs"), QStringLiteral("PFLOP"),
    QStringLiteral("GFLOP"), QStringLiteral("kFLOP"), QStringLiteral("MFLOP"), QStringLiteral("k"),
    QStringLiteral("M"), QStringLiteral("B"), QStringLiteral("T"), QStringLiteral("x"), QStringLiteral("e"),
    QStringLiteral("r"), QStringLiteral("mb"),
    // terms of the trade
    QStringLiteral("ZeRO"), QStringLiteral("ZeRO-1"), QStringLiteral("ZeRO-2"), QStringLiteral("ZeRO-3"),
    QStringLiteral("ZeRO-Offload"), QStringLiteral("ZeRO-Infinity"), QStringLiteral("MoE"),
    QStringLiteral("LoRA"), QStringLiteral("QLoRA"), QStringLiteral("AdamW"), QStringLiteral("Adam"),
    QStringLiteral("SwiGLU"), QStringLiteral("GeLU"), QStringLiteral("FlashAttention"),
    QStringLiteral("NVLink"), QStringLiteral("NVSwitch"), QStringLiteral("InfiniBand"),
    QStringLiteral("RoCE"), QStringLiteral("PCIe"), QStringLiteral("Ethernet"), QStringLiteral("cuBLAS"),
    QStringLiteral("NCCL"), QStringLiteral("CUDA"), QStringLiteral("Megatron"), QStringLiteral("Megatron-LM"),
    QStringLiteral("Megatron-Core"), QStringLiteral("NeMo"), QStringLiteral("DeepSpeed"),
    QStringLiteral("PyTorch"), QStringLiteral("ClusterPlan"), QStringLiteral("Pareto"),
    QStringLiteral("Ampere"), QStringLiteral("Hopper"), QStringLiteral("Blackwell"), QStringLiteral("NVIDIA"),
    QStringLiteral("Huawei"), QStringLiteral("Ascend"), QStringLiteral("English"), QStringLiteral("arXiv"),
    QStringLiteral("GitHub"), QStringLiteral("CSV"), QStringLiteral("PDF"), QStringLiteral("Excel"),
    QStringLiteral("JSON"), QStringLiteral("json"), QStringLiteral("VAT"),
    // MoE libraries by their names: deepseek-ai/DeepEP, its NVLink-domain variant HybridEP, and
    // deepseek-ai/DualPipe (arXiv:2412.19437 §3.2.1)
    QStringLiteral("DeepEP"), QStringLiteral("HybridEP"), QStringLiteral("DualPipe"),
    // NCCL's collectives, and the checkpoint interval's formula by its authors' names
    QStringLiteral("all-reduce"), QStringLiteral("all-gather"), QStringLiteral("reduce-scatter"),
    QStringLiteral("all-to-all"), QStringLiteral("Young/Daly")};

// Every word of the catalog's names (GPUs and fabrics in Chinese, models, price books and offers) and
// of the stacks' names: "NVIDIA A100 SXM4 80GB", "Llama 3.1 405B", "JAX/XLA (MaxText)".
QSet<QString> catalogWords(const Catalog& catalog) {
    QSet<QString> words;
    const auto add = [&](const std::string& name) {
        static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z0-9]*(?:[-_./+][A-Za-z0-9]+)*"));
        for (auto it = word.globalMatch(toQString(name)); it.hasNext();)
            words << it.next().captured();
    };
    // GPUs and fabrics by the names a Chinese reader sees: "gen 3" or "1 NIC per GPU" is English.
    for (const auto& [id, gpu] : catalog.gpus())
        add(gpu.displayName(Lang::Zh));
    for (const auto& [id, fabric] : catalog.fabrics())
        add(fabric.displayName(Lang::Zh));
    for (const auto& [id, model] : catalog.models())
        add(model.name);
    for (const Framework f : kAllFrameworks)
        add(std::string(displayName(f)));
    return words;
}

// A Latin word is fine when allowed, a catalog name's, or an abbreviation or model number in capitals
// and digits (TP, MFU, BF16, H100, GPT-3).
// ZeRO's stages (ZeRO-0, ZeRO-3/FSDP) and the symbols of the model's formulas beside their names
// (注意力头数（a）, 头维度（d_h）).
bool readable(const QString& word, const QSet<QString>& names) {
    static const QRegularExpression capitals(QStringLiteral("^[A-Z0-9]+(?:[-_./+×][A-Z0-9]+)*[a-z]?$"));
    static const QRegularExpression zero(QStringLiteral("^ZeRO-[0-3](?:/FSDP)?$"));
    static const QRegularExpression symbol(QStringLiteral("^[A-Za-z](?:_[a-z]+)?$"));
    return kAllowed.contains(word) || names.contains(word) || capitals.match(word).hasMatch() ||
           zero.match(word).hasMatch() || symbol.match(word).hasMatch();
}

// The text without markup, and without a scenario key quoted as it is typed in a file ("phases").
QString plain(QString text) {
    text.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
    text.remove(QRegularExpression(QStringLiteral("\"[a-z_.\\[\\]0-9]+\"")));
    text.replace(QRegularExpression(QStringLiteral("&[a-z]+;|&#[0-9]+;")), QStringLiteral(" "));
    return text;
}

struct Seen {
    QString where;
    QString text;
};

// Every text the user sees on `root`: labels, buttons, group titles, combo items, the headers and
// the first rows of tables, rich-text panes, tab titles, and the charts' titles, axes and legends.
std::vector<Seen> visibleTexts(const QWidget& root) {
    std::vector<Seen> seen;
    const auto add = [&](const QObject* o, const QString& text) {
        if (!text.trimmed().isEmpty())
            seen.push_back({QStringLiteral("%1 '%2'").arg(QString::fromLatin1(o->metaObject()->className()),
                                                          o->objectName()),
                            text});
    };
    for (QWidget* w : root.findChildren<QWidget*>()) {
        if (!w->isVisibleTo(&root))
            continue;
        if (auto* label = qobject_cast<QLabel*>(w))
            add(label, label->text());
        else if (auto* button = qobject_cast<QAbstractButton*>(w))
            add(button, button->text());
        else if (auto* group = qobject_cast<QGroupBox*>(w))
            add(group, group->title());
        else if (auto* combo = qobject_cast<QComboBox*>(w)) {
            for (int i = 0; i < combo->count(); ++i)
                add(combo, combo->itemText(i));
        } else if (auto* text = qobject_cast<QTextEdit*>(w))
            add(text, text->toPlainText());
        else if (auto* tabs = qobject_cast<QTabWidget*>(w)) {
            for (int i = 0; i < tabs->count(); ++i)
                add(tabs, tabs->tabText(i));
        } else if (auto* view = qobject_cast<QAbstractItemView*>(w);
                   view && view->model() && !qobject_cast<QHeaderView*>(w)) {
            const QAbstractItemModel* m = view->model();
            for (int c = 0; c < m->columnCount(); ++c)
                add(view, m->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString());
            // Not checked: the phases' names, the scenario file's own words ("Prototype on a slice").
            // Their contract events are checked: the engine writes them as messages.
            const bool phases = view->objectName() == QLatin1String("phasesTimeline");
            for (int r = 0; r < std::min(m->rowCount(), 40); ++r) {
                add(view, m->headerData(r, Qt::Vertical, Qt::DisplayRole).toString());
                for (int c = 0; c < m->columnCount(); ++c)
                    if (!phases || c != 0)
                        add(view, m->index(r, c).data(Qt::DisplayRole).toString());
            }
        } else if (auto* chartView = qobject_cast<QChartView*>(w)) {
            const QChart* chart = chartView->chart();
            add(chartView, chart->title());
            for (QAbstractAxis* axis : chart->axes()) {
                if (axis->isTitleVisible())
                    add(chartView, axis->titleText());
                if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis))
                    for (const QString& category : categories->categories())
                        add(chartView, category);
            }
            if (chart->legend()->isVisible())
                for (const QLegendMarker* marker : chart->legend()->markers())
                    if (marker->isVisible())
                        add(chartView, marker->label());
        }
    }
    return seen;
}

// The words of `seen` no Chinese reader should meet, with where they were.
QStringList unreadable(const std::vector<Seen>& seen, const QSet<QString>& names) {
    static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z0-9]*(?:[-_./+][A-Za-z0-9]+)*"));
    QStringList found;
    for (const Seen& s : seen) {
        const QString text = plain(s.text);
        for (auto it = word.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch match = it.next();
            const QString w = match.captured();
            if (!readable(w, names))
                found << QStringLiteral("'%1' in %2: …%3…")
                             .arg(w, s.where,
                                  text.mid(std::max<qsizetype>(0, match.capturedStart() - 40), 100)
                                      .simplified());
        }
    }
    found.removeDuplicates();
    return found;
}

// Shows every tab of the window in turn (each renders when seen), waiting for its studies, and
// collects what each shows, with the summary, the verdict and the inputs beside it.
QStringList walkEveryTab(WindowFixture& f, const QSet<QString>& names) {
    QStringList found;
    auto* tabs = f.widget<QTabWidget>("chartTabs");
    for (int i = 0; i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        QApplication::processEvents();
        if (tabs->widget(i)->isAncestorOf(f.window.scaling()))
            REQUIRE(QTest::qWaitFor([&] { return !f.window.scaling()->isComputing(); }, 60000));
        for (int pass = 0; pass < 3; ++pass)
            QApplication::processEvents();
        for (const QString& w : unreadable(visibleTexts(f.window), names))
            found << QStringLiteral("[%1] %2").arg(tabs->tabText(i), w);
    }
    found.removeDuplicates();
    return found;
}

}  // namespace

TEST_CASE("chinese.every_tab_of_the_window_shows_chinese_and_names_not_ids", "[language][chinese]") {
    WindowFixture f;
    f.window.setLanguage(QStringLiteral("zh_CN"));
    f.window.resize(kDefaultWindow);
    const QSet<QString> names = catalogWords(f.catalog);
    for (const char* file : {"search-gpt3-175b-1024xa100.json", "calibrate-gpt175b.json"}) {
        INFO(file);
        REQUIRE(f.editAndWait([&] {
            f.window.openScenarioFile(QStringLiteral(CLUSTERPLAN_TEST_DATA "/") + QLatin1String(file));
        }));
        const QStringList found = walkEveryTab(f, names);
        INFO("not Chinese:\n" << found.join(QLatin1Char('\n')).toStdString());
        CHECK(found.isEmpty());
    }
    REQUIRE(f.editAndWait(
        [&] { f.window.openScenarioFile(QStringLiteral(CLUSTERPLAN_SCENARIOS "/seed-path-phases.json")); }));
    const QStringList found = walkEveryTab(f, names);
    INFO("not Chinese:\n" << found.join(QLatin1Char('\n')).toStdString());
    CHECK(found.isEmpty());
    f.window.setLanguage(QStringLiteral("en"));
}
