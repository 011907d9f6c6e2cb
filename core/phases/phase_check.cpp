// Checks of a scenario's phases (see phase_check.h).
#include "phases/phase_check.h"

#include <cmath>

#include "util/closest_id.h"
#include "util/json_read.h"
#include "util/number_format.h"

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
        return Error{phasePath(i, "offer"), unknownIdMessage("rent offer", p.offer, offerIds(book)) +
                                                " in price book '" + book.id + "'"};
    if (!offer->rents(gpu))
        return Error{phasePath(i, "offer"), "'" + p.offer + "' does not rent '" + gpu + "'"};
    if (p.slice && offer->unit != cost::RentUnit::SliceMonth)
        return Error{phasePath(i, "offer"), "'" + p.offer + "' rents per " + cost::toString(offer->unit) +
                                                ", a slice needs a slice_month offer"};
    if (!p.slice && offer->unit == cost::RentUnit::SliceMonth)
        return Error{phasePath(i, "offer"), "'" + p.offer + "' rents slices; give the phase a \"slice\""};
    if (!p.term.empty() && !offer->term(p.term)) {
        std::vector<std::string> terms;
        for (const auto& t : offer->terms)
            terms.push_back(t.id);
        return Error{phasePath(i, "term"),
                     unknownIdMessage("term", p.term, terms) + " of offer '" + p.offer + "'"};
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
        return Error{phasePath(i, "acquire"), "a slice of a GPU can only be rented"};
    const cost::RentOffer* offer = sliceOffer(p, book);
    if (!offer)
        return Error{phasePath(i, "slice.gpu"),
                     "price book '" + book.id + "' has no slice offer for '" + p.slice->gpu + "'"};
    const double slices = p.slice->fraction * offer->slicesPerGpu;
    if (std::abs(slices - std::round(slices)) > 1e-6 || std::round(slices) < 1)
        return Error{phasePath(i, "slice.fraction"), "is " + formatNumber(p.slice->fraction) +
                                                         ", not a whole number of the offer's 1/" +
                                                         std::to_string(offer->slicesPerGpu) + " slices"};
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
        return Error{"cost.price_book",
                     unknownIdMessage("price book", s.cost.priceBook, catalog.priceBooks().ids())};
    const auto clusters = resolvedPhaseClusters(s);
    for (std::size_t i = 0; i < s.phases.size(); ++i) {
        const PhaseSpec& p = s.phases[i];
        if (p.months < 1 || p.months > cost::kMaxMonths)
            return Error{phasePath(i, "months"), "is " + std::to_string(p.months) + ", allowed range 1 to " +
                                                     std::to_string(cost::kMaxMonths)};
        const ClusterSpec& c = clusters[i];
        if (!p.slice && c.gpus() < 1)
            return Error{phasePath(i, "cluster"), "has no GPUs; allowed: at least 1 GPU per node and 1 node"};
        if (p.slice && !(p.slice->fraction > 0 && p.slice->fraction <= 1))
            return Error{phasePath(i, "slice.fraction"),
                         "is " + formatNumber(p.slice->fraction) + ", allowed range above 0 up to 1"};
        const std::string gpu = p.slice ? p.slice->gpu : c.gpu;
        if (!catalog.gpu(gpu))
            return Error{phasePath(i, p.slice ? "slice.gpu" : "cluster.gpu"),
                         unknownIdMessage("GPU id", gpu, catalog.gpuIds())};
        if (!p.offer.empty() && p.acquire == Acquire::Buy)
            return Error{phasePath(i, "offer"), "is a rent offer, but the phase buys (\"acquire\": \"buy\")"};
        if (!p.offer.empty())
            if (auto e = checkOffer(p, i, gpu, *book))
                return e;
        if (p.slice)
            if (auto e = checkSlice(p, i, *book))
                return e;
    }
    return std::nullopt;
}

}  // namespace clusterplan
