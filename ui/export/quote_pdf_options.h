#pragma once
// The quote's options page on the PDF ("Options compared" / "方案比较", quote/quote_options.h): a
// page of its own after the line items, with the job and its target, the table of the quoted
// configuration and the alternatives, the study's answer, the GPU types without an option and the
// bases. Every text is the engine's (optionsPage*()), so the PDF says what the text quote says.
#include "core/quote/quote_options.h"

namespace clusterplan::ui {

class PdfCanvas;

void paintOptionsPage(PdfCanvas& canvas, const quote::OptionsPage& page, quote::Lang lang);

}  // namespace clusterplan::ui
