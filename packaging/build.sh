#!/usr/bin/env bash
# ClusterPlan set-up: installs what is missing on Debian 12, builds, then runs the GUI or the tests.
#   bash packaging/build.sh run      build and start the GUI on the built-in default scenario
#   bash packaging/build.sh test     build (warnings as errors) and run every test
#   bash packaging/build.sh asan     build with ASan + UBSan (clang 14, build-asan/) and run every test again
#   bash packaging/build.sh deb      build the Debian package build/clusterplan_<version>_amd64.deb
#   bash packaging/build.sh fuzz [SECONDS]   build the libFuzzer targets (in build-asan/, so after
#                                    `asan` nothing is compiled again) and run each for SECONDS
#                                    (default 60); see tests/fuzz/run_fuzzers.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian 12 packages (installed without Recommends, so every needed one is named: Qt6Charts's CMake
# config needs Qt6OpenGL from libqt6opengl6-dev, only a Recommends of qt6-base-dev): compiler and build tools, Qt 6.4 Widgets + Charts, Boost.JSON 1.81, Catch2 2.13,
# Qt LinguistTools (lupdate/lrelease: qt6-tools-dev, qt6-l10n-tools) for the Chinese translation and
# Qt's own translations of its dialogs (qt6-translations-l10n), a CJK font for Chinese labels, Xvfb/xauth for headless GUI runs, poppler/imagemagick to look at output,
# the validators of the desktop files (desktop-file-utils, appstream, shared-mime-info, man-db: CTest
# packaging.*), SQLite for the quote book (libsqlite3-dev; core/quotebook/), LibreOffice's Calc
# without a GUI and zip for the workbook tests that recalculate an edited quote and evaluate the 大写
# formula (tests/core/test_xlsx.cpp: they are skipped without soffice; libreoffice-calc-nogui's
# Depends are enough for `soffice --headless --convert-to`, no Java or fonts from its Recommends).
# `deb` also needs DEB_PACKAGES: dpkg-dev and file for CPack's dependency scan
# (dpkg-shlibdeps), lintian to check the package.
PACKAGES=(g++ cmake ninja-build pkg-config clang-format
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev libgl-dev
  qt6-tools-dev qt6-l10n-tools qt6-translations-l10n
  libboost-json1.81-dev catch2
  libxlsxwriter-dev zlib1g-dev unzip zip libreoffice-calc-nogui libsqlite3-dev
  fonts-dejavu-core fonts-wqy-microhei xvfb xauth poppler-utils imagemagick
  desktop-file-utils appstream shared-mime-info man-db)
DEB_PACKAGES=(dpkg-dev file lintian)

# Only for `asan` and `fuzz` (one clang build serves both: the sanitizer run of the suite and the
# libFuzzer targets, which need clang): clang 14 with libFuzzer (tests/fuzz); its runtimes (libclang_rt.fuzzer, .asan,
# .ubsan: Debian's libclang-rt-14-dev, only a Recommends of clang-14, so without it nothing links);
# GNU time for tests/bench/extreme_inputs.sh.
FUZZ_PACKAGES=(clang-14 libclang-rt-14-dev libfuzzer-14-dev time)

install_missing() {
  local missing=()
  for p in "$@"; do
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
install_missing "${PACKAGES[@]}"
case "$mode" in
  run)
    # Only what `run` starts: the window and the CLI it falls back to without a display (the tests
    # are built by `test`), so a first start does not wait for some 700 tests to compile.
    cmake --preset default >/dev/null
    cmake --build --preset default -j "$jobs" --target clusterplan clusterplan-cli
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
    install_missing "${FUZZ_PACKAGES[@]}"
    export QT_QPA_PLATFORM=offscreen
    export ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    cmake --preset asan >/dev/null
    cmake --build --preset asan -j "$jobs"
    # Tests labelled `slow` (the largest searches, tests/core/CMakeLists.txt) ran in `test`.
    ctest --preset asan -j "$jobs" --no-tests=error --output-on-failure --label-exclude slow
    ;;
  deb)
    install_missing "${DEB_PACKAGES[@]}"
    # The same build as `run` (RelWithDebInfo in build/); CPack strips the binaries and installs
    # under /usr (CPACK_PACKAGING_INSTALL_PREFIX), then lintian must report no error.
    cmake --preset default >/dev/null
    cmake --build --preset default -j "$jobs"
    (cd build && cpack -G DEB && rm -rf _CPack_Packages)
    deb=build/clusterplan_$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' build/CMakeCache.txt)_amd64.deb
    ls -l "$deb"
    lintian --fail-on error "$deb"
    ;;
  fuzz)
    install_missing "${FUZZ_PACKAGES[@]}"
    seconds=${1:-60}
    cmake --preset asan >/dev/null
    cmake --build --preset fuzz -j "$jobs"
    bash tests/fuzz/run_fuzzers.sh build-asan "$seconds"
    ;;
  *)
    echo "usage: bash packaging/build.sh run|test|asan|deb|fuzz [SECONDS]" >&2
    exit 2
    ;;
esac
