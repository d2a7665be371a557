#!/usr/bin/env bash
# Runs every wasm test target of genlab in WebKit (MiniBrowser through WebKitWebDriver,
# under Xvfb) N times and counts the runs that failed; each failed run's output is kept in
# $LOG_DIR. Extra arguments go to `wasm-pack test` (e.g. --release, --test web_gda5).
# JSC options pass through the environment (JSC_useBBQJIT=false, ...).
#   bash tests/webkit_reproducer/loop_wasm_tests.sh 20
set -u
n=${1:-20}
shift || true
cd "$(dirname "$0")/../.."
export PATH="$HOME/.cargo/bin:$PATH"
export WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS=1 WEBKIT_DISABLE_DMABUF_RENDERER=1 LIBGL_ALWAYS_SOFTWARE=1
LOG_DIR=${LOG_DIR:-$(mktemp -d /tmp/webkit-loop.XXXXXX)}
mkdir -p "$LOG_DIR"
fails=0
for i in $(seq 1 "$n"); do
  start=$(date +%s)
  if xvfb-run -a wasm-pack test --headless --safari --safaridriver /usr/bin/WebKitWebDriver "$@" > "$LOG_DIR/run-$i.log" 2>&1; then
    rm -f "$LOG_DIR/run-$i.log"
    echo "run $i: ok ($(( $(date +%s) - start )) s)"
  else
    fails=$((fails + 1))
    echo "run $i: FAILED ($(( $(date +%s) - start )) s): $(grep -m1 -E 'panicked at|Out of bounds|RuntimeError|failed' "$LOG_DIR/run-$i.log")"
  fi
done
echo "$fails failed, $((n - fails)) passed of $n runs (logs of failures in $LOG_DIR)"
