#include "core/quote/quote_json.h"
#include "core/util/messages_file_errors.h"

#include <charconv>

namespace clusterplan::quote {

namespace {

void readText(json::ObjectReader& r, std::string_view key, std::string& target) {
    r.optString(key, target);
    if (target.size() > kMaxQuoteTextBytes)
        json::fail(r.pathOf(key), msg::kErrorQuoteTextTooLong,
                   {std::to_string(target.size()), std::to_string(kMaxQuoteTextBytes)});
}

void readTax(json::ObjectReader& r, TaxSettings& t) {
    if (auto rates = r.optObject("rates")) {
        for (std::size_t i = 0; i < kTaxCategoryCount; ++i) {
            const auto c = static_cast<TaxCategory>(i);
            if (c != TaxCategory::Exempt)
                rates->optNumber(toString(c), t.rates[i], 0.0, 1.0);
        }
        rates->finish();
    }
    r.optBoolean("small_scale_taxpayer", t.smallScaleTaxpayer);
    if (r.has("small_scale_rate")) {
        double rate = 0;
        r.optNumber("small_scale_rate", rate, 0.0, 1.0);
        t.smallScaleRate = rate;
    }
    if (r.has("rent_category")) {
        const std::string c = r.choice("rent_category", {"service", "lease"});
        t.rentCategory = c == "lease" ? TaxCategory::Lease : TaxCategory::Service;
    }
    r.optBoolean("english_includes_tax", t.englishIncludesTax);
    r.finish();
}

int digits(std::string_view s) {
    int v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && end == s.data() + s.size() ? v : -1;
}

}  // namespace

bool isIsoDate(std::string_view s) {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-')
        return false;
    const int y = digits(s.substr(0, 4)), m = digits(s.substr(5, 2)), d = digits(s.substr(8, 2));
    if (y < 1900 || m < 1 || m > 12 || d < 1)
        return false;
    constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return d <= kDays[m - 1] + (m == 2 && leap ? 1 : 0);
}

void readQuote(json::ObjectReader& r, QuoteInfo& q) {
    readText(r, "customer", q.customer);
    readText(r, "contact", q.contact);
    readText(r, "prepared_by", q.preparedBy);
    readText(r, "company", q.company);
    readText(r, "logo", q.logo);
    readText(r, "number", q.number);
    r.optInteger("revision", q.revision, 1, 1'000'000);
    r.optString("date", q.date);
    if (!q.date.empty() && !isIsoDate(q.date))
        json::fail(r.pathOf("date"), msg::kErrorQuoteDate, {q.date});
    r.optInteger("valid_days", q.validDays, 1, kMaxValidDays);
    readText(r, "notes", q.notes);
    if (auto tax = r.optObject("tax"))
        readTax(*tax, q.tax);
    r.finish();
}

void writeQuote(json::Writer& w, const QuoteInfo& q) {
    w.value("customer", q.customer).value("contact", q.contact).value("prepared_by", q.preparedBy);
    w.value("company", q.company).value("logo", q.logo).value("number", q.number);
    w.value("revision", q.revision).value("date", q.date).value("valid_days", q.validDays);
    w.value("notes", q.notes);
    w.beginObject("tax").beginObject("rates");
    for (std::size_t i = 0; i + 1 < kTaxCategoryCount; ++i)
        w.value(toString(static_cast<TaxCategory>(i)), q.tax.rates[i]);
    w.endObject();
    w.value("small_scale_taxpayer", q.tax.smallScaleTaxpayer);
    if (q.tax.smallScaleRate)  // left out: the rate in force on the quote's date
        w.value("small_scale_rate", *q.tax.smallScaleRate);
    w.value("rent_category", toString(q.tax.rentCategory));
    w.value("english_includes_tax", q.tax.englishIncludesTax).endObject();
}

}  // namespace clusterplan::quote
