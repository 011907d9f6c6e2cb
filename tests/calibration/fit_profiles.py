#!/usr/bin/env python3
"""Fit ClusterPlan's performance profiles on the published runs, cross-validate them, and derive
the prediction bands from the cross-validated residuals.

Fitting data: only the runs of resources/calibration/calibration-runs.json marked "fit" in
run-models.json; "holdout" runs are never fitted.

1. Full fit. Two physical parameters are fitted by coordinate descent on the sum of squared log
   errors of the fit runs plus a prior at the datasheet value (PRIOR_WEIGHT): memory-bound kernel
   efficiency (fraction of HBM bandwidth, STREAM-like 0.3-0.95) and fused-attention efficiency
   (FlashAttention-2 0.25-0.8 of the 16-bit peak, arXiv:2307.08691), in the slots below. GEMM
   efficiency (cuBLAS large-GEMM fraction of dense peak), the small-GEMM half-saturation size and
   the per-kernel overhead are held at the default profile's datasheet values: fitting the first
   made the leave-one-group-out error worse (--ablate), the other two ran to a bound whenever
   fitted, i.e. they only bought in-sample error. All slots are fitted in the same sweep (their
   losses are independent), so a sweep costs one CLI call per parameter step.
2. Leave one source out. The same fit without each source's runs; a group with no fit runs left
   is omitted from that fold, so its runs are predicted by the fallback profile, as a stack without
   runs would be. The folds go to resources/perf-profiles-cv.json, which `clusterplan-cli validate`
   uses for its cross-validated column.
3. Bands. r = true step / predicted step under cross-validation. The band of a calibrated profile
   is the 5th-95th percentile of r over runs whose stack kept fit runs in their fold (widened to its
   own in-sample residuals if those are wider); the transfer band is the same over runs predicted by
   a fallback profile. Percentiles of the residuals of these very runs: the coverage `validate`
   prints is therefore close to 90 % by construction, and only an out-of-sample set tests it.
4. Bands by novelty (novelty_bands): nested split-conformal over the leave-one-group-out groups
   (stack x GPU generation x model class): a stack family never fitted, a stack fitted on other GPU
   generations only, and a model class the profile was not fitted on each get the widest of the
   other groups' residual quantiles (core/perf/prediction_band.cpp picks which applies). A stack
   with no profile of its own borrows another stack's, so its band (the widest) also holds every
   between-stack transfer error `validate` measures (its cross_stack rows: each group's runs timed
   with another stack's profile, and the runs of stacks never fitted, "unseen_stack", with the
   release's own gather schedule; novelty_bands says why). Beyond the largest model a profile was
   fitted on (max_calibrated_params_b) its band widens per doubling of the model size by the
   steepest drift of the leave-one-group-out error with model size over the groups
   (size_widening_per_doubling; size_drift says how).
5. The stated accuracy. After a refit or --bands-only --write, rebuild and run
   `clusterplan-cli validate --write-accuracy resources/accuracy.json`: it rewrites the grouped
   cross-validation figure the README, the window, the PDF and the docs state (the test
   core.validation "the committed accuracy file is what validate --write-accuracy writes" fails
   until then).

Usage (after a build; CPU-heavy, run it niced):

    nice python3 tests/calibration/fit_profiles.py build/bin/clusterplan-cli [--write]
    nice python3 tests/calibration/fit_profiles.py build/bin/clusterplan-cli --ablate
    nice python3 tests/calibration/fit_profiles.py build/bin/clusterplan-cli --bands-only [--write]

--bands-only recomputes the bands by novelty (step 4) from the shipped profiles and folds, without
refitting: a minute instead of an hour.

--ablate prints the grouped cross-validation (leave one stack group out) with each fitted parameter
held at its datasheet prior, and without the prior (about half an hour on two cores).
"""
import json
import math
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROFILES = ROOT / "resources" / "perf-profiles.json"
FOLDS = ROOT / "resources" / "perf-profiles-cv.json"
RUNS = ROOT / "resources" / "calibration" / "calibration-runs.json"
MODELS = ROOT / "resources" / "calibration" / "run-models.json"
PRESETS = ROOT / "resources" / "models.json"

