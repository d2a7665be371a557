#!/usr/bin/env bash
# Builds the wasm core, two modules (ES modules the page imports without a bundler):
#   www/pkg-gda/  the GDA-first module (`--no-default-features --features gda`, opt-level "z"):
#                 the GDA panel and the shared state, what the page loads first;
#   www/pkg-nb/   the naive Bayes module (`--features nb`): the spam and categorical panels,
#                 loaded when one of them mounts;
#   www/pkg-curves/, www/pkg-lesson/, www/pkg-surface/ (the GDA panel's 3-D view, when it
#                 first opens): loaded on demand;
#   www/pkg/      the full module, every panel (the crate's default features, opt-level "z"):
#                 the benchmark page, and the one module the single file and the notebook
#                 widget carry.
# (docs/performance.md, "The wasm modules".)
#   scripts/build-wasm.sh [--dev]
# A release build is then shrunk with binaryen's wasm-opt -Oz: $GENLAB_WASM_OPT, or the npm
# package `binaryen` that scripts/ensure-tools.sh installs under tools/wasm-opt/ (wasm-pack
# cannot download binaryen on these machines). Should it be missing or fail, the build is
# used as wasm-bindgen wrote it, a quarter larger.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/ensure-tools.sh build
profile=--release
[[ ${1:-} == --dev ]] && profile=--dev
# The full module at opt-level "z" too: it is what the single offline file, the SCORM package
# and the notebook widget carry (gzip'd, then base64), and "z" makes it 64 KB smaller gzip'd
# than "s" (774 → 711 KB at 2026-11-29), which keeps genlab.html under 1.5 MB.
CARGO_PROFILE_RELEASE_OPT_LEVEL=z wasm-pack build "$profile" --target web --out-dir www/pkg --no-typescript --no-pack
# Smallest code for the module every first load waits on: opt-level "z" costs the drag
# benchmark little (docs/performance.md) and saves 12 KB brotli over "s".
CARGO_PROFILE_RELEASE_OPT_LEVEL=z wasm-pack build "$profile" --target web --out-dir www/pkg-gda --no-typescript --no-pack -- --no-default-features --features gda
wasm-pack build "$profile" --target web --out-dir www/pkg-nb --no-typescript --no-pack -- --no-default-features --features nb
wasm-pack build "$profile" --target web --out-dir www/pkg-curves --no-typescript --no-pack -- --no-default-features --features curves
CARGO_PROFILE_RELEASE_OPT_LEVEL=z wasm-pack build "$profile" --target web --out-dir www/pkg-lesson --no-typescript --no-pack -- --no-default-features --features lesson
wasm-pack build "$profile" --target web --out-dir www/pkg-surface --no-typescript --no-pack -- --no-default-features --features surface

[[ $profile == --release ]] || exit 0
wasm_opt=${GENLAB_WASM_OPT:-tools/wasm-opt/node_modules/.bin/wasm-opt}
for wasm in www/pkg/genlab_bg.wasm www/pkg-gda/genlab_bg.wasm www/pkg-nb/genlab_bg.wasm www/pkg-curves/genlab_bg.wasm www/pkg-lesson/genlab_bg.wasm www/pkg-surface/genlab_bg.wasm; do
  if [[ -x $wasm_opt ]]; then
    before=$(wc -c <"$wasm")
    # After wasm-bindgen, so its glue and the module agree; the features are the ones rustc
    # enabled (read from the module's target_features section), never more.
    if "$wasm_opt" -Oz --strip-target-features --strip-producers "$wasm" -o "$wasm.opt"; then
      mv "$wasm.opt" "$wasm"
      echo "[build-wasm] wasm-opt -Oz: $before -> $(wc -c <"$wasm") bytes"
    else
      rm -f "$wasm.opt"
      echo "[build-wasm] wasm-opt failed; keeping the unoptimised module" >&2
    fi
  else
    echo "[build-wasm] no wasm-opt at $wasm_opt (scripts/ensure-tools.sh installs one); the .wasm is not shrunk" >&2
  fi
done
