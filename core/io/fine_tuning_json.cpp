#include "core/io/fine_tuning_json.h"

#include "core/scenario/limited_read.h"
#include "core/util/messages_file_errors.h"
#include "core/util/messages_input_errors.h"
#include "core/util/number_format.h"

namespace clusterplan {

namespace {

unsigned readTargets(json::ObjectReader& r) {
    const boost::json::array* list = r.optArray("targets");
    if (!list)
        return kAllLoraTargets;
    unsigned targets = 0;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const auto& item = (*list)[i];
        const std::string where = json::indexPath(r.pathOf("targets"), i);
        const auto target =
            item.is_string() ? parseLoraTarget(std::string_view(item.get_string())) : std::nullopt;
        if (!target)
            json::fail(where, msg::kErrorTuneTargetUnknown);
        targets |= *target;
    }
    if (targets == 0)
        json::fail(r.pathOf("targets"), msg::kErrorTuneTargetsEmpty);
    return targets;
}

// A probability below 1: dropping every input (p = 1) leaves the adapters nothing to learn from.
void readDropout(json::ObjectReader& r, double& dropout) {
    if (!r.has("dropout")) {
        r.ignore({"dropout"});
        return;
    }
    const double p = r.number("dropout", -1e300, 1e300);
    if (!(p >= 0 && p < 1))
        json::fail(r.pathOf("dropout"), msg::kErrorTuneLoraDropout, {formatNumber(p)});
    dropout = p;
}

void readLora(json::ObjectReader& r, LoraSpec& lora) {
    json::optLimited(r, "rank", lora.rank, "training.lora.rank");
    json::optLimited(r, "alpha", lora.alpha, "training.lora.alpha");
    lora.targets = readTargets(r);
    r.optBoolean("trainable_embeddings", lora.trainableEmbeddings);
    readDropout(r, lora.dropout);
    r.finish();
}

void readDataset(json::ObjectReader& r, DatasetSpec& d) {
    d.samples = json::limitedNumber(r, "samples", inputLimit("training.dataset.samples"));
    d.meanTokensPerSample = json::limitedNumber(r, "mean_tokens_per_sample",
                                                inputLimit("training.dataset.mean_tokens_per_sample"));
    json::optLimited(r, "epochs", d.epochs, "training.dataset.epochs");
    r.finish();
}

}  // namespace

void readFineTuning(json::ObjectReader& r, TrainingSpec& t) {
    if (r.has("method"))
        t.method = *parseTrainingMethod(r.choice("method", {"full", "lora", "qlora"}));
    else
        r.ignore({"method"});
    if (auto lora = r.optObject("lora"))
        readLora(*lora, t.lora);
    json::optLimited(r, "frozen_layers", t.frozenLayers, "training.frozen_layers");
    if (auto dataset = r.optObject("dataset")) {
        DatasetSpec d;
        readDataset(*dataset, d);
        t.dataset = d;
    }
}

void writeFineTuning(json::Writer& w, const TrainingSpec& t) {
    w.value("method", toString(t.method));
    if (t.method != TrainingMethod::Full) {
        w.beginObject("lora").value("rank", t.lora.rank).value("alpha", t.lora.alpha);
        w.beginArray("targets");
        unsigned bit = 1;
        for (const std::string_view name : kLoraTargetNames) {
            if (t.lora.targets & bit)
                w.value("", name);
            bit <<= 1;
        }
        w.endArray().value("trainable_embeddings", t.lora.trainableEmbeddings);
        if (t.lora.dropout > 0)  // PEFT's default 0 is left out
            w.value("dropout", t.lora.dropout);
        w.endObject();
    }
    if (t.frozenLayers > 0)
        w.value("frozen_layers", t.frozenLayers);
    if (t.dataset) {
        w.beginObject("dataset")
            .value("samples", t.dataset->samples)
            .value("mean_tokens_per_sample", t.dataset->meanTokensPerSample)
            .value("epochs", t.dataset->epochs)
            .endObject();
    }
}

}  // namespace clusterplan
