#!/usr/bin/env bash
# The quick loop to run while working (a few minutes cold, about a minute warm): formatting,
# clippy on the host and on wasm32, the native tests (the core's unit tests, the one
# integration crate tests/it/, and the render-stress digests worked out natively), and the
# API docs with warnings denied. No browser: run scripts/test.sh (every test, 25+ minutes)
# before merging.
#   scripts/check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
step() { printf '\n=== %s (at %d s) ===\n' "$*" "$SECONDS"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

step "format"
cargo fmt --all -- --check

step "clippy (host and wasm32)"
cargo clippy --all-targets -- -D warnings
cargo clippy --all-targets --target wasm32-unknown-unknown -- -D warnings

step "native tests (the slow ones, #[ignore], run in scripts/test.sh)"
cargo test

step "the page's message dictionaries against the core's codes (node, no browser)"
node --test tests/unit/

step "docs (warnings denied)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --quiet

step "checks passed in $SECONDS s"
