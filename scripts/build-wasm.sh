#!/usr/bin/env bash
# Builds the wasm core into www/pkg (an ES module the page imports without a bundler).
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
wasm-pack build "$profile" --target web --out-dir www/pkg --no-typescript --no-pack

[[ $profile == --release ]] || exit 0
wasm_opt=${GENLAB_WASM_OPT:-tools/wasm-opt/node_modules/.bin/wasm-opt}
wasm=www/pkg/genlab_bg.wasm
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
