#!/usr/bin/env bash
# Builds the reproducer (a debug build: overflow checks on, as `wasm-pack test` builds) and
# runs it in fresh instances under JavaScriptCore's `jsc` shell, printing the failures.
#   bash tests/webkit_reproducer/run.sh [instances] [rounds] [kernel|kernel8|kernel_inline]
# JSC options go in the environment, e.g. JSC_useBBQJIT=false bash run.sh 400.
# jsc comes with Debian's libjavascriptcoregtk-4.0-bin (/usr/bin/jsc).
set -eu
cd "$(dirname "$0")"
export PATH="$HOME/.cargo/bin:$PATH"
cargo build -q --target wasm32-unknown-unknown
jsc run.js -- target/wasm32-unknown-unknown/debug/webkit_wasm_i64_reproducer.wasm "${1:-400}" "${2:-64}" "${3:-kernel}"
