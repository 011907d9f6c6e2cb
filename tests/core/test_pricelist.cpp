// A vendor's price list imported into a price book (core/cost/price_list_import.h):
// CSV reading, UTF-8 and GBK, row-by-row errors with the line and the column, the changes against
// the book, the saved book read back; the price book's age (stale_after_days).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "cli_runner.h"
#include "core/cost/price_book.h"
#include "core/cost/price_list_import.h"
#include "core/util/csv_read.h"
#include "core/util/text_encoding.h"

using namespace clusterplan;
namespace fs = std::filesystem;

namespace {

std::string readBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

std::string data(const std::string& name) {
    return std::string(CLUSTERPLAN_TEST_DATA) + "/" + name;
}

std::vector<std::string> texts(const std::vector<Message>& messages, Lang lang = Lang::En) {
    std::vector<std::string> out;
    for (const Message& m : messages)
        out.push_back(messageText(m, lang));
    return out;
}

std::vector<std::string> errorTexts(const std::vector<Error>& errors) {
    std::vector<std::string> out;
    for (const Error& e : errors)
        out.push_back(e.toString());
    return out;
}

}  // namespace

TEST_CASE("CSV: quoted fields, doubled quotes, line breaks in quotes, CRLF, tab or comma", "[pricelist]") {
    const auto rows = readCsv("a,\"b, c\",\"say \"\"hi\"\"\"\r\n\r\n1,\"two\nlines\",3\n", ',', "t.csv");
    REQUIRE(rows);
    REQUIRE(rows->size() == 2);
    CHECK(rows->at(0).fields == std::vector<std::string>{"a", "b, c", "say \"hi\""});
    CHECK(rows->at(0).line == 1);
    CHECK(rows->at(1).fields == std::vector<std::string>{"1", "two\nlines", "3"});
    CHECK(rows->at(1).line == 3);
    CHECK(detectDelimiter("kind\tid\tprice\n") == '\t');
    CHECK(detectDelimiter("kind,\"a\tb\",price\n") == ',');
    const auto unclosed = readCsv("a,b\n1,\"open\n2,3\n", ',', "t.csv");
    REQUIRE_FALSE(unclosed);
    CHECK(unclosed.error().toString() == "t.csv:2: a quoted field is not closed");
    const auto stray = readCsv("a,b\n1,8\" rack\n", ',', "t.csv");
    REQUIRE_FALSE(stray);
    CHECK(stray.error().toString() == "t.csv:2: a quote inside an unquoted field");
}

TEST_CASE("Text encodings: UTF-8 with or without a byte-order mark, GBK detected or given", "[pricelist]") {
    const auto bom = decodeText("\xEF\xBB\xBFprice", "auto", "f.csv");
    REQUIRE(bom);
    CHECK(bom->text == "price");
    CHECK(bom->encoding == "utf-8");
    // 单价 in GBK: B5 A5 BC DB
    const auto gbk = decodeText("\xB5\xA5\xBC\xDB", "auto", "f.csv");
    REQUIRE(gbk);
    CHECK(gbk->text == "单价");
    CHECK(gbk->encoding == "gbk");
    const auto forced = decodeText("\xB5\xA5\xBC\xDB", "utf-8", "f.csv");
    REQUIRE_FALSE(forced);
    CHECK(forced.error().toString() ==
          "f.csv: is not valid UTF-8 text (byte 1); give the encoding with --encoding");
    const auto notGbk = decodeText("ok\x81", "gbk", "f.csv");
    REQUIRE_FALSE(notGbk);
    CHECK(notGbk.error().reason.id == "error.text.not_encoding");
    CHECK_FALSE(decodeText("x", "latin1", "f.csv"));
}

TEST_CASE("A price book's age: a year or a month counts from its first day, stale after stale_after_days",
          "[pricelist]") {
    CHECK(cost::daysSinceAsOf("2026", "2026-01-31") == 30);
    CHECK(cost::daysSinceAsOf("2026-05", "2026-05-14") == 13);
    CHECK(cost::daysSinceAsOf("2026-05-14", "2026-05-14") == 0);
    CHECK_FALSE(cost::daysSinceAsOf("May 2026", "2026-05-14"));
    cost::PriceBook book;
    book.asOf = "2026";
    CHECK(book.staleAfterDays == cost::kDefaultStaleAfterDays);
    CHECK_FALSE(cost::isStale(book, "2026-04-01"));  // day 90
    CHECK(cost::isStale(book, "2026-04-02"));
    cost::PriceBooks books = cost::PriceBooks::builtin();
    REQUIRE(books.mergeFile(data("pricebook-vendor.json")));
    CHECK(books.book("vendor-cn-2026")->staleAfterDays == 60);
    CHECK(books.book("cn-seed-2026")->staleAfterDays == 90);
    CHECK(cost::isStale(*books.book("vendor-cn-2026"), "2026-03-03"));  // 2026-01-01 + 61 days
}

