#!/usr/bin/env bash
# ClusterPlan set-up: installs what is missing on Debian 12, builds, then runs the GUI or the tests.
#   bash packaging/build.sh run      build and start the GUI on the built-in default scenario
#   bash packaging/build.sh test     build (warnings as errors) and run every test
#   bash packaging/build.sh asan     build with ASan + UBSan and run every test again
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian 12 packages (installed without Recommends, so every needed one is named: Qt6Charts's CMake
# config needs Qt6OpenGL from libqt6opengl6-dev, only a Recommends of qt6-base-dev): compiler and build tools, Qt 6.4 Widgets + Charts, Boost.JSON 1.81, Catch2 2.13,
# a CJK font for Chinese labels, Xvfb/xauth for headless GUI runs, poppler/imagemagick to look at output.
PACKAGES=(g++ cmake ninja-build pkg-config clang-format
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev libgl-dev
  libboost-json1.81-dev catch2
  libxlsxwriter-dev zlib1g-dev unzip
  fonts-dejavu-core fonts-wqy-microhei xvfb xauth poppler-utils imagemagick)

install_missing() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

jobs=$(nproc 2>/dev/null || echo 2)
mode=${1:-run}
shift || true
install_missing
case "$mode" in
  run)
    cmake --preset default >/dev/null
    cmake --build --preset default -j "$jobs"
    exec build/bin/clusterplan "$@"
    ;;
  test)
    # catch_discover_tests runs the UI test binaries at build time: they need a platform plugin.
    export QT_QPA_PLATFORM=offscreen
    cmake --preset ci >/dev/null
    cmake --build --preset ci -j "$jobs"
    ctest --preset ci -j "$jobs" --no-tests=error --output-on-failure
    ;;
  asan)
    export QT_QPA_PLATFORM=offscreen
    export ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    cmake --preset asan >/dev/null
    cmake --build --preset asan -j "$jobs"
    ctest --preset asan -j "$jobs" --no-tests=error --output-on-failure
    ;;
  *)
    echo "usage: bash packaging/build.sh run|test|asan" >&2
    exit 2
    ;;
esac
