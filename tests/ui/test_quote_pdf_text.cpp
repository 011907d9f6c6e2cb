// The text the PDF quote lays out (PdfCanvas::text(): headings, paragraphs, every table row, chart
// words, footers and page breaks, in drawing order) for the six quotes of the documents audit, in
// English and Chinese, against golden files: any change of wording, number, basis or page break
// shows in a diff of tests/golden/quote-pdf-*.approved.txt. The audit's scenarios: a the 8-GPU
// quote (CNY, yearly prepay); b the same in USD; c Llama 3.1 405B on 16,384 H100 with a searched
// layout; d a custom offer with a credit, a setup fee and a deposit over 703 days; e a small-scale
// taxpayer; f a 3.6-day 70B QLoRA run. Also: chart text is readable in print (at least 8 pt), no
// page but the last is under 15 % full, and a draft says so on every page without a stray separator
// in its footer.
#include <catch2/catch.hpp>

#include <QRegularExpression>

#include <cmath>

#include "core/calibration/evaluate.h"
#include "core/catalog/catalog.h"
#include "core/io/scenario_json.h"
#include "core/quote/messages_quote_options.h"
#include "core/quote/quote_options.h"
#include "core/quote/quote_scaling.h"
#include "core/studies/options_study.h"
#include "core/validation/accuracy_statement.h"
#include "golden.h"
#include "ui/export/pdf_canvas.h"
#include "ui/export/quote_pdf.h"
#include "ui/export/report_charts.h"
#include "ui/i18n/language_switcher.h"
#include "ui/models/qt_text.h"

using namespace clusterplan;
using namespace clusterplan::ui;

namespace {

const std::string kData = CLUSTERPLAN_TEST_DATA;

struct Quote {
    Plan plan;
    quote::QuoteDocument doc;
};

// As `clusterplan-cli report` builds it, on a fixed day (the golden files do not age).
Quote quoteOf(const std::string& file) {
    const auto catalog = Catalog::builtin();
    auto s = loadScenarioFile(kData + "/" + file, catalog);
    REQUIRE(s.ok());
    auto plan = evaluate(s.value(), catalog);
    REQUIRE(plan.ok());
    auto doc = quote::buildQuoteDocument(plan.value(), "2026-11-30", builtinAccuracyStatement());
    doc.scaling = quote::quoteScaling(plan->scenario, catalog);
    return {std::move(plan).value(), std::move(doc)};
}

const std::pair<const char*, const char*> kQuotes[] = {
    {"a", "quote-scenario.json"},
    {"b", "quote-scenario-b-usd.json"},
    {"c", "quote-scenario-c-405b.json"},
    {"d", "quote-scenario-d-custom-offer.json"},
    {"e", "quote-scenario-e-small-scale.json"},
    {"f", "quote-scenario-f-qlora.json"},
};

// No page but the last is less than 40 % full, unless the block that starts the next page (a chart
// with its heading, a table's opening rows) did not fit in the rest of it. An 8-page quote's page 3
// held the signature boxes and was two-thirds empty.
void checkPagesFilled(const QuoteLayout& laidOut) {
    REQUIRE(laidOut.breakBlocks.size() + 1 == laidOut.fills.size());
    for (std::size_t page = 0; page + 1 < laidOut.fills.size(); ++page) {
        INFO("page " << page + 1 << ": " << laidOut.fills[page] << " filled, the next page's first block "
                     << laidOut.breakBlocks[page]);
        CHECK((laidOut.fills[page] >= PdfCanvas::kSectionFill ||
               laidOut.fills[page] + laidOut.breakBlocks[page] > 1.0));
        // Whatever moved on, no page but the last is nearly blank.
        CHECK(laidOut.fills[page] >= 0.15);
    }
}

}  // namespace

TEST_CASE("pdf.text_of_the_six_audited_quotes_is_as_approved", "[pdf][golden]") {
    for (const auto& [name, file] : kQuotes) {
        const Quote q = quoteOf(file);
        for (const auto lang : {quote::Lang::En, quote::Lang::Zh}) {
            INFO(file << " " << quote::langCode(lang));
            // As `report --lang` draws it: the charts' and the notes' words in the quote's language.
            LanguageSwitcher language;
            REQUIRE(language.apply(lang == quote::Lang::Zh ? QStringLiteral("zh_CN") : QStringLiteral("en")));
            const ReportCharts charts(q.plan, q.doc.scaling);
            const QuoteLayout laidOut = layOutQuote(q.plan, q.doc, lang, charts);
            clusterplan::test::checkGolden(std::string("quote-pdf-") + name + "." + quote::langCode(lang),
                                           "txt", laidOut.text.join(QLatin1Char('\n')).toStdString() + "\n");
            // Chart text at print size: the charts are drawn at the window's scale and shrunk to the
            // page's width, and their labels were 5-6 pt.
            CHECK(laidOut.smallestChartPt >= 8.0);
            // The Chinese quote quotes no command-line flag (its assumptions printed Megatron's
            // --account-for-embedding-in-pipeline-split), and neither has a Latin "x" between
            // the parallel degrees.
            const QString all = laidOut.text.join(QLatin1Char('\n'));
            if (lang == quote::Lang::Zh)
                CHECK_FALSE(all.contains(QRegularExpression(QStringLiteral("--[a-z]"))));
            CHECK_FALSE(all.contains(QRegularExpression(QStringLiteral("TP \\d+ x PP"))));
            // No page but the last is mostly empty, the 405B quote's included.
            checkPagesFilled(laidOut);
        }
    }
}

