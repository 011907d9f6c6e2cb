#pragma once
// QuoteInfo: what a customer quote needs beyond the plan, kept in a scenario's
// optional `quote` object and saved with it. Value type, no behaviour.
//
// VAT (增值税) rates per line category, defaults from the notices named per line:
//   goods (hardware sale, electricity) 13 %   财政部 税务总局 海关总署公告 2019 年第 39 号
//   lease of equipment (有形动产租赁)     13 %   same notice
//   repair and maintenance (修理修配劳务)  13 %   same notice
//   IT / cloud / compute service, IDC     6 %   财税〔2016〕36 号
//   basic telecom, leased bandwidth       9 %   财税〔2016〕36 号 / 2019 年第 39 号
//   installation (建筑服务·安装服务)         9 %   same
//   exempt: in-house staff, refundable deposits (no invoice)  0 %
// A small-scale taxpayer (小规模纳税人) charges one rate on every taxable line: 3 % by statute
// (增值税暂行条例 第十二条), reduced to 1 % from 2023-01-01 to 2027-12-31 by 财政部 税务总局公告
// 2023 年第 19 号《关于增值税小规模纳税人减免增值税政策的公告》 (第二条: "适用3%征收率的应税销售收入，
// 减按1%征收率征收增值税"; 第四条: 执行至 2027 年 12 月 31 日). Its monthly sales exemption
// (≤ ¥100 000 a month, 第一条) depends on the seller's whole month, not on one quote, so it is
// not applied here.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace clusterplan::quote {

inline constexpr double kSmallScaleStatutoryRate = 0.03;
inline constexpr double kSmallScaleReducedRate = 0.01;
inline constexpr std::string_view kSmallScaleReducedUntil = "2027-12-31";  // inclusive, ISO 8601

enum class TaxCategory { Goods, Lease, Repair, Service, Telecom, Installation, Exempt };
inline constexpr std::size_t kTaxCategoryCount = 7;

struct TaxSettings {
    // Indexed by TaxCategory.
    std::array<double, kTaxCategoryCount> rates{0.13, 0.13, 0.13, 0.06, 0.09, 0.09, 0.0};
    bool smallScaleTaxpayer = false;
    // The rate the user set; empty: the rate in force on the quote's date (smallScaleRateOn).
    std::optional<double> smallScaleRate;
    // Whether a GPU rental is a 6 % service or a 13 % lease (有形动产租赁) depends on the contract
    // form (notices above), so the quote says which.
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
// The small-scale rate in force on `isoDate` ("2026-11-30"): 1 % to 2027-12-31, then 3 %.
[[nodiscard]] double smallScaleRateOn(std::string_view isoDate);
// `tax` for a quote dated `isoDate`: a small-scale rate left empty becomes the one in force then
// (a rate the user set stays).
[[nodiscard]] TaxSettings taxOn(TaxSettings tax, std::string_view isoDate);
// The rate that applies to a line of this category under these settings (settings not yet dated by
// taxOn() take the statutory small-scale rate).
[[nodiscard]] double vatRate(const TaxSettings& tax, TaxCategory c);

}  // namespace clusterplan::quote
