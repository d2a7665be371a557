#!/usr/bin/env bash
# The tests in WebKit (the engine of Safari on iPhone, iPad and Mac), and the journeys in all
# three engines (Chromium, Firefox, WebKit) over W3C WebDriver; installs what is missing.
#   scripts/test-webkit.sh              once
#   scripts/test-webkit.sh --loop N     the wasm browser tests in WebKit N times in a row,
#                                       stopping at the first failure (for flakiness hunts)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
step() { printf '\n=== %s ===\n' "$*"; }
source scripts/webkit-env.sh

loop=0
if [[ ${1:-} == --loop ]]; then loop=${2:?"--loop needs a count"}; fi

step "tools"
bash scripts/ensure-tools.sh test

if ((loop > 0)); then
  for ((i = 1; i <= loop; i++)); do
    log=$(mktemp)
    if ! webkit_wasm_tests >"$log" 2>&1; then
      grep -E 'panicked|RuntimeError|failed|FAILED|error' "$log" | head -20
      echo "run $i of $loop FAILED (log: $log)"
      exit 1
    fi
    rm -f "$log"
    echo "run $i of $loop passed ($(date -u +%H:%M:%S))"
  done
  step "$loop consecutive runs of every wasm test target in WebKit passed"
  exit 0
fi

step "browser tests: headless WebKit (WebKitGTK MiniBrowser under Xvfb)"
webkit_wasm_tests

step "journeys: the real page in Chromium, Firefox and WebKit over WebDriver"
bash scripts/build-wasm.sh
node --test tests/journeys/

step "WebKit tests and journeys passed"
