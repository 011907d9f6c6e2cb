// Files and state: saving over a read-only file, into a read-only or missing folder, or
// onto a full disk gives a clear message and leaves the old file as it was; a scenario written by
// a newer schema version is refused whole, naming the version.
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/io/scenario_schema.h"
#include "core/util/atomic_file.h"
#include "test_support.h"

using namespace clusterplan;
namespace fs = std::filesystem;

namespace {

// A fresh folder under $TMPDIR, removed (made writable first) when the test ends.
class TempFolder {
public:
    TempFolder() {
        std::string pattern = (fs::temp_directory_path() / "clusterplan-test-XXXXXX").string();
        REQUIRE(::mkdtemp(pattern.data()) != nullptr);
        m_path = pattern;
    }
    ~TempFolder() {
        std::error_code ec;
        fs::permissions(m_path, fs::perms::owner_all, fs::perm_options::add, ec);
        fs::remove_all(m_path, ec);
    }
    [[nodiscard]] std::string file(const std::string& name) const { return (m_path / name).string(); }
    [[nodiscard]] const fs::path& path() const { return m_path; }

private:
    fs::path m_path;
};

void writePlain(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

std::string readPlain(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// No temporary file (".NAME.XXXXXX") may be left behind after a failed save.
std::size_t filesIn(const fs::path& folder) {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(folder), fs::directory_iterator()));
}

const std::string kNew(100 * 1024, 'n');

}  // namespace

TEST_CASE("saving over a read-only file is refused and the file stays intact", "[files]") {
    TempFolder dir;
    const std::string path = dir.file("scenario.json");
    writePlain(path, "old contents");
    fs::permissions(path, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    const auto saved = writeFileAtomically(path, kNew);
    REQUIRE_FALSE(saved);
    CHECK(contains(saved.error().message, "read-only"));
    CHECK(readPlain(path) == "old contents");
    CHECK(filesIn(dir.path()) == 1);
    // The same through the scenario's save entry point used by the window.
    const auto scenario = saveScenarioFile(defaultScenario(test::catalog()), path);
    REQUIRE_FALSE(scenario);
    CHECK(readPlain(path) == "old contents");
}

TEST_CASE("saving into a missing folder names the folder", "[files]") {
    TempFolder dir;
    const std::string path = dir.file("no/such/folder/scenario.json");
    const auto saved = writeFileAtomically(path, kNew);
    REQUIRE_FALSE(saved);
    CHECK(contains(saved.error().message, "does not exist"));
    CHECK(contains(saved.error().message, "no/such/folder"));
}

TEST_CASE("saving into a read-only folder is refused and the file stays intact", "[files]") {
    // Root may write into any folder, and CI runs as root: there the save runs in a child process
    // that has dropped to the unprivileged uid 65534 ("nobody"), which owns the folder and the file,
    // so the folder's permission bits are what refuses it, as for any user.
    TempFolder dir;
    const std::string path = dir.file("scenario.json");
    writePlain(path, "old contents");
    constexpr uid_t kNobody = 65534;
    const bool root = ::geteuid() == 0;
    if (root) {
        REQUIRE(::chown(dir.path().c_str(), kNobody, kNobody) == 0);
        REQUIRE(::chown(path.c_str(), kNobody, kNobody) == 0);
    }
    fs::permissions(dir.path(), fs::perms::owner_read | fs::perms::owner_exec);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        if (root && (::setgid(kNobody) != 0 || ::setuid(kNobody) != 0 || ::geteuid() == 0))
            ::_exit(3);
        const auto saved = writeFileAtomically(path, kNew);
        if (saved)
            ::_exit(1);
        ::_exit(contains(saved.error().message, "cannot save") ? 0 : 2);
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    fs::permissions(dir.path(), fs::perms::owner_all);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);  // 1: saved anyway, 2: unclear message, 3: could not drop root
    CHECK(readPlain(path) == "old contents");
    CHECK(filesIn(dir.path()) == 1);
}

TEST_CASE("saving onto a full disk is refused and the file stays intact", "[files]") {
    // A full disk, simulated for any user: a child process whose file-size limit (RLIMIT_FSIZE)
    // is below the new contents; with SIGXFSZ ignored, write(2) fails with EFBIG as it fails
    // with ENOSPC on a full file system.
    TempFolder dir;
    const std::string path = dir.file("scenario.json");
    writePlain(path, "old contents");
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        std::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{4096, 4096};
        if (::setrlimit(RLIMIT_FSIZE, &limit) != 0)
            ::_exit(3);
        const auto saved = writeFileAtomically(path, kNew);
        if (saved)
            ::_exit(1);
        ::_exit(contains(saved.error().message, "disk or quota is full") &&
                        contains(saved.error().message, "left unchanged")
                    ? 0
                    : 2);
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);  // 1: saved anyway, 2: unclear message, 3: no limit
    CHECK(readPlain(path) == "old contents");
    CHECK(filesIn(dir.path()) == 1);
}

TEST_CASE("a successful save replaces the file and keeps it readable", "[files]") {
    TempFolder dir;
    const std::string path = dir.file("scenario.json");
    writePlain(path, "old contents");
    REQUIRE(saveScenarioFile(defaultScenario(test::catalog()), path));
    const auto reread = loadScenarioFile(path, test::catalog());
    REQUIRE(reread);
    CHECK(reread.value() == defaultScenario(test::catalog()));
    CHECK(filesIn(dir.path()) == 1);
}

TEST_CASE("a scenario from a newer schema version is refused whole, naming the version", "[files][schema]") {
    const std::string newer = R"({"schema": "clusterplan.scenario/2", "model": {"preset": "llama-3.1-8b"},
                                  "a_key_from_the_future": {"x": 1}})";
    const auto s = parseScenario(newer, test::catalog());
    REQUIRE_FALSE(s);
    CHECK(s.error().where == "schema");
    CHECK(contains(s.error().message, "newer version of ClusterPlan"));
    CHECK(contains(s.error().message, "up to 1"));
    CHECK(contains(s.error().message, "Nothing was loaded"));
}

TEST_CASE("a file that is not a scenario says so", "[files][schema]") {
    for (const char* schema :
         {"clusterplan.scenario/0", "clusterplan.catalog/1", "clusterplan.scenario/1x"}) {
        const auto s =
            parseScenario(std::string(R"({"schema": ")") + schema + R"(", "model": {}})", test::catalog());
        REQUIRE_FALSE(s);
        CHECK(s.error().where == "schema");
        CHECK(contains(s.error().message, "not a ClusterPlan scenario"));
    }
    const auto missing = parseScenario(R"({"model": {"preset": "llama-3.1-8b"}})", test::catalog());
    REQUIRE_FALSE(missing);
    CHECK(missing.error().where == "schema");
}

TEST_CASE("the current schema version reads without migration notes", "[files][schema]") {
    // Version 1 is the first scenario schema: nothing to migrate yet (scenario_schema.cpp).
    std::vector<std::string> notes{"stale"};
    const auto s =
        parseScenario(R"({"schema": "clusterplan.scenario/1", "model": {"preset": "llama-3.1-8b"}})",
                      test::catalog(), "scenario", &notes);
    REQUIRE(s);
    CHECK(notes.empty());
    CHECK(kScenarioSchemaVersion == 1);
}