# Parameter slots: one fitted value shared by every profile listed, wherever the physics is
# shared. GEMM efficiency belongs to the GPU and the precision (the same cuBLAS/cuDNN kernels under
# every stack), attention efficiency to the GPU (the same FlashAttention kernels), memory-bound
# efficiency to the stack (how far its kernels are fused). Eight values in all; GEMM efficiency is
# not fitted (see SHARED).
AMPERE_MEGATRON = ["megatron-ampere-fp16", "megatron-ampere-bf16"]
AMPERE = AMPERE_MEGATRON + ["fsdp-ampere-bf16", "internevo-ampere-bf16"]
NEMO_HOPPER = ["nemo-hopper-fp8", "nemo-hopper-bf16"]
SLOTS = [
    ("attention_efficiency", AMPERE),
    ("attention_efficiency", NEMO_HOPPER + ["fsdp-hopper-bf16", "fsdp-hopper-fp8"]),
    ("attention_efficiency", ["nemo-blackwell-fp8"]),
    ("memory_efficiency", AMPERE_MEGATRON),
    # The same stack's fused kernels on Hopper and Blackwell.
    ("memory_efficiency", NEMO_HOPPER + ["nemo-blackwell-fp8"]),
    ("memory_efficiency", ["fsdp-ampere-bf16"]),
    ("memory_efficiency", ["fsdp-hopper-bf16", "fsdp-hopper-fp8"]),
    ("memory_efficiency", ["internevo-ampere-bf16"]),
]
FITTED = ["memory_efficiency", "attention_efficiency"]
ALL_FITTED = sorted({pid for _, ids in SLOTS for pid in ids})
# Held at the default profile's values (not fitted, see above).
# GEMM efficiency is held at the datasheet value too: the ablation (--ablate) showed that fitting
# it per GPU and precision made the leave-one-group-out error worse (11.0 % against 9.4 % with it
# at 0.70 on the 182-run set): what one stack's runs say about cuBLAS did not transfer to another's.
SHARED = ["gemm_half_gflop", "kernel_overhead_us", "gemm_efficiency"]
# Weight of the datasheet prior against the runs' squared log errors: about what one run 70 % off
# costs (log(1.7)^2 = 0.28), so a slot with a handful of informative runs follows them.
PRIOR_WEIGHT = 0.5
BOUNDS = {
    "gemm_efficiency": (0.3, 0.95),
    "memory_efficiency": (0.3, 0.95),
    "attention_efficiency": (0.25, 0.8),
}


def group_of(profile_id):
    """A run's group: its stack family on its GPU generation (the profile id without the precision,
    as core/catalog/cross_validation.cpp's stackGroupOf)."""
    return profile_id.rsplit("-", 1)[0]


def bootstrap_folds(doc):
    """Folds with no fitted profiles, for the calls made before the real folds exist: every source
    of the runs file and every group of the profiles file, held out."""
    sources = sorted({r["id"].split("_")[0] for r in json.loads(RUNS.read_text())["runs"]})
    groups = sorted({group_of(p["id"]) for p in doc["profiles"]})
    return {"schema": "clusterplan.perf-profiles-cv/1",
            "folds": [{"held_out": s, "profiles": []} for s in sources] +
                     [{"held_out_group": g, "profiles": []} for g in groups]}


