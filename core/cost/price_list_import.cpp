#include "core/cost/price_list_import.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <set>

#include "core/cost/messages_price_list.h"
#include "core/cost/price_book.h"
#include "core/util/csv_read.h"
#include "core/util/iso_date.h"
#include "core/util/json_read.h"
#include "core/util/json_write.h"
#include "core/util/messages_file_errors.h"
#include "core/util/messages_input_errors.h"
#include "core/util/number_format.h"
#include "core/util/text_encoding.h"

namespace clusterplan::cost {

namespace {

// A discount as a reader says it: 0.15 is "15 %" (the file keeps the fraction).
std::string percentText(double fraction) {
    return formatNumber(std::round(fraction * 10000.0) / 100.0) + " %";
}

// A column's name and the headers that name it.
struct Column {
    std::string_view name;
    std::array<std::string_view, 2> aliases;
};
constexpr std::array<Column, 13> kColumns = {{
    {"kind", {"类型", ""}},
    {"id", {"编号", ""}},
    {"name", {"名称", ""}},
    {"gpu", {"", ""}},
    {"unit", {"计价单位", ""}},
    {"price", {"单价", "价格"}},
    {"term", {"合同期", ""}},
    {"term_months", {"月数", ""}},
    {"discount", {"折扣", ""}},
    {"gpus_per_server", {"每台卡数", ""}},
    {"node_max_kw", {"每台功率kw", ""}},
    {"source", {"来源", ""}},
    {"as_of", {"日期", ""}},
}};

std::string trimmed(std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return "";
    return std::string(text.substr(first, text.find_last_not_of(" \t") - first + 1));
}

std::string lowerAscii(std::string text) {
    for (char& c : text)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return text;
}

std::string knownColumns() {
    std::string list;
    for (const Column& c : kColumns)
        list += (list.empty() ? "" : ", ") + std::string(c.name);
    return list;
}

// The cells of one row by column name, with the place of each for errors.
class RowReader {
public:
    RowReader(const CsvRow& row, const CsvRow& header,
              const std::vector<std::optional<std::size_t>>& columnOf, std::string label)
        : m_row(row), m_header(header), m_columnOf(columnOf), m_label(std::move(label)) {}

    [[nodiscard]] std::string text(std::size_t column) const {
        const auto at = m_columnOf[column];
        return at && *at < m_row.fields.size() ? trimmed(m_row.fields[*at]) : std::string();
    }
    // The column as the file's header spells it ("折扣"), with the canonical name when that
    // differs ("折扣 (discount)"): the reader finds the cell by the header they wrote.
    [[nodiscard]] std::string where(std::size_t column) const {
        const std::string canonical(kColumns[column].name);
        const auto at = m_columnOf[column];
        std::string name = at && *at < m_header.fields.size() ? trimmed(m_header.fields[*at]) : canonical;
        if (lowerAscii(name) != canonical)
            name += " (" + canonical + ")";
        return m_label + ":" + std::to_string(m_row.line) + ": " + name;
    }
    template <std::size_t N> void fail(std::size_t column, const MessageId<N>& id, std::string (&&args)[N]) {
        errors.push_back(inputError(where(column), id, std::move(args)));
    }
    void fail(std::size_t column, const MessageId<0>& id) { errors.push_back(inputError(where(column), id)); }
    // A number in [min, max] (whole when asked); nothing when the cell is empty or wrong.
    std::optional<double> number(std::size_t column, double min, double max, bool whole = false) {
        const std::string cell = text(column);
        if (cell.empty())
            return std::nullopt;
        double value = 0;
        const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), value);
        if (ec != std::errc() || end != cell.data() + cell.size() || !std::isfinite(value)) {
            fail(column, msg::kErrorPricelistNotNumber, {cell});
            return std::nullopt;
        }
        if (whole && value != std::floor(value)) {
            fail(column, msg::kErrorRangeWhole, {cell, formatNumber(min), formatNumber(max)});
            return std::nullopt;
        }
        if (value < 0 && min >= 0) {
            fail(column, msg::kErrorPricelistNegative, {cell});
            return std::nullopt;
        }
        if (value < min || value > max) {
            fail(column, msg::kErrorRange, {cell, formatNumber(min), formatNumber(max)});
            return std::nullopt;
        }
        return value;
    }
    std::vector<Error> errors;

private:
    const CsvRow& m_row;
    const CsvRow& m_header;
    const std::vector<std::optional<std::size_t>>& m_columnOf;
    std::string m_label;
};

