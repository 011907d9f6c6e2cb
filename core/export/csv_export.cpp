#include "core/export/csv_export.h"

#include <filesystem>

#include "core/export/report_tables.h"
#include "core/util/atomic_file.h"
#include "core/util/csv_write.h"

namespace clusterplan {

Result<std::vector<std::string>> writeReportCsv(const std::string& folder, const Plan& plan,
                                                const quote::QuoteDocument& doc, const CsvOptions& options) {
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec)
        return Error{folder, "cannot create the folder: " + ec.message()};
    std::vector<std::pair<std::string, csv::Table>> files;
    files.emplace_back("layouts.csv", report_tables::layouts(plan));
    files.emplace_back("memory.csv", report_tables::memory(plan));
    files.emplace_back("run_length.csv", report_tables::runLength(plan));
    if (plan.cost) {
        files.emplace_back("monthly_cost.csv", report_tables::monthlyCost(*plan.cost));
        files.emplace_back("prices.csv", report_tables::priceSources(*plan.cost));
    }
    files.emplace_back("line_items.csv", report_tables::lineItems(doc));
    std::vector<std::string> written;
    for (const auto& [name, table] : files) {
        const std::string path = (std::filesystem::path(folder) / name).string();
        const std::string plain = csv::toCsv(table, false);
        const bool mark = csvWantsByteOrderMark(plain, options.chinese, options.byteOrderMark);
        if (auto ok = writeFileAtomically(path, mark ? std::string(kUtf8ByteOrderMark) + plain : plain); !ok)
            return ok.error();
        written.push_back(path);
    }
    return written;
}

}  // namespace clusterplan
