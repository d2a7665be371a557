#!/usr/bin/env bash
# The newest WebKit reachable from this Debian 12 (bookworm) machine: WebKitGTK from Debian 13
# (trixie) and trixie-security, installed from Debian's packages into a chroot made with
# debootstrap in tools/webkit-trixie/ (git-ignored; nothing of it is installed on the host),
# then measured with the engine's default flags. A measurement, not part of scripts/test.sh.
#   scripts/webkit-newest.sh [N] [M] [-- WASM_PACK_TEST_ARGS]   (e.g. -- --release)
#     (a) tests/webkit_reproducer in the chroot's `jsc` shell, N times (default 5), each time
#         REPRODUCER_INSTANCES (default 400) fresh instances of `kernel` (64 rounds) and as
#         many of `kernel_inline` (4 rounds), and once the deterministic f64 loop-OSR-entry test;
#     (b) every wasm browser test target (wasm-pack test, as scripts/test-webkit.sh runs them)
#         in the chroot's MiniBrowser through its WebKitWebDriver, M times (default 5), with
#         JavaScriptCore's defaults, never retried. A failed run whose log matches a known
#         signature of the engine's tier-up bug (tests/webkit_reproducer/README.md) is counted
#         as the engine's; any other failure is reported as such.
#   scripts/webkit-newest.sh --setup     only build the chroot and print the version
# Needs root (debootstrap, chroot, bind mounts); installs debootstrap on the host with apt.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
export PATH="$HOME/.cargo/bin:$PATH"
step() { printf '\n=== %s ===\n' "$*"; }

root=$repo/tools/webkit-trixie
mirror=http://deb.debian.org/debian
security=http://deb.debian.org/debian-security
# WebKitWebDriver and MiniBrowser (webkit2gtk-driver pulls libwebkit2gtk-4.1-0), the `jsc`
# shell of the same JavaScriptCore, an X server for the headless browser, and fonts.
# wabt's wat2wasm builds the reproducer's hand-written OSR-entry test.
packages=(webkit2gtk-driver libwebkit2gtk-4.1-0 libjavascriptcoregtk-bin xvfb xauth
  fonts-dejavu-core ca-certificates wabt)

setup_only=0
if [[ ${1:-} == --setup ]]; then
  setup_only=1
  shift
