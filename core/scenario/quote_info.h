#pragma once
// QuoteInfo: what a customer quote needs beyond the plan (issue 8 §1), kept in a scenario's
// optional `quote` object and saved with it. Value type, no behaviour.
//
// VAT (增值税) rates per line category, defaults from quotes-and-charts.md §2:
//   goods (hardware sale, electricity) 13 %   财政部 税务总局 海关总署公告 2019 年第 39 号
//   lease of equipment (有形动产租赁)     13 %   same notice
//   repair and maintenance (修理修配劳务)  13 %   same notice
//   IT / cloud / compute service, IDC     6 %   财税〔2016〕36 号
//   basic telecom, leased bandwidth       9 %   财税〔2016〕36 号 / 2019 年第 39 号
//   installation (建筑服务·安装服务)         9 %   same
//   exempt: in-house staff, refundable deposits (no invoice)  0 %
// A small-scale taxpayer (小规模纳税人) charges 3 % on every taxable line (增值税暂行条例).
#include <array>
#include <cstdint>
#include <string>

namespace clusterplan::quote {

enum class TaxCategory { Goods, Lease, Repair, Service, Telecom, Installation, Exempt };
inline constexpr std::size_t kTaxCategoryCount = 7;

struct TaxSettings {
    // Indexed by TaxCategory.
    std::array<double, kTaxCategoryCount> rates{0.13, 0.13, 0.13, 0.06, 0.09, 0.09, 0.0};
    bool smallScaleTaxpayer = false;
    double smallScaleRate = 0.03;
    // Whether a GPU rental is a 6 % service or a 13 % lease depends on the contract form
    // (quotes-and-charts.md §2), so the quote says which.
    TaxCategory rentCategory = TaxCategory::Service;
    // English version: amounts shown including tax (true) or "excl. tax" (false).
    bool englishIncludesTax = false;
    bool operator==(const TaxSettings&) const = default;
};

struct QuoteInfo {
    std::string customer;
    std::string contact;
    std::string preparedBy;
    std::string company;
    std::string logo;    // image path; empty: no logo
    std::string number;  // stays the same across revisions
    std::int64_t revision = 1;
    std::string date;  // ISO 8601 "2026-11-30"; empty: the day the report is made
    std::int64_t validDays = 30;
    std::string notes;
    TaxSettings tax;
    bool operator==(const QuoteInfo&) const = default;
};

[[nodiscard]] const char* toString(TaxCategory c);  // "goods", "lease", ...
[[nodiscard]] bool parseTaxCategory(std::string_view text, TaxCategory& out);
// The rate that applies to a line of this category under these settings.
[[nodiscard]] double vatRate(const TaxSettings& tax, TaxCategory c);

}  // namespace clusterplan::quote
