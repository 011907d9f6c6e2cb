#include "core/quotebook/book_format.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>
#include <sstream>

#include "core/cost/money.h"
#include "core/quote/quote_document.h"
#include "core/quotebook/book_json.h"
#include "core/quotebook/messages_quote_book.h"
#include "core/util/csv_write.h"
#include "core/util/json_write.h"
#include "core/util/message.h"

namespace clusterplan::quotebook {

namespace {

std::string label(const MessageId<0>& id, Lang lang) {
    return messageText(makeMessage(id), lang);
}
template <std::size_t N> std::string label(const MessageId<N>& id, Lang lang, std::string (&&args)[N]) {
    return messageText(makeMessage(id, std::move(args)), lang);
}

const MessageId<0>& statusId(ShownStatus status) {
    switch (status) {
    case ShownStatus::Draft:
        return msg::kQuotebookStatusDraft;
    case ShownStatus::Sent:
        return msg::kQuotebookStatusSent;
    case ShownStatus::Accepted:
        return msg::kQuotebookStatusAccepted;
    case ShownStatus::Lost:
        return msg::kQuotebookStatusLost;
    case ShownStatus::Expired:
        break;
    }
    return msg::kQuotebookStatusExpired;
}

// Columns a terminal gives `text`: two for the East Asian wide ranges (CJK ideographs, Hangul,
// full-width forms; Unicode Standard Annex #11), one for other code points.
std::size_t displayWidth(const std::string& text) {
    std::size_t width = 0;
    for (std::size_t i = 0; i < text.size();) {
        const auto lead = static_cast<unsigned char>(text[i]);
        const std::size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
        std::uint32_t cp = length == 1 ? lead : lead & (0xFFu >> (length + 1));
        for (std::size_t k = 1; k < length && i + k < text.size(); ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3Fu);
        const bool wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
                          (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                          (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
                          (cp >= 0xFFE0 && cp <= 0xFFE6) || cp >= 0x20000;
        width += wide ? 2 : 1;
        i += length;
    }
    return width;
}

// A heading's colon: full-width in Chinese.
const char* colon(Lang lang) {
    return lang == Lang::Zh ? "：" : ":";
}

std::string padRight(const std::string& text, std::size_t width) {
    const std::size_t w = displayWidth(text);
    return w >= width ? text : text + std::string(width - w, ' ');
}

}  // namespace

std::string localTime(const std::string& utc) {
    std::tm parts{};
    if (utc.size() != 20 || utc.back() != 'Z' ||
        std::sscanf(utc.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d", &parts.tm_year, &parts.tm_mon, &parts.tm_mday,
                    &parts.tm_hour, &parts.tm_min, &parts.tm_sec) != 6)
        return utc;
    parts.tm_year -= 1900;
    parts.tm_mon -= 1;
    const std::time_t at = ::timegm(&parts);
    std::tm local{};
    if (at == static_cast<std::time_t>(-1) || !::localtime_r(&at, &local))
        return utc;
    char text[48];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S %Z", &local);
    return text;
}

namespace {

std::string plainAmount(const std::optional<OfferTotals>& totals, bool gross) {
    if (!totals)
        return "";
    return cost::Money::fromCents(gross ? totals->grossCents : totals->amountCents).toString();
}

std::string groupedAmount(const std::optional<OfferTotals>& totals) {
    return totals ? quote::formatPlain(cost::Money::fromCents(totals->grossCents)) : "-";
}

cost::Currency currencyOf(const QuoteRecord& r) {
    cost::Currency c = cost::Currency::Cny;
    (void)cost::parseCurrency(r.currency, c);
    return c;
}

}  // namespace

BookCounts countStatuses(const std::vector<QuoteRecord>& records, const std::string& today,
                         const cost::PriceBooks& books) {
    // A quote is counted once, by its last revision listed: a list of every revision counts
    // quotes, not revisions.
    std::map<std::string, const QuoteRecord*> quotes;
    for (const QuoteRecord& r : records)
        if (auto [at, added] = quotes.try_emplace(r.number, &r); !added && at->second->revision < r.revision)
            at->second = &r;
    BookCounts counts;
    counts.revisions = records.size();
    counts.superseded = static_cast<std::size_t>(
        std::count_if(records.begin(), records.end(), [](const QuoteRecord& r) { return supersededBy(r); }));
    for (const auto& [number, r] : quotes) {
        const PriceAge age = priceAge(*r, books, today);
        counts.oldPrices += age.stale || age.superseded ? 1 : 0;
        const DerivedStatus s = deriveStatus(r->status, r->validUntil, today);
        ++counts.quotes;
        counts.active += s.active ? 1 : 0;
        counts.expiring += s.expiring ? 1 : 0;
        counts.expired += s.shown == ShownStatus::Expired ? 1 : 0;
        counts.accepted += s.shown == ShownStatus::Accepted ? 1 : 0;
    }
    return counts;
}

std::string statusName(StoredStatus status, Lang lang) {
    switch (status) {
    case StoredStatus::Draft:
        return label(msg::kQuotebookStatusDraft, lang);
    case StoredStatus::Sent:
        return label(msg::kQuotebookStatusSent, lang);
    case StoredStatus::Accepted:
        return label(msg::kQuotebookStatusAccepted, lang);
    case StoredStatus::Lost:
        break;
    }
    return label(msg::kQuotebookStatusLost, lang);
}

std::string statusText(const DerivedStatus& status, Lang lang) {
    const std::string name = label(statusId(status.shown), lang);
    if (status.expiring && status.daysLeft)
        return label(*status.daysLeft == 1 ? msg::kQuotebookExpiringOne : msg::kQuotebookExpiring, lang,
                     {name, std::to_string(*status.daysLeft)});
    return name;
}

std::string priceAgeText(const PriceAge& age, Lang lang) {
    std::string text;
    if (age.superseded)
        text = label(msg::kQuotebookPricesSuperseded, lang, {age.currentAsOf});
    if (age.stale && age.days)
        text += (text.empty() ? "" : label(msg::kQuotebookListSeparator, lang)) +
                label(msg::kQuotebookPricesStale, lang, {std::to_string(*age.days)});
    return text.empty() ? label(msg::kQuotebookPricesCurrent, lang) : text;
}

std::string listStatusText(const QuoteRecord& record, const std::string& today, Lang lang) {
    if (const auto by = supersededBy(record))
        return label(msg::kQuotebookSupersededBy, lang, {std::to_string(*by)});
    return statusText(deriveStatus(record.status, record.validUntil, today), lang);
}

std::string listToText(const std::vector<QuoteRecord>& records, const std::string& today,
                       const cost::PriceBooks& books, Lang lang, bool allRevisions) {
    std::vector<std::vector<std::string>> rows;
    // Every revision: one column "Q-2026-0043/2", as `quotes show` takes it.
    std::vector<std::string> heading = {label(msg::kQuotebookColNumberRevision, lang)};
    if (!allRevisions)
        heading = {label(msg::kQuotebookColNumber, lang), label(msg::kQuotebookColRevision, lang)};
    for (const MessageId<0>& id :
         {msg::kQuotebookColCustomer, msg::kQuotebookColStatus, msg::kQuotebookColDate,
          msg::kQuotebookColValidUntil, msg::kQuotebookColCurrency, msg::kQuotebookColRent,
          msg::kQuotebookColBuy, msg::kQuotebookColPrices, msg::kQuotebookColRecommendation})
        heading.push_back(label(id, lang));
    rows.push_back(std::move(heading));
    for (const QuoteRecord& r : records) {
        std::vector<std::string> row = {numberAndRevision(r)};
        if (!allRevisions)
            row = {r.number, std::to_string(r.revision)};
        for (const std::string& cell :
             {r.customer, listStatusText(r, today, lang), r.created, r.validUntil, r.currency,
              groupedAmount(r.rent), groupedAmount(r.buy), priceAgeText(priceAge(r, books, today), lang),
              recommendationIn(r, lang)})
            row.push_back(cell);
        rows.push_back(std::move(row));
    }
    std::vector<std::size_t> widths(rows.front().size(), 0);
    for (const auto& row : rows)
        for (std::size_t c = 0; c < row.size(); ++c)
            widths[c] = std::max(widths[c], displayWidth(row[c]));
    std::ostringstream out;
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c)
            line += (c ? "  " : "") + (c + 1 < row.size() ? padRight(row[c], widths[c]) : row[c]);
        out << line << "\n";
    }
    if (records.empty())
        out << label(msg::kQuotebookNone, lang) << "\n";
    const BookCounts n = countStatuses(records, today, books);
    out << label(n.quotes == 1 ? msg::kQuotebookSummaryOne : msg::kQuotebookSummary, lang,
                 {std::to_string(n.quotes), std::to_string(n.active), std::to_string(n.expiring),
                  std::to_string(n.expired), std::to_string(n.accepted)})
        << "\n";
    if (allRevisions)
        out << label(n.revisions == 1 ? msg::kQuotebookSummaryRevisionsOne : msg::kQuotebookSummaryRevisions,
                     lang, {std::to_string(n.revisions), std::to_string(n.superseded)})
            << "\n";
    if (n.oldPrices > 0)
        out << label(n.oldPrices == 1 ? msg::kQuotebookSummaryOldPricesOne : msg::kQuotebookSummaryOldPrices,
                     lang, {std::to_string(n.oldPrices)})
            << "\n";
    return out.str();
}

std::string listToCsv(const std::vector<QuoteRecord>& records, const std::string& today,
                      const cost::PriceBooks& books) {
    std::ostringstream out;
    out << "number,revision,customer,contact,prepared_by,created,valid_until,status,active,expiring,days_"
           "left,"
           "currency,rent_excl_vat,rent_incl_vat,buy_excl_vat,buy_incl_vat,recommendation,recommendation_zh,"
           "price_book_id,"
           "price_book_as_of,price_book_days,price_book_stale,price_book_superseded,recorded_at,superseded_"
           "by\n";
    for (const QuoteRecord& r : records) {
        const DerivedStatus s = deriveStatus(r.status, r.validUntil, today);
        const PriceAge age = priceAge(r, books, today);
        out << csvTextField(r.number) << "," << r.revision << "," << csvTextField(r.customer) << ","
            << csvTextField(r.contact) << "," << csvTextField(r.preparedBy) << "," << csvTextField(r.created)
            << "," << csvTextField(r.validUntil) << "," << toString(s.shown) << ","
            << (s.active ? "yes" : "no") << "," << (s.expiring ? "yes" : "no") << ","
            << (s.daysLeft ? std::to_string(*s.daysLeft) : "") << "," << csvTextField(r.currency) << ","
            << plainAmount(r.rent, false) << "," << plainAmount(r.rent, true) << ","
            << plainAmount(r.buy, false) << "," << plainAmount(r.buy, true) << ","
            << csvTextField(r.recommendation) << "," << csvTextField(r.recommendationZh) << ","
            << csvTextField(r.priceBookId) << "," << csvTextField(r.priceBookAsOf) << ","
            << (age.days ? std::to_string(*age.days) : "") << "," << (age.stale ? "yes" : "no") << ","
            << (age.superseded ? "yes" : "no") << "," << csvTextField(r.recordedAt) << ","
            << (supersededBy(r) ? std::to_string(*supersededBy(r)) : "") << "\n";
    }
    return out.str();
}

std::string listToJson(const std::vector<QuoteRecord>& records, const std::string& today,
                       const cost::PriceBooks& books) {
    json::Writer w;
    const BookCounts n = countStatuses(records, today, books);
    w.beginObject().value("schema", "clusterplan.quote-list/1").value("today", today);
    w.beginObject("counts")
        .value("quotes", static_cast<std::int64_t>(n.quotes))
        .value("active", static_cast<std::int64_t>(n.active))
        .value("expiring", static_cast<std::int64_t>(n.expiring))
        .value("expired", static_cast<std::int64_t>(n.expired))
        .value("accepted", static_cast<std::int64_t>(n.accepted))
        .value("old_prices", static_cast<std::int64_t>(n.oldPrices))
        .value("revisions", static_cast<std::int64_t>(n.revisions))
        .value("superseded", static_cast<std::int64_t>(n.superseded))
        .endObject();
    w.beginArray("quotes");
    for (const QuoteRecord& r : records) {
        const DerivedStatus s = deriveStatus(r.status, r.validUntil, today);
        w.beginObject()
            .value("number", r.number)
            .value("revision", r.revision)
            .value("customer", r.customer)
            .value("created", r.created)
            .value("valid_until", r.validUntil)
            .value("status", toString(s.shown))
            .value("stored_status", toString(r.status))
            .value("active", s.active)
            .value("expiring", s.expiring);
        if (s.daysLeft)
            w.value("days_left", *s.daysLeft);
        else
            w.null("days_left");
        w.value("currency", r.currency);
        writeTotals(w, "rent", r.rent);
        writeTotals(w, "buy", r.buy);
        w.value("recommendation", r.recommendation)
            .value("recommendation_zh", r.recommendationZh)
            .value("price_book_id", r.priceBookId)
            .value("price_book_as_of", r.priceBookAsOf);
        const PriceAge age = priceAge(r, books, today);
        if (age.days)
            w.value("price_book_days", static_cast<std::int64_t>(*age.days));
        else
            w.null("price_book_days");
        w.value("price_book_stale", age.stale)
            .value("price_book_superseded", age.superseded)
            .value("recorded_at", r.recordedAt);
        if (const auto by = supersededBy(r))
            w.value("superseded_by", *by);
        else
            w.null("superseded_by");
        w.endObject();
    }
    w.endArray().endObject();
    return w.str();
}

std::string quoteToText(const QuoteRecord& r, const std::vector<std::int64_t>& revisions,
                        const std::string& today, const cost::PriceBooks& books, Lang lang) {
    const cost::Currency currency = currencyOf(r);
    std::vector<std::pair<std::string, std::string>> lines = {
        {label(msg::kQuotebookColNumber, lang), r.number},
        {label(msg::kQuotebookColRevision, lang), std::to_string(r.revision)},
        {label(msg::kQuotebookColCustomer, lang), r.customer},
        {label(msg::kQuotebookContact, lang), r.contact},
        {label(msg::kQuotebookPreparedBy, lang), r.preparedBy},
        {label(msg::kQuotebookColDate, lang), r.created},
        {label(msg::kQuotebookColValidUntil, lang), r.validUntil},
        {label(msg::kQuotebookColStatus, lang), listStatusText(r, today, lang)},
    };
    for (const auto& [id, totals] :
         {std::pair{msg::kQuotebookRent, &r.rent}, std::pair{msg::kQuotebookBuy, &r.buy}})
        if (*totals)
            lines.emplace_back(
                label(id, lang),
                label(msg::kQuotebookAmounts, lang,
                      {quote::formatAmount(cost::Money::fromCents((*totals)->amountCents), currency, lang),
                       quote::formatAmount(cost::Money::fromCents((*totals)->grossCents), currency, lang)}));
    lines.emplace_back(label(msg::kQuotebookColRecommendation, lang), recommendationIn(r, lang));
    lines.emplace_back(label(msg::kQuotebookPriceBook, lang),
                       r.priceBookAsOf.empty()
                           ? r.priceBookId
                           : label(msg::kQuotebookAsOf, lang, {r.priceBookId, r.priceBookAsOf}));
    lines.emplace_back(label(msg::kQuotebookColPrices, lang), priceAgeText(priceAge(r, books, today), lang));
    lines.emplace_back(label(msg::kQuotebookRecordedAt, lang), localTime(r.recordedAt));
    std::string all;
    for (const std::int64_t rev : revisions)
        all += (all.empty() ? "" : ", ") + std::to_string(rev);
    lines.emplace_back(label(msg::kQuotebookRevisions, lang), all);
    std::size_t width = 0;
    for (const auto& line : lines)
        width = std::max(width, displayWidth(line.first));
    std::ostringstream out;
    for (const auto& [name, value] : lines)
        out << padRight(name, width) << "  " << value << "\n";
    if (!r.files.empty()) {
        out << label(msg::kQuotebookFiles, lang) << colon(lang) << "\n";
        for (const ExportedFile& f : r.files)
            out << "  " << f.path << "  sha256 " << f.sha256 << "\n";
    }
    if (!r.statusChanges.empty()) {
        out << label(msg::kQuotebookStatusChanges, lang) << colon(lang) << "\n";
        for (const StatusChange& c : r.statusChanges)
            out << "  " << c.at << "  " << statusName(c.status, lang) << "\n";
    }
    return out.str();
}

}  // namespace clusterplan::quotebook
