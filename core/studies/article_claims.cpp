#include "core/studies/article_claims.h"

#include <cmath>

#include "core/calibration/evaluate.h"
#include "core/studies/claim_value.h"
#include "core/studies/messages_article.h"
#include "core/util/messages_input_errors.h"

namespace clusterplan {

namespace {

double factorOf(const Claim& c) {
    const ClaimUnit* u = findClaimUnit(c.unit);
    return u ? u->factor : 1.0;
}

// The claim's bounds in the base unit; a single value gets the tolerance around it.
std::pair<double, double> bounds(const Claim& c) {
    const double f = factorOf(c);
    const double lo = c.low ? *c.low * f : -HUGE_VAL, hi = c.high ? *c.high * f : HUGE_VAL;
    if (c.low && c.high && *c.low == *c.high)
        return {lo - std::abs(lo) * kClaimTolerance, hi + std::abs(hi) * kClaimTolerance};
    return {lo, hi};
}

Result<Plan> planOf(const std::string& file, const Scenario& s, const Catalog& catalog) {
    auto plan = evaluate(s, catalog);
    if (!plan)
        return relocated(file + ": " + plan.error().where, plan.error());
    return plan;
}

}  // namespace

ClaimVerdict verdictOf(const Claim& c, std::optional<double> engine) {
    if (!engine)
        return ClaimVerdict::NoBasis;
    if (dimensionOf(c.quantity) == ClaimDimension::YesNo)
        return (*engine >= 0.5) == (c.low.value_or(0) >= 0.5) ? ClaimVerdict::Agrees : ClaimVerdict::Differs;
    const auto [lo, hi] = bounds(c);
    return *engine >= lo && *engine <= hi ? ClaimVerdict::Agrees : ClaimVerdict::Differs;
}

Message verdictText(const Claim& c, std::optional<double> engine) {
    switch (verdictOf(c, engine)) {
    case ClaimVerdict::NoBasis:
        return makeMessage(msg::kArticleVerdictNoBasis);
    case ClaimVerdict::Agrees:
        return makeMessage(msg::kArticleVerdictAgrees);
    case ClaimVerdict::Differs:
        break;
    }
    if (dimensionOf(c.quantity) == ClaimDimension::YesNo)
        return makeMessage(msg::kArticleVerdictDiffers);
    // The article's nearest value: the end of its range the engine's value lies beyond.
    const double f = factorOf(c);
    const double nearest = c.low && *engine < *c.low * f ? *c.low * f : c.high.value_or(*c.low) * f;
    const double e = *engine;
    if (dimensionOf(c.quantity) == ClaimDimension::Percent)
        return makeMessage(msg::kArticleVerdictPoints,
                           {(e > nearest ? "+" : "") + claimNumber(e - nearest, 1)});
    if (nearest <= 0 || e <= 0)
        return makeMessage(msg::kArticleVerdictDiffers);
    const double ratio = e / nearest;
    if (ratio >= 2)
        return makeMessage(msg::kArticleVerdictTimes, {claimNumber(ratio, ratio >= 10 ? 0 : 1)});
    if (ratio <= 0.5)
        return makeMessage(msg::kArticleVerdictFraction, {claimNumber(1 / ratio, 1 / ratio >= 10 ? 0 : 1)});
    return makeMessage(msg::kArticleVerdictPercent,
                       {(ratio > 1 ? "+" : "") + claimNumber((ratio - 1) * 100, 0)});
}

Result<ClaimCheck> checkClaim(const ClaimExample& x, const Catalog& catalog) {
    if (!x.scenario.claim)
        return inputError(x.file, msg::kErrorJsonRequired);
    const Claim& claim = *x.scenario.claim;
    auto plan = planOf(x.file, x.scenario, catalog);
    if (!plan)
        return plan.error();
    std::optional<Plan> compared;
    if (isComparison(claim.quantity)) {
        if (!x.compared)
            return inputError(x.file + ": claim.compare_with", msg::kErrorClaimCompareNeeded,
                              {std::string(toString(claim.quantity))});
        auto other = planOf(x.comparedFile, *x.compared, catalog);
        if (!other)
            return other.error();
        compared = std::move(other).value();
    }
    ClaimValue v = claimValue(claim.quantity, plan.value(), compared ? &*compared : nullptr);
    ClaimCheck check;
    check.file = x.file;
    check.description = x.scenario.description;
    check.claim = claim;
    check.engine = v.value;
    check.verdict = verdictOf(claim, v.value);
    check.verdictText = verdictText(claim, v.value);
    check.mechanism = std::move(v.mechanism);
    return check;
}

Result<std::vector<ClaimCheck>> checkClaims(const std::vector<ClaimExample>& examples,
                                            const Catalog& catalog) {
    std::vector<ClaimCheck> out;
    for (const auto& x : examples) {
        auto c = checkClaim(x, catalog);
        if (!c)
            return c.error();
        out.push_back(std::move(c).value());
    }
    return out;
}

}  // namespace clusterplan
