#!/usr/bin/env bash
# A screenshot of the window on the default scenario under Xvfb, as in the README:
#   bash packaging/screenshot.sh LANGUAGE TAB OUT.png     e.g.  zh_CN 5 resources/screenshots/cost-tab-zh.png
# LANGUAGE: en or zh_CN; TAB: index of the chart tab (0 Memory, 1 Time, 2 Explorer, 3 Scaling,
# 4 Measured runs, 5 Cost, 6 Phases) or its page's name (the window saves the tab by name,
# ui/mainwindow/window_state.cpp). Extra arguments are passed to the window (e.g. a scenario file to open).
# Runs build/bin/clusterplan (or $CLUSTERPLAN) with a throw-away settings folder; needs xvfb-run,
# xauth and ImageMagick's import (all in packaging/build.sh's list).
set -euo pipefail
language=$1 tab=$2 out=$3
shift 3
pages=(memorySplitter timeSplitter layoutExplorer scalingTab measuredRunsTab costSplitter phasesTab)
[[ $tab =~ ^[0-9]+$ ]] && tab=${pages[$tab]}
args=""
[ $# -gt 0 ] && args=$(printf " %q" "$@")
exe=${CLUSTERPLAN:-build/bin/clusterplan}
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
mkdir -p "$home/config/ClusterPlan" "$home/data"
printf '[ui]\nlanguage=%s\n\n[window]\ntab\\chartTabs=%s\n' "$language" "$tab" \
  >"$home/config/ClusterPlan/clusterplan.conf"
XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" \
  xvfb-run -a -s "-screen 0 1400x900x24" bash -c \
  "'$exe'$args & pid=\$!; sleep \${SCREENSHOT_WAIT:-8}; import -window root '$out'; kill \$pid"
echo "wrote $out"
