// The quote book (core/quotebook/): numbering, revisions, statuses and expiry, the
// SQLite file under two writers, a writer killed mid-write, damaged and older files, export and
// import; and `clusterplan-cli quotes` / `report`'s recording. Every test uses its own book in a
// fresh temporary folder, never the user's.
#include <catch2/catch.hpp>

#include <boost/json.hpp>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "cli_runner.h"
#include "core/cost/price_list_import.h"
#include "core/export/csv.h"
#include "core/quotebook/book_format.h"
#include "core/quotebook/book_json.h"
#include "core/quotebook/book_path.h"
#include "core/quotebook/book_schema.h"
#include "core/quotebook/price_age.h"
#include "core/quotebook/quote_book.h"
#include "core/quotebook/quote_number.h"
#include "core/quotebook/quote_status.h"
#include "core/quotebook/sqlite_db.h"
#include "core/util/sha256.h"

using namespace clusterplan;
using namespace clusterplan::quotebook;
namespace fs = std::filesystem;

namespace {

struct TempDir {
    fs::path path;
    TempDir() {
        std::string pattern = (fs::temp_directory_path() / "clusterplan-quotebook-XXXXXX").string();
        REQUIRE(::mkdtemp(pattern.data()) != nullptr);
        path = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    [[nodiscard]] std::string file(const std::string& name) const { return (path / name).string(); }
};

std::string readBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

QuoteRecord sample(const std::string& customer, std::int64_t rentCents = 6'000'000) {
    QuoteRecord r;
    r.customer = customer;
    r.contact = "Li Wei";
    r.preparedBy = "Zhang Min";
    r.created = "2026-03-12";
    r.validUntil = "2026-04-11";
    r.currency = "CNY";
    r.rent = OfferTotals{rentCents, rentCents + rentCents * 6 / 100};
    r.buy = OfferTotals{122'400'000, 138'216'000};
    r.recommendation = "1 × 8 NVIDIA A100; TP 1 x PP 1 x DP 8";
    r.recommendationZh = "1 台 × 8 卡 NVIDIA A100；TP 1 x PP 1 x DP 8";
    r.priceBookId = "cn-seed-2026";
    r.priceBookAsOf = "2026";
    r.scenarioJson = R"({"schema": "clusterplan.scenario/1", "quote": {"customer": ")" + customer +
                     R"(", "revision": 1}})";
    return r;
}

QuoteBook openBook(const std::string& path, BookOptions options = {}) {
    auto book = QuoteBook::open(path, options);
    INFO((book ? std::string() : book.error().toString()));
    REQUIRE(book);
    return std::move(book).value();
}

constexpr const char* kNow = "2026-03-12T09:00:00Z";

}  // namespace

