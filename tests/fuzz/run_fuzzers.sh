#!/usr/bin/env bash
# Runs every libFuzzer target built by `bash packaging/build.sh fuzz` for SECONDS each, FUZZ_JOBS
# of them at a time (default: one per CPU core, so each target still has a core to itself for its
# SECONDS; on the 2-core CI machine the six targets take 3 × SECONDS). Usage:
#   tests/fuzz/run_fuzzers.sh BUILD_DIR SECONDS [TARGET...]
# Each target starts from its seeds (the shipped data files, listed by CMake in
# BUILD_DIR/tests/fuzz/seeds-<target>.txt), its saved regressions and the corpus it grew in
# earlier runs (BUILD_DIR/fuzz-corpus/<target>/), with its dictionary of keys. A crash, leak,
# timeout (one input over FUZZ_TIMEOUT s) or sanitizer report stops with a non-zero status; the input is
# left in BUILD_DIR/fuzz-artifacts/<target>/ — fix the bug, then copy the input into
# tests/fuzz/regressions/<target>/ so that CTest replays it in every build.
# FUZZ_MAX_RUNS caps the executions per target (long runs: SECONDS=3600 FUZZ_MAX_RUNS=10000000);
# FUZZ_TIMEOUT (seconds, default 10) is wall-clock time, so raise it on a machine that is busy.
set -euo pipefail
build=${1:?usage: run_fuzzers.sh BUILD_DIR SECONDS [TARGET...]}
seconds=${2:?usage: run_fuzzers.sh BUILD_DIR SECONDS [TARGET...]}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(scenario measured catalog price_book writers log)
runs=${FUZZ_MAX_RUNS:--1}
timeout=${FUZZ_TIMEOUT:-10}
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

# One target: its summary line goes to $results/<target>.summary, its status to .rc.
fuzz_one() {
  local t=$1
  local seeds="$build/fuzz-seeds/$t" corpus="$build/fuzz-corpus/$t" artifacts="$build/fuzz-artifacts/$t"
  rm -rf "$seeds"
  mkdir -p "$seeds" "$corpus" "$artifacts"
  # libFuzzer takes folders as corpora (a file argument would only be replayed): copy the seeds.
  while IFS= read -r s; do
    [ -z "$s" ] && continue
    if [ -d "$s" ]; then cp "$s"/* "$seeds"/ 2>/dev/null || true; else cp "$s" "$seeds"/; fi
  done <"$build/tests/fuzz/seeds-$t.txt"
  # A target without saved regressions has no folder in git (git keeps no empty folders).
  local inputs=("$corpus" "$seeds")
  [ -d "$here/regressions/$t" ] && inputs+=("$here/regressions/$t")
  local log="$build/fuzz-$t.log"
  echo "== fuzz_$t: ${seconds} s (log: $log)"
  local rc=0
  "$build/bin/fuzz_$t" -max_total_time="$seconds" -runs="$runs" -timeout="$timeout" -rss_limit_mb=2048 \
    -dict="$here/dict/$t.dict" -artifact_prefix="$artifacts/" -print_final_stats=1 \
    "${inputs[@]}" >"$log" 2>&1 || rc=$?
  local stats
  stats=$( (grep -E '^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE|INITED)' "$log" || true) | tail -1 |
    sed -E 's/^#([0-9]+)[[:space:]]+[A-Z]+[[:space:]]+/runs \1, /')
  echo "fuzz_$t: $stats" >"$results/$t.summary"
  echo $rc >"$results/$t.rc"
  if [ $rc -ne 0 ]; then
    echo "fuzz_$t FAILED (exit $rc); input(s) in $artifacts:" >&2
    ls "$artifacts" >&2 || true
    tail -40 "$log" >&2
  fi
}

running=0
for t in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  fuzz_one "$t" &
  running=$((running + 1))
done
wait || true

status=0
summary=()
for t in "${targets[@]}"; do
  summary+=("$(cat "$results/$t.summary" 2>/dev/null || echo "fuzz_$t: no result")")
  [ "$(cat "$results/$t.rc" 2>/dev/null || echo 1)" = 0 ] || status=1
done
printf '%s\n' "${summary[@]}"
exit $status