enum Col : std::size_t {
    Kind,
    Id,
    Name,
    Gpu,
    Unit,
    Price,
    Term,
    TermMonths,
    Discount,
    GpusPerServer,
    NodeMaxKw,
    Source,
    AsOf
};

}  // namespace

Result<PriceList> readPriceList(std::string_view bytes, std::string_view encoding, const std::string& label) {
    auto decoded = decodeText(bytes, encoding, label);
    if (!decoded)
        return decoded.error();
    PriceList list;
    list.encoding = decoded->encoding;
    list.delimiter = detectDelimiter(decoded->text);
    auto rows = readCsv(decoded->text, list.delimiter, label);
    if (!rows)
        return rows.error();
    if (rows->empty())
        return inputError(label, msg::kErrorPricelistNoHeader);
    // The header: each cell names a known column.
    const CsvRow& header = rows->front();
    std::vector<std::optional<std::size_t>> columnOf(kColumns.size());
    for (std::size_t i = 0; i < header.fields.size(); ++i) {
        const std::string name = lowerAscii(trimmed(header.fields[i]));
        const auto known = std::find_if(kColumns.begin(), kColumns.end(), [&](const Column& c) {
            return name == c.name || (!name.empty() && (name == c.aliases[0] || name == c.aliases[1]));
        });
        if (known == kColumns.end())
            return inputError(label + ":" + std::to_string(header.line), msg::kErrorPricelistUnknownColumn,
                              {trimmed(header.fields[i]), knownColumns()});
        columnOf[static_cast<std::size_t>(known - kColumns.begin())] = i;
    }
    for (const std::size_t required : {Kind, Id, Price})
        if (!columnOf[required])
            return inputError(label + ":" + std::to_string(header.line), msg::kErrorPricelistMissingColumn,
                              {std::string(kColumns[required].name), knownColumns()});

    std::set<std::string> seen;
    list.dataRows = rows->size() - 1;
    for (std::size_t r = 1; r < rows->size(); ++r) {
        RowReader cells((*rows)[r], header, columnOf, label);
        PriceListRow row;
        row.line = (*rows)[r].line;
        const std::string kind = lowerAscii(cells.text(Kind));
        row.rent = kind == "rent" || kind == "租用";
        if (!row.rent && kind != "purchase" && kind != "购买")
            cells.fail(Kind, msg::kErrorJsonNotAllowed, {cells.text(Kind), "rent, purchase, 租用, 购买"});
        row.id = cells.text(Id);
        if (row.id.empty())
            cells.fail(Id, msg::kErrorEmpty);
        if (cells.text(Price).empty())
            cells.fail(Price, msg::kErrorJsonRequired);
        row.price = cells.number(Price, 0, 1e12).value_or(0);
        row.name = cells.text(Name);
        row.gpu = cells.text(Gpu);
        row.unit = cells.text(Unit);
        if (!row.unit.empty() && row.unit != "gpu_hour" && row.unit != "gpu_month" &&
            row.unit != "server_month" && row.unit != "slice_month")
            cells.fail(Unit, msg::kErrorJsonNotAllowed,
                       {row.unit, "gpu_hour, gpu_month, server_month, slice_month"});
        row.term = cells.text(Term);
        row.discount = cells.number(Discount, 0, 0.99);
        if (row.discount && row.term.empty())
            cells.fail(Term, msg::kErrorPricelistDiscountNeedsTerm);
        if (const auto months = cells.number(TermMonths, 1, 120, true))
            row.termMonths = static_cast<std::int64_t>(*months);
        if (const auto gpus = cells.number(GpusPerServer, 1, 1024, true))
            row.gpusPerServer = static_cast<std::int64_t>(*gpus);
        row.nodeMaxKw = cells.number(NodeMaxKw, 0.01, 1000);
        row.source = cells.text(Source);
        row.asOf = cells.text(AsOf);
        if (!row.asOf.empty() && !parseIsoDay(row.asOf, true))
            cells.fail(AsOf, msg::kErrorPricelistBadDate, {row.asOf});
        const std::string key = (row.rent ? "rent " : "purchase ") + row.id + " " + row.term;
        if (cells.errors.empty() && !seen.insert(key).second)
            cells.fail(Id, msg::kErrorPricelistDuplicate, {row.id});
        if (cells.errors.empty())
            list.rows.push_back(std::move(row));
        list.errors.insert(list.errors.end(), cells.errors.begin(), cells.errors.end());
    }
    return list;
}

