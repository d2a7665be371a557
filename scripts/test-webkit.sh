#!/usr/bin/env bash
# The tests in WebKit (the engine of Safari on iPhone, iPad and Mac), and the journeys in all
# three engines (Chromium, Firefox, WebKit) over W3C WebDriver; installs what is missing.
#   scripts/test-webkit.sh              once
#   scripts/test-webkit.sh --loop N [ARGS]
#       the wasm browser tests in WebKit N times, counting the failed runs and keeping their logs
#       (ARGS go to wasm-pack test, e.g. --release or --test web_gda_models; JSC options such as
#       JSC_useBBQJIT=false pass through the environment); fails if any run failed
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
step() { printf '\n=== %s ===\n' "$*"; }
source scripts/webkit-env.sh

loop=0
if [[ ${1:-} == --loop ]]; then
  loop=${2:?"--loop needs a count"}
  shift 2
fi

step "tools"
bash scripts/ensure-tools.sh test

if ((loop > 0)); then
  logs=$(mktemp -d /tmp/webkit-loop.XXXXXX)
  failed=0
  for ((i = 1; i <= loop; i++)); do
    start=$SECONDS
    if webkit_wasm_tests "$@" >"$logs/run-$i.log" 2>&1; then
      rm -f "$logs/run-$i.log"
      echo "run $i of $loop passed ($((SECONDS - start)) s, $(date -u +%H:%M:%S))"
    else
      failed=$((failed + 1))
      echo "run $i of $loop FAILED ($((SECONDS - start)) s): $(grep -m1 -E 'panicked at|Out of bounds|RuntimeError|timed out|failed' "$logs/run-$i.log")"
    fi
  done
  step "WebKit wasm tests: $failed of $loop runs failed (their logs: $logs)"
  ((failed == 0))
  exit
fi

step "browser tests: headless WebKit (WebKitGTK MiniBrowser under Xvfb)"
webkit_wasm_tests

step "journeys: the real page in Chromium, Firefox and WebKit over WebDriver"
bash scripts/build-wasm.sh
# The release bundle from that build: a journey opens dist/ as a host would serve it.
bash scripts/dist.sh --reuse-pkg
node --test --test-concurrency=1 tests/journeys/

step "WebKit tests and journeys passed"
