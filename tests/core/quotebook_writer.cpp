// A second process for the quote book's tests (test_quotebook.cpp): records COUNT quotes without a
// number in BOOK, each for customer "TAG i", and prints each number once its transaction has
// committed (flushed at once, so a process killed with SIGKILL has printed only committed ones).
//   quotebook_writer BOOK COUNT TAG
#include <cstdio>
#include <string>

#include "core/quotebook/quote_book.h"

int main(int argc, char** argv) {
    using namespace clusterplan::quotebook;
    if (argc != 4) {
        std::fprintf(stderr, "usage: quotebook_writer BOOK COUNT TAG\n");
        return 2;
    }
    auto book = QuoteBook::open(argv[1]);
    if (!book) {
        std::fprintf(stderr, "quotebook_writer: %s\n", book.error().toString().c_str());
        return 1;
    }
    const long count = std::stol(argv[2]);
    for (long i = 0; i < count; ++i) {
        QuoteRecord r;
        r.customer = std::string(argv[3]) + " " + std::to_string(i);
        r.created = "2026-03-12";
        r.validUntil = "2026-04-11";
        r.currency = "CNY";
        r.rent = OfferTotals{100 * i, 106 * i};
        r.scenarioJson = "{\"schema\": \"clusterplan.scenario/1\"}";
        auto recorded = book.value().record(r, "2026-03-12T09:00:00Z");
        if (!recorded) {
            std::fprintf(stderr, "quotebook_writer: %s\n", recorded.error().toString().c_str());
            return 1;
        }
        std::printf("%s\n", recorded->number.c_str());
        std::fflush(stdout);
    }
    return 0;
}
