#!/usr/bin/env bash
# The tests in WebKit (the engine of Safari on iPhone, iPad and Mac), and the journeys in all
# three engines (Chromium, Firefox, WebKit) over W3C WebDriver; installs what is missing.
#   scripts/test-webkit.sh              once
#   scripts/test-webkit.sh --loop N [ARGS]
#       the wasm browser tests in WebKit N times, counting the failed runs and keeping their logs
#       (ARGS go to wasm-pack test, e.g. --release or --test web_gda_models; JSC options such as
#       JSC_useBBQJIT=false pass through the environment); fails if any run failed
#   scripts/test-webkit.sh --defaults N [ARGS]
#       the default-flags lane: the same N times with JavaScriptCore's defaults (every tier,
#       compiled in the background), never retried. A failed run whose log matches a known
#       signature of the engine's tier-up bug (tests/webkit_reproducer/README.md: an overflow
#       panic or an out-of-bounds trap in the rasterizer, or a hang) is counted and reported as
#       the engine's; any other failure fails the run. Prints the rate with the engine's version.
#   scripts/test-webkit.sh --journeys-defaults N
#       the journeys' release page in WebKit with the same defaults, N times, never retried (the
#       page as built: run scripts/build-wasm.sh and scripts/dist.sh --reuse-pkg first, as
#       scripts/test.sh does). Each failed test is sorted by its error
#       (tests/journeys/engine-signature-reporter.mjs): a run whose failures all have the
#       engine's signature (an out-of-bounds trap, an overflow or bounds panic, a hang) is
#       counted as the engine's; a run with any other failure fails. Prints the rate likewise.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
step() { printf '\n=== %s ===\n' "$*"; }
source scripts/webkit-env.sh

loop=0
defaults=0
journeys=0
if [[ ${1:-} == --loop || ${1:-} == --defaults || ${1:-} == --journeys-defaults ]]; then
  [[ $1 == --defaults || $1 == --journeys-defaults ]] && defaults=1
  [[ $1 == --journeys-defaults ]] && journeys=1
  loop=${2:?"$1 needs a count"}
  shift 2
fi
if ((defaults)); then
  # The defaults: every tier on (webkit_wasm_tests turns BBQ off unless told otherwise).
  export JSC_useBBQJIT=true
  unset JSC_useOMGJIT JSC_useConcurrentJIT JSC_jitPolicyScale
fi
# The engine's known failures (tests/webkit_reproducer/README.md), as they show in a run's log.
engine_signature='attempt to (multiply|add|subtract) with overflow|RuntimeError: Out of bounds|index out of bounds|timed out|Timeout'

step "tools"
bash scripts/ensure-tools.sh test

engine_version() { dpkg-query -W -f '${Version}' libjavascriptcoregtk-4.1-0 2>/dev/null || echo unknown; }

if ((journeys)); then
  # WebKit alone (the defaults are JavaScriptCore's); JSC_useBBQJIT=true puts back the default
  # that tests/journeys/webdriver.mjs turns off.
  logs=$(mktemp -d /tmp/webkit-journeys-defaults.XXXXXX)
  engine=0
  other=0
  for ((i = 1; i <= loop; i++)); do
    start=$SECONDS
    if GENLAB_ENGINES=webkit node --test --test-concurrency=1 \
      --test-reporter=spec --test-reporter-destination=stdout \
      --test-reporter=./tests/journeys/engine-signature-reporter.mjs --test-reporter-destination="$logs/run-$i.failures" \
      tests/journeys/ >"$logs/run-$i.log" 2>&1; then
      rm -f "$logs/run-$i.log" "$logs/run-$i.failures"
      echo "run $i of $loop passed ($((SECONDS - start)) s, $(date -u +%H:%M:%S))"
    elif grep -q '^summary {"failed":[1-9][0-9]*,"engine":[0-9]*,"other":0}' "$logs/run-$i.failures" 2>/dev/null; then
      engine=$((engine + 1))
      echo "run $i of $loop failed with the engine's signature ($((SECONDS - start)) s): $(grep -m1 '^engine ' "$logs/run-$i.failures")"
    else
      other=$((other + 1))
      echo "run $i of $loop FAILED ($((SECONDS - start)) s): $(grep -m1 '^other ' "$logs/run-$i.failures" 2>/dev/null || tail -n 5 "$logs/run-$i.log")"
    fi
  done
  step "journeys in WebKit with the engine's defaults (JavaScriptCore $(engine_version)): $engine of $loop runs failed with the engine's known signature, $other otherwise (their logs: $logs)"
  ((other == 0))
  exit
fi

if ((loop > 0)); then
  logs=$(mktemp -d /tmp/webkit-loop.XXXXXX)
  failed=0
  engine=0
  for ((i = 1; i <= loop; i++)); do
    start=$SECONDS
    if webkit_wasm_tests "$@" >"$logs/run-$i.log" 2>&1; then
      rm -f "$logs/run-$i.log"
      echo "run $i of $loop passed ($((SECONDS - start)) s, $(date -u +%H:%M:%S))"
    else
      failed=$((failed + 1))
      echo "run $i of $loop FAILED ($((SECONDS - start)) s): $(grep -m1 -E 'panicked at|Out of bounds|RuntimeError|timed out|failed' "$logs/run-$i.log")"
      if ((defaults)) && grep -qE "$engine_signature" "$logs/run-$i.log"; then
        engine=$((engine + 1))
      fi
    fi
  done
  if ((defaults)); then
    step "WebKit wasm tests with the engine's defaults (JavaScriptCore $(engine_version)): $engine of $loop runs failed with the engine's known signature, $((failed - engine)) otherwise (their logs: $logs)"
    ((failed == engine))
  else
    step "WebKit wasm tests: $failed of $loop runs failed (their logs: $logs)"
    ((failed == 0))
  fi
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
