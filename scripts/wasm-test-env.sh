# Sourced by the scripts that run `wasm-pack test` in browsers.
# wasm-bindgen-test-runner gives each test target 20 s in all by default (it reads the page's
# output until "test result:" appears, then gives up with "Failed to detect test as having been
# run. It might have timed out."): a timed test in disguise. web_hostile took 9.6-15 s in WebKit
# on a loaded 2-core machine and once ran past 20 s. The limit is kept only to end a real hang.
export WASM_BINDGEN_TEST_TIMEOUT=${WASM_BINDGEN_TEST_TIMEOUT:-600}

# The wasm test builds are optimised (opt-level 1), keeping overflow checks and debug
# assertions. At opt-level 0 every slice index, range step and checked multiply in a hot loop
# is a call to a tiny function, and WebKit 2.50 (JavaScriptCore) now and then computed wrong
# integers in such loops while it moved them between its wasm tiers in the background
# (tests/webkit_reproducer/README.md). Users run the release build, optimised further (opt-level s, LTO).
export CARGO_PROFILE_DEV_OPT_LEVEL=${CARGO_PROFILE_DEV_OPT_LEVEL:-1}
