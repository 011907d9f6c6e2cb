#include "core/calibration/profile_fit.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/calibration/measured_runs.h"
#include "core/perf/profile_name.h"
#include "core/report/messages_plan.h"
#include "core/report/plan_scenario.h"
#include "core/util/messages_file_errors.h"
#include "core/util/number_format.h"
#include "core/util/statistics.h"
#include "core/util/units.h"

namespace clusterplan {

namespace {

// A fitted parameter: its bounds and how far the prior may plausibly be off.
struct Knob {
    const char* key;
    double PerfProfile::*field;
    double low, high;
    bool logScale;  // spread as a ratio (efficiencies) or as a share of the range (overlaps)
    double spread;
};

// GEMM efficiency: the 0.3-0.95 of dense peak that fit_profiles.py allows (cuBLAS large GEMMs);
// spread 0.25 in log: the built-in engine is 25 % off on average on runs it has never seen
// (31 published runs). Overlaps are shares, bounded by 0 and 1 by definition; spread 0.5:
// nothing but the range is known about a stack's overlap on an unknown cluster.
constexpr Knob kKnobs[] = {
    {"gemm_efficiency", &PerfProfile::gemmEfficiency, 0.3, 0.95, true, 0.25},
    {"tp_overlap", &PerfProfile::tpOverlap, 0.0, 1.0, false, 0.5},
    {"dp_overlap", &PerfProfile::dpOverlap, 0.0, 1.0, false, 0.5},
};
constexpr std::size_t kKnobCount = std::size(kKnobs);

// A knob in prior-spread units: 0 at the prior, ±1 one spread away.
double toUnits(const Knob& k, double prior, double value) {
    return k.logScale ? std::log(value / prior) / k.spread : (value - prior) / k.spread;
}
double fromUnits(const Knob& k, double prior, double z) {
    return k.logScale ? prior * std::exp(z * k.spread) : prior + z * k.spread;
}

struct Problem {
    const PerfProfile& prior;
    std::vector<Scenario> scenarios;
    std::vector<double> measured;                  // step seconds
    ResolvedInputs inputs;                         // the fit's own copy; its profile is the trial
    std::array<double, kKnobCount> low{}, high{};  // bounds, in units
    // Each run's layout, from its plan with the prior: a trial changes only the profile, so it
    // times the same layouts on the same hardware.
    std::vector<Layout> layouts;
};

PerfProfile profileAt(const Problem& p, const std::array<double, kKnobCount>& z) {
    PerfProfile q = p.prior;
    for (std::size_t i = 0; i < kKnobCount; ++i)
        q.*(kKnobs[i].field) = fromUnits(kKnobs[i], p.prior.*(kKnobs[i].field), z[i]);
    return q;
}

// Plans of every measured run with `profile`, step time, memory and layout only (no cost model, no
// comparisons): the prior's, which fix the layouts and name a run whose layout cannot run, and the
// fitted profile's for the report.
Result<std::vector<Plan>> planRuns(Problem& p, const PerfProfile& profile) {
    p.inputs.profile = profile;
    std::vector<Plan> plans;
    for (std::size_t i = 0; i < p.scenarios.size(); ++i) {
        auto plan = planScenario(p.scenarios[i], p.inputs, {}, PlanParts::stepTimeOnly());
        if (!plan) {
            const std::string& where = plan.error().where;
            const std::string run = "measured[" + std::to_string(i) + "]";
            return relocated(where.rfind("layout", 0) == 0 ? run + "." + where : run + " (" + where + ")",
                             plan.error());
        }
        plans.push_back(std::move(plan).value());
    }
    return plans;
}

// Predicted step seconds of every measured run with a trial profile: the step time alone, on the
// layouts and hardware of the prior's plans (fedStepSeconds() is the plan's own step time).
std::vector<double> stepTimes(const Problem& p, const PerfProfile& profile) {
    const ClusterHardware h = p.inputs.hardware();
    const ClusterHardware trial{h.gpu, h.intraNode, h.interNode, profile, h.nicsPerNode, h.host, h.stack};
    std::vector<double> steps;
    for (std::size_t i = 0; i < p.scenarios.size(); ++i)
        steps.push_back(fedStepSeconds(p.scenarios[i], trial, p.layouts[i], *p.inputs.realities));
    return steps;
}

double loss(const Problem& p, const std::vector<double>& steps, const std::array<double, kKnobCount>& z) {
    double sum = 0;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const double e = std::log(steps[i] / p.measured[i]) / kMeasurementNoise;
        sum += e * e;
    }
    for (double u : z)
        sum += u * u;
    return sum;
}

// Coordinate search in prior-spread units, as fit_profiles.py does: try one step up and down per
// parameter, keep what lowers the loss, halve the step when a sweep finds nothing.
Result<std::array<double, kKnobCount>> search(Problem& p) {
    std::array<double, kKnobCount> z{};
    auto plans = planRuns(p, profileAt(p, z));
    if (!plans)
        return plans.error();
    for (std::size_t i = 0; i < p.scenarios.size(); ++i)
        p.layouts.push_back(plans.value()[i].layout);
    double best = loss(p, stepTimes(p, p.prior), z);
    for (double step = 1.0; step > 1.0 / 256;) {
        bool improved = false;
        for (std::size_t i = 0; i < kKnobCount; ++i)
            for (double direction : {1.0, -1.0}) {
                auto trial = z;
                trial[i] = std::clamp(z[i] + direction * step, p.low[i], p.high[i]);
                if (trial[i] == z[i])
                    continue;
                const double l = loss(p, stepTimes(p, profileAt(p, trial)), trial);
                if (l < best - 1e-12) {
                    best = l, z = trial, improved = true;
                    break;
                }
            }
        if (!improved)
            step /= 2;
    }
    return z;
}

// The band from the user's runs (two or more): the range of true / predicted step over the fitted
// runs, widened each way by their root-mean-square log residual (a small sample's range understates
// the spread) and never narrower than the measurement noise. With one run the fit leaves no residual
// to learn from, so the built-in band stays.
std::string setBand(PerfProfile& fitted, const ProfileFit& fit, const Scenario& scenario) {
    if (fit.runs.size() < 2)
        return bandRuleMessage(fit).text;
    double low = 1, high = 1, squares = 0, gpus = 0;
    for (const auto& run : fit.runs) {
        const double r = run.measuredStepSeconds / run.stepAfter;
        low = std::min(low, r), high = std::max(high, r);
        squares += std::log(r) * std::log(r);
        gpus = std::max(gpus, static_cast<double>(run.gpus));
    }
    const double rms = std::sqrt(squares / static_cast<double>(fit.runs.size()));
    fitted.bandLow = std::min(low / (1 + rms), 1 / (1 + kMeasurementNoise));
    fitted.bandHigh = std::max(high * (1 + rms), 1 + kMeasurementNoise);
    // The runs are this stack on this GPU: no transfer band; beyond the largest run it widens.
    fitted.calibrated = true;
    fitted.framework = scenario.training.framework;
    fitted.maxCalibratedGpus = gpus;
    return bandRuleMessage(fit).text;
}

// The rms of the log residuals of the fitted step times, as setBand() widens the band by it.
double residualRms(const ProfileFit& fit) {
    double squares = 0;
    for (const auto& run : fit.runs) {
        const double r = std::log(run.measuredStepSeconds / run.stepAfter);
        squares += r * r;
    }
    return fit.runs.empty() ? 0 : std::sqrt(squares / static_cast<double>(fit.runs.size()));
}

}  // namespace

