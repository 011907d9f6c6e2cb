#!/usr/bin/env python3
"""Fit ClusterPlan's performance profiles on the published runs of each software stack.

For every profile group (one stack x GPU architecture x precision; Megatron's fp16 and bf16 share
one group because A100 has the same peak for both), a few physical parameters are fitted by
coordinate descent on the sum of squared log errors of that stack's "fit" runs
(resources/calibration/run-models.json). "holdout" runs are never used for fitting; "uncertainty"
is set to the largest relative error over all of the stack's included runs. Nothing is fitted per
run. Usage (after a build):

    python3 tests/calibration/fit_profiles.py build/bin/clusterplan-cli [--write]
"""
import csv
import io
import json
import math
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROFILES = ROOT / "resources" / "perf-profiles.json"

ALL = None  # every parameter in PARAMS
# (profiles sharing one parameter set, parameters fitted, profile the others are copied from).
# The FSDP FP8 stack has a single published run: only its GEMM efficiency is fitted, everything
# else is the same stack's BF16 fit, so one run cannot be matched by five free parameters.
GROUPS = [
    (["megatron-ampere-fp16", "megatron-ampere-bf16"], ALL, None),
    (["nemo-hopper-fp8"], ALL, None),
    (["fsdp-ampere-bf16"], ALL, None),
    (["fsdp-hopper-bf16"], ALL, None),
    (["fsdp-hopper-fp8"], ["gemm_efficiency"], "fsdp-hopper-bf16"),
]
# Parameter, lower bound, upper bound (physical ranges: cuBLAS reaches 70-90 % of dense peak on
# large GEMMs; HBM kernels 50-90 % of bandwidth; a kernel launch plus tail costs 2-40 us).
PARAMS = [
    ("gemm_efficiency", 0.3, 0.95),
    ("gemm_half_gflop", 0.0, 100.0),
    ("memory_efficiency", 0.3, 0.95),
    ("kernel_overhead_us", 0.0, 60.0),
    ("attention_efficiency", 0.25, 0.8),
]


def validate(cli, doc):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"schema": doc["schema"], "profiles": doc["profiles"]}, f)
        path = f.name
    out = subprocess.run([cli, "validate", "--format", "csv", "--profiles", path],
                         check=True, capture_output=True, text=True).stdout
    Path(path).unlink()
    return [r for r in csv.DictReader(io.StringIO(out)) if r["use"] != "exclude"]


def loss(rows, group):
    errs = [math.log(float(r["predicted"]) / float(r["published"]))
            for r in rows if r["profile"] in group and r["use"] == "fit"]
    return sum(e * e for e in errs), len(errs)


def set_param(doc, group, name, value):
    for p in doc["profiles"]:
        if p["id"] in group:
            p[name] = round(value, 4)


def get_param(doc, group, name):
    return next(p[name] for p in doc["profiles"] if p["id"] == group[0])


def fit_group(cli, doc, group, names):
    params = [p for p in PARAMS if names is None or p[0] in names]
    best, n = loss(validate(cli, doc), group)
    if n == 0:
        return
    step = 0.25
    while step > 0.01:
        improved = False
        for name, lo, hi in params:
            for direction in (1 + step, 1 / (1 + step)):
                old = get_param(doc, group, name)
                new = min(hi, max(lo, old * direction if old > 0 else step))
                if new == old:
                    continue
                set_param(doc, group, name, new)
                value, _ = loss(validate(cli, doc), group)
                if value < best - 1e-9:
                    best, improved = value, True
                else:
                    set_param(doc, group, name, old)
        if not improved:
            step /= 2
    print(f"{'+'.join(group)}: rms log error {math.sqrt(best / n):.3f} on {n} fit runs")


def main():
    cli = sys.argv[1]
    doc = json.loads(PROFILES.read_text())
    for group, names, inherit in GROUPS:
        if inherit:
            source = next(p for p in doc["profiles"] if p["id"] == inherit)
            for name, _, _ in PARAMS:
                if name not in names:
                    set_param(doc, group, name, source[name])
        fit_group(cli, doc, group, names)
    rows = validate(cli, doc)
    for group, _, _ in GROUPS:
        errors = [abs(float(r["error"])) for r in rows if r["profile"] in group]
        fitted = sorted(r["id"] for r in rows if r["profile"] in group and r["use"] == "fit")
        for p in doc["profiles"]:
            if p["id"] in group and errors:
                p["uncertainty"] = math.ceil(max(errors) * 100) / 100
                p["fitted_on"] = fitted
    if "--write" in sys.argv:
        PROFILES.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
        print("wrote", PROFILES)


if __name__ == "__main__":
    main()
