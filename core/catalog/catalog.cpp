#include "core/catalog/catalog.h"

#include <cstdio>
#include <cstdlib>

#include "core/catalog/catalog_json.h"
#include "core/util/atomic_file.h"
#include "core/util/messages_file_errors.h"

namespace clusterplan {

namespace embedded {
std::string_view catalogJson();
std::string_view modelsJson();
}  // namespace embedded

namespace {

constexpr std::uintmax_t kMaxCatalogBytes = 16u * 1024u * 1024u;

template <typename T, typename ReadFn>
void mergeArray(const boost::json::array* array, const char* key, const std::string& file,
                std::map<std::string, T, std::less<>>& into, std::vector<Diagnostic>& diagnostics,
                ReadFn read) {
    if (!array)
        return;
    for (std::size_t i = 0; i < array->size(); ++i) {
        const std::string path = json::indexPath(key, i);
        try {
            json::ObjectReader r((*array)[i], path);
            T entry = read(r, path);
            r.finish();
            into[entry.id] = std::move(entry);  // an existing id is replaced (user files on top)
        } catch (const json::InputError& e) {
            diagnostics.push_back({file, e.error.where, e.error.message + " — entry skipped"});
        }
    }
}

}  // namespace

Catalog Catalog::builtin() {
    Catalog c;
    for (const auto& [text, label] : {std::pair{embedded::catalogJson(), "resources/catalog.json"},
                                      std::pair{embedded::modelsJson(), "resources/models.json"}}) {
        auto merged = c.mergeJson(text, label);
        if (!merged) {
            // The built-in files are tested on every build (tests/core/test_catalog.cpp); reaching
            // this is a packaging bug, not bad user input.
            std::fprintf(stderr, "clusterplan: built-in %s is broken: %s\n", label,
                         merged.error().toString().c_str());
            std::abort();
        }
    }
    return c;
}

Result<bool> Catalog::mergeFile(const std::string& path) {
    auto text = readTextFile(path, kMaxCatalogBytes);
    if (!text)
        return text.error();
    return mergeJson(text.value(), path);
}

Result<bool> Catalog::mergeJson(std::string_view text, const std::string& file) {
    auto parsed = json::parseText(text, file);
    if (!parsed)
        return parsed.error();
    try {
        json::ObjectReader top(parsed.value(), "");
        std::string schema = "clusterplan.catalog/1";
        top.optString("schema", schema);
        if (schema != "clusterplan.catalog/1" && schema != "clusterplan.models/1")
            json::fail("schema", msg::kErrorSchemaExpectedCatalog, {schema});
        top.ignore({"notes"});
        mergeArray(top.optArray("gpus"), "gpus", file, m_gpus, m_diagnostics,
                   [](json::ObjectReader& r, const std::string&) { return json::readGpu(r); });
        mergeArray(top.optArray("fabrics"), "fabrics", file, m_fabrics, m_diagnostics,
                   [](json::ObjectReader& r, const std::string&) { return json::readFabric(r); });
        mergeArray(top.optArray("models"), "models", file, m_models, m_diagnostics,
                   [](json::ObjectReader& r, const std::string& path) {
                       ModelSpec spec;
                       json::readModelFields(r, spec, true);
                       applyAttentionDefaults(spec);
                       if (auto e = validate(spec))
                           json::fail(
                               relocated(path + e->where.substr(std::string_view("model").size()), *e));
                       return spec;
                   });
        top.finish();
    } catch (const json::InputError& e) {
        return relocated(file + ": " + e.error.where, e.error);
    }
    // A GPU must name an intra-node fabric we know; otherwise it cannot be planned.
    for (auto it = m_gpus.begin(); it != m_gpus.end();) {
        if (!m_fabrics.count(it->second.intraNodeFabric) && !m_fabrics.empty()) {
            m_diagnostics.push_back({file, "gpus." + it->first + ".intra_node_fabric",
                                     "unknown fabric '" + it->second.intraNodeFabric + "' — entry skipped"});
            it = m_gpus.erase(it);
        } else {
            ++it;
        }
    }
    return true;
}

Result<bool> Catalog::mergePerfProfilesFile(const std::string& path) {
    auto text = readTextFile(path, kMaxCatalogBytes);
    if (!text)
        return text.error();
    return m_perf.mergeJson(text.value(), path);
}

void Catalog::putGpu(GpuSpec gpu) {
    std::string id = gpu.id;
    m_gpus.insert_or_assign(std::move(id), std::move(gpu));
}

const GpuSpec* Catalog::gpu(std::string_view id) const {
    auto it = m_gpus.find(id);
    return it == m_gpus.end() ? nullptr : &it->second;
}

const Fabric* Catalog::fabric(std::string_view id) const {
    auto it = m_fabrics.find(id);
    return it == m_fabrics.end() ? nullptr : &it->second;
}

const ModelSpec* Catalog::model(std::string_view id) const {
    auto it = m_models.find(id);
    return it == m_models.end() ? nullptr : &it->second;
}

namespace {
template <typename M> std::vector<std::string> keysOf(const M& map) {
    std::vector<std::string> ids;
    ids.reserve(map.size());
    for (const auto& [id, value] : map)
        ids.push_back(id);
    return ids;
}
}  // namespace

std::vector<std::string> Catalog::gpuIds() const {
    return keysOf(m_gpus);
}
std::vector<std::string> Catalog::fabricIds() const {
    return keysOf(m_fabrics);
}
std::vector<std::string> Catalog::modelIds() const {
    return keysOf(m_models);
}

std::string userCatalogPath() {
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
        return std::string(xdg) + "/clusterplan/catalog.json";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::string(home) + "/.config/clusterplan/catalog.json";
    return "clusterplan-catalog.json";
}

}  // namespace clusterplan
