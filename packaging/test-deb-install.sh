#!/usr/bin/env bash
# Installs build/clusterplan_<version>_amd64.deb into a clean Debian 12 (bookworm) root and checks
# that it works there as a user would meet it:
#   1. `apt-get install ./clusterplan_*.deb` pulls in every dependency by itself;
#   2. clusterplan-cli evaluates an installed example; clusterplan answers --version and, without a
#      display, prints the plan; no library is missing;
#   3. xdg-mime recognises a scenario file by its *.clusterplan.json name and by its content, and
#      names ClusterPlan's desktop entry as its default application;
#   4. the window starts under Xvfb on an example; a screenshot is saved to
#      build/deb-install-screenshot.png to look at.
# Needs root (chroot, mounts), debootstrap and the Debian mirror; takes minutes, so it runs outside CI:
#   bash packaging/build.sh deb && bash packaging/test-deb-install.sh
# MIRROR overrides the mirror (default: the one in /etc/apt/sources.list.d/debian.sources, else
# deb.debian.org). The debootstrapped base (build/deb-base) is kept and copied fresh for each run.
set -euo pipefail
cd "$(dirname "$0")/.."

default_mirror() {
  sed -n 's/^URIs: *\(http[^ ]*\/debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1
}
MIRROR=${MIRROR:-$(default_mirror)}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
BASE=build/deb-base
ROOT=build/deb-root
SHOT=build/deb-install-screenshot.png
EXAMPLES=/usr/share/clusterplan/examples

deb=$(ls -t build/clusterplan_*_amd64.deb 2>/dev/null | head -1 || true)
[ -n "$deb" ] || { echo "no build/clusterplan_*_amd64.deb: run 'bash packaging/build.sh deb' first" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "run as root (debootstrap, chroot and mounts need it)" >&2; exit 2; }
command -v debootstrap >/dev/null || apt-get install -y -qq --no-install-recommends debootstrap

step() { printf '\n== %s\n' "$*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
# Runs a command inside the root with a clean environment (no DISPLAY, no desktop variables).
in_root() { chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

unmount_all() {
  for m in dev/pts dev proc sys; do
    mountpoint -q "$ROOT/$m" 2>/dev/null && umount -l "$ROOT/$m" || true
  done
}
trap unmount_all EXIT

if [ ! -f "$BASE/.complete" ]; then
  step "debootstrap bookworm from $MIRROR into $BASE (once)"
  rm -rf "$BASE"
  debootstrap --variant=minbase bookworm "$BASE" "$MIRROR"
  touch "$BASE/.complete"
fi

step "fresh root $ROOT"
unmount_all
rm -rf "$ROOT"
cp -a "$BASE" "$ROOT"
mount -t proc proc "$ROOT/proc"
mount -t sysfs sys "$ROOT/sys"
mount --bind /dev "$ROOT/dev"
mount --bind /dev/pts "$ROOT/dev/pts"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
echo "deb $MIRROR bookworm main" > "$ROOT/etc/apt/sources.list"
cp "$deb" "$ROOT/tmp/"

step "apt-get install ./$(basename "$deb")"
in_root apt-get update -qq
in_root sh -c "cd /tmp && DEBIAN_FRONTEND=noninteractive apt-get install -y -q ./$(basename "$deb")" | tail -n 5
in_root dpkg -s clusterplan | sed -n 's/^\(Version\|Depends\): /  \1: /p'

step "binaries, libraries and installed files"
missing=$(in_root sh -c 'ldd /usr/bin/clusterplan /usr/bin/clusterplan-cli | grep "not found"' || true)
[ -z "$missing" ] || fail "missing libraries: $missing"
in_root clusterplan-cli --version
in_root clusterplan --version
for f in /usr/share/applications/io.github.clusterplan.ClusterPlan.desktop \
         /usr/share/metainfo/io.github.clusterplan.ClusterPlan.metainfo.xml \
         /usr/share/mime/packages/io.github.clusterplan.ClusterPlan.xml \
         /usr/share/icons/hicolor/scalable/apps/io.github.clusterplan.ClusterPlan.svg \
         /usr/share/icons/hicolor/48x48/apps/io.github.clusterplan.ClusterPlan.png \
         /usr/share/icons/hicolor/512x512/apps/io.github.clusterplan.ClusterPlan.png \
         /usr/share/man/man1/clusterplan.1.gz /usr/share/man/man1/clusterplan-cli.1.gz \
         /usr/share/bash-completion/completions/clusterplan-cli \
         /usr/share/doc/clusterplan/copyright; do
  [ -f "$ROOT$f" ] || fail "not installed: $f"
done
ls "$ROOT$EXAMPLES"

step "clusterplan-cli evaluate $EXAMPLES/llama-3.1-8b-8xa100.clusterplan.json"
report=$(in_root clusterplan-cli evaluate "$EXAMPLES/llama-3.1-8b-8xa100.clusterplan.json" --format text)
head -n 12 <<<"$report"
grep -q "fits  *yes" <<<"$report" || fail "the default example does not report 'fits yes'"
# Outputs are captured before grep: `grep -q` in a pipe would end the writer with SIGPIPE.
for example in "$ROOT$EXAMPLES"/*.clusterplan.json; do
  plan=$(in_root clusterplan-cli evaluate "$EXAMPLES/$(basename "$example")") \
    || fail "clusterplan-cli evaluate $(basename "$example") exited $?"
  grep -q '"schema": "clusterplan.plan/2"' <<<"$plan" || fail "no plan for $(basename "$example")"
done
echo "every example evaluates"

step "clusterplan without a display prints the plan"
report=$(in_root clusterplan "$EXAMPLES/gpt3-175b-1024xa100.clusterplan.json" 2>/dev/null) \
  || fail "clusterplan without a display exited $?"
grep -q "GPT-3 175B" <<<"$report" || fail "clusterplan without a display did not print the plan"
echo ok

step "tools for the remaining checks: xdg-utils, shared-mime-info, Xvfb, ImageMagick"
in_root sh -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
  xdg-utils libfile-mimeinfo-perl shared-mime-info desktop-file-utils xvfb xauth imagemagick' | tail -n 1

step "xdg-mime"
in_root cp "$EXAMPLES/llama-3.1-8b-8xa100.clusterplan.json" /tmp/scenario-without-extension
for file in "$EXAMPLES/gpt3-175b-1024xa100.clusterplan.json" /tmp/scenario-without-extension; do
  type=$(in_root xdg-mime query filetype "$file")
  echo "  $file: $type"
  [ "$type" = application/x-clusterplan-scenario ] || fail "xdg-mime query filetype $file gave '$type'"
done
default=$(in_root xdg-mime query default application/x-clusterplan-scenario)
echo "  default application: $default"
[ "$default" = io.github.clusterplan.ClusterPlan.desktop ] || fail "default application is '$default'"

step "the window under Xvfb"
rm -f "$ROOT/tmp/window.png"
in_root xvfb-run -a -s "-screen 0 1400x900x24" sh -c "
  clusterplan $EXAMPLES/gpt3-175b-1024xa100.clusterplan.json > /tmp/window.log 2>&1 &
  pid=\$!
  sleep 12
  kill -0 \$pid || { echo 'clusterplan exited early:'; cat /tmp/window.log; exit 1; }
  import -window root /tmp/window.png
  kill \$pid"
cp "$ROOT/tmp/window.png" "$SHOT"
echo "screenshot: $SHOT"
echo
echo "PASS: $(basename "$deb") installs and runs in a clean Debian 12 root"