TEST_CASE("The changes group a price's thousands and keep its decimals", "[pricelist]") {
    cost::PriceListRow server;
    server.line = 2;
    server.rent = false;
    server.id = "vendor-a100-8x";
    server.price = 2350000;
    cost::PriceListRow hour;
    hour.line = 3;
    hour.id = "vendor-h100-hour";
    hour.price = 1234.75;
    const auto update = cost::applyPriceList(readBytes(data("pricebook-vendor.json")), "vendor.json",
                                             {server, hour}, "list.csv", "2026-05-14");
    CHECK(update.errors.empty());
    REQUIRE(update.diff.size() == 3);
    CHECK(messageText(update.diff[0], Lang::En) ==
          "purchase vendor-a100-8x: server price 1,200,000 → 2,350,000");
    CHECK(messageText(update.diff[1], Lang::En) == "rent offer vendor-h100-hour: unit price 18.5 → 1,234.75");
    CHECK(messageText(update.diff[0], Lang::Zh) == "购买条目 vendor-a100-8x：整机价格 1,200,000 → 2,350,000");
}

TEST_CASE("A good list: every column read, applied, the changes listed and the book valid", "[pricelist]") {
    const auto list = cost::readPriceList(readBytes(data("pricelist-good.csv")), "auto", "good.csv");
    REQUIRE(list);
    CHECK(list->errors.empty());
    CHECK(list->encoding == "utf-8");
    CHECK(list->delimiter == ',');
    REQUIRE(list->rows.size() == 5);
    const cost::PriceListRow& first = list->rows[0];
    CHECK(first.line == 2);
    CHECK(first.rent);
    CHECK(first.price == 28000);
    CHECK(first.term == "yearly");
    CHECK(first.discount == 0.2);
    CHECK(first.source == "vendor list, May 2026");
    CHECK(list->rows[2].name == "8×H100 server, monthly");
    CHECK(list->rows[4].nodeMaxKw == 10.2);

    const std::string book = readBytes(data("pricebook-vendor.json"));
    const auto update = cost::applyPriceList(book, "vendor.json", list->rows, "lists/good.csv", "2026-05-14");
    CHECK(update.errors.empty());
    CHECK(texts(update.diff) == std::vector<std::string>{
                                    "rent offer vendor-a100-server: unit price 30,000 → 28,000",
                                    "rent offer vendor-a100-server yearly: discount 15 % → 20 %",
                                    "rent offer vendor-h100-hour: unit price unchanged at 18.5",
                                    "rent offer vendor-h100-server: new, unit price 62,000",
                                    "purchase vendor-a100-8x: server price 1,200,000 → 1,150,000",
                                    "purchase vendor-h100-8x: new, server price 2,400,000",
                                    "price book vendor.json: prices as of 2026-01 → 2026-05-14",
                                });
    // The fields in words, never as the book file spells them (price, node_price, discount, as_of).
    CHECK(texts(update.diff, Lang::Zh) == std::vector<std::string>{
                                              "租用报价 vendor-a100-server：单价 30,000 → 28,000",
                                              "租用报价 vendor-a100-server yearly：折扣 15 % → 20 %",
                                              "租用报价 vendor-h100-hour：单价未变，仍为 18.5",
                                              "租用报价 vendor-h100-server：新增，单价 62,000",
                                              "购买条目 vendor-a100-8x：整机价格 1,200,000 → 1,150,000",
                                              "购买条目 vendor-h100-8x：新增，整机价格 2,400,000",
                                              "价格手册 vendor.json：价格日期 2026-01 → 2026-05-14",
                                          });
    cost::PriceBooks books = cost::PriceBooks::builtin();
    REQUIRE(books.mergeJson(update.json, "new.json"));
    CHECK(books.diagnostics().empty());
    const cost::PriceBook& saved = *books.book("vendor-cn-2026");
    CHECK(saved.asOf == "2026-05-14");
    CHECK(saved.staleAfterDays == 60);
    const cost::RentOffer& server = *saved.offer("vendor-a100-server");
    CHECK(server.price == 28000);
    CHECK(server.term("yearly")->discount == 0.2);
    CHECK(server.term("yearly")->prepay);  // what the list does not give stays
    CHECK(server.source == "vendor list, May 2026");
    CHECK(server.asOf == "2026-05");
    CHECK(saved.offer("vendor-h100-hour")->source == "good.csv");  // the list's file name
    CHECK(saved.offer("vendor-h100-hour")->asOf == "2026-05-14");
    CHECK(saved.offer("vendor-h100-server")->gpusPerUnit == 8);
    const cost::PurchaseEntry& a100 = *saved.purchaseFor("a100-sxm-80gb");
    CHECK(a100.nodePrice == 1150000);
    CHECK_FALSE(a100.nodePriceLow);  // the old range no longer applies
    CHECK(saved.purchaseFor("h100-sxm-80gb")->nodeMaxKw == 10.2);
    // The file keeps its key order: name before price, source and as_of last.
    CHECK(update.json.find("\"id\": \"vendor-a100-8x\"") < update.json.find("\"node_price\": 1150000"));

    // The same list on the updated book changes no price.
    const auto again =
        cost::applyPriceList(update.json, "vendor.json", list->rows, "lists/good.csv", "2026-05-14");
    CHECK(again.errors.empty());
    for (const std::string& line : texts(again.diff))
        CHECK_THAT(line, Catch::Contains("unchanged"));
}