TEST_CASE("pdf.the_options_section_follows_the_signatures_on_a_page_with_room", "[pdf]") {
    // `report tests/data/quote-scenario.json --lang zh_CN --options`: the options comparison started
    // a page of its own after the signature boxes, which left page 3 two-thirds empty. It follows
    // them when the page has room, and the rule of every page holds with it.
    const Quote q = quoteOf("quote-scenario.json");
    const auto catalog = Catalog::builtin();
    OptionsTarget target;
    target.deadlineDays = std::ceil(q.plan.run.wallDays);
    auto study = optionsStudy(q.plan.scenario, catalog, target);
    REQUIRE(study.ok());
    auto page = quote::buildOptionsPage(study.value(), q.plan, q.doc,
                                        quote::defaultOptionAlternatives(study.value(), q.plan), catalog);
    REQUIRE(page.ok());
    for (const auto lang : {quote::Lang::Zh, quote::Lang::En}) {
        INFO(quote::langCode(lang));
        LanguageSwitcher language;
        REQUIRE(language.apply(lang == quote::Lang::Zh ? QStringLiteral("zh_CN") : QStringLiteral("en")));
        const ReportCharts charts(q.plan, q.doc.scaling);
        const QuoteLayout laidOut =
            layOutQuote(q.plan, q.doc, lang, charts, QuotePdfOptions{20, page.value()});
        checkPagesFilled(laidOut);
        // The options heading is on the page of the signature boxes (the page breaks are the footers
        // recorded before it).
        const QString sign = QStringLiteral("[boxes] ");
        const QString options = QStringLiteral("# ") + toQString(quote::label(lang, msg::kQuoteOptionsTitle));
        const auto pageOf = [&](const QString& start) {
            qsizetype line = 0;
            while (line < laidOut.text.size() && !laidOut.text[line].startsWith(start))
                ++line;
            REQUIRE(line < laidOut.text.size());
            return laidOut.text.mid(0, line).filter(QRegularExpression(QStringLiteral("^---- "))).size();
        };
        CHECK(pageOf(options) == pageOf(sign));
    }
}

TEST_CASE("pdf.a_draft_says_draft_on_every_page", "[pdf]") {
    Quote q = quoteOf("quote-scenario.json");
    q.doc.info.number.clear();  // not recorded in a quote book
    const ReportCharts charts(q.plan, q.doc.scaling);
    for (const auto lang : {quote::Lang::En, quote::Lang::Zh}) {
        INFO(quote::langCode(lang));
        const QuoteLayout laidOut = layOutQuote(q.plan, q.doc, lang, charts);
        const QString watermark = lang == quote::Lang::Zh ? QStringLiteral("[watermark] 草稿")
                                                          : QStringLiteral("[watermark] DRAFT");
        // Every page but the last one's footer is in the text before the canvas closes.
        CHECK(laidOut.text.count(watermark) == static_cast<qsizetype>(laidOut.fills.size()) - 1);
        for (const QString& line : laidOut.text) {
            if (!line.startsWith(QStringLiteral("---- ")))
                continue;
            INFO(line.toStdString());
            CHECK(!line.contains(QStringLiteral("  ·")));
            CHECK(line.contains(lang == quote::Lang::Zh ? QStringLiteral("报价单（草稿）")
                                                        : QStringLiteral("Quotation (draft)")));
        }
    }
    // A recorded quote has no watermark and its number in the footer.
    Quote numbered = quoteOf("quote-scenario.json");
    const QuoteLayout laidOut = layOutQuote(numbered.plan, numbered.doc, quote::Lang::En, charts);
    CHECK(laidOut.text.filter(QStringLiteral("[watermark]")).isEmpty());
    CHECK(laidOut.text.filter(QStringLiteral("Quotation CP-2026-0042 · Revision 2")).size() ==
          static_cast<qsizetype>(laidOut.fills.size()) - 1);
}