def run_cli(cli, doc, folds=None, unseen=False, report=False):
    """validate --format json with `doc`'s profiles merged over the built-in ones: the fit and
    holdout runs, and with `unseen` the runs of stacks no profile is fitted on ("unseen_stack");
    with `report` the whole report (its cross_stack rows too)."""
    with tempfile.TemporaryDirectory() as tmp:
        prof = Path(tmp) / "p.json"
        prof.write_text(json.dumps({"schema": doc["schema"], "profiles": doc["profiles"]}))
        cv = Path(tmp) / "cv.json"
        cv.write_text(json.dumps(folds if folds is not None else bootstrap_folds(doc)))
        cmd = [cli, "validate", "--format", "json", "--profiles", str(prof)]
        cmd += ["--cv-profiles", str(cv)] if folds is not None else ["--in-sample"]
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    if report:
        return json.loads(out)
    uses = ("fit", "holdout", "unseen_stack") if unseen else ("fit", "holdout")
    return [r for r in json.loads(out)["runs"] if r["use"] in uses]


def slot_losses(rows, held_out, doc):
    """Squared log errors per slot over the fit runs `held_out` does not exclude (a source name,
    or ("group", name) for a whole stack group), plus the slot's prior: PRIOR_WEIGHT * log(value /
    datasheet prior)^2. Without it a parameter the runs barely constrain runs to a bound (attention
    efficiency on Hopper went to 0.8 when no long-sequence run was in the fit, and the 1 M-token
    runs were then predicted 2.3x too fast); with it such a parameter stays near its datasheet
    value unless the runs pull it away."""
    def kept(r):
        if isinstance(held_out, tuple):
            return group_of(r["profile"]) != held_out[1]
        return r["source"] != held_out
    losses = []
    for name, ids in SLOTS:
        errs = [math.log(r["predicted"] / r["published"]) for r in rows
                if r["profile"] in ids and r["use"] == "fit" and kept(r)]
        prior = PRIOR_WEIGHT * math.log(get(doc, ids[0], name) / doc["default"][name]) ** 2
        losses.append((sum(e * e for e in errs) + prior, len(errs)))
    return losses


def get(doc, pid, name):
    return next(p[name] for p in doc["profiles"] if p["id"] == pid)


def put(doc, ids, name, value):
    for p in doc["profiles"]:
        if p["id"] in ids:
            p[name] = round(value, 4)


def fit(cli, doc, held_out=None, fixed=(), quiet=False):
    """Coordinate descent over all slots at once (slots of one parameter are disjoint, so their
    losses are independent); the parameters named in `fixed` stay at their datasheet prior (the
    ablation). Returns the profiles that had fit runs of their own."""
    for name in FITTED + SHARED:
        put(doc, ALL_FITTED, name, doc["default"][name])  # start from the datasheet prior
    rows = run_cli(cli, doc)
    best = slot_losses(rows, held_out, doc)
    active = [i for i, (_, n) in enumerate(best) if n > 0]
    step = 0.25
    while step > 0.01:
        improved = False
        for name in FITTED:
            if name in fixed:
                continue
            for direction in (1 + step, 1 / (1 + step)):
                trial = {}
                for i in active:
                    slot_name, ids = SLOTS[i]
                    if slot_name != name:
                        continue
                    old = get(doc, ids[0], name)
                    lo, hi = BOUNDS[name]
                    new = min(hi, max(lo, old * direction))
                    if new != old:
                        trial[i] = old
                        put(doc, ids, name, new)
                if not trial:
                    continue
                losses = slot_losses(run_cli(cli, doc), held_out, doc)
                for i, old in trial.items():
                    if losses[i][0] < best[i][0] - 1e-9:
                        best[i], improved = losses[i], True
                    else:
                        put(doc, SLOTS[i][1], name, old)
        if not improved:
            step /= 2
    for i in active:
        name, ids = SLOTS[i]
        loss, n = best[i]
        if quiet:
            continue
        print(f"  {name} of {'+'.join(ids)}: {get(doc, ids[0], name):.3f}, rms log error with the prior "
              f"{math.sqrt(loss / n):.3f} on {n} fit runs", flush=True)
    # A stack on its GPU is "own" (calibrated) when its stack-level slot, the memory-bound
    # efficiency, had fit runs; the rest of the touched profiles only share fitted GPU parameters.
    own = {pid for i in active if SLOTS[i][0] == "memory_efficiency" for pid in SLOTS[i][1]}
    touched = {pid for i in active for pid in SLOTS[i][1]}
    return own, touched