TEST_CASE("A GBK list, tab-separated, with Chinese headers and kinds", "[pricelist]") {
    const auto list = cost::readPriceList(readBytes(data("pricelist-gbk.csv")), "auto", "gbk.csv");
    REQUIRE(list);
    CHECK(list->errors.empty());
    CHECK(list->encoding == "gbk");
    CHECK(list->delimiter == '\t');
    REQUIRE(list->rows.size() == 2);
    CHECK(list->rows[0].rent);
    CHECK(list->rows[0].source == "供应商价目表 2026年6月");
    CHECK(list->rows[0].termMonths == 3);
    CHECK_FALSE(list->rows[1].rent);
    CHECK(list->rows[1].price == 1180000);
    const auto update = cost::applyPriceList(readBytes(data("pricebook-vendor.json")), "vendor.json",
                                             list->rows, "gbk.csv", "2026-06");
    CHECK(update.errors.empty());
    CHECK(texts(update.diff)[1] ==
          "rent offer vendor-a100-server: new term quarterly (3 months), discount 5 %");
    // Read as UTF-8 on purpose, the same bytes are refused, not garbled.
    CHECK_FALSE(cost::readPriceList(readBytes(data("pricelist-gbk.csv")), "utf-8", "gbk.csv"));
}

TEST_CASE("A bad list: every error names the line and the column", "[pricelist]") {
    const auto list = cost::readPriceList(readBytes(data("pricelist-bad.csv")), "auto", "bad.csv");
    REQUIRE(list);
    CHECK(errorTexts(list->errors) ==
          std::vector<std::string>{
              "bad.csv:2: price: is 'abc', must be a number",
              "bad.csv:3: price: is -5, must not be negative",
              "bad.csv:4: kind: is 'lease', allowed: rent, purchase, 租用, 购买",
              "bad.csv:5: term: a discount needs the term it applies to",
              "bad.csv:5: as_of: is '2026-13', expected YYYY, YYYY-MM or YYYY-MM-DD",
          });
    REQUIRE(list->rows.size() == 1);  // row 6 is well-formed: the book decides
    const auto update = cost::applyPriceList(readBytes(data("pricebook-vendor.json")), "vendor.json",
                                             list->rows, "bad.csv", "2026-06");
    CHECK(errorTexts(update.errors) ==
          std::vector<std::string>{"bad.csv:6: name: rent offer 'vendor-new-offer' is not in vendor.json: "
                                   "name, gpu, unit needed to add it"});

    const auto missing =
        cost::readPriceList(readBytes(data("pricelist-missing-column.csv")), "auto", "m.csv");
    REQUIRE_FALSE(missing);
    CHECK_THAT(missing.error().toString(),
               Catch::StartsWith("m.csv:1: missing column 'price' (known columns: kind, id"));
    const auto unknown = cost::readPriceList("kind,id,price,colour\n", "auto", "u.csv");
    REQUIRE_FALSE(unknown);
    CHECK_THAT(unknown.error().toString(), Catch::StartsWith("u.csv:1: unknown column 'colour'"));
    CHECK_FALSE(cost::readPriceList("", "auto", "e.csv"));

    // A price the price-book reader refuses (a server over its 1e9 limit) is an error too.
    const auto tooDear =
        cost::readPriceList("kind,id,price\npurchase,vendor-a100-8x,5000000000\n", "auto", "d.csv");
    REQUIRE(tooDear);
    const auto refused = cost::applyPriceList(readBytes(data("pricebook-vendor.json")), "vendor.json",
                                              tooDear->rows, "d.csv", "2026-06");
    REQUIRE(refused.errors.size() == 1);
    CHECK(refused.errors[0].reason.id == "error.pricelist.invalid_entry");
    CHECK_THAT(refused.errors[0].where, Catch::Contains("purchases[0]"));
}

