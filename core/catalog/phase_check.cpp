// Checks of a scenario's phases (see phase_check.h).
#include "core/catalog/phase_check.h"

#include <cmath>

#include "core/catalog/catalog_lookup.h"
#include "core/util/closest_id.h"
#include "core/util/json_read.h"
#include "core/util/messages_file_errors.h"
#include "core/util/messages_input_errors.h"
#include "core/util/number_format.h"

namespace clusterplan {

namespace {

std::string phasePath(std::size_t i, std::string_view key) {
    return json::joinPath(json::indexPath("phases", i), key);
}

std::vector<std::string> offerIds(const cost::PriceBook& book) {
    std::vector<std::string> ids;
    for (const auto& o : book.rentOffers)
        ids.push_back(o.id);
    return ids;
}

std::optional<Error> checkOffer(const PhaseSpec& p, std::size_t i, const std::string& gpu,
                                const cost::PriceBook& book) {
    const cost::RentOffer* offer = book.offer(p.offer);
    if (!offer)
        return inputError(phasePath(i, "offer"), unknownIdReason(msg::kErrorUnknownRentOfferInBookClosest,
                                                                 msg::kErrorUnknownRentOfferInBookList,
                                                                 p.offer, offerIds(book), book.id));
    if (!offer->rents(gpu))
        return inputError(phasePath(i, "offer"), msg::kErrorPhaseOfferGpu, {p.offer, gpu});
    if (p.slice && offer->unit != cost::RentUnit::SliceMonth)
        return inputError(phasePath(i, "offer"), msg::kErrorPhaseOfferNotSlice,
                          {p.offer, std::string(cost::toString(offer->unit))});
    if (!p.slice && offer->unit == cost::RentUnit::SliceMonth)
        return inputError(phasePath(i, "offer"), msg::kErrorPhaseOfferSlice, {p.offer});
    if (!p.term.empty() && !offer->term(p.term)) {
        std::vector<std::string> terms;
        for (const auto& t : offer->terms)
            terms.push_back(t.id);
        return inputError(phasePath(i, "term"),
                          unknownIdReason(msg::kErrorUnknownTermClosest, msg::kErrorUnknownTermList, p.term,
                                          terms, p.offer));
    }
    return std::nullopt;
}

// The slice offer a phase rents: its own, else the book's first slice offer for the GPU.
const cost::RentOffer* sliceOffer(const PhaseSpec& p, const cost::PriceBook& book) {
    if (!p.offer.empty())
        return book.offer(p.offer);
    for (const cost::RentOffer* o : book.offersFor(p.slice->gpu))
        if (o->unit == cost::RentUnit::SliceMonth)
            return o;
    return nullptr;
}

std::optional<Error> checkSlice(const PhaseSpec& p, std::size_t i, const cost::PriceBook& book) {
    if (p.acquire == Acquire::Buy)
        return inputError(phasePath(i, "acquire"), msg::kErrorPhaseSliceBought);
    const cost::RentOffer* offer = sliceOffer(p, book);
    if (!offer)
        return inputError(phasePath(i, "slice.gpu"), msg::kErrorPhaseNoSliceOffer, {book.id, p.slice->gpu});
    const double slices = p.slice->fraction * offer->slicesPerGpu;
    if (std::abs(slices - std::round(slices)) > 1e-6 || std::round(slices) < 1)
        return inputError(phasePath(i, "slice.fraction"), msg::kErrorPhaseSliceFraction,
                          {formatNumber(p.slice->fraction), std::to_string(offer->slicesPerGpu)});
    return std::nullopt;
}

}  // namespace

std::vector<ClusterSpec> resolvedPhaseClusters(const Scenario& s) {
    std::vector<ClusterSpec> out;
    ClusterSpec last = s.cluster;
    for (const PhaseSpec& p : s.phases) {
        if (p.cluster)
            last = *p.cluster;
        out.push_back(last);
    }
    return out;
}

std::optional<Error> checkPhases(const Scenario& s, const Catalog& catalog) {
    if (s.phases.empty())
        return std::nullopt;
    const cost::PriceBook* book = catalog.priceBooks().book(s.cost.priceBook);
    if (!book)
        return inputError("cost.price_book",
                          unknownIdReason(msg::kErrorUnknownPriceBookClosest, msg::kErrorUnknownPriceBookList,
                                          s.cost.priceBook, catalog.priceBooks().ids()));
    const auto clusters = resolvedPhaseClusters(s);
    for (std::size_t i = 0; i < s.phases.size(); ++i) {
        const PhaseSpec& p = s.phases[i];
        if (p.months < 1 || p.months > cost::kMaxMonths)
            return inputError(phasePath(i, "months"), msg::kErrorRange,
                              {std::to_string(p.months), "1", std::to_string(cost::kMaxMonths)});
        const ClusterSpec& c = clusters[i];
        if (!p.slice && c.gpus() < 1)
            return inputError(phasePath(i, "cluster"), msg::kErrorPhaseNoGpus);
        if (p.slice && !(p.slice->fraction > 0 && p.slice->fraction <= 1))
            return inputError(phasePath(i, "slice.fraction"), msg::kErrorPhaseSliceRange,
                              {formatNumber(p.slice->fraction)});
        const std::string gpu = p.slice ? p.slice->gpu : c.gpu;
        if (auto e = checkGpuId(catalog, gpu, phasePath(i, p.slice ? "slice.gpu" : "cluster.gpu")))
            return e;
        if (!p.offer.empty() && p.acquire == Acquire::Buy)
            return inputError(phasePath(i, "offer"), msg::kErrorPhaseOfferBought);
        if (!p.offer.empty())
            if (auto e = checkOffer(p, i, gpu, *book))
                return e;
        if (p.slice)
            if (auto e = checkSlice(p, i, *book))
                return e;
    }
    return std::nullopt;
}

PhaseInputs resolvePhaseInputs(const Scenario& s, const Catalog& catalog) {
    PhaseInputs out{&catalog.priceBooks(), catalog.priceBooks().book(s.cost.priceBook), {}};
    const auto clusters = resolvedPhaseClusters(s);
    for (std::size_t i = 0; i < s.phases.size(); ++i)
        out.gpus.push_back(*catalog.gpu(s.phases[i].slice ? s.phases[i].slice->gpu : clusters[i].gpu));
    return out;
}

}  // namespace clusterplan
