// loadCatalog(): the one loader of user catalog and price book files behind both executables.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/catalog/catalog_loading.h"

using namespace clusterplan;

namespace {

const std::string kData = CLUSTERPLAN_TEST_DATA;

// A fresh $XDG_CONFIG_HOME for the test, restored afterwards.
struct ConfigHome {
    ConfigHome() {
        dir = std::filesystem::temp_directory_path() / ("clusterplan-loading-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir / "clusterplan");
        if (const char* old = std::getenv("XDG_CONFIG_HOME"))
            previous = old;
        ::setenv("XDG_CONFIG_HOME", dir.c_str(), 1);
    }
    ~ConfigHome() {
        if (previous.empty())
            ::unsetenv("XDG_CONFIG_HOME");
        else
            ::setenv("XDG_CONFIG_HOME", previous.c_str(), 1);
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
    void write(const std::string& name, const std::string& text) const {
        std::ofstream(dir / "clusterplan" / name) << text;
    }
    std::filesystem::path dir;
    std::string previous;
};

}  // namespace

TEST_CASE("named files merge; bad entries are skipped and listed as warnings", "[catalog][loading]") {
    const ConfigHome home;  // empty: no user files
    auto loaded =
        loadCatalog({{kData + "/user-catalog-bad-entry.json"}, {kData + "/cost-user-pricebook.json"}, {}});
    REQUIRE(loaded.ok());
    const Catalog& catalog = loaded->catalog;
    CHECK(catalog.gpu("my-gpu-ok") != nullptr);
    CHECK(catalog.gpu("my-gpu-bad") == nullptr);
    CHECK(catalog.priceBooks().book("cn-seed-2026")->offer("lab-a100-card") != nullptr);
    // One catalog entry and two price-book entries skipped, catalog first.
    REQUIRE(loaded->warnings.size() == 3);
    CHECK(loaded->warnings[0].key == "gpus[0].tflops.bf16");
    CHECK(loaded->warnings[1].key == "parameters[0].key");
    CHECK(loaded->warnings[2].key == "rent_offers[1].price");
}

TEST_CASE("the user's catalog.json and pricebook.json are read, unless turned off", "[catalog][loading]") {
    const ConfigHome home;
    std::ifstream catalogFile(kData + "/user-catalog-bad-entry.json");
    home.write("catalog.json", std::string(std::istreambuf_iterator<char>(catalogFile), {}));
    home.write("pricebook.json",
               R"({"schema": "clusterplan.pricebook/1", "id": "mine", "name": "My book", "currency": "CNY",
                   "source": "test fixture", "as_of": "2026-11"})");
    auto loaded = loadCatalog({});
    REQUIRE(loaded.ok());
    CHECK(loaded->catalog.gpu("my-gpu-ok") != nullptr);
    CHECK(loaded->catalog.priceBooks().book("mine") != nullptr);
    REQUIRE(loaded->warnings.size() == 1);
    CHECK(loaded->warnings[0].file == (home.dir / "clusterplan" / "catalog.json").string());

    CatalogFiles builtinOnly;
    builtinOnly.userFiles = false;
    auto builtin = loadCatalog(builtinOnly);
    REQUIRE(builtin.ok());
    CHECK(builtin->catalog.gpu("my-gpu-ok") == nullptr);
    CHECK(builtin->warnings.empty());
}

TEST_CASE("a malformed user price book is an error naming the file and position", "[catalog][loading]") {
    const ConfigHome home;
    home.write("pricebook.json", "{\"schema\": \"clusterplan.pricebook/1\",\n \"id\": [}");
    auto loaded = loadCatalog({});
    REQUIRE_FALSE(loaded.ok());
    CHECK(loaded.error().where.find("pricebook.json:2:") != std::string::npos);
}