TEST_CASE("clusterplan-cli pricebook import: changes shown, saved atomically, nothing saved on errors",
          "[pricelist][cli]") {
    std::string pattern = (fs::temp_directory_path() / "clusterplan-pricelist-XXXXXX").string();
    REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    const fs::path dir = pattern;
    const std::string book = (dir / "vendor.json").string();
    fs::copy_file(data("pricebook-vendor.json"), book);
    const std::string original = readBytes(book);

    const auto bad = test::runCli("pricebook import " + data("pricelist-bad.csv") + " --book " + book);
    CHECK(bad.status == 2);
    // Every row under the header is counted as read, those with errors too.
    CHECK_THAT(bad.out, Catch::Contains("pricelist-bad.csv: 5 rows read (UTF-8, comma-separated)."));
    CHECK_THAT(bad.out, Catch::Contains("pricelist-bad.csv:3: price: is -5, must not be negative") &&
                            Catch::Contains("Nothing was saved: 6 errors."));
    CHECK_THAT(bad.out, !Catch::Contains("→"));  // no change is listed as if it were made
    CHECK(readBytes(book) == original);
    // In Chinese, every error in Chinese: the line and the column, then the reason.
    const auto badZh =
        test::runCli("pricebook import " + data("pricelist-bad.csv") + " --book " + book + " --lang zh_CN");
    CHECK(badZh.status == 2);
    CHECK_THAT(
        badZh.out,
        Catch::Contains("pricelist-bad.csv:3: price：为 -5，不能为负数") &&
            Catch::Contains("vendor.json 中没有租用报价“vendor-new-offer”：新增时需要 name, gpu, unit") &&
            Catch::Contains("未保存任何内容：6 处错误。") && !Catch::Contains("must not"));
    CHECK(readBytes(book) == original);

    const auto dry = test::runCli("pricebook import " + data("pricelist-good.csv") + " --book " + book +
                                  " --as-of 2026-05-14 --dry-run");
    CHECK(dry.status == 0);
    CHECK_THAT(dry.out,
               Catch::Contains("unit price 30,000 → 28,000") && Catch::Contains("Not saved (--dry-run)."));
    // Without --as-of, the book is dated by the list's own dates, not today.
    const auto dated =
        test::runCli("pricebook import " + data("pricelist-good.csv") + " --book " + book + " --dry-run");
    CHECK(dated.status == 0);
    CHECK_THAT(dated.out, Catch::Contains("prices as of 2026-01 → 2026-05"));
    CHECK(readBytes(book) == original);

    const auto good = test::runCli("pricebook import " + data("pricelist-gbk.csv") + " --book " + book +
                                   " --as-of 2026-06 --lang zh_CN");
    CHECK(good.status == 0);
    CHECK_THAT(good.out, Catch::Contains("读取 2 行（GBK，制表符分隔）") && Catch::Contains("已保存"));
    CHECK_THAT(good.out, Catch::Contains("：整机价格 1,200,000 → 1,180,000") &&
                             !Catch::Contains("discount") && !Catch::Contains("node_price") &&
                             !Catch::Contains("as_of"));
    cost::PriceBooks books = cost::PriceBooks::builtin();
    REQUIRE(books.mergeFile(book));
    CHECK(books.book("vendor-cn-2026")->asOf == "2026-06");
    CHECK(books.book("vendor-cn-2026")->offer("vendor-a100-server")->price == 27500);
    // The saved book is what the other commands read.
    const auto missingBook = test::runCli("pricebook import " + data("pricelist-good.csv"));
    CHECK(missingBook.status == 2);
    CHECK_THAT(missingBook.out, Catch::Contains("--book: is required"));
    std::error_code ec;
    fs::remove_all(dir, ec);
}