Message notSavedMessage(std::size_t errors) {
    return errors == 1 ? makeMessage(msg::kPricelistNotSavedOne)
                       : makeMessage(msg::kPricelistNotSaved, {std::to_string(errors)});
}

Message priceListReadMessage(const PriceList& list, const std::string& label) {
    const bool one = list.dataRows == 1;
    const auto& id = list.delimiter == '\t' ? (one ? msg::kPricelistReadTabOne : msg::kPricelistReadTab)
                                            : (one ? msg::kPricelistReadCommaOne : msg::kPricelistReadComma);
    return makeMessage(id, {label, std::to_string(list.dataRows), list.encoding == "gbk" ? "GBK" : "UTF-8"});
}

namespace {

void writeValue(json::Writer& w, std::string_view key, const boost::json::value& v) {
    switch (v.kind()) {
    case boost::json::kind::object:
        w.beginObject(key);
        for (const auto& member : v.get_object())
            writeValue(w, member.key(), member.value());
        w.endObject();
        break;
    case boost::json::kind::array:
        w.beginArray(key);
        for (const auto& element : v.get_array())
            writeValue(w, "", element);
        w.endArray();
        break;
    case boost::json::kind::string:
        w.value(key, std::string_view(v.get_string()));
        break;
    case boost::json::kind::int64:
        w.value(key, v.get_int64());
        break;
    case boost::json::kind::uint64:
        w.value(key, static_cast<double>(v.get_uint64()));
        break;
    case boost::json::kind::double_:
        w.value(key, v.get_double());
        break;
    case boost::json::kind::bool_:
        w.value(key, v.get_bool());
        break;
    case boost::json::kind::null:
        w.null(key);
        break;
    }
}

double numberOf(const boost::json::value* v) {
    if (!v)
        return 0;
    return v->is_int64()    ? static_cast<double>(v->get_int64())
           : v->is_uint64() ? static_cast<double>(v->get_uint64())
           : v->is_double() ? v->get_double()
                            : 0;
}

boost::json::object* findById(boost::json::array& array, const std::string& id, std::string_view key = "id") {
    for (auto& element : array)
        if (auto* object = element.if_object())
            if (const auto* found = object->if_contains(key);
                found && found->is_string() && found->get_string() == id)
                return object;
    return nullptr;
}

// boost::json::object::erase moves the last member into the gap; a file keeps its key order.
void eraseKeepingOrder(boost::json::object& object, std::string_view key) {
    if (!object.contains(key))
        return;
    boost::json::object kept;
    for (const auto& member : object)
        if (member.key() != key)
            kept.emplace(member.key(), member.value());
    object = std::move(kept);
}

// A price in a diff line with its thousands grouped, "2,350,000" and "2.35": formatNumber()'s
// shortest digits, grouped by formatGrouped().
std::string groupedPrice(double price) {
    const std::string shortest = formatNumber(price);
    if (shortest.find_first_of("eEn") != std::string::npos)  // an exponent, or "null"
        return shortest;
    const auto dot = shortest.find('.');
    return formatGrouped(price, dot == std::string::npos ? 0 : static_cast<int>(shortest.size() - dot - 1));
}

Message kindName(const PriceListRow& row) {
    return makeMessage(row.rent ? msg::kPricelistKindRent : msg::kPricelistKindPurchase);
}

// The price field a diff line names, in words ("单价", "server price"), not as the file spells it.
Message priceFieldName(const PriceListRow& row) {
    return makeMessage(row.rent ? msg::kPricelistFieldPrice : msg::kPricelistFieldNodePrice);
}

std::string textOf(const boost::json::object& entry, std::string_view key) {
    const auto* v = entry.if_contains(key);
    return v && v->is_string() ? std::string(v->get_string()) : std::string();
}

// Whether UTF-8 `text` holds a CJK character: a three-byte sequence of U+3000–U+9FFF (CJK
// punctuation, kana, the unified ideographs from U+4E00; Unicode 15 §18.1), lead bytes E3–E9.
bool hasCjk(const std::string& text) {
    return std::any_of(text.begin(), text.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte >= 0xE3 && byte <= 0xE9;
    });
}

