#include "core/studies/article_claims.h"

#include <cmath>

#include "core/catalog/catalog_lookup.h"
#include "core/report/plan_format.h"
#include "core/studies/article_format.h"
#include "core/studies/claim_value.h"
#include "core/studies/messages_article.h"
#include "core/util/messages_input_errors.h"
#include "core/util/number_format.h"
#include "core/util/units.h"

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

Result<Plan> planOf(const std::string& file, const Scenario& s, EngineSession& session) {
    auto plan = session.evaluate(s);
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

namespace {

// A speed or a time is only judged on a set-up that can run; memory and arithmetic claims are
// judged on the set-up as written (that it does not fit may be the answer).
bool needsRunnableSetUp(ClaimQuantity q) {
    switch (q) {
    case ClaimQuantity::Mfu:
    case ClaimQuantity::TokensPerDay:
    case ClaimQuantity::StepsPerDay:
    case ClaimQuantity::DpAllReduceTime:
    case ClaimQuantity::BubbleShare:
    case ClaimQuantity::Speedup:
    case ClaimQuantity::Slowdown:
    case ClaimQuantity::ComputeTime:
    case ClaimQuantity::CommShare:
        return true;
    default:
        return false;
    }
}

std::string count(std::int64_t n) {
    return formatGrouped(static_cast<double>(n), 0);
}

std::string gib(double bytes) {
    return claimNumber(bytes / units::kGiB) + " GiB";
}

// "… does not fit: it needs 1,060 GiB / 79.2 GiB per GPU" (host memory when offload overflows it).
Message notFit(Message who, const MemoryBreakdown& m) {
    const bool host = m.fitsGpu();
    return makeNestedMessage(msg::kArticleNotFit,
                             {std::move(who), plainMessage(gib(host ? m.host.total() : m.total())),
                              plainMessage(gib(host ? m.host.capacity : m.capacity))});
}

Message testedText(const Plan& p, const Catalog& catalog) {
    const auto& c = p.scenario.cluster;
    const auto& t = p.scenario.training;
    Message offload = plainMessage("");
    if (p.layout.offload == Offload::Optimizer)
        offload = makeMessage(msg::kArticleTestedOffload);
    else if (p.layout.offload == Offload::OptimizerAndParams)
        offload = makeMessage(msg::kArticleTestedOffloadAll);
    Message nics = plainMessage("");
    if (c.nodes > 1) {
        // The fabric's name without the catalog's remark in brackets ("(1 NIC per GPU)"): the
        // NICs a server has are said next to it, as the example sets them.
        nics = makeMessage(msg::kArticleTestedNics,
                           {fabricProductName(catalog, c.interNode),
                            std::to_string(c.nicsPerNode > 0 ? c.nicsPerNode : c.gpusPerNode)});
    }
    return makeNestedMessage(
        msg::kArticleTested,
        {plainMessage(p.scenario.model.name), plainMessage(std::to_string(c.nodes)),
         plainMessage(std::to_string(c.gpusPerNode)), plainMessage(p.gpu.name),
         plainMessage(layoutText(p.layout)), plainMessage(std::to_string(p.layout.zeroStage)),
         plainMessage(std::string(toString(t.precision))),
         plainMessage(std::string(displayName(t.framework))), plainMessage(count(t.globalBatch)),
         plainMessage(count(t.seqLen)), std::move(offload), std::move(nics)});
}

Result<Scenario> withVariant(const ClaimVariant& v, Scenario s, const Catalog& catalog,
                             const std::string& file) {
    if (!v.modelPreset.empty()) {
        auto model = modelPreset(catalog, v.modelPreset, "claim.variant.model");
        if (!model)
            return inputError(file + ": claim.variant.model", msg::kErrorJsonNotAllowed,
                              {v.modelPreset, "a model preset of the catalog"});
        s.modelPreset = v.modelPreset;
        s.model = std::move(model).value();
    }
    if (v.zeroStage)
        s.layout.zeroStage = static_cast<int>(*v.zeroStage);
    if (!v.offload.empty())
        s.layout.offload = v.offload == "none" ? std::nullopt : parseOffload(v.offload);
    return s;
}

// What sets the variant apart from the article's set-up, in words: "Llama 2 13B instead of Llama
// 3.1 70B; ZeRO-2 instead of ZeRO-0".
Message changes(const Plan& from, const Plan& to) {
    std::vector<Message> parts;
    if (from.scenario.model.name != to.scenario.model.name)
        parts.push_back(
            makeMessage(msg::kArticleChangeModel, {to.scenario.model.name, from.scenario.model.name}));
    if (from.layout.zeroStage != to.layout.zeroStage)
        parts.push_back(makeMessage(msg::kArticleChangeZero, {std::to_string(to.layout.zeroStage),
                                                              std::to_string(from.layout.zeroStage)}));
    if (from.layout.offload != to.layout.offload && to.layout.offload != Offload::None)
        parts.push_back(makeMessage(to.layout.offload == Offload::Optimizer ? msg::kArticleChangeOffload
                                                                            : msg::kArticleChangeOffloadAll));
    if (parts.empty())
        return plainMessage("");
    Message joined = parts.front();
    for (std::size_t i = 1; i < parts.size(); ++i)
        joined = makeNestedMessage(msg::kArticleJoin, {std::move(joined), parts[i]});
    return joined;
}

std::string stemOf(const std::string& file) {
    return file.substr(0, file.find('.'));
}

// "can be kept under X": the smallest number of micro-batches per pipeline m (the global batch
// grows with it, the layout stays) for which the value stays strictly inside the claim's bounds,
// searched up to kMaxMicroBatches.
inline constexpr std::int64_t kMaxMicroBatches = 256;

// A bubble share is the 1F1B schedule's: PP − 1 idle slots of m + PP − 1 (Narayanan et al. 2021,
// arXiv:2104.04473 §2.2), the 气泡率 of the text, which the optimizer step and the gradient
// exchange around the pipeline do not dilute. Any other quantity is the plan's.
double searchedValue(ClaimQuantity q, const Plan& p) {
    if (q == ClaimQuantity::BubbleShare) {
        const double pp = static_cast<double>(p.layout.pp), m = static_cast<double>(p.layout.microBatches);
        return (pp - 1) / (m + pp - 1) * 100;
    }
    return claimValue(q, p, nullptr).value.value_or(HUGE_VAL);
}

Result<ClaimCheck> holdsWhen(ClaimCheck check, const ClaimExample& x, const Plan& plan,
                             EngineSession& session) {
    const Catalog& catalog = session.catalog();
    const Claim& claim = check.claim;
    const double f = factorOf(claim);
    const std::int64_t perM = plan.layout.dp * plan.layout.microBatch;
    const double atExample = searchedValue(claim.quantity, plan);
    for (std::int64_t m = 1; m <= kMaxMicroBatches; ++m) {
        Scenario s = x.scenario;
        s.training.globalBatch = m * perM;
        auto p = planOf(x.file, s, session);
        if (!p)
            return p.error();
        const double v = searchedValue(claim.quantity, p.value());
        const bool holds = (!claim.high || v < *claim.high * f) && (!claim.low || v > *claim.low * f);
        if (!holds && m < kMaxMicroBatches)
            continue;
        check.engine = v;
        check.mechanism = claimValue(claim.quantity, p.value(), nullptr).mechanism;
        check.verdict = holds ? ClaimVerdict::Agrees : ClaimVerdict::Differs;
        check.verdictText = holds ? makeMessage(msg::kArticleVerdictHoldsFor, {std::to_string(m)})
                                  : makeMessage(msg::kArticleVerdictNever, {std::to_string(m)});
        check.notes.push_back(
            holds ? makeMessage(msg::kArticleHoldsFor,
                                {std::to_string(m), claimNumber(v, 1),
                                 std::to_string(plan.layout.microBatches), claimNumber(atExample, 1)})
                  : makeMessage(msg::kArticleHoldsNever, {std::to_string(m), claimNumber(v, 1)}));
        if (holds)
            check.tested = testedText(p.value(), catalog);
        break;
    }
    return check;
}

}  // namespace

Result<ClaimCheck> checkClaim(const ClaimExample& x, const Catalog& catalog) {
    EngineSession session(catalog);
    return checkClaim(x, session);
}

Result<ClaimCheck> checkClaim(const ClaimExample& x, EngineSession& session) {
    const Catalog& catalog = session.catalog();
    if (!x.scenario.claim)
        return inputError(x.file, msg::kErrorJsonRequired);
    const Claim& claim = *x.scenario.claim;
    auto plan = planOf(x.file, x.scenario, session);
    if (!plan)
        return plan.error();
    std::optional<Plan> compared;
    if (isComparison(claim.quantity)) {
        if (!x.compared)
            return inputError(x.file + ": claim.compare_with", msg::kErrorClaimCompareNeeded,
                              {std::string(toString(claim.quantity))});
        auto other = planOf(x.comparedFile, *x.compared, session);
        if (!other)
            return other.error();
        compared = std::move(other).value();
    }
    ClaimCheck check;
    check.file = x.file;
    check.description = x.scenario.description;
    check.claim = claim;
    check.tested = testedText(plan.value(), catalog);
    const auto noVerdict = [&](const MessageId<0>& why) {
        check.engine = std::nullopt;
        check.verdict = ClaimVerdict::NoBasis;
        check.verdictText = makeMessage(why);
        return check;
    };

    // A speed or a time of a set-up that cannot run is no answer: say so, then test the variant
    // the example names, if it fits. A claim about memory or arithmetic is answered on the set-up
    // as written, and the reader is told it would not run.
    const bool fits = plan->memory.fits() && (!compared || compared->memory.fits());
    if (!needsRunnableSetUp(claim.quantity) && !plan->memory.fits())
        check.notes.push_back(notFit(makeMessage(msg::kArticleThisSetUp), plan->memory));
    if (needsRunnableSetUp(claim.quantity) && !fits) {
        if (!plan->memory.fits())
            check.notes.push_back(notFit(makeMessage(msg::kArticleThisSetUp), plan->memory));
        if (compared && !compared->memory.fits())
            check.notes.push_back(
                notFit(makeMessage(msg::kArticleBaseline, {stemOf(x.comparedFile)}), compared->memory));
        if (!claim.variant) {
            check.notes.push_back(makeMessage(msg::kArticleNoVariant));
            check.mechanism =
                claimValue(claim.quantity, plan.value(), compared ? &*compared : nullptr).mechanism;
            return noVerdict(msg::kArticleVerdictCannotRun);
        }
        auto variant = withVariant(*claim.variant, x.scenario, catalog, x.file);
        if (!variant)
            return variant.error();
        auto variantPlan = planOf(x.file, variant.value(), session);
        if (!variantPlan)
            return variantPlan.error();
        std::optional<Plan> variantCompared;
        if (compared) {
            auto base = withVariant(*claim.variant, *x.compared, catalog, x.file);
            if (!base)
                return base.error();
            auto basePlan = planOf(x.comparedFile, base.value(), session);
            if (!basePlan)
                return basePlan.error();
            variantCompared = std::move(basePlan).value();
        }
        const Message changed = changes(plan.value(), variantPlan.value());
        check.tested = testedText(variantPlan.value(), catalog);
        if (!variantPlan->memory.fits() || (variantCompared && !variantCompared->memory.fits())) {
            const MemoryBreakdown& m =
                variantPlan->memory.fits() ? variantCompared->memory : variantPlan->memory;
            const bool host = m.fitsGpu();
            check.notes.push_back(makeNestedMessage(
                msg::kArticleVariantNotFit, {changed, plainMessage(gib(host ? m.host.total() : m.total())),
                                             plainMessage(gib(host ? m.host.capacity : m.capacity))}));
            check.mechanism =
                claimValue(claim.quantity, variantPlan.value(), variantCompared ? &*variantCompared : nullptr)
                    .mechanism;
            return noVerdict(msg::kArticleVerdictCannotRun);
        }
        check.notes.push_back(makeNestedMessage(msg::kArticleVariant, {changed}));
        plan = std::move(variantPlan).value();
        compared = std::move(variantCompared);
    }

    // The text's "if …": the example must produce it, or its number is about another case.
    for (const ClaimPremise& premise : claim.premises) {
        const Claim asClaim{
            premise.quantity, premise.low, premise.high, premise.unit, {}, {}, {}, false, false};
        const auto value = claimValue(premise.quantity, plan.value(), nullptr).value;
        const bool met = verdictOf(asClaim, value) == ClaimVerdict::Agrees;
        check.notes.push_back(makeNestedMessage(
            met ? msg::kArticlePremiseMet : msg::kArticlePremiseMissed,
            {quantityText(premise.quantity), articleValueText(asClaim), engineValueText(asClaim, value)}));
        if (!met) {
            check.mechanism = claimValue(premise.quantity, plan.value(), nullptr).mechanism;
            return noVerdict(msg::kArticleVerdictPremiseMissed);
        }
    }

    if (claim.batchAssumed)
        check.notes.push_back(
            makeMessage(msg::kArticleBatchAssumed,
                        {count(plan->scenario.training.globalBatch), count(plan->scenario.training.seqLen)}));
    if (claim.searchMicroBatches && !compared) {
        ClaimExample searched = x;
        searched.scenario = plan->scenario;
        return holdsWhen(std::move(check), searched, plan.value(), session);
    }

    ClaimValue v = claimValue(claim.quantity, plan.value(), compared ? &*compared : nullptr);
    check.engine = v.value;
    check.verdict = verdictOf(claim, v.value);
    check.verdictText = verdictText(claim, v.value);
    check.mechanism = std::move(v.mechanism);
    // Steps a day scale with 1 / batch: with a batch the article does not give, no verdict.
    if (claim.batchAssumed && claim.quantity == ClaimQuantity::StepsPerDay) {
        check.engine = std::nullopt;
        check.verdict = ClaimVerdict::NoBasis;
        check.verdictText = makeMessage(msg::kArticleVerdictBatchUnknown);
    }
    return check;
}

Result<std::vector<ClaimCheck>> checkClaims(const std::vector<ClaimExample>& examples,
                                            const Catalog& catalog) {
    std::vector<ClaimCheck> out;
    EngineSession session(catalog);  // every example's plans
    for (const auto& x : examples) {
        auto c = checkClaim(x, session);
        if (!c)
            return c.error();
        out.push_back(std::move(c).value());
    }
    return out;
}

}  // namespace clusterplan
