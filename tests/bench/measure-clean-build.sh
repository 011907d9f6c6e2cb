#!/usr/bin/env bash
# Measure (not a test): the time of a clean build, every target, on JOBS cores (default 2, the CI
# machine's), with nothing reused: a fresh build folder, ccache off. Run it on an otherwise idle
# machine; on a shared one the figure says how busy the machine was, not the build.
#   bash tests/bench/measure-clean-build.sh [PRESET [CMAKE_ARG...]]
#     PRESET      a configure preset of CMakePresets.json (default `ci`: the build `.ci/run` makes
#                 first); CMAKE_ARGs are added to it, e.g. -DCLUSTERPLAN_PCH=ON
#     JOBS=N      parallel compile jobs (default 2)
#     KEEP=1      keep the build folder (default: removed at the end)
#     TARGETS="T…" build only these targets (default: all), e.g. TARGETS=clusterplan-cli
#   e.g. bash tests/bench/measure-clean-build.sh ci
#        bash tests/bench/measure-clean-build.sh default -DCLUSTERPLAN_PCH=ON
# Prints the machine, the commit, the configure time, the build's wall, user and system time, and
# the ten slowest steps (from the build's .ninja_log).
set -euo pipefail
cd "$(dirname "$0")/../.."
preset=${1:-ci}
shift || true
jobs=${JOBS:-2}
dir=$(mktemp -d "${TMPDIR:-/tmp}/clusterplan-clean-build.XXXXXX")
if [ "${KEEP:-0}" != 1 ]; then
  trap 'rm -rf "$dir"' EXIT
fi
# No compiler cache: neither a launcher from the environment nor ccache called some other way.
unset CMAKE_CXX_COMPILER_LAUNCHER CMAKE_C_COMPILER_LAUNCHER
export CCACHE_DISABLE=1

echo "date:     $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine:  $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "commit:   $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"
echo "compiler: $(c++ --version | head -1); $(cmake --version | head -1); ninja $(ninja --version)"
targets=()
[ -n "${TARGETS:-}" ] && read -r -a targets <<<"--target $TARGETS"
echo "build:    preset $preset${*:+ $*}, $jobs jobs, targets ${TARGETS:-all}, in $dir"

TIMEFORMAT='%R s wall, %U s user, %S s system'
echo -n "configure: "
{ time cmake --preset "$preset" -B "$dir" -DCMAKE_CXX_COMPILER_LAUNCHER= "$@" >"$dir.configure.log" 2>&1; } 2>&1 ||
  { cat "$dir.configure.log" >&2; exit 1; }
rm -f "$dir.configure.log"
echo -n "build:     "
{ time cmake --build "$dir" -j "$jobs" "${targets[@]}" >"$dir/build.log" 2>&1; } 2>&1 || { tail -40 "$dir/build.log" >&2; exit 1; }
echo "steps:     $(grep -c '^\[' "$dir/build.log") (compiles, links, generated files)"
echo "slowest steps (s):"
# .ninja_log: start and end in ms, then the output; the last line of an output is its latest run.
awk -F'\t' 'NR > 1 { t[$4] = ($2 - $1) / 1000 } END { for (o in t) printf "%8.1f  %s\n", t[o], o }' \
  "$dir/.ninja_log" | sort -rn | head -10
