#!/usr/bin/env bash
# Measure (not a test): how many of the repository's own headers a header pulls in, directly or
# through others. A file that includes the header is parsed with all of them, so fewer means
# fewer files rebuilt on a change and less to parse.
#   bash tests/bench/project_headers.sh [-v] HEADER...      e.g. core/report/plan.h ui/export/export_actions.h
# BUILD_DIR (default build/) must have been configured: the compiler's flags for a translation unit
# of the header's folder come from its compile_commands.json (CMake writes it). The header is
# compiled alone (`echo '#include "HEADER"' | c++ -M ...`), the precompiled header left out; the
# headers counted are those under the source tree (generated ones in the build folder included),
# the header itself not. -v lists them.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd -P)
build=${BUILD_DIR:-build}
verbose=0
if [ "${1:-}" = "-v" ]; then
  verbose=1
  shift
fi
[ $# -gt 0 ] || { echo "usage: bash tests/bench/project_headers.sh [-v] HEADER..." >&2; exit 2; }
[ -f "$build/compile_commands.json" ] || { echo "no $build/compile_commands.json: configure first (BUILD_DIR=...)" >&2; exit 2; }
for header in "$@"; do
  [ -f "$header" ] || { echo "no such header: $header" >&2; exit 2; }
  # The compile command of a .cpp in the header's folder (its own .cpp when there is one), without
  # the precompiled header, the output and the input.
  mapfile -t cmd < <(python3 - "$build/compile_commands.json" "$root/$header" <<'EOF'
import json, os, shlex, sys
entries, header = json.load(open(sys.argv[1])), sys.argv[2]
folder, own = os.path.dirname(header), os.path.splitext(header)[0] + ".cpp"
same = [e for e in entries if os.path.dirname(e["file"]) == folder]
if not same:
    sys.exit("no translation unit in " + folder + " in compile_commands.json")
entry = next((e for e in same if e["file"] == own), same[0])
args = shlex.split(entry["command"]) if "command" in entry else entry["arguments"]
out, skip = [], False
for a in args:
    if skip:
        skip = False
    elif a in ("-o", "-c", "-include"):
        skip = True
    elif a != "-Winvalid-pch" and not a.startswith("-Werror"):
        out.append(a)
print("\n".join(out))
EOF
  )
  deps=$(cd "$build" && echo "#include \"$header\"" | "${cmd[@]}" -M -x c++ - | tr -d '\\' | tr ' ' '\n' |
    grep -v -e '^$' -e ':$' | while read -r f; do realpath -m "$f"; done | grep "^$root/" |
    grep -v -x "$root/$header" | sort -u)
  n=$(printf '%s\n' "$deps" | grep -c . || true)
  echo "$header: $n project headers"
  if [ "$verbose" = 1 ]; then
    printf '%s\n' "$deps" | sed "s|^$root/|  |"
  fi
done