TEST_CASE("SHA-256 of the FIPS 180-4 examples and of a million 'a'", "[quotebook]") {
    CHECK(sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    CHECK(sha256Hex(std::string(1'000'000, 'a')) ==
          "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    // 55, 56 and 64 bytes: the padding fits, just does not fit, and takes a block of its own.
    CHECK(sha256Hex(std::string(55, 'a')) ==
          "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
    CHECK(sha256Hex(std::string(56, 'a')) ==
          "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
    CHECK(sha256Hex(std::string(64, 'a')) ==
          "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}

TEST_CASE("Quote numbers: PREFIX-YEAR-SEQUENCE, canonical spelling only", "[quotebook]") {
    CHECK(formatQuoteNumber({"Q", 2026, 43}) == "Q-2026-0043");
    CHECK(formatQuoteNumber({"BJ-Q", 2026, 12345}) == "BJ-Q-2026-12345");
    CHECK(parseQuoteNumber("Q-2026-0043") == QuoteNumber{"Q", 2026, 43});
    CHECK(parseQuoteNumber("BJ-Q-2026-12345") == QuoteNumber{"BJ-Q", 2026, 12345});
    CHECK_FALSE(parseQuoteNumber("Q-2026-00043"));  // a second spelling of Q-2026-0043
    CHECK_FALSE(parseQuoteNumber("Q-2026-43"));
    CHECK_FALSE(parseQuoteNumber("Q-26-0043"));
    CHECK_FALSE(parseQuoteNumber("ACME/17"));
    CHECK_FALSE(parseQuoteNumber("-2026-0001"));
    CHECK(validPrefix("CP"));
    CHECK_FALSE(validPrefix(""));
    CHECK_FALSE(validPrefix("Q 1"));
    CHECK_FALSE(validPrefix("Q-"));
    const auto withRevision = parseNumberAndRevision("Q-2026-0043/2");
    REQUIRE(withRevision);
    CHECK(withRevision->number == "Q-2026-0043");
    CHECK(withRevision->revision == 2);
    CHECK_FALSE(parseNumberAndRevision("Q-2026-0043/0"));
    CHECK_FALSE(parseNumberAndRevision("Q-2026-0043/x"));
    CHECK(parseNumberAndRevision("Q-2026-0043")->revision == std::nullopt);
}

TEST_CASE("Status: expired from the date for draft and sent only, active and expiring", "[quotebook]") {
    const auto sentEarly = deriveStatus(StoredStatus::Sent, "2026-04-11", "2026-03-12");
    CHECK(sentEarly.shown == ShownStatus::Sent);
    CHECK(sentEarly.active);
    CHECK_FALSE(sentEarly.expiring);
    CHECK(sentEarly.daysLeft == 30);
    const auto sentWeek = deriveStatus(StoredStatus::Sent, "2026-04-11", "2026-04-04");
    CHECK(sentWeek.active);
    CHECK(sentWeek.expiring);                                                            // 7 days left
    CHECK_FALSE(deriveStatus(StoredStatus::Sent, "2026-04-11", "2026-04-03").expiring);  // 8 days
    const auto lastDay = deriveStatus(StoredStatus::Sent, "2026-04-11", "2026-04-11");
    CHECK(lastDay.shown == ShownStatus::Sent);  // valid until that day inclusive
    CHECK(lastDay.expiring);
    const auto after = deriveStatus(StoredStatus::Sent, "2026-04-11", "2026-04-12");
    CHECK(after.shown == ShownStatus::Expired);
    CHECK_FALSE(after.active);
    CHECK_FALSE(after.expiring);
    CHECK(deriveStatus(StoredStatus::Draft, "2026-04-11", "2026-05-01").shown == ShownStatus::Expired);
    CHECK_FALSE(
        deriveStatus(StoredStatus::Draft, "2026-04-11", "2026-04-05").active);  // a draft is not active
    CHECK(deriveStatus(StoredStatus::Accepted, "2026-04-11", "2027-01-01").shown == ShownStatus::Accepted);
    CHECK(deriveStatus(StoredStatus::Lost, "2026-04-11", "2027-01-01").shown == ShownStatus::Lost);
    CHECK(daysLeft("2027-01-01", "2026-12-31") == 1);
    CHECK(daysLeft("2028-03-01", "2028-02-28") == 2);  // leap year
    CHECK_FALSE(daysLeft("2026-02-30", "2026-01-01"));
    CHECK(deriveStatus(StoredStatus::Sent, "", "2030-01-01").shown ==
          ShownStatus::Sent);  // no date: never expires
    CHECK(parseShownStatus("expired") == ShownStatus::Expired);
    CHECK(parseShownStatus("accepted") == ShownStatus::Accepted);
    CHECK_FALSE(parseShownStatus("active"));
}

TEST_CASE("The book's default path follows XDG_DATA_HOME, then HOME", "[quotebook]") {
    CHECK(defaultBookPath("/data", "/home/u").value() == "/data/ClusterPlan/quotes.sqlite");
    CHECK(defaultBookPath("", "/home/u").value() == "/home/u/.local/share/ClusterPlan/quotes.sqlite");
    CHECK(defaultBookPath("relative", "/home/u").value() == "/home/u/.local/share/ClusterPlan/quotes.sqlite");
    CHECK(defaultBookPath(nullptr, "/home/u").value() == "/home/u/.local/share/ClusterPlan/quotes.sqlite");
    const auto none = defaultBookPath(nullptr, nullptr);
    REQUIRE_FALSE(none);
    CHECK(none.error().reason.id == "error.quotebook.no_home");
}

TEST_CASE("Record, revise, list, filter and change status", "[quotebook]") {
    TempDir dir;
    const std::string path = dir.file("sub/folder/quotes.sqlite");  // the folders are made
    QuoteBook book = openBook(path);
    CHECK(book.schemaVersion() == kSchemaVersion);
    CHECK_FALSE(book.readOnly());
    CHECK(book.proposeNumber(2026).value() == "Q-2026-0001");

    const auto first = book.record(sample("星河智算"), kNow);
    REQUIRE(first);
    CHECK(first->number == "Q-2026-0001");
    CHECK(first->revision == 1);
    CHECK(first->newRevision);
    const auto second = book.record(sample("Acme Labs"), kNow);
    REQUIRE(second);
    CHECK(second->number == "Q-2026-0002");

    SECTION("the same content again makes no revision and no number") {
        const auto again = book.record(sample("星河智算"), "2026-03-13T10:00:00Z");
        REQUIRE(again);
        CHECK(again->number == "Q-2026-0001");
        CHECK(again->revision == 1);
        CHECK_FALSE(again->newRevision);
        // Only the scenario's own quote.revision changed (a save of the file): the same content.
        QuoteRecord saved = sample("Acme Labs");
        saved.number = "Q-2026-0002";
        saved.scenarioJson.replace(saved.scenarioJson.find("\"revision\": 1"), 13, "\"revision\": 5");
        CHECK_FALSE(book.record(saved, kNow)->newRevision);
        CHECK(book.all()->size() == 2);
    }

    SECTION("the book's number written back into the scenario is the same content") {
        // The window and `report` print the book's number and keep it in the scenario: a
        // scenario that now carries "Q-2026-0001" is still the quote it was.
        QuoteRecord numbered = sample("星河智算");
        numbered.number = "Q-2026-0001";
        numbered.scenarioJson = R"({"schema": "clusterplan.scenario/1", "quote": {"customer": "星河智算", )"
                                R"("number": "Q-2026-0001", "revision": 1}})";
        const auto again = book.record(numbered, kNow);
        REQUIRE(again);
        CHECK(again->number == "Q-2026-0001");
        CHECK_FALSE(again->newRevision);
    }

    SECTION("a number is one customer's: another customer under it gets a number of its own") {
        QuoteRecord other = sample("Initech");
        other.number = "Q-2026-0001";  // kept in the scenario from 星河智算's quote
        const auto recorded = book.record(other, kNow);
        REQUIRE(recorded);
        CHECK(recorded->number == "Q-2026-0003");
        CHECK(recorded->revision == 1);
        CHECK(book.revisions("Q-2026-0001").value() == std::vector<std::int64_t>{1});
    }

    SECTION("other content under the number makes the next revision; the original stays") {
        QuoteRecord revised = sample("星河智算", 5'800'000);
        revised.number = "Q-2026-0001";
        revised.files = {{"/tmp/Q-2026-0001-r2.pdf", sha256Hex("pdf")}};
        const auto r2 = book.record(revised, "2026-03-14T10:00:00Z");
        REQUIRE(r2);
        CHECK(r2->revision == 2);
        CHECK(r2->newRevision);
        const auto original = book.find("Q-2026-0001", 1);
        REQUIRE(original);
        CHECK(original->rent->amountCents == 6'000'000);
        CHECK(original->recordedAt == kNow);
        CHECK(original->files.empty());
        const auto last = book.find("Q-2026-0001");
        REQUIRE(last);
        CHECK(last->revision == 2);
        CHECK(last->rent->amountCents == 5'800'000);
        REQUIRE(last->files.size() == 1);
        CHECK(last->files[0].sha256 == sha256Hex("pdf"));
        CHECK(book.revisions("Q-2026-0001").value() == std::vector<std::int64_t>{1, 2});
        // The list shows the last revision of each number; every revision on request.
        CHECK(book.list({"", "", "2026-03-14", false})->size() == 2);
        CHECK(book.list({"", "", "2026-03-14", true})->size() == 3);
        const auto missing = book.find("Q-2026-0001", 3);
        REQUIRE_FALSE(missing);
        CHECK(missing.error().message == "quote Q-2026-0001 has no revision 3 (it has revisions 1 to 2)");
    }

    SECTION("a numbered quote new to the book keeps its own revision") {
        QuoteRecord numbered = sample("Beta");
        numbered.number = "CP-2026-0042";
        numbered.revision = 2;
        CHECK(book.record(numbered, kNow)->revision == 2);
        // Its number does not count in the book's own sequence (other prefix).
        CHECK(book.record(sample("Gamma"), kNow)->number == "Q-2026-0003");
    }

    SECTION("filters by customer and by derived status; status changes are kept") {
        CHECK(book.list({"acme", "", "2026-03-12", false})->size() == 1);
        CHECK(book.list({"星河", "", "2026-03-12", false})->front().number == "Q-2026-0001");
        CHECK(book.list({"nobody", "", "2026-03-12", false})->empty());
        CHECK(book.list({"", "draft", "2026-03-12", false})->size() == 2);
        CHECK(book.list({"", "active", "2026-03-12", false})->empty());

        const auto sent = book.setStatus("Q-2026-0001", StoredStatus::Sent, "2026-03-12T11:00:00Z");
        REQUIRE(sent);
        CHECK(sent->revision == 1);
        CHECK(book.list({"", "active", "2026-03-12", false})->size() == 1);
        CHECK(book.list({"", "expiring", "2026-03-12", false})->empty());
        CHECK(book.list({"", "expiring", "2026-04-05", false})->size() == 1);
        // After its validity both the sent and the draft quote are expired.
        CHECK(book.list({"", "expired", "2026-04-12", false})->size() == 2);
        REQUIRE(book.setStatus("Q-2026-0002", StoredStatus::Accepted, "2026-03-13T11:00:00Z"));
        const auto afterDate = book.list({"", "", "2026-05-01", false});
        const BookCounts counts = countStatuses(afterDate.value(), "2026-05-01", cost::PriceBooks::builtin());
        CHECK(counts.quotes == 2);
        CHECK(counts.accepted == 1);
        CHECK(counts.expired == 1);
        CHECK(counts.active == 0);
        const auto accepted = book.find("Q-2026-0002");
        REQUIRE(accepted->statusChanges.size() == 2);
        CHECK(accepted->statusChanges[0].status == StoredStatus::Draft);
        CHECK(accepted->statusChanges[1] == StatusChange{StoredStatus::Accepted, "2026-03-13T11:00:00Z"});
        const auto unknown = book.setStatus("Q-2026-0099", StoredStatus::Lost, kNow);
        REQUIRE_FALSE(unknown);
        CHECK(unknown.error().reason.id == "error.quotebook.no_quote");
    }

    SECTION("a recorded revision cannot be changed or deleted, even by hand") {
        Database db(path, Database::Mode::ReadWrite);
        CHECK_THROWS_WITH(db.exec("UPDATE quotes SET customer = 'x'"),
                          "a recorded revision never changes: record a new revision");
        CHECK_THROWS_WITH(db.exec("DELETE FROM quotes"), "a recorded revision is never deleted");
        CHECK_THROWS_WITH(
            db.exec("INSERT INTO quotes SELECT NULL, number, revision, number_prefix, number_year, "
                    "number_sequence, customer, contact, prepared_by, created, valid_until, status, "
                    "currency, rent_amount_cents, rent_gross_cents, buy_amount_cents, buy_gross_cents, "
                    "recommendation, price_book_id, price_book_as_of, scenario_json, content_sha256, "
                    "recorded_at, recommendation_zh FROM quotes WHERE id = 1"),
            Catch::Contains("UNIQUE constraint failed"));  // UNIQUE(number, revision)
        CHECK_THROWS_WITH(db.exec("UPDATE quotes SET recommendation_zh = 'x'"),
                          "a recorded revision never changes: record a new revision");
    }
}

TEST_CASE("The prefix of new numbers is configurable", "[quotebook]") {
    TempDir dir;
    QuoteBook book = openBook(dir.file("quotes.sqlite"), {"BJ-Q"});
    CHECK(book.record(sample("A"), kNow)->number == "BJ-Q-2026-0001");
    QuoteRecord nextYear = sample("B");
    nextYear.created = "2027-01-02";
    CHECK(book.record(nextYear, kNow)->number == "BJ-Q-2027-0001");
    const auto bad = QuoteBook::open(dir.file("other.sqlite"), {"B J"});
    REQUIRE_FALSE(bad);
    CHECK(bad.error().where == "--quote-prefix");
}

namespace {

// Runs tests/core/quotebook_writer with stdout into `out`; returns its process id.
pid_t startWriter(const std::string& book, int count, const std::string& tag, const std::string& out) {
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        const int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd < 0 || ::dup2(fd, STDOUT_FILENO) < 0)
            ::_exit(127);
        const std::string n = std::to_string(count);
        ::execl(CLUSTERPLAN_QUOTEBOOK_WRITER, CLUSTERPLAN_QUOTEBOOK_WRITER, book.c_str(), n.c_str(),
                tag.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    return pid;
}

int waitFor(pid_t pid) {
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    return status;
}

std::vector<std::string> lines(const std::string& path) {
    std::vector<std::string> out;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);)
        if (!line.empty())
            out.push_back(line);
    return out;
}

}  // namespace

TEST_CASE("Two processes recording 200 quotes each at once: 400 distinct numbers", "[quotebook]") {
    TempDir dir;
    const std::string path = dir.file("quotes.sqlite");  // created by the writers, both at once
    const pid_t a = startWriter(path, 200, "a", dir.file("a.txt"));
    const pid_t b = startWriter(path, 200, "b", dir.file("b.txt"));
    const int statusA = waitFor(a);
    const int statusB = waitFor(b);
    REQUIRE(WIFEXITED(statusA));
    REQUIRE(WIFEXITED(statusB));
    CHECK(WEXITSTATUS(statusA) == 0);
    CHECK(WEXITSTATUS(statusB) == 0);
    std::set<std::string> printed;
    for (const char* name : {"a.txt", "b.txt"})
        for (const auto& number : lines(dir.file(name)))
            printed.insert(number);
    CHECK(printed.size() == 400);
    QuoteBook book = openBook(path);
    const auto all = book.all();
    REQUIRE(all);
    std::set<std::string> numbers;
    for (const QuoteRecord& r : all.value()) {
        numbers.insert(r.number);
        CHECK(r.revision == 1);
    }
    CHECK(all->size() == 400);
    CHECK(numbers == printed);
    CHECK(numbers.count("Q-2026-0001") == 1);
    CHECK(numbers.count("Q-2026-0400") == 1);
}

TEST_CASE("A writer killed with SIGKILL mid-write loses no committed quote", "[quotebook]") {
    TempDir dir;
    const std::string path = dir.file("quotes.sqlite");
    const std::string out = dir.file("committed.txt");
    const pid_t pid = startWriter(path, 1'000'000, "k", out);
    // Killed once it has committed some quotes, while it is writing more.
    for (int i = 0; i < 600 && lines(out).size() < 50; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    REQUIRE(::kill(pid, SIGKILL) == 0);
    const int status = waitFor(pid);
    CHECK(WIFSIGNALED(status));
    const auto committed = lines(out);
    REQUIRE(committed.size() >= 50);

    QuoteBook book = openBook(path);  // integrity_check passes: no warning, writable
    CHECK_FALSE(book.warning());
    CHECK_FALSE(book.readOnly());
    for (const std::string& number : committed)
        CHECK(book.find(number));
    // The book goes on numbering after the last committed quote.
    const auto next = book.record(sample("after the crash"), kNow);
    REQUIRE(next);
    CHECK(std::find(committed.begin(), committed.end(), next->number) == committed.end());
}

TEST_CASE("A file that is not a quote book is an error and stays unchanged", "[quotebook]") {
    TempDir dir;
    const std::string path = dir.file("quotes.sqlite");
    std::string garbage = "This is a spreadsheet, not a database.\n";
    for (int i = 0; i < 200; ++i)
        garbage += std::to_string(i * 7919) + ",";
    { std::ofstream(path, std::ios::binary) << garbage; }
    const auto opened = QuoteBook::open(path);
    REQUIRE_FALSE(opened);
    CHECK(opened.error().where == path);
    CHECK(opened.error().reason.id == "error.quotebook.unreadable");
    CHECK_THAT(opened.error().message, Catch::Contains("is not a readable quote book") &&
                                           Catch::Contains("the file was left unchanged"));
    CHECK(readBytes(path) == garbage);
    CHECK_FALSE(fs::exists(path + "-wal"));
}

TEST_CASE("A damaged quote book opens read-only with SQLite's complaint and is never written",
          "[quotebook]") {
    TempDir dir;
    const std::string path = dir.file("quotes.sqlite");
    {
        QuoteBook book = openBook(path);
        for (int i = 0; i < 60; ++i)
            REQUIRE(book.record(sample("customer " + std::to_string(i)), kNow));
    }
    // The book is closed (its WAL checkpointed into the file). Damage the index pages of the
    // quotes' customers: the last pages of the file, away from the schema on page 1.
    REQUIRE_FALSE(fs::exists(path + "-wal"));
    std::string bytes = readBytes(path);
    REQUIRE(bytes.size() > 8 * 4096);
    for (std::size_t i = bytes.size() - 3 * 4096 + 100; i < bytes.size() - 100; i += 7)
        bytes[i] = static_cast<char>(bytes[i] ^ 0x5a);
    { std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes; }
    auto opened = QuoteBook::open(path);
    if (opened) {
        CHECK(opened->readOnly());
        REQUIRE(opened->warning());
        CHECK(opened->warning()->reason.id == "error.quotebook.damaged");
        CHECK_THAT(opened->warning()->message, Catch::Contains("failed SQLite's integrity check"));
        QuoteBook book = std::move(opened).value();
        const auto refused = book.record(sample("new"), kNow);
        REQUIRE_FALSE(refused);
        CHECK(refused.error().reason.id == "error.quotebook.read_only");
        CHECK_FALSE(book.setStatus("Q-2026-0001", StoredStatus::Sent, kNow));
        // The rescue the warning advises: every revision that can still be read, row by row.
        const auto exported = exportBook(book, dir.file("rescued.json"));
        REQUIRE(exported);
        CHECK(exported->revisions > 0);
        CHECK(static_cast<std::int64_t>(exported->revisions) + exported->unreadable == 60);
        const auto back = bookFromJson(readBytes(dir.file("rescued.json")), "rescued.json");
        REQUIRE(back);
        CHECK(back->size() == exported->revisions);
    } else {
        CHECK(opened.error().reason.id == "error.quotebook.unreadable");
    }
    CHECK(readBytes(path) == bytes);
    // Nothing was created beside the damaged file.
    CHECK_FALSE(fs::exists(path + "-wal"));
    CHECK_FALSE(fs::exists(path + "-shm"));
}

TEST_CASE("A book at the first schema version is migrated, nothing lost", "[quotebook]") {
    TempDir dir;
    const std::string path = dir.file("quotes.sqlite");
    {
        Database db(path, Database::Mode::ReadWriteCreate);
        db.exec(readBytes(std::string(CLUSTERPLAN_TEST_DATA) + "/quotebook-v1.sql"));
        CHECK(schemaVersion(db) == 1);
    }
    QuoteBook book = openBook(path);
    CHECK(book.schemaVersion() == kSchemaVersion);
    CHECK(book.revisions("Q-2026-0007").value() == std::vector<std::int64_t>{1, 2});
    const auto r2 = book.find("Q-2026-0007");
    REQUIRE(r2);
    CHECK(r2->status == StoredStatus::Sent);
    CHECK(r2->rent->grossCents == 6'148'000);
    REQUIRE(r2->files.size() == 1);
    CHECK(r2->files[0].path == "/home/sales/Q-2026-0007-r2.pdf");
    // Version 2 filled the status history from each revision's status.
    REQUIRE(r2->statusChanges.size() == 1);
    CHECK(r2->statusChanges[0] == StatusChange{StoredStatus::Sent, "2026-01-09T08:00:00Z"});
    REQUIRE(book.setStatus("Q-2026-0007", StoredStatus::Accepted, kNow));
    CHECK(book.find("Q-2026-0007")->statusChanges.size() == 2);
    // Version 3 kept the English recommendation; there is no Chinese one, so Chinese shows English.
    CHECK(r2->recommendationZh.empty());
    CHECK(recommendationIn(r2.value(), Lang::Zh) == "1 × 8 NVIDIA A100; TP 1 x PP 1 x DP 8");
    // The sequence goes on after the migrated number.
    CHECK(book.record(sample("next"), kNow)->number == "Q-2026-0008");
    CHECK(book.find("Q-2026-0008")->recommendationZh == sample("next").recommendationZh);
}

TEST_CASE("A book at schema version 2 gains the Chinese recommendation, fingerprints unchanged",
          "[quotebook]") {
    TempDir dir;
    const std::string path = dir.file("quotes.sqlite");
    QuoteRecord old = sample("星河智算");
    old.number = "Q-2026-0003";
    old.recommendationZh.clear();  // a version-2 book kept English only
    {
        Database db(path, Database::Mode::ReadWriteCreate);
        migrate(db, 2);
        CHECK(schemaVersion(db) == 2);
        Statement insert(
            db,
            "INSERT INTO quotes (number, revision, number_prefix, number_year, number_sequence, customer, "
            "contact, prepared_by, created, valid_until, status, currency, rent_amount_cents, "
            "rent_gross_cents, buy_amount_cents, buy_gross_cents, recommendation, price_book_id, "
            "price_book_as_of, scenario_json, content_sha256, recorded_at) VALUES ('Q-2026-0003', 1, "
            "'Q', 2026, 3, ?1, ?2, ?3, ?4, ?5, 'sent', 'CNY', ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, "
            "'2026-03-01T08:00:00Z')");
        insert.bind(1, old.customer).bind(2, old.contact).bind(3, old.preparedBy).bind(4, old.created);
        insert.bind(5, old.validUntil).bind(6, old.rent->amountCents).bind(7, old.rent->grossCents);
        insert.bind(8, old.buy->amountCents).bind(9, old.buy->grossCents).bind(10, old.recommendation);
        insert.bind(11, old.priceBookId).bind(12, old.priceBookAsOf).bind(13, old.scenarioJson);
        insert.bind(14, contentFingerprint(old)).run();
    }
    QuoteBook book = openBook(path);
    CHECK(book.schemaVersion() == 3);
    const auto migrated = book.find("Q-2026-0003");
    REQUIRE(migrated);
    CHECK(migrated->recommendation == old.recommendation);
    CHECK(migrated->recommendationZh.empty());
    // The same quote recorded again, now with its Chinese line, is the same content: no revision.
    QuoteRecord again = sample("星河智算");
    again.number = "Q-2026-0003";
    REQUIRE_FALSE(again.recommendationZh.empty());
    CHECK(contentFingerprint(again) == contentFingerprint(old));
    const auto outcome = book.record(again, kNow);
    REQUIRE(outcome);
    CHECK_FALSE(outcome->newRevision);
    CHECK(book.revisions("Q-2026-0003").value() == std::vector<std::int64_t>{1});
}

TEST_CASE("A book of a newer schema opens read-only", "[quotebook]") {
    TempDir dir;
    const std::string path = dir.file("quotes.sqlite");
    { (void)openBook(path); }
    {
        Database db(path, Database::Mode::ReadWrite);
        db.exec("UPDATE schema_version SET version = " + std::to_string(kSchemaVersion + 1));
    }
    QuoteBook book = openBook(path);
    CHECK(book.readOnly());
    REQUIRE(book.warning());
    CHECK(book.warning()->reason.id == "error.quotebook.newer");
    CHECK_FALSE(book.record(sample("x"), kNow));
}

TEST_CASE("Export and import: a round trip without duplicates, conflicts kept out", "[quotebook]") {
    TempDir dir;
    QuoteBook source = openBook(dir.file("a.sqlite"));
    REQUIRE(source.record(sample("星河智算"), kNow));
    QuoteRecord withFile = sample("Acme Labs");
    withFile.files = {{"/tmp/acme.pdf", sha256Hex("acme")}};
    REQUIRE(source.record(withFile, kNow));
    QuoteRecord revised = sample("星河智算", 1);
    revised.number = "Q-2026-0001";
    REQUIRE(source.record(revised, "2026-03-13T09:00:00Z"));
    REQUIRE(source.setStatus("Q-2026-0002", StoredStatus::Lost, "2026-03-14T09:00:00Z"));
    const std::string file = dir.file("book.json");
    const auto exported = exportBook(source, file);
    REQUIRE(exported);
    CHECK(exported->revisions == 3);
    CHECK(exported->quotes == 2);

    QuoteBook target = openBook(dir.file("b.sqlite"));
    const auto first = importBook(target, file);
    REQUIRE(first);
    CHECK(first->added == 3);
    CHECK(first->conflicts.empty());
    const auto again = importBook(target, file);
    REQUIRE(again);
    CHECK(again->added == 0);
    CHECK(again->present == 3);
    const auto a = source.all(), b = target.all();
    REQUIRE(a->size() == b->size());
    for (std::size_t i = 0; i < a->size(); ++i) {
        INFO((*a)[i].number << "/" << (*a)[i].revision);
        CHECK((*b)[i].number == (*a)[i].number);
        CHECK((*b)[i].revision == (*a)[i].revision);
        CHECK((*b)[i].status == (*a)[i].status);
        CHECK((*b)[i].rent == (*a)[i].rent);
        CHECK((*b)[i].buy == (*a)[i].buy);
        CHECK((*b)[i].scenarioJson == (*a)[i].scenarioJson);
        CHECK((*b)[i].recordedAt == (*a)[i].recordedAt);
        CHECK((*b)[i].files == (*a)[i].files);
        CHECK((*b)[i].statusChanges == (*a)[i].statusChanges);
        CHECK(contentFingerprint((*b)[i]) == contentFingerprint((*a)[i]));
    }
    // The imported book numbers on after the imported quotes.
    CHECK(target.record(sample("new one"), kNow)->number == "Q-2026-0003");

    // A status changed in the target later comes back to the source by importing.
    REQUIRE(target.setStatus("Q-2026-0001", StoredStatus::Accepted, "2026-03-20T09:00:00Z"));
    REQUIRE(exportBook(target, file));
    const auto back = importBook(source, file);
    REQUIRE(back);
    CHECK(back->added == 1);  // Q-2026-0003
    CHECK(back->present == 3);
    CHECK(source.find("Q-2026-0001")->status == StoredStatus::Accepted);

    // A revision whose content differs from the book's is a conflict: the book's is kept.
    auto records = bookFromJson(readBytes(file), file);
    REQUIRE(records);
    records.value().front().customer = "Someone Else";
    const auto merged = source.merge(records.value());
    REQUIRE(merged);
    REQUIRE(merged->conflicts.size() == 1);
    CHECK(merged->conflicts[0].message == "revision " + std::to_string(records->front().revision) + " of " +
                                              records->front().number +
                                              " in the file differs from the book's; the book's was kept");
    CHECK(source.find(records->front().number, records->front().revision)->customer != "Someone Else");
}

TEST_CASE("A quote-book file with bad entries names the place", "[quotebook]") {
    const auto wrongSchema = bookFromJson(R"({"schema": "clusterplan.scenario/1", "quotes": []})", "b.json");
    REQUIRE_FALSE(wrongSchema);
    CHECK(wrongSchema.error().toString() ==
          "b.json: schema: is 'clusterplan.scenario/1', expected 'clusterplan.quotebook/1'");
    QuoteRecord r = sample("x");
    r.number = "Q-2026-0001";
    std::string text = bookToJson({r});
    text.replace(text.find("\"60000.00\""), 10, "\"60000.5\"");
    const auto badAmount = bookFromJson(text, "b.json");
    REQUIRE_FALSE(badAmount);
    CHECK(badAmount.error().toString() == "b.json: quotes[0].rent.excl_vat: is '60000.5', expected an amount "
                                          "with two decimals, e.g. 1224000.50");
    const auto roundTrip = bookFromJson(bookToJson({r}), "b.json");
    REQUIRE(roundTrip);
    CHECK(roundTrip->front().rent == r.rent);
}

TEST_CASE("The list in Chinese: translated headings and statuses, aligned by display width", "[quotebook]") {
    QuoteRecord r = sample("星河智算科技有限公司");
    r.number = "Q-2026-0001";
    r.status = StoredStatus::Sent;
    const std::string zh = listToText({r}, "2026-04-05", cost::PriceBooks::builtin(), Lang::Zh);
    CHECK_THAT(zh, Catch::Contains("编号") && Catch::Contains("已发送，6 天后到期") &&
                       Catch::Contains("共 1 份报价：有效 1 份，7 天内到期 1 份"));
    const std::string en = listToText({r}, "2026-04-12", cost::PriceBooks::builtin(), Lang::En);
    CHECK_THAT(en, Catch::Contains("expired") && Catch::Contains("1,382,160.00"));
    // One quote is one quote, one day one day.
    CHECK_THAT(en, Catch::Contains("\n1 quote: 0 active, 0 expiring within 7 days, 1 expired, 0 accepted\n"));
    CHECK_THAT(listToText({r}, "2026-04-10", cost::PriceBooks::builtin(), Lang::En),
               Catch::Contains("sent, expires in 1 day "));
    // The recommendation in the list's language, whatever language the quote was made in.
    CHECK_THAT(zh, Catch::Contains("1 台 × 8 卡 NVIDIA A100；TP 1 x PP 1 x DP 8") &&
                       !Catch::Contains("1 × 8 NVIDIA A100; TP"));
    CHECK_THAT(en, Catch::Contains("1 × 8 NVIDIA A100; TP 1 x PP 1 x DP 8") && !Catch::Contains("台"));
    const std::string shown = quoteToText(r, {1}, "2026-04-05", cost::PriceBooks::builtin(), Lang::Zh);
    CHECK_THAT(shown, Catch::Contains("1 台 × 8 卡 NVIDIA A100；TP 1 x PP 1 x DP 8"));
    // The machine-readable lists and the book's export carry both.
    CHECK_THAT(
        listToCsv({r}, "2026-04-05", cost::PriceBooks::builtin()),
        Catch::Contains(",recommendation,recommendation_zh,") &&
            Catch::Contains(
                ",1 × 8 NVIDIA A100; TP 1 x PP 1 x DP 8,1 台 × 8 卡 NVIDIA A100；TP 1 x PP 1 x DP 8,"));
    const auto back = bookFromJson(bookToJson({r}), "b.json");
    REQUIRE(back);
    CHECK(back->front().recommendationZh == r.recommendationZh);
    // Columns aligned by display width: a Chinese character takes two columns.
    std::istringstream text(zh);
    std::string heading, row;
    std::getline(text, heading);
    std::getline(text, row);
    CHECK(heading.rfind("编号" + std::string(9, ' ') + "版本  客户" + std::string(18, ' ') + "状态", 0) == 0);
    CHECK(row.rfind("Q-2026-0001  1     星河智算科技有限公司  已发送，6 天后到期", 0) == 0);
}

TEST_CASE("Prices: stale after the book's stale_after_days, superseded by a newer book of the same id",
          "[quotebook]") {
    cost::PriceBooks books = cost::PriceBooks::builtin();
    QuoteRecord r = sample("x");  // priced on cn-seed-2026 as of "2026": from 2026-01-01
    CHECK_FALSE(priceAge(r, books, "2026-04-01").stale);  // 90 days
    const PriceAge old = priceAge(r, books, "2026-04-02");
    CHECK(old.stale);
    CHECK(old.days == 91);
    CHECK_FALSE(old.superseded);
    CHECK(priceAgeText(old, Lang::En) == "stale: its price book is 91 days old");
    CHECK(priceAgeText(priceAge(r, books, "2026-02-01"), Lang::Zh) == "现行");

    // A vendor's book of its own id: its stale_after_days (60) counts, and importing a newer list
    // (as_of 2026-05-14) supersedes the quotes priced on the January book.
    REQUIRE(books.mergeFile(std::string(CLUSTERPLAN_TEST_DATA) + "/pricebook-vendor.json"));
    r.priceBookId = "vendor-cn-2026";
    r.priceBookAsOf = "2026-01";
    CHECK(priceAge(r, books, "2026-03-03").stale);  // 61 days
    CHECK_FALSE(priceAge(r, books, "2026-03-01").superseded);
    REQUIRE(books.mergeJson(
        R"({"schema": "clusterplan.pricebook/1", "id": "vendor-cn-2026", "as_of": "2026-05-14"})",
        "newer.json"));
    const PriceAge replaced = priceAge(r, books, "2026-03-01");
    CHECK(replaced.superseded);
    CHECK(replaced.currentAsOf == "2026-05-14");
    CHECK(priceAgeText(replaced, Lang::En) == "superseded by the book of 2026-05-14");
    r.priceBookAsOf = "2026-05-14";
    CHECK_FALSE(priceAge(r, books, "2026-05-20").superseded);
    // A quote whose book is gone counts with the default 90 days and is never superseded.
    r.priceBookId = "gone";
    r.priceBookAsOf = "2026-01";
    CHECK(priceAge(r, books, "2026-04-02").stale);
    CHECK_FALSE(priceAge(r, books, "2026-04-02").superseded);
    const std::string listed = listToText({r}, "2026-04-02", books, Lang::En);
    CHECK_THAT(listed, Catch::Contains("stale: its price book is 91 days old") &&
                           Catch::Contains("1 quote priced on a stale or superseded price book."));
}

namespace {

std::string cli(const TempDir& dir, const std::string& args) {
    const auto run = test::runCli("--quote-book " + dir.file("book.sqlite") + " " + args);
    INFO(run.out);
    CHECK(run.status == 0);
    return run.out;
}

}  // namespace

TEST_CASE("clusterplan-cli quotes and report's recording", "[quotebook][cli]") {
    TempDir dir;
    const std::string scenario = std::string(CLUSTERPLAN_TEST_DATA) + "/quote-scenario.json";
    const std::string recorded = cli(dir, "report " + scenario + " --csv " + dir.file("csv"));
    CHECK_THAT(recorded, Catch::Contains("Recorded in the quote book " + dir.file("book.sqlite") +
                                         " as CP-2026-0042, revision 2."));
    // The built-in book is dated 2026, stale 90 days on: said as the quote is written.
    CHECK_THAT(recorded, Catch::Contains("warning: the price book cn-seed-2026 (as of 2026) is ") &&
                             Catch::Contains("days old, stale after"));
    CHECK_THAT(cli(dir, "report " + scenario + " --csv " + dir.file("csv")),
               Catch::Contains("already holds this quote as CP-2026-0042, revision 2: no new revision."));
    const std::string csv = cli(dir, "quotes list --format csv");
    CHECK_THAT(csv, Catch::Contains("CP-2026-0042,2,星河智算科技有限公司,") &&
                        Catch::Contains(",CNY,60000.00,63600.00,1224000.00,1382160.00,"));
    const std::string show = cli(dir, "quotes show CP-2026-0042/2");
    CHECK_THAT(show, Catch::Contains("Price book   cn-seed-2026, as of 2026") &&
                         Catch::Contains(dir.file("csv") + "/line_items.csv  sha256 " +
                                         sha256Hex(readBytes(dir.file("csv") + "/line_items.csv"))));
    CHECK_THAT(cli(dir, "quotes status CP-2026-0042 accepted"),
               Catch::Contains("CP-2026-0042, revision 2, is now accepted."));
    CHECK_THAT(cli(dir, "quotes list --status accepted --lang zh_CN"),
               Catch::Contains("已成交") && Catch::Contains("共 1 份报价"));
    // The recommendation recorded by an English report reads in Chinese in a Chinese list, and the
    // other way round: the book keeps it in both languages.
    const std::string zhList = cli(dir, "quotes list --lang zh_CN");
    CHECK_THAT(zhList, Catch::Contains(" 台 × 8 卡 ") && Catch::Contains("（共 ") &&
                           Catch::Contains("；TP ") && !Catch::Contains("GPUs)") &&
                           !Catch::Contains("; TP "));
    CHECK_THAT(cli(dir, "quotes show CP-2026-0042 --lang zh_CN"), Catch::Contains(" 台 × 8 卡 "));
    const std::string enList = cli(dir, "quotes list");
    CHECK_THAT(enList, Catch::Contains("; TP ") && !Catch::Contains("台"));
    CHECK_THAT(cli(dir, "quotes list --customer acme"), Catch::Contains("No quote in the book matches."));
    CHECK_THAT(cli(dir, "quotes export-book " + dir.file("book.json")),
               Catch::Contains("1 revision of 1 quote written to"));
    const auto imported = test::runCli("--quote-book " + dir.file("other.sqlite") + " quotes import-book " +
                                       dir.file("book.json"));
    CHECK(imported.status == 0);
    CHECK_THAT(imported.out, Catch::Contains("1 revision added, 0 already in the book, 0 in conflict"));

    // --no-record: no book is made.
    const auto quiet = test::runCli("--quote-book " + dir.file("none.sqlite") + " report " + scenario +
                                    " --no-record --csv " + dir.file("csv2"));
    CHECK(quiet.status == 0);
    CHECK_FALSE(fs::exists(dir.file("none.sqlite")));

    const auto badStatus =
        test::runCli("--quote-book " + dir.file("book.sqlite") + " quotes list --status open");
    CHECK(badStatus.status == 2);
    CHECK_THAT(badStatus.out, Catch::Contains("--status: is 'open', allowed: draft, sent, accepted, lost, "
                                              "expired, active, expiring"));
    const auto unknown = test::runCli("--quote-book " + dir.file("book.sqlite") + " quotes show Q-2026-0999");
    CHECK(unknown.status == 2);
    CHECK_THAT(unknown.out, Catch::Contains("no quote numbered 'Q-2026-0999' in the book"));
    const auto wrongArity =
        test::runCli("--quote-book " + dir.file("book.sqlite") + " quotes status CP-2026-0042");
    CHECK(wrongArity.status == 2);
}

namespace {

// Three quotes for two customers, one of them revised: four revisions: the whole round of a sales engineer's
// quotes.
void threeQuotesOneRevised(QuoteBook& book) {
    REQUIRE(book.record(sample("星河智算"), kNow));              // Q-2026-0001/1
    REQUIRE(book.record(sample("Acme Labs"), kNow));             // Q-2026-0002/1
    REQUIRE(book.record(sample("Acme Labs", 7'000'000), kNow));  // Q-2026-0003/1
    QuoteRecord revised = sample("星河智算", 5'800'000);
    revised.number = "Q-2026-0001";
    REQUIRE(book.record(revised, "2026-03-13T09:00:00Z")->revision == 2);  // Q-2026-0001/2
}

std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

}  // namespace

TEST_CASE("Every revision: listed with the one that superseded it, counted as quotes", "[quotebook]") {
    TempDir dir;
    QuoteBook book = openBook(dir.file("quotes.sqlite"));
    threeQuotesOneRevised(book);
    const std::string today = "2026-03-14";
    CHECK(book.list({"", "", today, false})->size() == 3);
    const auto all = book.list({"", "", today, true});
    REQUIRE(all);
    REQUIRE(all->size() == 4);
    std::vector<std::string> order;
    for (const QuoteRecord& r : *all)
        order.push_back(numberAndRevision(r));
    CHECK(order ==
          std::vector<std::string>{"Q-2026-0003/1", "Q-2026-0002/1", "Q-2026-0001/2", "Q-2026-0001/1"});
    CHECK(all->at(3).lastRevision == 2);
    CHECK(supersededBy(all->at(3)) == 2);
    CHECK_FALSE(supersededBy(all->at(2)));
    CHECK_FALSE(supersededBy(all->at(0)));
    CHECK(all->at(3).rent->amountCents == 6'000'000);  // the original, as it was
    // find() and all() know the last revision too.
    CHECK(supersededBy(book.find("Q-2026-0001", 1).value()) == 2);
    // Shown on its own, the earlier revision says it was superseded, not the status it had.
    const QuoteRecord first = book.find("Q-2026-0001", 1).value();
    CHECK_THAT(quoteToText(first, {1, 2}, today, cost::PriceBooks::builtin(), Lang::En),
               Catch::Contains("\nStatus       superseded by /2\n"));
    CHECK_THAT(quoteToText(first, {1, 2}, today, cost::PriceBooks::builtin(), Lang::Zh),
               Catch::Contains("已被第 2 版取代"));
    CHECK_FALSE(supersededBy(book.find("Q-2026-0001").value()));
    CHECK(book.all()->front().lastRevision == 2);

    // The status is the quote's, its last revision's: the earlier revision comes with it.
    REQUIRE(book.setStatus("Q-2026-0001", StoredStatus::Sent, "2026-03-14T08:00:00Z")->revision == 2);
    CHECK(book.find("Q-2026-0001", 1)->status == StoredStatus::Draft);  // unchanged
    CHECK(book.list({"", "active", today, true})->size() == 2);
    CHECK(book.list({"", "active", today, false})->size() == 1);
    CHECK(book.list({"", "draft", today, true})->size() == 2);  // Q-2026-0002 and 0003, not 0001/1
    CHECK(book.list({"星河", "", today, true})->size() == 2);

    // The counts count quotes, each by its last revision, not revisions.
    const auto listed = book.list({"", "", today, true}).value();
    const BookCounts n = countStatuses(listed, today, cost::PriceBooks::builtin());
    CHECK(n.quotes == 3);
    CHECK(n.active == 1);
    CHECK(n.revisions == 4);
    CHECK(n.superseded == 1);
    const BookCounts last =
        countStatuses(book.list({"", "", today, false}).value(), today, cost::PriceBooks::builtin());
    CHECK(last.quotes == 3);
    CHECK(last.active == 1);
    CHECK(last.superseded == 0);

    // Text: one column NUMBER/REV, the superseded revision says so, and a line on the revisions.
    const std::string en = listToText(listed, today, cost::PriceBooks::builtin(), Lang::En, true);
    INFO(en);
    const auto enLines = linesOf(en);
    REQUIRE(enLines.size() == 7);
    CHECK(enLines[0].rfind("Number/Rev.    Customer", 0) == 0);
    CHECK(enLines[3].rfind("Q-2026-0001/2  星河智算", 0) == 0);
    CHECK_THAT(enLines[3], Catch::Contains("sent"));
    CHECK(enLines[4].rfind("Q-2026-0001/1  星河智算", 0) == 0);
    CHECK_THAT(enLines[4], Catch::Contains("superseded by /2") && !Catch::Contains("draft"));
    CHECK(enLines[5] == "3 quotes: 1 active, 0 expiring within 7 days, 0 expired, 0 accepted");
    CHECK(enLines[6] == "4 revisions listed, 1 of them superseded by a later one.");
    const std::string zh = listToText(listed, today, cost::PriceBooks::builtin(), Lang::Zh, true);
    CHECK_THAT(zh, Catch::StartsWith("编号/版本") && Catch::Contains("已被第 2 版取代") &&
                       Catch::Contains("共 3 份报价") &&
                       Catch::Contains("列出 4 个版本，其中 1 个已被后来的版本取代。"));
    // Without every revision: the number and the revision in two columns, as before.
    const std::string plain =
        listToText(book.list({"", "", today, false}).value(), today, cost::PriceBooks::builtin(), Lang::En);
    CHECK_THAT(plain, Catch::StartsWith("Number       Rev.  Customer") &&
                          !Catch::Contains("revisions listed") && !Catch::Contains("superseded by /"));

    // CSV and JSON: the revision and superseded_by in every row.
    const auto csv = linesOf(listToCsv(listed, today, cost::PriceBooks::builtin()));
    REQUIRE(csv.size() == 5);
    CHECK_THAT(csv[0], Catch::EndsWith(",recorded_at,superseded_by"));
    CHECK_THAT(csv[3], Catch::StartsWith("Q-2026-0001,2,") && Catch::EndsWith(",2026-03-13T09:00:00Z,"));
    CHECK_THAT(csv[4], Catch::StartsWith("Q-2026-0001,1,") && Catch::EndsWith(",2026-03-12T09:00:00Z,2"));
    const boost::json::value json =
        boost::json::parse(listToJson(listed, today, cost::PriceBooks::builtin()));
    const auto& counts = json.at("counts");
    CHECK(counts.at("quotes").to_number<int>() == 3);
    CHECK(counts.at("revisions").to_number<int>() == 4);
    CHECK(counts.at("superseded").to_number<int>() == 1);
    const auto& quotes = json.at("quotes").as_array();
    REQUIRE(quotes.size() == 4);
    CHECK(quotes[3].at("number").as_string() == "Q-2026-0001");
    CHECK(quotes[3].at("revision").to_number<int>() == 1);
    CHECK(quotes[3].at("superseded_by").to_number<int>() == 2);
    CHECK(quotes[2].at("revision").to_number<int>() == 2);
    CHECK(quotes[2].at("superseded_by").is_null());
}

TEST_CASE("clusterplan-cli quotes list --all-revisions", "[quotebook][cli]") {
    TempDir dir;
    {
        QuoteBook book = openBook(dir.file("book.sqlite"));
        threeQuotesOneRevised(book);
    }
    const std::string last = cli(dir, "quotes list");
    CHECK_THAT(last, Catch::Contains("Q-2026-0001  2 ") && !Catch::Contains("Q-2026-0001/") &&
                         Catch::Contains("3 quotes:") && !Catch::Contains("revisions listed"));
    const std::string every = cli(dir, "quotes list --all-revisions");
    INFO(every);
    for (const char* revision : {"Q-2026-0001/1", "Q-2026-0001/2", "Q-2026-0002/1", "Q-2026-0003/1"})
        CHECK_THAT(every, Catch::Contains(revision));
    CHECK_THAT(every, Catch::Contains("superseded by /2") && Catch::Contains("3 quotes:") &&
                          Catch::Contains("4 revisions listed, 1 of them superseded by a later one."));
    CHECK_THAT(cli(dir, "quotes list --all-revisions --lang zh_CN"),
               Catch::Contains("已被第 2 版取代") && Catch::Contains("共 3 份报价"));
    CHECK(linesOf(cli(dir, "quotes list --format csv")).size() == 4);
    const auto csv = linesOf(cli(dir, "--all-revisions quotes list --format csv"));  // the option anywhere
    REQUIRE(csv.size() == 5);
    CHECK_THAT(csv.back(), Catch::StartsWith("Q-2026-0001,1,") && Catch::EndsWith(",2"));
    const boost::json::value json = boost::json::parse(cli(dir, "quotes list --all-revisions --format json"));
    CHECK(json.at("quotes").as_array().size() == 4);
    CHECK(json.at("counts").at("quotes").to_number<int>() == 3);
    CHECK(json.at("counts").at("revisions").to_number<int>() == 4);
    CHECK_THAT(test::runCli("--help").out, Catch::Contains("[--all-revisions]"));
}

TEST_CASE("Revising an accepted or lost quote is refused unless asked, and says why", "[quotebook]") {
    TempDir dir;
    QuoteBook book = openBook(dir.file("quotes.sqlite"));
    REQUIRE(book.record(sample("星河智算"), kNow));  // Q-2026-0001/1
    REQUIRE(book.setStatus("Q-2026-0001", StoredStatus::Accepted, kNow));
    QuoteRecord revised = sample("星河智算", 5'800'000);
    revised.number = "Q-2026-0001";
    const auto refused = book.record(revised, "2026-03-13T09:00:00Z");
    REQUIRE_FALSE(refused);
    CHECK(refused.error().reason.id == "error.quotebook.revise_accepted");
    CHECK_THAT(refused.error().message, Catch::Contains("Q-2026-0001 was accepted (revision 1)") &&
                                            Catch::Contains("nothing was recorded"));
    CHECK(book.revisions("Q-2026-0001").value() == std::vector<std::int64_t>{1});
    CHECK(book.find("Q-2026-0001")->status == StoredStatus::Accepted);
    // The same content again is no revision: it is not refused.
    CHECK(book.record(sample("星河智算"), kNow));
    const auto forced = book.record(revised, "2026-03-13T09:00:00Z", RecordOptions{true});
    REQUIRE(forced);
    CHECK(forced->revision == 2);
    CHECK(forced->previousDecided == StoredStatus::Accepted);
    CHECK(book.find("Q-2026-0001", 1)->status == StoredStatus::Accepted);  // the decided one is kept
    CHECK(book.find("Q-2026-0001")->status == StoredStatus::Draft);

    REQUIRE(book.record(sample("Acme Labs"), kNow));  // Q-2026-0002/1
    REQUIRE(book.setStatus("Q-2026-0002", StoredStatus::Lost, kNow));
    QuoteRecord again = sample("Acme Labs", 1);
    again.number = "Q-2026-0002";
    const auto lost = book.record(again, kNow);
    REQUIRE_FALSE(lost);
    CHECK(lost.error().reason.id == "error.quotebook.revise_lost");
}

TEST_CASE("A read-only book is listed, shown and exported, and nothing is recorded or created beside it",
          "[quotebook]") {
    // CI runs as root, which may write any file: the reading runs in a child process that has
    // dropped to uid 65534 ("nobody"), for whom the book (mode 444) and its folder (555) are
    // read-only, as for any user. Its export goes to a folder nobody owns.
    TempDir dir;
    fs::permissions(dir.path, fs::perms::others_exec | fs::perms::group_exec, fs::perm_options::add);
    const fs::path folder = dir.path / "book";
    fs::create_directories(folder);
    const std::string path = (folder / "quotes.sqlite").string();
    {
        QuoteBook book = openBook(path);
        REQUIRE(book.record(sample("星河智算"), kNow));
        REQUIRE(book.record(sample("Acme Labs"), kNow));
    }
    REQUIRE_FALSE(fs::exists(path + "-wal"));
    const fs::path out = dir.path / "out";
    fs::create_directories(out);
    constexpr uid_t kNobody = 65534;
    const bool root = ::geteuid() == 0;
    if (root)
        REQUIRE(::chown(out.c_str(), kNobody, kNobody) == 0);
    fs::permissions(path, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    fs::permissions(folder, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
    const std::string before = readBytes(path);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        if (root && (::setgid(kNobody) != 0 || ::setuid(kNobody) != 0 || ::geteuid() == 0))
            ::_exit(3);
        auto opened = QuoteBook::open(path);
        if (!opened || !opened->readOnly() || !opened->warning() ||
            opened->warning()->reason.id != "error.quotebook.not_writable")
            ::_exit(4);
        QuoteBook book = std::move(opened).value();
        auto listed = book.list({{}, {}, "2026-03-12", false});
        if (!listed || listed->size() != 2 || !book.find("Q-2026-0001"))
            ::_exit(5);
        auto exported = exportBook(book, (out / "book.json").string());
        if (!exported || exported->revisions != 2)
            ::_exit(6);
        auto refused = book.record(sample("new"), kNow);
        if (refused || refused.error().reason.id != "error.quotebook.read_only")
            ::_exit(7);
        ::_exit(0);
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    fs::permissions(folder, fs::perms::owner_all);
    REQUIRE(WIFEXITED(status));
    // 3: could not drop root; 4: not opened read-only; 5: not listed; 6: not exported; 7: recorded
    CHECK(WEXITSTATUS(status) == 0);
    CHECK(readBytes(path) == before);
    CHECK_FALSE(fs::exists(path + "-wal"));
    CHECK_FALSE(fs::exists(path + "-shm"));
    CHECK(fs::exists(out / "book.json"));
}

TEST_CASE("report on a book it cannot record in stops with exit 2 and writes nothing, unless --no-record",
          "[quotebook][cli]") {
    TempDir dir;
    const std::string scenario = std::string(CLUSTERPLAN_TEST_DATA) + "/quote-scenario.json";
    const std::string book = dir.file("book.sqlite");
    REQUIRE(test::runCli("--quote-book " + book + " report " + scenario + " --csv " + dir.file("a")).status ==
            0);
    // Read-only by its permission bits (root too is refused by them: the book reads them).
    fs::permissions(book, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    const auto listed = test::runCli("--quote-book " + book + " quotes list");
    CHECK(listed.status == 0);
    CHECK_THAT(listed.out, Catch::Contains("CP-2026-0042") &&
                               Catch::Contains("is read-only: it can be listed, shown and exported; nothing "
                                               "will be recorded in it"));
    const auto stopped = test::runCli("--quote-book " + book + " report " + scenario + " --csv " +
                                      dir.file("b") + " --quote-prefix HZ");
    CHECK(stopped.status == 2);
    CHECK_THAT(stopped.out, Catch::Contains("not recorded, so nothing was written"));
    CHECK_FALSE(fs::exists(dir.file("b")));
    const auto draft = test::runCli("--quote-book " + book + " report " + scenario + " --csv " +
                                    dir.file("c") + " --no-record");
    CHECK(draft.status == 0);
    CHECK(fs::exists(dir.file("c") + "/line_items.csv"));
    fs::permissions(book, fs::perms::owner_read | fs::perms::owner_write);
    // An output that cannot be written: no phantom number is recorded.
    const auto unwritable = test::runCli("--quote-book " + book + " report " + scenario +
                                         " --quote-prefix HZ --xlsx /nonexistent-folder/q.xlsx");
    CHECK(unwritable.status == 2);
    CHECK_THAT(unwritable.out, Catch::Contains("/nonexistent-folder/q.xlsx"));
    auto opened = QuoteBook::open(book);
    REQUIRE(opened);
    CHECK(opened->all()->size() == 1);
}

TEST_CASE("clusterplan-cli: accepted, then revised only with --force, and the status on the last revision",
          "[quotebook][cli]") {
    TempDir dir;
    const std::string scenario = std::string(CLUSTERPLAN_TEST_DATA) + "/quote-scenario.json";
    CHECK_THAT(cli(dir, "report " + scenario + " --csv " + dir.file("a")), Catch::Contains("revision 2."));
    CHECK_THAT(cli(dir, "quotes status CP-2026-0042/2 accepted"),
               Catch::Contains("CP-2026-0042, revision 2, is now accepted."));
    // The same quote with a longer validity: a new revision of an accepted quote.
    std::string text = readBytes(scenario);
    text.replace(text.find("\"valid_days\": 15"), 16, "\"valid_days\": 30");
    const std::string changed = dir.file("changed.json");
    { std::ofstream(changed, std::ios::binary) << text; }
    const auto refused = test::runCli("--quote-book " + dir.file("book.sqlite") + " report " + changed +
                                      " --csv " + dir.file("b"));
    CHECK(refused.status == 2);
    CHECK_THAT(refused.out,
               Catch::Contains("CP-2026-0042 was accepted (revision 2)") && Catch::Contains("--force"));
    CHECK_FALSE(fs::exists(dir.file("b")));
    CHECK_THAT(cli(dir, "quotes list --status accepted"), Catch::Contains("CP-2026-0042"));
    CHECK_THAT(cli(dir, "report " + changed + " --csv " + dir.file("b") + " --force"),
               Catch::Contains("as CP-2026-0042, revision 3.") &&
                   Catch::Contains("CP-2026-0042 revision 2 stays accepted; the new revision 3 is a draft"));
    // A status names the quote; it is kept on its last revision, and an earlier one says so.
    const auto earlier =
        test::runCli("--quote-book " + dir.file("book.sqlite") + " quotes status CP-2026-0042/2 sent");
    CHECK(earlier.status == 2);
    CHECK_THAT(earlier.out,
               Catch::Contains("a quote's status is set on its last revision, /3: give CP-2026-0042 "
                               "or CP-2026-0042/3"));
    CHECK_THAT(cli(dir, "quotes status CP-2026-0042/3 sent"), Catch::Contains("revision 3, is now sent."));
    // quotes show --format json: the revision as export-book writes it.
    const auto json = boost::json::parse(cli(dir, "quotes show CP-2026-0042/3 --format json"));
    CHECK(json.at("schema").as_string() == "clusterplan.quotebook/1");
    CHECK(json.at("quotes").as_array().size() == 1);
}

TEST_CASE("Formula-bearing customer names are guarded in every CSV", "[quotebook][csv]") {
    TempDir dir;
    QuoteBook book = openBook(dir.file("quotes.sqlite"));
    REQUIRE(book.record(sample("=1+2"), kNow));
    REQUIRE(book.record(sample("=HYPERLINK(\"http://evil.example\",\"深度求索\")"), kNow));
    REQUIRE(book.record(sample("@SUM(A1)"), kNow));
    const auto records = book.list({{}, {}, "2026-03-12", true});
    REQUIRE(records);
    const std::string list = listToCsv(records.value(), "2026-03-12", cost::PriceBooks::builtin());
    CHECK_THAT(list, Catch::Contains(",'=1+2,") &&
                         Catch::Contains("\"'=HYPERLINK(\"\"http://evil.example\"\"") &&
                         Catch::Contains(",'@SUM(A1),"));
    // The CLI adds the byte-order mark: the list holds Chinese.
    const std::string scenario = std::string(CLUSTERPLAN_TEST_DATA) + "/quote-scenario.json";
    std::string text = readBytes(scenario);
    const std::string customer = "\"customer\": \"星河智算科技有限公司\"";
    text.replace(text.find(customer), customer.size(), "\"customer\": \"=1+2\"");
    const std::string evil = dir.file("evil.json");
    { std::ofstream(evil, std::ios::binary) << text; }
    const auto report = test::runCli("--quote-book " + dir.file("cli.sqlite") + " report " + evil +
                                     " --csv " + dir.file("csv") + " --xlsx " + dir.file("q.xlsx"));
    INFO(report.out);
    REQUIRE(report.status == 0);
    const auto listed =
        test::runCli("--quote-book " + dir.file("cli.sqlite") + " quotes list --format csv --lang zh_CN");
    CHECK(listed.out.find("\xEF\xBB\xBF"
                          "number,revision,customer") != std::string::npos);
    CHECK_THAT(listed.out, Catch::Contains(",'=1+2,"));
    // No cell of any CSV the report wrote starts as a formula would: = + @, or - not a number.
    for (const auto& entry : fs::directory_iterator(dir.file("csv"))) {
        INFO(entry.path().string());
        auto rows = clusterplan::csv::parseCsv(readBytes(entry.path().string()));
        REQUIRE(rows);
        for (const auto& row : rows.value())
            for (const std::string& cell : row) {
                INFO(cell);
                CHECK((cell.empty() || (cell[0] != '=' && cell[0] != '+' && cell[0] != '@')));
                if (!cell.empty() && cell[0] == '-')
                    CHECK(cell.find_first_not_of("-0123456789.e+") == std::string::npos);
            }
    }
}

TEST_CASE("The book's moments are shown in local time", "[quotebook]") {
    const char* before = std::getenv("TZ");
    const std::string saved = before ? before : "";
    ::setenv("TZ", "CST-8", 1);  // POSIX rule, no time-zone database needed: UTC+8
    ::tzset();
    CHECK(localTime("2026-03-12T09:00:00Z") == "2026-03-12 17:00:00 CST");
    CHECK(localTime("2026-03-12T20:30:00Z") == "2026-03-13 04:30:00 CST");
    CHECK(localTime("not a time") == "not a time");
    if (before)
        ::setenv("TZ", saved.c_str(), 1);
    else
        ::unsetenv("TZ");
    ::tzset();
}

TEST_CASE("Superseded by price entry: a new price of another GPU leaves a quote current", "[quotebook]") {
    cost::PriceBooks books = cost::PriceBooks::builtin();
    const std::string vendor = readBytes(std::string(CLUSTERPLAN_TEST_DATA) + "/pricebook-vendor.json");
    REQUIRE(books.mergeJson(vendor, "vendor.json"));
    // The vendor's new list changes one price: the H100 hourly offer.
    const auto list = cost::readPriceList("kind,id,price\nrent,vendor-h100-hour,17\n", "auto", "new.csv");
    REQUIRE(list);
    const auto update = cost::applyPriceList(vendor, "vendor.json", list->rows, "new.csv", "2026-05-14");
    REQUIRE(update.errors.empty());
    REQUIRE(books.mergeJson(update.json, "vendor.json"));
    const auto quoteOn = [](const std::string& gpu) {
        QuoteRecord r = sample("x");
        r.priceBookId = "vendor-cn-2026";
        r.priceBookAsOf = "2026-01";
        r.scenarioJson = R"({"schema": "clusterplan.scenario/1", "cluster": {"gpu": ")" + gpu + R"("}})";
        return r;
    };
    CHECK_FALSE(priceAge(quoteOn("a100-sxm-80gb"), books, "2026-05-20").superseded);
    const PriceAge h100 = priceAge(quoteOn("h100-sxm-80gb"), books, "2026-05-20");
    CHECK(h100.superseded);
    CHECK(h100.currentAsOf == "2026-05-14");
}