def percentile(values, q):
    v = sorted(values)
    if not v:
        return 1.0
    pos = q * (len(v) - 1)
    lo, hi = math.floor(pos), math.ceil(pos)
    return v[lo] + (v[hi] - v[lo]) * (pos - lo)


def true_over_predicted(row, predicted):
    """True step / predicted step: throughput metrics are inverse to the step time."""
    if row["metric"] == "step_time_s":
        return row["published"] / predicted
    return predicted / row["published"]


def ablation(cli):
    """The grouped cross-validation with each fitted parameter held at its datasheet prior, and
    without the prior: a parameter whose fitting does not lower the grouped error should not be
    fitted (issue 27). Prints a Markdown table; docs/performance-model.md shows it."""
    global PRIOR_WEIGHT
    doc = json.loads(PROFILES.read_text())
    groups = sorted({group_of(r["profile"]) for r in run_cli(cli, doc)})
    variants = [("all fitted (shipped)", (), PRIOR_WEIGHT)] + \
               [(f"{name} at its prior", (name,), PRIOR_WEIGHT) for name in FITTED] + \
               [("all fitted, no prior", (), 0.0)]
    weight = PRIOR_WEIGHT
    print("| variant | " + " | ".join(groups) + " | all runs |")
    print("|---|" + "---:|" * (len(groups) + 1))
    for label, fixed, prior in variants:
        PRIOR_WEIGHT = prior
        errors = {}
        for group in groups:
            fold_doc = json.loads(json.dumps(doc))
            fit(cli, fold_doc, held_out=("group", group), fixed=fixed, quiet=True)
            errors[group] = [abs(r["predicted"] / r["published"] - 1) for r in run_cli(cli, fold_doc)
                             if group_of(r["profile"]) == group]
        everything = [e for g in groups for e in errors[g]]
        cells = [f"{100 * sum(errors[g]) / len(errors[g]):.1f} %" for g in groups]
        print(f"| {label} | " + " | ".join(cells) + f" | {100 * sum(everything) / len(everything):.1f} % |",
              flush=True)
    PRIOR_WEIGHT = weight


def moe_run_ids():
    """Ids of the runs whose model is a mixture of experts (run-models.json's own models, or the
    presets of resources/models.json)."""
    run_models = json.loads(MODELS.read_text())
    models = {m["id"]: m for m in json.loads(PRESETS.read_text())["models"] + run_models["models"]}
    return {e["id"] for e in run_models["runs"] if e.get("model") in models and "moe" in models[e["model"]]}


