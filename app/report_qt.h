#pragma once
// The Qt half of `clusterplan-cli report`: the PDF and the chart images, drawn by the window's
// own chart views. Creates a QApplication on the offscreen platform when there is no display.
#include <string>

#include <optional>

#include "core/quote/quote_document.h"
#include "core/quote/quote_options.h"
#include "core/report/plan.h"
#include "core/util/result.h"

namespace clusterplan::cli {

Result<bool> writeQtOutputs(const std::string& pdf, const std::string& imagesDir, const Plan& plan,
                            const quote::QuoteDocument& doc, quote::Lang lang, std::size_t maxLayouts,
                            const std::optional<quote::OptionsPage>& optionsPage = std::nullopt);

}  // namespace clusterplan::cli
