#include "core/studies/article_format.h"

#include <cmath>
#include <sstream>

#include "core/studies/claim_value.h"
#include "core/studies/messages_article.h"
#include "core/util/csv_write.h"
#include "core/util/json_write.h"
#include "core/util/units.h"

namespace clusterplan {

namespace {

// The message that writes a number in a unit of the claim tables (units as the claim files spell them).
const MessageId<1>& unitMessage(ClaimQuantity q, std::string_view unit) {
    static constexpr std::pair<std::string_view, const MessageId<1>*> kUnitMessages[] = {
        {"MB", &msg::kArticleUnitMb},
        {"GB", &msg::kArticleUnitGb},
        {"TB", &msg::kArticleUnitTb},
        {"ms", &msg::kArticleUnitMs},
        {"s", &msg::kArticleUnitS},
        {"x", &msg::kArticleUnitX},
        {"%", &msg::kArticleUnitPercent},
        {"TFLOPS", &msg::kArticleUnitTflops},
        {"PFLOPS", &msg::kArticleUnitPflops},
        {"T tokens/day", &msg::kArticleUnitTTokensDay},
        {"B tokens/day", &msg::kArticleUnitBTokensDay},
        {"steps/day", &msg::kArticleUnitStepsDay},
        {"CNY", &msg::kArticleUnitCny}};
    if (unit == "count")
        return q == ClaimQuantity::Gpus                ? msg::kArticleUnitGpus
               : q == ClaimQuantity::LargestMicroBatch ? msg::kArticleUnitSequences
                                                       : msg::kArticleUnitCount;
    for (const auto& [name, id] : kUnitMessages)
        if (name == unit)
            return *id;
    return msg::kArticleUnitCount;
}

Message inUnit(ClaimQuantity q, double value, std::string_view unit) {
    if (dimensionOf(q) == ClaimDimension::YesNo)
        return makeMessage(value >= 0.5 ? msg::kArticleValueFits : msg::kArticleValueDoesNotFit);
    const ClaimUnit* u = findClaimUnit(unit);
    return makeMessage(unitMessage(q, unit), {claimNumber(value / (u ? u->factor : 1.0))});
}

// The unit of the engine's value: the largest of the dimension that keeps the number at least 1
// (claimUnits() lists each dimension's units from the smallest).
std::string_view readableUnit(ClaimQuantity q, double value) {
    std::string_view best;
    for (const auto& u : claimUnits())
        if (u.dimension == dimensionOf(q) && (best.empty() || std::abs(value) >= u.factor))
            best = u.id;
    return best;
}

std::string_view verdictId(ClaimVerdict v) {
    switch (v) {
    case ClaimVerdict::Agrees:
        return "agrees";
    case ClaimVerdict::Differs:
        return "differs";
    case ClaimVerdict::NoBasis:
        break;
    }
    return "no_basis";
}

std::string text(const Message& m, Lang lang) {
    return messageText(m, lang);
}

std::string label(const MessageId<0>& id, Lang lang) {
    return messageText(makeMessage(id), lang);
}

// The notes of a claim in one cell: sentences, each closed by its own full stop.
std::string notesText(const std::vector<Message>& notes, Lang lang) {
    std::string all;
    for (const Message& note : notes)
        all += (all.empty() || lang == Lang::Zh ? "" : " ") + text(note, lang);
    return all;
}

std::string_view stem(const std::string& file) {
    std::string_view s = file;
    for (std::string_view ext : {".clusterplan.json", ".json"})
        if (s.size() > ext.size() && s.substr(s.size() - ext.size()) == ext)
            return s.substr(0, s.size() - ext.size());
    return s;
}

}  // namespace

Message quantityText(ClaimQuantity q) {
    switch (q) {
    case ClaimQuantity::Fits:
        return makeMessage(msg::kArticleQuantityFits);
    case ClaimQuantity::ModelParallelDegree:
        return makeMessage(msg::kArticleQuantityModelParallelDegree);
    case ClaimQuantity::Gpus:
        return makeMessage(msg::kArticleQuantityGpus);
    case ClaimQuantity::WeightsMemory:
        return makeMessage(msg::kArticleQuantityWeightsMemory);
    case ClaimQuantity::GradientMemory:
        return makeMessage(msg::kArticleQuantityGradientMemory);
    case ClaimQuantity::ModelStatesMemory:
        return makeMessage(msg::kArticleQuantityModelStatesMemory);
    case ClaimQuantity::MemoryPerGpu:
        return makeMessage(msg::kArticleQuantityMemoryPerGpu);
    case ClaimQuantity::MemorySaving:
        return makeMessage(msg::kArticleQuantityMemorySaving);
    case ClaimQuantity::ClusterPeak:
        return makeMessage(msg::kArticleQuantityClusterPeak);
    case ClaimQuantity::Mfu:
        return makeMessage(msg::kArticleQuantityMfu);
    case ClaimQuantity::TokensPerDay:
        return makeMessage(msg::kArticleQuantityTokensPerDay);
    case ClaimQuantity::StepsPerDay:
        return makeMessage(msg::kArticleQuantityStepsPerDay);
    case ClaimQuantity::DpAllReduceTime:
        return makeMessage(msg::kArticleQuantityDpAllreduceTime);
    case ClaimQuantity::BubbleShare:
        return makeMessage(msg::kArticleQuantityBubbleShare);
    case ClaimQuantity::LargestMicroBatch:
        return makeMessage(msg::kArticleQuantityLargestMicroBatch);
    case ClaimQuantity::Speedup:
        return makeMessage(msg::kArticleQuantitySpeedup);
    case ClaimQuantity::Slowdown:
        return makeMessage(msg::kArticleQuantitySlowdown);
    case ClaimQuantity::ComputeTime:
        return makeMessage(msg::kArticleQuantityComputeTime);
    case ClaimQuantity::CommShare:
        return makeMessage(msg::kArticleQuantityCommShare);
    case ClaimQuantity::PurchaseCost:
        break;
    }
    return makeMessage(msg::kArticleQuantityPurchaseCost);
}

Message articleValueText(const Claim& c) {
    const ClaimQuantity q = c.quantity;
    if (c.low && c.high && *c.low == *c.high)
        return inUnit(q, *c.low * findClaimUnit(c.unit)->factor, c.unit);
    const double f = findClaimUnit(c.unit)->factor;
    if (c.low && c.high)
        return makeNestedMessage(msg::kArticleRange,
                                 {inUnit(q, *c.low * f, c.unit), inUnit(q, *c.high * f, c.unit)});
    if (c.low)
        return makeNestedMessage(msg::kArticleAtLeast, {inUnit(q, *c.low * f, c.unit)});
    return makeNestedMessage(msg::kArticleAtMost, {inUnit(q, c.high.value_or(0) * f, c.unit)});
}

Message engineValueText(const Claim& c, std::optional<double> engine, Lang lang) {
    if (!engine)
        return makeMessage(msg::kArticleVerdictNoBasis);
    // Chinese counts large numbers in 亿 (10^8) and 万亿 (10^12), not in billions.
    constexpr double kYi = 1e8, kWanYi = 1e12;
    if (lang == Lang::Zh && dimensionOf(c.quantity) == ClaimDimension::Tokens && std::abs(*engine) < kWanYi)
        return makeMessage(msg::kArticleUnitYiTokensDay, {claimNumber(*engine / kYi)});
    // A memory in the article's decimal unit and in the GiB the plan and the fit notes use, so that
    // one memory never reads as two unrelated numbers ("353 GB = 329 GiB").
    if (dimensionOf(c.quantity) == ClaimDimension::Bytes && std::abs(*engine) >= units::kGiB)
        return makeNestedMessage(msg::kArticleUnitGbGib,
                                 {inUnit(c.quantity, *engine, readableUnit(c.quantity, *engine)),
                                  plainMessage(claimNumber(*engine / units::kGiB))});
    return inUnit(c.quantity, *engine, readableUnit(c.quantity, *engine));
}

std::string articleToText(const std::vector<ClaimCheck>& checks, Lang lang) {
    std::ostringstream out;
    std::size_t agree = 0, differ = 0, none = 0;
    for (const auto& c : checks)
        (c.verdict == ClaimVerdict::Agrees ? agree : c.verdict == ClaimVerdict::Differs ? differ : none) += 1;
    out << text(makeMessage(msg::kArticleTitle), lang) << "\n"
        << text(makeMessage(msg::kArticleSummary, {std::to_string(checks.size()), std::to_string(agree),
                                                   std::to_string(differ), std::to_string(none)}),
                lang)
        << "\n";
    for (const auto& c : checks) {
        const Description& d = c.description;
        out << "\n"
            << stem(c.file) << " · " << d.section << " · " << text(quantityText(c.claim.quantity), lang)
            << "\n";
        out << "  " << label(msg::kArticleLabelQuote, lang) << ": " << d.quote << "\n";
        if (lang == Lang::En)
            out << "  " << label(msg::kArticleLabelGloss, lang) << ": " << d.gloss << "\n";
        out << "  " << label(msg::kArticleLabelTested, lang) << ": " << text(c.tested, lang) << "\n";
        for (const Message& note : c.notes)
            out << "  " << label(msg::kArticleLabelNote, lang) << ": " << text(note, lang) << "\n";
        out << "  " << label(msg::kArticleLabelArticle, lang) << ": " << text(articleValueText(c.claim), lang)
            << "\n";
        out << "  " << label(msg::kArticleLabelEngine, lang) << ": "
            << text(engineValueText(c.claim, c.engine, lang), lang) << "\n";
        out << "  " << label(msg::kArticleLabelVerdict, lang) << ": " << text(c.verdictText, lang) << "\n";
        out << "  " << label(msg::kArticleLabelWhy, lang) << ": " << text(c.mechanism, lang) << "\n";
    }
    return out.str();
}

std::string articleToJson(const std::vector<ClaimCheck>& checks, Lang lang) {
    json::Writer w;
    w.beginObject().value("schema", kArticleSchema).value("language", langCode(lang));
    w.beginArray("claims");
    for (const auto& c : checks) {
        const double f = findClaimUnit(c.claim.unit)->factor;
        w.beginObject().value("file", c.file).value("section", c.description.section);
        w.value("quote", c.description.quote).value("gloss", c.description.gloss);
        w.value("quantity", toString(c.claim.quantity)).value("unit", c.claim.unit);
        w.beginObject("article");
        c.claim.low ? w.value("min", *c.claim.low) : w.null("min");
        c.claim.high ? w.value("max", *c.claim.high) : w.null("max");
        w.value("text", text(articleValueText(c.claim), lang)).endObject();
        w.beginObject("engine");
        c.engine ? w.value("value", *c.engine / f) : w.null("value");
        w.value("text", text(engineValueText(c.claim, c.engine, lang), lang)).endObject();
        w.value("verdict", verdictId(c.verdict)).value("verdict_text", text(c.verdictText, lang));
        w.value("tested", text(c.tested, lang));
        w.beginArray("notes");
        for (const Message& note : c.notes)
            w.value("", text(note, lang));
        w.endArray();
        w.value("why", text(c.mechanism, lang)).endObject();
    }
    w.endArray().endObject();
    return w.str();
}

std::string articleToCsv(const std::vector<ClaimCheck>& checks, Lang lang) {
    std::ostringstream out;
    out << "file,section,quantity,unit,article_min,article_max,engine_value,"
        << csvField(label(msg::kArticleLabelArticle, lang)) << ","
        << csvField(label(msg::kArticleLabelEngine, lang)) << ",verdict,"
        << csvField(label(msg::kArticleLabelVerdict, lang)) << ","
        << csvField(label(msg::kArticleLabelWhy, lang)) << ","
        << csvField(label(msg::kArticleLabelTested, lang)) << ","
        << csvField(label(msg::kArticleLabelNote, lang)) << "\n";
    for (const auto& c : checks) {
        const double f = findClaimUnit(c.claim.unit)->factor;
        out << csvField(c.file) << "," << csvField(c.description.section) << "," << toString(c.claim.quantity)
            << "," << csvField(c.claim.unit) << ","
            << (c.claim.low ? csvNumber(*c.claim.low, "article_min") : "") << ","
            << (c.claim.high ? csvNumber(*c.claim.high, "article_max") : "") << ","
            << (c.engine ? csvNumber(*c.engine / f, "engine_value") : "") << ","
            << csvField(text(articleValueText(c.claim), lang)) << ","
            << csvField(text(engineValueText(c.claim, c.engine, lang), lang)) << "," << verdictId(c.verdict)
            << "," << csvField(text(c.verdictText, lang)) << "," << csvField(text(c.mechanism, lang)) << ","
            << csvField(text(c.tested, lang)) << "," << csvField(notesText(c.notes, lang)) << "\n";
    }
    return out.str();
}

namespace {

// A table cell: a pipe would end the cell and a line break the row.
std::string markdownCell(std::string_view text) {
    std::string cell;
    for (char ch : text) {
        if (ch == '|')
            cell += "\\|";
        else if (ch == '\n' || ch == '\r')
            cell += ' ';
        else
            cell += ch;
    }
    return cell;
}

}  // namespace

std::string articleToMarkdown(const std::vector<ClaimCheck>& checks, Lang lang) {
    std::ostringstream out;
    std::size_t agree = 0, differ = 0, none = 0;
    for (const auto& c : checks)
        (c.verdict == ClaimVerdict::Agrees ? agree : c.verdict == ClaimVerdict::Differs ? differ : none) += 1;
    out << text(makeMessage(msg::kArticleSummary, {std::to_string(checks.size()), std::to_string(agree),
                                                   std::to_string(differ), std::to_string(none)}),
                lang)
        << "\n\n";
    out << "| " << label(msg::kArticleLabelExample, lang) << " | " << label(msg::kArticleLabelSection, lang)
        << " | " << label(msg::kArticleLabelArticle, lang) << " | " << label(msg::kArticleLabelEngine, lang)
        << " | " << label(msg::kArticleLabelVerdict, lang) << " | "
        << label(msg::kArticleLabelTestedWhy, lang) << " |\n";
    out << "|---|---|---|---|---|---|\n";
    for (const auto& c : checks) {
        out << "| " << stem(c.file) << " | " << markdownCell(c.description.section) << " | "
            << markdownCell(text(articleValueText(c.claim), lang)) << " | "
            << markdownCell(text(engineValueText(c.claim, c.engine, lang), lang)) << " | "
            << markdownCell(text(c.verdictText, lang)) << " | " << markdownCell(text(c.tested, lang))
            << (lang == Lang::Zh ? "：" : ": ") << markdownCell(text(c.mechanism, lang)) << " |\n";
    }
    return out.str();
}

}  // namespace clusterplan