def main():
    cli = sys.argv[1]
    if "--ablate" in sys.argv:
        ablation(cli)
        return
    doc = json.loads(PROFILES.read_text())
    records = json.loads(RUNS.read_text())["runs"]
    gpus = {r["id"]: r["gpu_count"] for r in records}
    seq_len = {r["id"]: r["seq_len"] or 0 for r in records}
    moe_runs = moe_run_ids()
    sources = sorted({r["source"] for r in run_cli(cli, doc)})

    folds = {"schema": "clusterplan.perf-profiles-cv/1",
             "notes": "Leave-one-source-out profiles written by tests/calibration/fit_profiles.py: each fold "
                      "holds the profiles fitted without the named source's runs. A profile with no runs of "
                      "its own left is marked calibrated: false (only its parameters shared with other "
                      "stacks are fitted, the rest is the default's prior), so its band is the transfer band.",
             "folds": []}
    fitted_in = {}
    for source in sources:
        print(f"fold without {source}:", flush=True)
        fold_doc = json.loads(json.dumps(doc))
        own, touched = fit(cli, fold_doc, held_out=source)
        fitted_in[source] = own
        fold_profiles = []
        for p in fold_doc["profiles"]:
            if p["id"] in touched:
                # A profile without runs of its own in this fold stands in for an unseen stack.
                p["calibrated"] = p["id"] in own
                fold_profiles.append(p)
        folds["folds"].append({"held_out": source, "profiles": fold_profiles})
    # Leave one group out: a stack family on a GPU generation, all its sources together. The
    # group's own profiles stay in the fold at the default's priors (calibrated: false), as a
    # customer's unseen stack is predicted.
    groups = sorted({group_of(r["profile"]) for r in run_cli(cli, doc)})
    for group in groups:
        print(f"fold without group {group}:", flush=True)
        fold_doc = json.loads(json.dumps(doc))
        own, touched = fit(cli, fold_doc, held_out=("group", group))
        fold_profiles = []
        for p in fold_doc["profiles"]:
            if p["id"] in touched or group_of(p["id"]) == group:
                p["calibrated"] = p["id"] in own
                fold_profiles.append(p)
        folds["folds"].append({"held_out_group": group, "profiles": fold_profiles})
    print("full fit:", flush=True)
    own_full, _ = fit(cli, doc)
    # A profile is calibrated when its own stack-level slot had fit runs (as in the folds).
    for p in doc["profiles"]:
        p["calibrated"] = p["id"] in own_full

    # Cross-validated residuals, as validate computes them with these folds.
    rows = run_cli(cli, doc, folds)
    own, transfer = [], []
    for r in rows:
        ratio = true_over_predicted(r, r["cv_predicted"])
        (own if r["profile"] in fitted_in[r["source"]] else transfer).append(ratio)
    band = (percentile(own, 0.05), percentile(own, 0.95))
    # The transfer band (a stack the fit never saw) from the leave-one-group-out residuals: what
    # transfer to a new stack really costs, not the within-stack interpolation of leave-one-source-out.
    grouped = {g: [true_over_predicted(r, r["group_cv_predicted"]) for r in rows if r["stack_group"] == g]
               for g in groups}
    everything = [x for g in groups for x in grouped[g]]
    transfer_band = (min(band[0], percentile(everything, 0.05)), max(band[1], percentile(everything, 0.95)))
    print(f"band {band[0]:.3f}-{band[1]:.3f} from {len(own)} runs; "
          f"transfer band {transfer_band[0]:.3f}-{transfer_band[1]:.3f} from {len(everything)} grouped runs")
    # Nested: a held-out group's band comes from the other groups' residuals only.
    group_band = {}
    for g in groups:
        others = [x for h in groups if h != g for x in grouped[h]]
        group_band[g] = (min(band[0], percentile(others, 0.05)), max(band[1], percentile(others, 0.95)))
        print(f"  group {g}: transfer band {group_band[g][0]:.3f}-{group_band[g][1]:.3f} "
              f"from {len(others)} runs of the other groups", flush=True)

    def set_bands(p, low, high):
        p["band_low"], p["band_high"] = round(min(1.0, low), 3), round(max(1.0, high), 3)
        p["transfer_band_low"] = round(min(1.0, transfer_band[0]), 3)
        p["transfer_band_high"] = round(max(1.0, transfer_band[1]), 3)

    set_bands(doc["default"], *transfer_band)
    for p in doc["profiles"]:
        mine = [r for r in rows if r["profile"] == p["id"]]
        inside = [true_over_predicted(r, r["predicted"]) for r in mine]
        fit_ids = sorted(r["id"] for r in mine if r["use"] == "fit")
        if fit_ids:
            set_bands(p, min([band[0]] + inside), max([band[1]] + inside))
        else:  # fitted only through shared slots: no runs of its own
            set_bands(p, *transfer_band)
        p["fitted_on"] = fit_ids
        p["max_calibrated_gpus"] = max((gpus[i] for i in fit_ids), default=0)
        p["max_calibrated_seq_len"] = max((seq_len[i] for i in fit_ids), default=0)
        p["moe_calibrated"] = any(i in moe_runs for i in fit_ids)
        p.pop("uncertainty", None)
    doc["default"].pop("uncertainty", None)
    for fold in folds["folds"]:
        for p in fold["profiles"]:
            q = next(x for x in doc["profiles"] if x["id"] == p["id"])
            for key in ("band_low", "band_high", "transfer_band_low", "transfer_band_high",
                        "max_calibrated_gpus", "max_calibrated_seq_len", "moe_calibrated"):
                p[key] = q[key]
            if "held_out_group" in fold:
                low, high = group_band[fold["held_out_group"]]
                p["transfer_band_low"], p["transfer_band_high"] = round(min(1.0, low), 3), round(max(1.0, high), 3)
                if not p["calibrated"]:
                    p["max_calibrated_gpus"] = p["max_calibrated_seq_len"] = 0
                    p["moe_calibrated"] = False
            p.pop("uncertainty", None)
            p.pop("fitted_on", None)
        if "held_out_group" in fold:
            fold["band_from_groups"] = [g for g in groups if g != fold["held_out_group"]]
    novelty_bands(cli, doc, folds)
    if "--write" in sys.argv:
        write(doc, folds)


