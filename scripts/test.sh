#!/usr/bin/env bash
# Every test: installs what is missing, then runs the style checks, the native tests,
# the browser tests in headless Chrome, Firefox and WebKit, the end-to-end tests, and the
# journeys in Chromium, Firefox and WebKit over WebDriver.
#   scripts/test.sh
# Set GENLAB_REQUIRE_SHARED_DATA=1 to make the real-data tests fail (not skip) when
# ../shared/data is absent; CI does.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
# Each step's heading says when it started, so a log shows what each part costs.
step() { printf '\n=== %s (at %d min %02d s) ===\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

step "tools"
bash scripts/ensure-tools.sh test

step "format"
cargo fmt --all -- --check

step "clippy (host and wasm32)"
cargo clippy --all-targets -- -D warnings
cargo clippy --all-targets --target wasm32-unknown-unknown -- -D warnings

step "native tests"
# Every one, the slow ones scripts/check.sh leaves out (#[ignore]: the 3-D view's whole
# painter's-order sweep) too.
cargo test -- --include-ignored

step "the page's message dictionaries against the core's codes (node, no browser)"
node --test tests/unit/

step "API docs (warnings denied)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --quiet

source scripts/wasm-test-env.sh
step "browser tests: headless Chrome"
wasm-pack test --headless --chrome

step "browser tests: headless Firefox"
wasm-pack test --headless --firefox

# WebKit once per wasm tier, each lane deterministic (scripts/webkit-env.sh says why and how).
# In a subshell: WebKit's environment (no sandbox, software GL) is for WebKit alone.
for lane in interpreter bbq-eager omg-eager; do
  step "browser tests: headless WebKit (WebKitGTK's MiniBrowser under Xvfb), $lane lane"
  (source scripts/webkit-env.sh && webkit_tier_lane "$lane")
done
step "browser tests: headless WebKit with the engine's default flags, ${GENLAB_WEBKIT_DEFAULT_RUNS:-1} run(s), never retried"
# Its known tier-up failures are counted as the engine's and reported; any other failure fails.
bash scripts/test-webkit.sh --defaults "${GENLAB_WEBKIT_DEFAULT_RUNS:-1}"

step "end-to-end tests: the real page in headless Chromium"
bash scripts/build-wasm.sh
# The release bundle from that build, for its tests (10–16 s on two shared cores, mostly brotli at
# quality 11 on the .wasm and the two one-file builds).
bash scripts/dist.sh --reuse-pkg
node --test tests/e2e/

step "notebook tools: the genlab wheel in JupyterLab, Notebook 7, marimo, nbclient and JupyterLite (Pyodide)"
# The wheel from dist/python (scripts/dist.sh above) in a fresh venv with the tools' pinned wheels
# (scripts/ensure-tools.sh downloaded them), and in a JupyterLite site with Pyodide from npm
# (tools/jupyterlite/site.py builds it), servers on 127.0.0.1 only.
node --test tests/notebooks/

step "journeys: the real page in Chromium, Firefox and WebKit over W3C WebDriver"
# One file at a time: each file starts its own drivers on ports it probes free, and two
# processes probing at once could pick the same one. WebKit runs with JSC's baseline wasm
# tier off (tests/journeys/webdriver.mjs says why: a rare hung page in WebKitGTK 2.50.6).
GENLAB_ENGINES=chromium,firefox,webkit node --test --test-concurrency=1 tests/journeys/
step "journeys: the release page in WebKit with the engine's default flags, ${GENLAB_WEBKIT_DEFAULT_RUNS:-1} run(s), never retried"
# The page just built, as the wasm default-flags lane above: a failure with the engine's known
# signature is counted and reported as the engine's, any other failure fails.
bash scripts/test-webkit.sh --journeys-defaults "${GENLAB_WEBKIT_DEFAULT_RUNS:-1}"

step "all tests passed"
