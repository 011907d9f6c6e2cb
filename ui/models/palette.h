#pragma once
// Every colour the window and its PDF draw with, named once. Series colours are the palette of
// Okabe & Ito, "Color Universal Design" (2008), whose eight colours stay apart under every common
// colour-vision deficiency; the greys and fills are for text, rules and backgrounds. Used through
// QColor(palette::kBlue); chart themes and the dark-mode variants are in ui/charts/chart_palette.h.
#include <QColor>

namespace clusterplan::ui::palette {

// Okabe & Ito (2008).
inline constexpr QRgb kBlue = 0x0072B2;
inline constexpr QRgb kOrange = 0xE69F00;
inline constexpr QRgb kSkyBlue = 0x56B4E9;
inline constexpr QRgb kBluishGreen = 0x009E73;
inline constexpr QRgb kYellow = 0xF0E442;
inline constexpr QRgb kVermillion = 0xD55E00;
inline constexpr QRgb kReddishPurple = 0xCC79A7;
// Beyond the eight, for the step time's thirteen parts: darker or lighter neighbours of them.
inline constexpr QRgb kDarkGoldenrod = 0xB8860B;
inline constexpr QRgb kDarkPurple = 0x882E72;

// Greys: a neutral series ("other", "ideal"), points that do not fit, reference lines (capacity,
// whiskers, markers) drawn in ink, and text of lesser weight.
inline constexpr QRgb kGrey = 0x999999;
inline constexpr QRgb kLightGrey = 0xBBBBBB;
inline constexpr QRgb kNoFitGrey = 0xB0B0B0;
inline constexpr QRgb kDarkGrey = 0x666666;
inline constexpr QRgb kCharcoal = 0x333333;
inline constexpr QRgb kInk = 0x222222;
inline constexpr QRgb kSecondaryText = 0x555555;
inline constexpr QRgb kPdfSecondaryText = 0x5A5A5A;
inline constexpr QRgb kDisabledText = 0x808080;
inline constexpr QRgb kRule = 0xC8C8C8;

// Fills: a table's header band in the PDF, a cell the engine refused.
inline constexpr QRgb kHeaderFill = 0xE4E9F2;
inline constexpr QRgb kErrorFill = 0xFDECEA;

// White behind a label drawn over a chart, `alpha` opaque (0–255), so a bar or line shows through.
[[nodiscard]] inline QColor labelBackdrop(int alpha) {
    return QColor(255, 255, 255, alpha);
}

}  // namespace clusterplan::ui::palette
