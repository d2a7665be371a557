# Sourced by the scripts that run `wasm-pack test` in browsers.
# wasm-bindgen-test-runner gives each test target 20 s in all by default (it reads the page's
# output until "test result:" appears, then gives up with "Failed to detect test as having been
# run. It might have timed out."): a timed test in disguise. web_hostile took 9.6-15 s in WebKit
# on a loaded 2-core machine and once ran past 20 s. The limit is kept only to end a real hang.
export WASM_BINDGEN_TEST_TIMEOUT=${WASM_BINDGEN_TEST_TIMEOUT:-600}
