#include "report_qt.h"

#include <QApplication>

#include <cstdio>
#include <cstdlib>
#include <memory>

#include "ui/export/chart_images.h"
#include "ui/export/quote_pdf.h"
#include "ui/export/report_charts.h"
#include "ui/i18n/language_switcher.h"
#include "ui/models/qt_text.h"

namespace clusterplan::cli {

namespace {

// Two warnings the offscreen platform prints on every run and that say nothing a CLI user can
// act on; every other Qt message still reaches stderr.
void quietQtNoise(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    const QByteArray text = message.toLocal8Bit();
    if (type == QtWarningMsg && (text.startsWith("QStandardPaths: XDG_RUNTIME_DIR not set") ||
                                 text.startsWith("This plugin does not support propagateSizeHints")))
        return;
    (void)context;
    std::fprintf(stderr, "%s\n", text.constData());
}

// Chart views are widgets: they need a QApplication. Without a display, use the offscreen
// platform (set before the application exists, as Qt reads it once).
std::unique_ptr<QApplication> makeApplication() {
    if (QApplication::instance())
        return nullptr;
    const bool display = std::getenv("DISPLAY") || std::getenv("WAYLAND_DISPLAY");
    if (!display && !std::getenv("QT_QPA_PLATFORM"))
        setenv("QT_QPA_PLATFORM", "offscreen", 1);
    static int argc = 1;
    static char name[] = "clusterplan-cli";
    static char* argv[] = {name, nullptr};
    qInstallMessageHandler(quietQtNoise);
    return std::make_unique<QApplication>(argc, argv);
}

}  // namespace

Result<bool> writeQtOutputs(const std::string& pdf, const std::string& imagesDir, const Plan& plan,
                            const quote::QuoteDocument& doc, quote::Lang lang, std::size_t maxLayouts,
                            const std::optional<quote::OptionsPage>& optionsPage) {
    const auto app = makeApplication();
    // The charts' titles, axes and legends are the window's tr() strings: in the report's language.
    ui::LanguageSwitcher language;
    if (lang == quote::Lang::Zh && !language.apply(QStringLiteral("zh_CN")))
        return Error{"--lang", "the Chinese translation could not be loaded"};
    const ui::ReportCharts charts(plan, doc.scaling);
    if (!pdf.empty()) {
        auto pages = ui::writeQuotePdf(ui::toQString(pdf), plan, doc, lang, charts,
                                       ui::QuotePdfOptions{maxLayouts, optionsPage});
        if (!pages)
            return pages.error();
    }
    if (!imagesDir.empty()) {
        auto images = ui::writeChartImages(charts, ui::toQString(imagesDir));
        if (!images)
            return images.error();
    }
    return true;
}

}  // namespace clusterplan::cli