// A value of a row's other columns on an entry the book has: applied and listed like a price,
// never dropped without a word.
void updateField(boost::json::object& entry, std::string_view key, const boost::json::value& value,
                 const std::string& shown, const std::string& before, const PriceListRow& row, Message field,
                 std::vector<Message>& diff) {
    if (before == shown)
        return;
    entry[key] = value;
    diff.push_back(makeNestedMessage(msg::kPricelistChanged,
                                     {kindName(row), plainMessage(row.id), std::move(field),
                                      plainMessage(before.empty() ? "-" : before), plainMessage(shown)}));
}

// The columns besides the price and the term of a row on an entry the book has: the name (a
// Chinese one is the entry's name_zh, the name the Chinese window and quote show), the unit, GPUs
// per server and the server's power. The GPU is not moved: an offer for another GPU is a new id.
void updateDetails(boost::json::object& entry, const PriceListRow& row, std::vector<Message>& diff,
                   std::vector<Error>& errors, const std::string& label) {
    if (!row.name.empty()) {
        const bool zh = hasCjk(row.name);
        const char* key = zh ? "name_zh" : "name";
        updateField(entry, key, boost::json::string(row.name), row.name, textOf(entry, key), row,
                    makeMessage(zh ? msg::kPricelistFieldNameZh : msg::kPricelistFieldName), diff);
    }
    if (!row.gpu.empty()) {
        const auto* gpus = entry.if_contains("gpus");
        bool listed = false;
        std::string names;
        if (gpus && gpus->is_array())
            for (const auto& g : gpus->get_array())
                if (g.is_string()) {
                    listed = listed || g.get_string() == row.gpu;
                    names += (names.empty() ? "" : ", ") + std::string(g.get_string());
                }
        if (!listed)
            errors.push_back(inputError(label + ":" + std::to_string(row.line) + ": gpu",
                                        msg::kErrorPricelistOtherGpu, {row.gpu, row.id, names}));
    }
    if (row.rent && !row.unit.empty())
        updateField(entry, "unit", boost::json::string(row.unit), row.unit, textOf(entry, "unit"), row,
                    makeMessage(msg::kPricelistFieldUnit), diff);
    if (row.gpusPerServer) {
        const char* key = row.rent ? "gpus_per_unit" : "gpus_per_node";
        const auto* now = entry.if_contains(key);
        updateField(entry, key, *row.gpusPerServer, std::to_string(*row.gpusPerServer),
                    now ? groupedPrice(numberOf(now)) : std::string(), row,
                    makeMessage(msg::kPricelistFieldGpusPerServer), diff);
    }
    if (row.nodeMaxKw && !row.rent) {
        const auto* now = entry.if_contains("node_max_kw");
        updateField(entry, "node_max_kw", *row.nodeMaxKw, groupedPrice(*row.nodeMaxKw),
                    now ? groupedPrice(numberOf(now)) : std::string(), row,
                    makeMessage(msg::kPricelistFieldNodeMaxKw), diff);
    }
}