TEST_CASE("What was read: one row is one row", "[pricelist]") {
    const auto one = cost::readPriceList("kind,id,price\nrent,x,5\n", "auto", "L.csv");
    REQUIRE(one);
    CHECK(cost::priceListReadMessage(one.value(), "L.csv").text ==
          "L.csv: 1 row read (UTF-8, comma-separated).");
    const auto two = cost::readPriceList("kind\tid\tprice\nrent\tx\t5\nrent\ty\t-1\n", "auto", "L.csv");
    REQUIRE(two);
    CHECK(two->rows.size() == 1);
    CHECK(messageText(cost::priceListReadMessage(two.value(), "L.csv"), Lang::Zh) ==
          "L.csv：读取 2 行（UTF-8，制表符分隔）。");
}

TEST_CASE("An error names the column as the file's header spells it", "[pricelist]") {
    const auto list =
        cost::readPriceList("类型,编号,单价,折扣,合同期\n租用,x,abc,0.1,yearly\n", "auto", "L.csv");
    REQUIRE(list);
    REQUIRE(list->errors.size() == 1);
    CHECK(list->errors[0].where == "L.csv:2: 单价 (price)");
    const auto english = cost::readPriceList("kind,id,Price\nrent,x,abc\n", "auto", "E.csv");
    REQUIRE(english);
    REQUIRE(english->errors.size() == 1);
    CHECK(english->errors[0].where == "E.csv:2: Price");
}

TEST_CASE("Every column of a row on an existing entry is applied and listed", "[pricelist]") {
    // A vendor renames an offer in Chinese (名称) and gives the server's GPUs and power: each
    // column changes the book and says so; none is dropped without a word.
    const std::string csv = "类型,编号,名称,单价,每台卡数,每台功率kw\n"
                            "租用,vendor-a100-server,8卡A100整机（华东机房）,27000,,\n"
                            "购买,vendor-a100-8x,8×A100 80GB server (2026),1150000,8,6.8\n";
    const auto list = cost::readPriceList(csv, "auto", "renamed.csv");
    REQUIRE(list);
    REQUIRE(list->errors.empty());
    const auto update = cost::applyPriceList(readBytes(data("pricebook-vendor.json")), "vendor.json",
                                             list->rows, "renamed.csv", "2026-06");
    CHECK(update.errors.empty());
    const auto lines = texts(update.diff);
    INFO(update.json);
    CHECK(std::find(lines.begin(), lines.end(),
                    "rent offer vendor-a100-server: Chinese name - → 8卡A100整机（华东机房）") !=
          lines.end());
    CHECK(std::find(lines.begin(), lines.end(),
                    "purchase vendor-a100-8x: name 8×A100 80GB server → 8×A100 80GB server (2026)") !=
          lines.end());
    CHECK(std::find(lines.begin(), lines.end(), "purchase vendor-a100-8x: server power (kW) 6.5 → 6.8") !=
          lines.end());
    CHECK(std::find_if(lines.begin(), lines.end(), [](const std::string& l) {
              return l.find("GPUs per server") != std::string::npos;
          }) == lines.end());  // 8 already
    CHECK(texts(update.diff, Lang::Zh)[0] ==
          "租用报价 vendor-a100-server：中文名称 - → 8卡A100整机（华东机房）");
    cost::PriceBooks books = cost::PriceBooks::builtin();
    REQUIRE(books.mergeJson(update.json, "new.json"));
    const cost::PriceBook& saved = *books.book("vendor-cn-2026");
    CHECK(saved.offer("vendor-a100-server")->nameZh == "8卡A100整机（华东机房）");
    CHECK(saved.offer("vendor-a100-server")->name == "8×A100 server");
    CHECK(saved.purchaseFor("a100-sxm-80gb")->name == "8×A100 80GB server (2026)");
    CHECK(saved.purchaseFor("a100-sxm-80gb")->nodeMaxKw == 6.8);

    // A row that would move an entry to another GPU is an error naming the line and the column.
    const auto moved = cost::readPriceList("kind,id,gpu,price\nrent,vendor-h100-hour,a100-sxm-80gb,18\n",
                                           "auto", "moved.csv");
    REQUIRE(moved);
    const auto refused = cost::applyPriceList(readBytes(data("pricebook-vendor.json")), "vendor.json",
                                              moved->rows, "moved.csv", "2026-06");
    REQUIRE(refused.errors.size() == 1);
    CHECK(refused.errors[0].toString().rfind("moved.csv:2: gpu", 0) == 0);
    CHECK(messageText(cost::notSavedMessage(1), Lang::En) == "Nothing was saved: 1 error.");
    CHECK(messageText(cost::notSavedMessage(3), Lang::En) == "Nothing was saved: 3 errors.");
}
