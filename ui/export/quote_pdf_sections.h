#pragma once
// The quote's pages drawn on a PdfCanvas, one method per section in the order.
#include <cstddef>

#include "core/quote/quote_document.h"
#include "core/util/message_id.h"

namespace clusterplan {
struct Plan;
}

namespace clusterplan::ui {

class PdfCanvas;
class ReportCharts;

struct QuoteSections {
    PdfCanvas& canvas;
    const Plan& plan;
    const quote::QuoteDocument& doc;
    quote::Lang lang;
    const ReportCharts& charts;
    std::size_t maxLayouts;

    void cover();
    void verdict();
    void lineItems();
    void analysis();
    void assumptions();

private:
    void option(const quote::QuoteOption& option);
    void memory();
    void layouts();
    void scaling();  // chart, table (GPUs, tokens/s, efficiency, days) and the study's notes
    void costOverTime();
    void sensitivity();
    // A heading and its chart on one page (the heading alone is not left at a page's foot).
    // A heading and its chart, kept together with `follow` (the opening of what comes under the
    // chart: its table, its note), so that a chart's table does not start the next page alone.
    void chartSection(const MessageId<0>& headingKey, const char* chartName, double follow = 0);
};

}  // namespace clusterplan::ui
