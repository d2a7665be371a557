#!/usr/bin/env bash
# Builds the wasm core into www/pkg (an ES module the page imports without a bundler).
#   scripts/build-wasm.sh [--dev]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/ensure-tools.sh build
profile=--release
[[ ${1:-} == --dev ]] && profile=--dev
wasm-pack build "$profile" --target web --out-dir www/pkg --no-typescript --no-pack