Message bandRuleMessage(const ProfileFit& fit) {
    if (fit.runs.size() < 2)
        return makeMessage(msg::kPlanBandRuleOne,
                           {profileDisplayName(fit.before.id).value_or(fit.before.id)});
    return makeMessage(msg::kPlanBandRuleMany,
                       {std::to_string(fit.runs.size()), formatFixed(100 * residualRms(fit), 1),
                        formatFixed(100 * kMeasurementNoise, 0)});
}

Result<ProfileFit> fitProfile(const Scenario& scenario, const ResolvedInputs& resolved) {
    if (scenario.measured.empty())
        return inputError("measured", msg::kErrorMeasuredNone);
    ProfileFit fit;
    fit.before = resolved.profile;
    Problem p{fit.before, {}, {}, resolved, {}, {}, {}};
    const ClusterHardware priorHardware = resolved.hardware();
    for (const auto& run : scenario.measured) {
        p.scenarios.push_back(measuredRunScenario(scenario, run, priorHardware));
        p.measured.push_back(measuredStepSeconds(p.scenarios.back(), run));
    }
    for (std::size_t i = 0; i < kKnobCount; ++i) {
        const Knob& k = kKnobs[i];
        const double prior = fit.before.*(k.field);
        // A built-in value outside the bounds stays reachable.
        p.low[i] = toUnits(k, prior, std::min(k.low, prior));
        p.high[i] = toUnits(k, prior, std::max(k.high, prior));
        if (k.logScale && prior <= 0)
            p.low[i] = p.high[i] = 0;
    }
    // A measured run faster than the GPUs' dense peak allows (model FLOPs alone, whatever the
    // layout) is a wrong rate, GPU count or model: refused before it drags the fit to a bound.
    {
        auto prior = planRuns(p, fit.before);
        if (!prior)
            return prior.error();
        for (std::size_t i = 0; i < p.scenarios.size(); ++i) {
            const Plan& plan = prior.value()[i];
            const double mfu = plan.perf.mfu * plan.perf.stepSeconds / p.measured[i];
            if (mfu > 1) {
                const auto& run = scenario.measured[i];
                const double tokensPerSecond = static_cast<double>(p.scenarios[i].training.globalBatch) *
                                               static_cast<double>(p.scenarios[i].training.seqLen) /
                                               p.measured[i];
                return inputError("measured[" + std::to_string(i) + "]." +
                                      (run.stepSeconds > 0 ? "step_s" : "tokens_per_s"),
                                  msg::kErrorMeasuredAbovePeak,
                                  {formatGrouped(tokensPerSecond, 0), formatFixed(100 * mfu, 0) + " %"});
            }
        }
    }
    auto z = search(p);
    if (!z)
        return z.error();
    fit.after = profileAt(p, z.value());
    fit.after.id = fit.before.id + "+measured";
    fit.after.source = "fitted to " + std::to_string(scenario.measured.size()) +
                       " measured run(s) of the scenario, prior: " + fit.before.id;
    for (std::size_t i = 0; i < kKnobCount; ++i) {
        const Knob& k = kKnobs[i];
        const double prior = fit.before.*(k.field);
        fit.parameters.push_back(
            {k.key, prior, fit.after.*(k.field), std::min(k.low, prior), std::max(k.high, prior)});
    }
    auto before = planRuns(p, fit.before);
    auto after = planRuns(p, fit.after);
    if (!before || !after)
        return before ? after.error() : before.error();
    std::vector<double> errorsBefore, errorsAfter;
    for (std::size_t i = 0; i < p.scenarios.size(); ++i) {
        MeasuredRunFit r;
        const Plan& a = after.value()[i];
        r.gpus = a.layout.gpus();
        r.layout = describeLayout(a.layout);
        // Keys the run left out, resolved by the search: shown as assumed, so the user can correct them.
        r.assumed = assumedKeys(scenario.measured[i], p.scenarios[i].layout);
        r.measuredStepSeconds = p.measured[i];
        r.measuredTokensPerSecond = static_cast<double>(a.scenario.training.globalBatch) *
                                    static_cast<double>(a.scenario.training.seqLen) / p.measured[i];
        r.stepBefore = before.value()[i].perf.stepSeconds;
        r.stepAfter = a.perf.stepSeconds;
        r.errorBefore = r.measuredStepSeconds / r.stepBefore - 1;
        r.errorAfter = r.measuredStepSeconds / r.stepAfter - 1;
        r.measuredPeakGib = scenario.measured[i].peakMemoryGib;
        r.source = scenario.measured[i].source;
        r.predictedPeakGib = a.memory.total() / units::kGiB;
        errorsBefore.push_back(std::fabs(r.errorBefore));
        errorsAfter.push_back(std::fabs(r.errorAfter));
        fit.runs.push_back(r);
    }
    fit.meanAbsErrorBefore = mean(errorsBefore);
    fit.meanAbsErrorAfter = mean(errorsAfter);
    fit.bandRule = setBand(fit.after, fit, scenario);
    return fit;
}

}  // namespace clusterplan
