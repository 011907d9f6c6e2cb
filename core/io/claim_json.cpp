#include "core/io/claim_json.h"
#include "core/util/messages_input_errors.h"

#include <limits>

namespace clusterplan {

namespace {

std::string joined(std::span<const std::string_view> names) {
    std::string list;
    for (auto n : names)
        list += (list.empty() ? "" : ", ") + std::string(n);
    return list;
}

std::string unitsOf(ClaimDimension d) {
    std::string list;
    for (const auto& u : claimUnits())
        if (u.dimension == d)
            list += (list.empty() ? "" : ", ") + std::string(u.id);
    return list;
}

// A plain file name: the compared scenario lies beside this one.
bool isPlainFileName(std::string_view name) {
    return !name.empty() && name != "." && name != ".." &&
           name.find_first_of("/\\") == std::string_view::npos;
}

}  // namespace

void readDescription(json::ObjectReader& top, const boost::json::value& root, Description& d) {
    const auto* value = root.is_object() ? root.get_object().if_contains("description") : nullptr;
    if (!value || !value->is_object()) {
        top.optString("description", d.text);  // a string, or an error saying what it must be
        return;
    }
    auto quoted = top.optObject("description");
    d.section = quoted->string("section");
    if (d.section.empty())  // it tells the quoted form from the plain one
        json::fail(quoted->pathOf("section"), msg::kErrorDescriptionEmptySection);
    d.quote = quoted->string("quote");
    d.gloss = quoted->string("gloss");
    quoted->finish();
}

namespace {

// The quantity, the value or range and the unit of a claim or of one of its premises.
template <typename Bounds> void readBounds(json::ObjectReader& r, Bounds& c) {
    const std::string name = r.string("quantity");
    const auto quantity = parseClaimQuantity(name);
    if (!quantity)
        json::fail(r.pathOf("quantity"), msg::kErrorJsonNotAllowed, {name, joined(claimQuantityNames())});
    c.quantity = *quantity;
    constexpr double kMax = std::numeric_limits<double>::max();
    if (r.has("value")) {
        if (r.has("min") || r.has("max"))
            json::fail(r.pathOf("value"), msg::kErrorClaimValueOrRange);
        c.low = c.high = r.number("value", -kMax, kMax);
    } else {
        if (r.has("min"))
            c.low = r.number("min", -kMax, kMax);
        if (r.has("max"))
            c.high = r.number("max", -kMax, kMax);
        r.ignore({"value", "min", "max"});
        if (!c.low && !c.high)
            json::fail(r.pathOf("value"), msg::kErrorClaimValueOrRange);
        if (c.low && c.high && *c.low > *c.high)
            json::fail(r.pathOf("min"), msg::kErrorClaimRangeOrder,
                       {std::to_string(*c.low), std::to_string(*c.high)});
    }
    c.unit = r.string("unit");
    const ClaimUnit* unit = findClaimUnit(c.unit);
    const ClaimDimension dimension = dimensionOf(c.quantity);
    if (!unit || unit->dimension != dimension)
        json::fail(r.pathOf("unit"), msg::kErrorJsonNotAllowed, {c.unit, unitsOf(dimension)});
}

template <typename Bounds> void writeBounds(json::Writer& w, const Bounds& c) {
    w.value("quantity", toString(c.quantity));
    if (c.low && c.high && *c.low == *c.high) {
        w.value("value", *c.low);
    } else {
        if (c.low)
            w.value("min", *c.low);
        if (c.high)
            w.value("max", *c.high);
    }
    w.value("unit", c.unit);
}

}  // namespace

void readClaim(json::ObjectReader& r, Claim& c) {
    readBounds(r, c);
    const std::string name(toString(c.quantity));
    r.optString("compare_with", c.compareWith);
    if (isComparison(c.quantity) && c.compareWith.empty())
        json::fail(r.pathOf("compare_with"), msg::kErrorClaimCompareNeeded, {name});
    if (!isComparison(c.quantity) && !c.compareWith.empty())
        json::fail(r.pathOf("compare_with"), msg::kErrorClaimCompareRefused, {name});
    if (!c.compareWith.empty() && !isPlainFileName(c.compareWith))
        json::fail(r.pathOf("compare_with"), msg::kErrorClaimCompareName, {c.compareWith});
    if (const auto* list = r.optArray("premises"))
        for (std::size_t i = 0; i < list->size(); ++i) {
            json::ObjectReader p((*list)[i], json::indexPath(r.pathOf("premises"), i));
            readBounds(p, c.premises.emplace_back());
            p.finish();
        }
    if (auto v = r.optObject("variant")) {
        ClaimVariant& variant = c.variant.emplace();
        v->optString("model", variant.modelPreset);
        if (v->has("zero_stage"))
            variant.zeroStage = v->integer("zero_stage", 0, 3);
        if (v->has("offload"))
            variant.offload = v->choice("offload", {"none", "optimizer", "optimizer_and_params"});
        v->finish();
    }
    if (r.has("holds_when"))
        c.searchMicroBatches = r.choice("holds_when", {"micro_batches"}) == "micro_batches";
    r.optBoolean("batch_assumed", c.batchAssumed);
    r.finish();
}

void writeDescription(json::Writer& w, const Description& d) {
    if (d.quoted()) {
        w.beginObject("description").value("section", d.section).value("quote", d.quote);
        w.value("gloss", d.gloss).endObject();
    } else if (!d.text.empty()) {
        w.value("description", d.text);
    }
}

void writeClaim(json::Writer& w, const Claim& c) {
    w.beginObject("claim");
    writeBounds(w, c);
    if (!c.compareWith.empty())
        w.value("compare_with", c.compareWith);
    if (!c.premises.empty()) {
        w.beginArray("premises");
        for (const auto& p : c.premises) {
            w.beginObject();
            writeBounds(w, p);
            w.endObject();
        }
        w.endArray();
    }
    if (c.variant) {
        w.beginObject("variant");
        if (!c.variant->modelPreset.empty())
            w.value("model", c.variant->modelPreset);
        if (c.variant->zeroStage)
            w.value("zero_stage", *c.variant->zeroStage);
        if (!c.variant->offload.empty())
            w.value("offload", c.variant->offload);
        w.endObject();
    }
    if (c.searchMicroBatches)
        w.value("holds_when", "micro_batches");
    if (c.batchAssumed)
        w.value("batch_assumed", true);
    w.endObject();
}

}  // namespace clusterplan