// The price (and the term's discount) of a row on an entry the book has.
void update(boost::json::object& entry, const PriceListRow& row, std::vector<Message>& diff,
            std::vector<Error>& errors, const std::string& label) {
    updateDetails(entry, row, diff, errors, label);
    const char* priceKey = row.rent ? "price" : "node_price";
    const double old = numberOf(entry.if_contains(priceKey));
    if (old != row.price) {
        entry[priceKey] = row.price;
        // The list gives one price: a range the book had no longer applies.
        eraseKeepingOrder(entry, row.rent ? "price_low" : "node_price_low");
        eraseKeepingOrder(entry, row.rent ? "price_high" : "node_price_high");
        diff.push_back(
            makeNestedMessage(msg::kPricelistChanged,
                              {kindName(row), plainMessage(row.id), priceFieldName(row),
                               plainMessage(groupedPrice(old)), plainMessage(groupedPrice(row.price))}));
    } else {
        diff.push_back(makeNestedMessage(
            msg::kPricelistUnchanged,
            {kindName(row), plainMessage(row.id), priceFieldName(row), plainMessage(groupedPrice(old))}));
    }
    if (row.term.empty())
        return;
    auto* terms = entry.if_contains("terms");
    if (!terms || !terms->is_array())
        terms = &(entry["terms"] = boost::json::array{});
    if (auto* term = findById(terms->get_array(), row.term)) {
        const double before = numberOf(term->if_contains("discount"));
        const double after = row.discount.value_or(before);
        if (before != after) {
            (*term)["discount"] = after;
            diff.push_back(
                makeNestedMessage(msg::kPricelistChanged,
                                  {kindName(row), plainMessage(row.id + " " + row.term),
                                   makeMessage(msg::kPricelistFieldDiscount),
                                   plainMessage(percentText(before)), plainMessage(percentText(after))}));
        }
        return;
    }
    if (!row.termMonths) {
        errors.push_back(inputError(label + ":" + std::to_string(row.line) + ": term_months",
                                    msg::kErrorPricelistNewTerm, {row.term, row.id}));
        return;
    }
    terms->get_array().push_back(boost::json::object{
        {"id", row.term}, {"months", *row.termMonths}, {"discount", row.discount.value_or(0.0)}});
    diff.push_back(makeNestedMessage(msg::kPricelistTermAdded,
                                     {kindName(row), plainMessage(row.id), plainMessage(row.term),
                                      plainMessage(std::to_string(*row.termMonths)),
                                      plainMessage(percentText(row.discount.value_or(0.0)))}));
}

// A new entry from a row that has every field it needs.
std::optional<boost::json::object> created(const PriceListRow& row, std::vector<Error>& errors,
                                           const std::string& label, const std::string& bookLabel) {
    std::vector<std::string> missing;
    if (row.name.empty())
        missing.push_back("name");
    if (row.gpu.empty())
        missing.push_back("gpu");
    if (row.rent && row.unit.empty())
        missing.push_back("unit");
    if (!row.rent && !row.gpusPerServer)
        missing.push_back("gpus_per_server");
    if (!row.rent && !row.nodeMaxKw)
        missing.push_back("node_max_kw");
    if (!missing.empty()) {
        std::string list;
        for (const auto& m : missing)
            list += (list.empty() ? "" : ", ") + m;
        errors.push_back(inputError(
            label + ":" + std::to_string(row.line) + ": " + missing.front(),
            makeNestedMessage(msg::kErrorPricelistNewEntry, {kindName(row), plainMessage(row.id),
                                                             plainMessage(bookLabel), plainMessage(list)})));
        return std::nullopt;
    }
    boost::json::object entry{
        {"id", row.id}, {"name", row.name}, {"gpus", boost::json::array{row.gpu.c_str()}}};
    if (row.rent) {
        entry["unit"] = row.unit;
        entry["price"] = row.price;
        if (row.unit == "server_month")
            entry["gpus_per_unit"] = row.gpusPerServer.value_or(8);
        entry["terms"] =
            boost::json::array{boost::json::object{{"id", row.term.empty() ? "monthly" : row.term},
                                                   {"months", row.termMonths.value_or(1)},
                                                   {"discount", row.discount.value_or(0.0)}}};
    } else {
        entry["node_price"] = row.price;
        entry["gpus_per_node"] = *row.gpusPerServer;
        entry["node_max_kw"] = *row.nodeMaxKw;
    }
    return entry;
}