fi
reproducer_runs=${1:-5}
browser_runs=${2:-5}
shift $(($# < 2 ? $# : 2))
[[ ${1:-} == -- ]] && shift
wasm_pack_args=("$@")
instances=${REPRODUCER_INSTANCES:-400}

mounted=()
unmount_all() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount -l "${mounted[i]}" 2>/dev/null || true
  done
}
trap unmount_all EXIT
bind() { # bind HOST_DIR: the same path inside the chroot
  mkdir -p "$root$1"
  # rslave: unmounting the copy never propagates back to the host's mounts.
  mountpoint -q "$root$1" || { mount --rbind "$1" "$root$1" && mount --make-rslave "$root$1" && mounted+=("$root$1"); }
}
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

step "chroot: Debian trixie with trixie-security in $root"
if [[ ! -e $root/.genlab-ready ]] || ! chroot "$root" dpkg-query -W "${packages[@]}" >/dev/null 2>&1; then
  command -v debootstrap >/dev/null || { apt-get update -q && apt-get install -y -q debootstrap; }
  if [[ ! -e $root/etc/debian_version ]]; then
    rm -rf "$root"
    debootstrap --variant=minbase trixie "$root" "$mirror"
  fi
  cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror trixie main
deb $mirror trixie-updates main
deb $security trixie-security main
EOF
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  bind /proc
  bind /sys
  bind /dev
  in_root apt-get update -q
  in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${packages[@]}"
  in_root apt-get clean
  touch "$root/.genlab-ready"
fi
version=$(in_root dpkg-query -W -f '${Version}' libjavascriptcoregtk-4.1-0)
echo "WebKitGTK in the chroot: libwebkit2gtk-4.1-0 $(in_root dpkg-query -W -f '${Version}' libwebkit2gtk-4.1-0), libjavascriptcoregtk-4.1-0 $version"
((setup_only)) && exit 0

# What the browser and the driver need at run time: /proc, /sys, /dev (shared memory), and
# the host's /tmp (Xvfb's socket and authority file, the test runner's files). The network is
# the host's: the driver listens on, and the browser loads from, the host's localhost.
bind /proc
bind /sys
bind /dev
bind /tmp
cp /etc/resolv.conf "$root/etc/resolv.conf"
jsc_bin=$(in_root sh -c 'command -v jsc || ls /usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/jsc 2>/dev/null || true')
[[ -n $jsc_bin ]] || { echo "no jsc in the chroot" >&2; exit 1; }

step "(a) tests/webkit_reproducer in jsc $version, defaults, $reproducer_runs runs"
# Built in its own target directory (its own workspace), as run.sh builds it.
(cd tests/webkit_reproducer && env -u CARGO_TARGET_DIR cargo build -q --target wasm32-unknown-unknown)
work=$(mktemp -d /tmp/webkit-newest.XXXXXX)
cp tests/webkit_reproducer/run.js "$work/"
cp tests/webkit_reproducer/target/wasm32-unknown-unknown/debug/webkit_wasm_i64_reproducer.wasm "$work/r.wasm"
# The deterministic one first (README: 2.50.6 printed 4613303445314886000 every time, the f64's
# bits read as an integer; WebKit bug 301435 fixed it on trunk).
cp tests/webkit_reproducer/osr_entry_live_f64.wat tests/webkit_reproducer/osr_entry_live_f64.js "$work/"
in_root wat2wasm "$work/osr_entry_live_f64.wat" -o "$work/osr_entry_live_f64.wasm"
echo "f64 live across a loop OSR entry (expected 2.718281828459045 three times):" \
  $(in_root "$jsc_bin" "$work/osr_entry_live_f64.js" -- "$work/osr_entry_live_f64.wasm")
rep_failed=0
rep_instances=0
for ((i = 1; i <= reproducer_runs; i++)); do
  for variant in "kernel 64" "kernel_inline 4"; do
    set -- $variant
    log=$work/reproducer-$i-$1.log
    in_root "$jsc_bin" "$work/run.js" -- "$work/r.wasm" "$instances" "$2" "$1" >"$log" 2>&1 || true
    line=$(grep -m1 -E '^failures' "$log" || echo "no summary: $(tail -1 "$log")")
    echo "run $i, $1 ($2 rounds), $instances instances: $line"
    n=$(sed -nE 's/^failures ([0-9]+) of ([0-9]+).*/\1/p' "$log")
    rep_failed=$((rep_failed + ${n:-1}))
    rep_instances=$((rep_instances + instances))
  done
done
echo "reproducer: $rep_failed failed of $rep_instances instances (logs: $work)"

step "(b) every wasm test target in MiniBrowser $version (the chroot's WebKitWebDriver), defaults, $browser_runs runs"
source scripts/wasm-test-env.sh
# The driver the test runner starts: the chroot's WebKitWebDriver, in the chroot, with the
# environment WebKit needs in a container (scripts/webkit-env.sh) and the engine's defaults.
driver=$work/WebKitWebDriver
cat >"$driver" <<EOF
#!/bin/sh
exec chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \\
  DISPLAY="\$DISPLAY" XAUTHORITY="\$XAUTHORITY" \\
  WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS=1 WEBKIT_DISABLE_DMABUF_RENDERER=1 LIBGL_ALWAYS_SOFTWARE=1 \\
  /usr/bin/WebKitWebDriver "\$@"
EOF
chmod +x "$driver"
engine_signature='attempt to (multiply|add|subtract) with overflow|RuntimeError: Out of bounds|index out of bounds|timed out|Timeout'
failed=0
engine=0
targets=(--lib)
for f in tests/web_*.rs; do
  t=${f#tests/}
  targets+=("--test ${t%.rs}")
done
for ((i = 1; i <= browser_runs; i++)); do
  start=$SECONDS
  log=$work/browser-$i.log
  # One wasm-pack test per target, so that a failing target does not keep the ones after it
  # from running (wasm-pack hands --no-fail-fast to cargo build too, which refuses it).
  ok=1
  for target in "${targets[@]}"; do
    # shellcheck disable=SC2086 # a target is one or two words
    xvfb-run -a wasm-pack test --headless --safari --safaridriver "$driver" "${wasm_pack_args[@]}" $target >>"$log" 2>&1 || ok=0
  done
  if ((ok)); then
    echo "run $i of $browser_runs passed ($((SECONDS - start)) s, $(date -u +%H:%M:%S))"
  else
    failed=$((failed + 1))
    echo "run $i of $browser_runs FAILED ($((SECONDS - start)) s): $(grep -E -- '^test .* FAIL|panicked at|Out of bounds|timed out' "$log" | sort -u | tr '\n' ' ')"
    grep -qE "$engine_signature" "$log" && engine=$((engine + 1))
  fi
done
if ((failed)); then
  echo "failed tests, with the number of runs each failed in:"
  grep -h -- '^test .* FAIL' "$work"/browser-*.log | sort | uniq -c || true
fi
step "WebKitGTK $version (trixie chroot), defaults: reproducer $rep_failed failed of $rep_instances instances; wasm test targets $engine of $browser_runs runs failed with the engine's known signature, $((failed - engine)) otherwise (logs: $work)"
((failed == engine))
