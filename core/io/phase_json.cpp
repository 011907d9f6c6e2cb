// Reading and writing "phases" (see phase_json.h).
#include "core/io/phase_json.h"

#include "core/catalog/catalog_json.h"
#include "core/catalog/catalog_lookup.h"
#include "core/cost/cost_inputs.h"
#include "core/scenario/model_spec.h"
#include "core/util/messages_file_errors.h"
#include "core/util/messages_input_errors.h"

namespace clusterplan {

namespace {

void readSlice(json::ObjectReader& r, GpuSlice& slice, const Catalog& catalog) {
    slice.gpu = r.string("gpu");
    if (auto e = checkGpuId(catalog, slice.gpu, r.pathOf("gpu")))
        json::fail(*e);
    slice.fraction = r.number("fraction", 1e-6, 1);
    if (!(slice.fraction > 0))
        json::fail(r.pathOf("fraction"), msg::kErrorPhaseSliceZero);
    r.finish();
}

void readContract(json::ObjectReader& r, cost::ContractRules& c) {
    if (r.has("add_cards"))
        c.addCards = r.choice("add_cards", {"list_price", "original_discount"}) == "original_discount"
                         ? cost::AddCards::OriginalDiscount
                         : cost::AddCards::ListPrice;
    else
        r.ignore({"add_cards"});
    if (r.has("early_exit"))
        c.earlyExit = r.choice("early_exit", {"no_refund", "pro_rata_refund"}) == "pro_rata_refund"
                          ? cost::EarlyExit::ProRataRefund
                          : cost::EarlyExit::NoRefund;
    else
        r.ignore({"early_exit"});
    c.source = "scenario";
    r.optString("source", c.source);
    r.finish();
}

PhaseSpec readPhase(json::ObjectReader& r, ClusterSpec& lastCluster, const Catalog& catalog) {
    PhaseSpec p;
    p.name = r.string("name");
    p.months = r.integer("months", 1, cost::kMaxMonths);
    if (auto c = r.optObject("cluster")) {
        ClusterSpec cluster = lastCluster;
        readClusterObject(*c, cluster);
        if (auto e = checkGpuId(catalog, cluster.gpu, c->pathOf("gpu")))
            json::fail(*e);
        lastCluster = cluster;
        p.cluster = cluster;
    }
    if (auto s = r.optObject("slice")) {
        if (p.cluster)
            json::fail(s->path(), msg::kErrorPhaseClusterAndSlice);
        readSlice(*s, p.slice.emplace(), catalog);
    }
    if (r.has("acquire"))
        p.acquire = r.choice("acquire", {"rent", "buy"}) == "buy" ? Acquire::Buy : Acquire::Rent;
    else
        r.ignore({"acquire"});
    r.optString("offer", p.offer);
    r.optString("term", p.term);
    if (auto c = r.optObject("contract"))
        readContract(*c, p.contract.emplace());
    if (auto m = r.optObject("model"))
        readModelObject(*m, p.modelPreset, p.model.emplace(), catalog);
    if (r.has("tokens"))
        p.tokens = r.number("tokens", 1, 1e16);
    else
        r.ignore({"tokens"});
    r.finish();
    return p;
}

}  // namespace

void readPhases(json::ObjectReader& top, Scenario& s, const Catalog& catalog) {
    const boost::json::array* phases = top.optArray("phases");
    if (!phases)
        return;
    if (phases->empty())
        json::fail("phases", msg::kErrorPhaseNone);
    if (phases->size() > kMaxPhases)
        json::fail("phases", msg::kErrorPhaseTooMany,
                   {std::to_string(phases->size()), std::to_string(kMaxPhases)});
    ClusterSpec lastCluster = s.cluster;
    std::int64_t months = 0;
    for (std::size_t i = 0; i < phases->size(); ++i) {
        const std::string at = json::indexPath("phases", i);
        json::ObjectReader r((*phases)[i], at);
        s.phases.push_back(readPhase(r, lastCluster, catalog));
        // A phase's model is checked as the scenario's is (scenario_check.cpp): a custom model
        // without its fields would be read with zero layers and not read back once saved.
        if (const auto& model = s.phases.back().model)
            if (auto e = validate(*model)) {
                e->where = at + "." + e->where;
                json::fail(*e);
            }
        months += s.phases.back().months;
    }
    if (months > cost::kMaxMonths)
        json::fail("phases", msg::kErrorPhaseTooLong,
                   {std::to_string(months), std::to_string(cost::kMaxMonths)});
}

void writePhases(json::Writer& w, const std::vector<PhaseSpec>& phases) {
    if (phases.empty())
        return;
    w.beginArray("phases");
    for (const PhaseSpec& p : phases) {
        w.beginObject().value("name", p.name).value("months", p.months);
        if (p.cluster)
            writeClusterObject(w, *p.cluster);
        if (p.slice)
            w.beginObject("slice")
                .value("gpu", p.slice->gpu)
                .value("fraction", p.slice->fraction)
                .endObject();
        w.value("acquire", p.acquire == Acquire::Buy ? "buy" : "rent");
        if (!p.offer.empty())
            w.value("offer", p.offer);
        if (!p.term.empty())
            w.value("term", p.term);
        if (p.contract) {
            w.beginObject("contract").value("add_cards", cost::toString(p.contract->addCards));
            w.value("early_exit", cost::toString(p.contract->earlyExit)).value("source", p.contract->source);
            w.endObject();
        }
        if (p.model) {
            w.beginObject("model");
            if (!p.modelPreset.empty())
                w.value("preset", p.modelPreset);
            json::writeModelFields(w, *p.model);
            w.endObject();
        }
        if (p.tokens)
            w.value("tokens", *p.tokens);
        w.endObject();
    }
    w.endArray();
}

}  // namespace clusterplan