def write(doc, folds):
    PROFILES.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    FOLDS.write_text(json.dumps(folds, indent=2, ensure_ascii=False) + "\n")
    print("wrote", PROFILES, "and", FOLDS)


# Whether the runs of stacks never fitted ("unseen_stack") set the widest band (see novelty_bands).
UNSEEN_IN_BANDS = True

# Each side of a group's band holds this share of its runs (a 90 % band, 5 % out on either side).
SIDE_QUANTILE = 0.95
# A borrowed profile's band holds every measured between-stack transfer: the stacks it serves are
# the ones the calibration set cannot see at all, and the tails are where they land (an independent
# check of 2026-12-06 found JAX/XLA runs timed with NeMo's profile 16-26 % slow, 0 of 12 inside a
# band built from the 95th percentiles).
BORROWED_QUANTILE = 1.0


def novelty_bands(cli, doc, folds):
    """Bands by novelty, nested split-conformal over the groups (stack family x GPU generation x
    model class, `validate`'s groups). Each group's score is the SIDE_QUANTILE quantile of how far
    its runs' true step falls below and above the leave-one-group-out prediction (log ratio). An
    MoE group is of the "class" kind; a dense group whose stack family has no other group in the fit
    of the "stack" kind, else of the "generation" kind. The band for a prediction on what the fit
    has not seen is the widest score among the groups of that kind (a stack family never fitted:
    every group; a GPU generation: the generation groups; a model class: every group) -- with G
    exchangeable groups, a new group falls
    inside the widest of G at rate G / (G + 1) (split-conformal over groups, Lei et al. 2018, JASA
    113:1094, with groups as the units). Nested: a held-out group's fold gets the scores of the
    other groups only, so no group's runs set the band it is judged by.
    The runs of stacks no profile is fitted on ("unseen_stack" in run-models.json: DeepSpeed ZeRO-3
    on A100, run by NVIDIA with DeepSpeed's 2021 release) are a stack timed with another stack's
    profile, run by others than its authors: with that release's gather schedule modelled
    (stack_defaults.deepspeed.zero3_gather_by_release) what is left of their error is the transfer a
    borrowed profile costs, so they are one more unit of the "borrowed" kind (UNSEEN_IN_BANDS; before
    the schedule was modelled they were 43 % to 342 % too fast, a missing mechanism, and kept out).
    They are not a leave-one-group-out group: no fold holds them out, and they set no generation or
    model-class band.
    A stack with no profile of its own (torchtitan, JAX/XLA, Colossal-AI, "another stack", DeepSpeed)
    is timed with another stack's profile, so the widest band must also hold what that costs:
    `validate`'s cross_stack rows time every dense group's runs, in the fold without the group, with
    each other stack family's calibrated profile on the same GPU generation; each (group, borrowed
    stack group) pair is one more unit, of the "borrowed" kind, for the stack band (not for the
    generation or the model-class band, where the stack keeps its own profile), scored by its worst
    run on either side (BORROWED_QUANTILE), so the widest band holds every measured transfer.""" 
    report = run_cli(cli, doc, folds, report=True)
    rows = [r for r in report["runs"] if r["use"] in ("fit", "holdout")]
    scores = {}
    for r in rows:
        x = math.log(true_over_predicted(r, r["group_cv_predicted"]))
        scores.setdefault(r["group"], {"stack_group": r["stack_group"], "moe": r["model_class"] == "moe",
                                       "low": [], "high": []})
        scores[r["group"]]["low"].append(max(0.0, -x))
        scores[r["group"]]["high"].append(max(0.0, x))
    # Between-stack transfer: each group's runs timed with another stack family's profile (validate's
    # cross_stack rows), one unit per (group, borrowed profile's stack group), of the "borrowed" kind.
    # A stack with no profile of its own is timed exactly so, so these set its band beside the
    # leave-one-group-out groups; the runs of stacks never fitted count when UNSEEN_IN_BANDS.
    for x in report.get("cross_stack", []):
        if x["unseen_stack"] and not UNSEEN_IN_BANDS:
            continue
        key = f'{x["group"]} <- {group_of(x["stand_in"])}'
        stack_group = x["group"].rsplit("-", 1)[0]
        sc = scores.setdefault(key, {"stack_group": stack_group, "moe": False, "borrowed": True,
                                     "low": [], "high": []})
        y = math.log(x["true_over_predicted"])
        sc["low"].append(max(0.0, -y))
        sc["high"].append(max(0.0, y))
    families = {}
    for g, sc in scores.items():
        if not sc.get("borrowed"):
            families.setdefault(sc["stack_group"].split("-")[0], set()).add(sc["stack_group"])
    for g, sc in scores.items():
        sc["kind"] = ("borrowed" if sc.get("borrowed") else "class" if sc["moe"] else
                      "stack" if len(families[sc["stack_group"].split("-")[0]]) == 1 else "generation")
        q = BORROWED_QUANTILE if sc["kind"] == "borrowed" else SIDE_QUANTILE
        sc["low_q"], sc["high_q"] = percentile(sc["low"], q), percentile(sc["high"], q)
        print(f"  group {g} ({sc['kind']}, {len(sc['low'])} runs): "
              f"{math.exp(-sc['low_q']):.3f}-{math.exp(sc['high_q']):.3f}", flush=True)

    def widest(exclude_stack_group=None, kind=None, borrowed=True):
        chosen = [sc for sc in scores.values()
                  if sc["stack_group"] != exclude_stack_group and (kind is None or sc["kind"] == kind)
                  and (borrowed or sc["kind"] != "borrowed")]
        if not chosen:  # no group of that kind left: the widest of all
            return widest(exclude_stack_group)
        return (round(math.exp(-max(sc["low_q"] for sc in chosen)), 3),
                round(math.exp(max(sc["high_q"] for sc in chosen)), 3))

    def put_bands(p, exclude=None):
        stack, generation = widest(exclude), widest(exclude, "generation")
        p["unseen_stack_band_low"], p["unseen_stack_band_high"] = stack
        p["unseen_generation_band_low"], p["unseen_generation_band_high"] = generation
        # A model class the profile was not fitted on, with the stack's own profile: the groups' spread,
        # not the between-stack one.
        p["unseen_class_band_low"], p["unseen_class_band_high"] = widest(exclude, borrowed=False)
        p["size_widening_per_doubling"] = size_widening(exclude)

    # Model size beyond the largest model a profile was fitted on: the band widens per doubling of
    # the size by how far the leave-one-group-out error drifts per doubling (size_drift).
    drift = size_drift(rows)

    def size_widening(exclude_stack_group=None):
        slopes = [abs(b) for (stack_group, _), b in drift.items() if stack_group != exclude_stack_group]
        return round(math.exp(max(slopes, default=0.0)) - 1, 3)

    # The size range of each profile: the largest model among its fit runs, as the engine counts
    # its parameters (validate's params_b), rounded up to 0.001 B so that the fitted model itself is
    # never beyond it (as its GPU count and sequence length, the full fit's range in every
    # leave-one-source-out fold).
    params_b = {r["id"]: r["params_b"] for r in rows}
    for p in doc["profiles"]:
        largest = max((params_b[i] for i in p.get("fitted_on", [])), default=0)
        p["max_calibrated_params_b"] = math.ceil(largest * 1000) / 1000
    for fold in folds["folds"]:
        for p in fold["profiles"]:
            p["max_calibrated_params_b"] = next(q["max_calibrated_params_b"] for q in doc["profiles"]
                                                if q["id"] == p["id"])
            if "held_out_group" in fold and not p["calibrated"]:
                p["max_calibrated_params_b"] = 0
    # In its own fold a held-out group's profiles are what a customer's unseen stack gets: not
    # calibrated (a memory-bound slot it shares with another GPU generation, NeMo's on H100 and
    # B200, had runs left, which marked them calibrated), fitted on no MoE run and no run size.
    for fold in folds["folds"]:
        for p in fold["profiles"]:
            if "held_out_group" in fold and group_of(p["id"]) == fold["held_out_group"]:
                p["calibrated"] = p["moe_calibrated"] = False
                p["max_calibrated_gpus"] = p["max_calibrated_seq_len"] = p["max_calibrated_params_b"] = 0
    put_bands(doc["default"])
    for p in doc["profiles"]:
        put_bands(p)
    print(f"unseen stack band {widest()}, unseen generation band {widest(kind='generation')}, "
          f"widening per doubling of the model size {size_widening()}", flush=True)
    for fold in folds["folds"]:
        for p in fold["profiles"]:
            put_bands(p, fold.get("held_out_group"))