std::string diagnosticKey(const Diagnostic& d) {
    return d.key + ": " + d.reason;
}

}  // namespace

PriceBookUpdate applyPriceList(std::string_view bookJson, const std::string& bookLabel,
                               const std::vector<PriceListRow>& rows, const std::string& listLabel,
                               const std::string& asOf) {
    PriceBookUpdate out;
    PriceBooks before = PriceBooks::builtin();
    if (auto merged = before.mergeJson(bookJson, bookLabel); !merged) {
        out.errors.push_back(merged.error());
        return out;
    }
    auto parsed = json::parseText(bookJson, bookLabel);
    if (!parsed || !parsed->is_object()) {
        out.errors.push_back(parsed ? inputError(bookLabel, msg::kErrorJsonNotObject, {"a JSON value"})
                                    : parsed.error());
        return out;
    }
    boost::json::object& book = parsed.value().get_object();
    for (const PriceListRow& row : rows) {
        const char* arrayKey = row.rent ? "rent_offers" : "purchases";
        auto* array = book.if_contains(arrayKey);
        if (!array || !array->is_array())
            array = &(book[arrayKey] = boost::json::array{});
        boost::json::object* entry = findById(array->get_array(), row.id);
        if (!entry) {
            auto fresh = created(row, out.errors, listLabel, bookLabel);
            if (!fresh)
                continue;
            array->get_array().push_back(std::move(*fresh));
            entry = &array->get_array().back().get_object();
            out.diff.push_back(makeNestedMessage(msg::kPricelistAdded,
                                                 {kindName(row), plainMessage(row.id), priceFieldName(row),
                                                  plainMessage(groupedPrice(row.price))}));
        } else {
            update(*entry, row, out.diff, out.errors, listLabel);
        }
        (*entry)["source"] =
            row.source.empty() ? std::filesystem::path(listLabel).filename().string() : row.source;
        (*entry)["as_of"] = row.asOf.empty() ? asOf : row.asOf;
    }
    const auto* oldAsOf = book.if_contains("as_of");
    const std::string previous = oldAsOf && oldAsOf->is_string() ? std::string(oldAsOf->get_string()) : "";
    if (previous != asOf) {
        book["as_of"] = asOf;
        out.diff.push_back(
            makeMessage(msg::kPricelistAsOf, {bookLabel, previous.empty() ? "-" : previous, asOf}));
    }
    json::Writer w;
    writeValue(w, "", parsed.value());
    out.json = w.str();
    // Read back as the program will load it: an entry the reader would skip is an error here.
    PriceBooks after = PriceBooks::builtin();
    if (auto merged = after.mergeJson(out.json, bookLabel); !merged) {
        out.errors.push_back(merged.error());
        return out;
    }
    std::set<std::string> known;
    for (const Diagnostic& d : before.diagnostics())
        known.insert(diagnosticKey(d));
    for (const Diagnostic& d : after.diagnostics())
        if (!known.count(diagnosticKey(d)))
            out.errors.push_back(
                inputError(bookLabel + ": " + d.key, msg::kErrorPricelistInvalidEntry, {d.reason}));
    return out;
}

}  // namespace clusterplan::cost
