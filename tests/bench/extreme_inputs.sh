#!/usr/bin/env bash
# Benchmark (not a test): wall time and peak resident memory of every clusterplan-cli command on
# the extreme inputs of issue 10 (tests/data/extreme/). Targets: under 2 s and under 200 MB each.
#   bash tests/bench/extreme_inputs.sh [BUILD_DIR]      (default build/, needs GNU time: apt-get install time)
set -euo pipefail
cd "$(dirname "$0")/../.."
cli=${1:-build}/bin/clusterplan-cli
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time): apt-get install time" >&2; exit 2; }
printf '%-30s %-9s %5s %8s %9s\n' input command exit "wall s" "peak MB"
worst_s=0 worst_mb=0
for f in tests/data/extreme/*.json; do
  for c in evaluate search scale cost; do
    set +e
    /usr/bin/time -f '%e %M' -o /tmp/clusterplan-bench-time.$$ "$cli" "$c" "$f" --format json >/dev/null 2>&1
    rc=$?
    set -e
    # GNU time writes "Command exited with non-zero status N" first when the command fails.
    read -r wall kb < <(tail -1 /tmp/clusterplan-bench-time.$$)
    mb=$(awk -v k="$kb" 'BEGIN { printf "%.1f", k / 1024 }')
    printf '%-30s %-9s %5s %8s %9s\n' "$(basename "$f")" "$c" "$rc" "$wall" "$mb"
    worst_s=$(awk -v a="$worst_s" -v b="$wall" 'BEGIN { print (b > a ? b : a) }')
    worst_mb=$(awk -v a="$worst_mb" -v b="$mb" 'BEGIN { print (b > a ? b : a) }')
  done
done
rm -f /tmp/clusterplan-bench-time.$$
echo "slowest: ${worst_s} s (target < 2 s); largest peak RSS: ${worst_mb} MB (target < 200 MB)"