def size_drift(rows):
    """How far the leave-one-group-out error drifts per doubling of the model size, per group
    (stack family x GPU generation x model class) whose runs span at least one doubling: the
    least-squares slope of log(true step / predicted step) against log2(parameters, as the engine
    counts them), keyed by (stack group, group). A group's runs are predicted by profiles fitted without any of them, so a
    slope is the size dependence the fitted physics leaves in the error -- what a prediction for a
    model larger than every fitted one adds to the error per doubling beyond them. The widening
    per doubling is exp of the steepest slope of the groups, less 1 (the widest of the groups, as
    the novelty bands; nested: a held-out group's fold gets the other groups' slopes only).
    The GPU-count and sequence-length widenings are a planning allowance, 5 % per doubling
    (core/perf/prediction_band.cpp), not derived here."""
    by_group = {}
    for r in rows:
        by_group.setdefault((r["stack_group"], r["group"]), []).append(
            (math.log2(r["params_b"]), math.log(true_over_predicted(r, r["group_cv_predicted"]))))
    drift = {}
    for key, points in sorted(by_group.items()):
        sizes = [a for a, _ in points]
        if max(sizes) - min(sizes) < 1:
            continue  # one size, or less than a doubling: no slope to read
        mean_size = sum(sizes) / len(sizes)
        mean_error = sum(b for _, b in points) / len(points)
        drift[key] = (sum((a - mean_size) * (b - mean_error) for a, b in points) /
                      sum((a - mean_size) ** 2 for a in sizes))
        print(f"  group {key[1]}: {len(points)} runs, {2 ** min(sizes):.1f}-{2 ** max(sizes):.0f} B, "
              f"error drift {100 * drift[key]:+.1f} % per doubling of the model size", flush=True)
    return drift


def bands_only(cli):
    """The novelty bands from the shipped profiles and folds, without refitting (the fitted values
    and the leave-one-source-out bands stay as they are)."""
    doc = json.loads(PROFILES.read_text())
    folds = json.loads(FOLDS.read_text())
    novelty_bands(cli, doc, folds)
    if "--write" in sys.argv:
        write(doc, folds)


if __name__ == "__main__":
    if "--bands-only" in sys.argv:
        bands_only(sys.argv[1])
    else:
        main()
