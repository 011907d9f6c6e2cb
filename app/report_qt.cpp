#include "report_qt.h"

#include <QApplication>

#include <cstdlib>
#include <memory>

#include "export/chart_images.h"
#include "export/quote_pdf.h"
#include "export/report_charts.h"
#include "models/qt_text.h"

namespace clusterplan::cli {

namespace {

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
    return std::make_unique<QApplication>(argc, argv);
}

}  // namespace

Result<bool> writeQtOutputs(const std::string& pdf, const std::string& imagesDir, const Plan& plan,
                            const quote::QuoteDocument& doc, quote::Lang lang, std::size_t maxLayouts) {
    const auto app = makeApplication();
    const ui::ReportCharts charts(plan);
    if (!pdf.empty()) {
        auto pages =
            ui::writeQuotePdf(ui::toQString(pdf), plan, doc, lang, charts, ui::QuotePdfOptions{maxLayouts});
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
