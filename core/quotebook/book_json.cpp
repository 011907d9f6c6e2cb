#include "core/quotebook/book_json.h"

#include <set>

#include "core/cost/money.h"
#include "core/quotebook/messages_quote_book.h"
#include "core/util/atomic_file.h"
#include "core/util/json_read.h"
#include "core/util/json_write.h"
#include "core/util/messages_file_errors.h"
#include "core/util/messages_input_errors.h"

namespace clusterplan::quotebook {

namespace {

constexpr std::uintmax_t kMaxBookBytes = 512u << 20;

// "-1234.56" (Money::toString()'s form) in cents; the amount must have exactly two decimals.
std::int64_t parseCents(json::ObjectReader& reader, std::string_view key) {
    const std::string text = reader.string(key);
    const bool negative = !text.empty() && text.front() == '-';
    const std::string digits = negative ? text.substr(1) : text;
    const auto dot = digits.find('.');
    const bool shaped = dot != std::string::npos && dot >= 1 && dot <= 15 && digits.size() == dot + 3 &&
                        digits.find_first_not_of("0123456789", 0) == dot &&
                        digits.find_first_not_of("0123456789", dot + 1) == std::string::npos;
    if (!shaped)
        json::fail(reader.pathOf(key), msg::kErrorQuotebookBadAmount, {text});
    const std::int64_t cents = std::stoll(digits.substr(0, dot)) * 100 + std::stoll(digits.substr(dot + 1));
    return negative ? -cents : cents;
}

std::optional<OfferTotals> readTotals(json::ObjectReader& reader, std::string_view key) {
    auto object = reader.optObject(key);
    if (!object)
        return std::nullopt;
    OfferTotals totals{parseCents(*object, "excl_vat"), parseCents(*object, "incl_vat")};
    object->finish();
    return totals;
}

StoredStatus readStatus(json::ObjectReader& reader, std::string_view key) {
    return *parseStoredStatus(reader.choice(key, {"draft", "sent", "accepted", "lost"}));
}

QuoteRecord readRecord(const boost::json::value& value, const std::string& path) {
    json::ObjectReader reader(value, path);
    QuoteRecord r;
    r.number = reader.string("number");
    if (r.number.empty())
        json::fail(reader.pathOf("number"), msg::kErrorJsonRequired);
    r.revision = reader.integer("revision", 1, 1'000'000'000);
    r.customer = reader.string("customer");
    r.contact = reader.string("contact");
    r.preparedBy = reader.string("prepared_by");
    r.created = reader.string("created");
    r.validUntil = reader.string("valid_until");
    r.status = readStatus(reader, "status");
    r.currency = reader.string("currency");
    r.rent = readTotals(reader, "rent");
    r.buy = readTotals(reader, "buy");
    r.recommendation = reader.string("recommendation");
    reader.optString("recommendation_zh", r.recommendationZh);  // absent in books saved before it
    r.priceBookId = reader.string("price_book_id");
    r.priceBookAsOf = reader.string("price_book_as_of");
    r.scenarioJson = reader.string("scenario");
    r.recordedAt = reader.string("recorded_at");
    if (const auto* files = reader.optArray("files"))
        for (std::size_t i = 0; i < files->size(); ++i) {
            json::ObjectReader file((*files)[i], json::indexPath(reader.pathOf("files"), i));
            r.files.push_back({file.string("path"), file.string("sha256")});
            file.finish();
        }
    if (const auto* changes = reader.optArray("status_changes"))
        for (std::size_t i = 0; i < changes->size(); ++i) {
            json::ObjectReader change((*changes)[i], json::indexPath(reader.pathOf("status_changes"), i));
            r.statusChanges.push_back({readStatus(change, "status"), change.string("at")});
            change.finish();
        }
    reader.finish();
    return r;
}

}  // namespace

void writeTotals(json::Writer& w, std::string_view key, const std::optional<OfferTotals>& totals) {
    if (!totals) {
        w.null(key);
        return;
    }
    w.beginObject(key)
        .value("excl_vat", cost::Money::fromCents(totals->amountCents).toString())
        .value("incl_vat", cost::Money::fromCents(totals->grossCents).toString())
        .endObject();
}

std::string bookToJson(const std::vector<QuoteRecord>& records) {
    json::Writer w;
    w.beginObject().value("schema", kBookJsonSchema).beginArray("quotes");
    for (const QuoteRecord& r : records) {
        w.beginObject()
            .value("number", r.number)
            .value("revision", r.revision)
            .value("customer", r.customer)
            .value("contact", r.contact)
            .value("prepared_by", r.preparedBy)
            .value("created", r.created)
            .value("valid_until", r.validUntil)
            .value("status", toString(r.status))
            .value("currency", r.currency);
        writeTotals(w, "rent", r.rent);
        writeTotals(w, "buy", r.buy);
        w.value("recommendation", r.recommendation)
            .value("recommendation_zh", r.recommendationZh)
            .value("price_book_id", r.priceBookId)
            .value("price_book_as_of", r.priceBookAsOf)
            .value("scenario", r.scenarioJson)
            .value("recorded_at", r.recordedAt);
        w.beginArray("files");
        for (const ExportedFile& f : r.files)
            w.beginObject().value("path", f.path).value("sha256", f.sha256).endObject();
        w.endArray().beginArray("status_changes");
        for (const StatusChange& c : r.statusChanges)
            w.beginObject().value("status", toString(c.status)).value("at", c.at).endObject();
        w.endArray().endObject();
    }
    w.endArray().endObject();
    return w.str();
}

Result<std::vector<QuoteRecord>> bookFromJson(std::string_view text, const std::string& label) {
    auto parsed = json::parseText(text, label);
    if (!parsed)
        return parsed.error();
    try {
        json::ObjectReader root(parsed.value(), "");
        const std::string schema = root.string("schema");
        if (schema != kBookJsonSchema)
            json::fail("schema", msg::kErrorSchemaExpected, {schema, std::string(kBookJsonSchema)});
        const auto* quotes = root.optArray("quotes");
        std::vector<QuoteRecord> out;
        if (quotes)
            for (std::size_t i = 0; i < quotes->size(); ++i)
                out.push_back(readRecord((*quotes)[i], json::indexPath("quotes", i)));
        root.finish();
        return out;
    } catch (const json::InputError& e) {
        return relocated(label + ": " + e.error.where, e.error);
    }
}

Result<ExportOutcome> exportBook(const QuoteBook& book, const std::string& path) {
    auto readable = book.readable();
    if (!readable)
        return readable.error();
    const std::vector<QuoteRecord>& records = readable->records;
    if (auto written = writeFileAtomically(path, bookToJson(records)); !written)
        return written.error();
    std::set<std::string> numbers;
    for (const QuoteRecord& r : records)
        numbers.insert(r.number);
    return ExportOutcome{records.size(), numbers.size(), readable->unreadable};
}

Result<MergeOutcome> importBook(QuoteBook& book, const std::string& path) {
    auto text = readTextFile(path, kMaxBookBytes);
    if (!text)
        return text.error();
    auto records = bookFromJson(text.value(), path);
    if (!records)
        return records.error();
    return book.merge(records.value());
}

}  // namespace clusterplan::quotebook
