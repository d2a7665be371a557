# Sourced by the scripts that run WebKit (Safari's engine): Debian's WebKitGTK in a container
# needs its sandbox off, no DMA-BUF renderer and software GL. Its WebDriver, MiniBrowser and
# Xvfb are installed by scripts/ensure-tools.sh test.
export WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS=1 WEBKIT_DISABLE_DMABUF_RENDERER=1 LIBGL_ALWAYS_SOFTWARE=1
SAFARIDRIVER=/usr/bin/WebKitWebDriver
source "$(dirname "${BASH_SOURCE[0]}")/wasm-test-env.sh"

# Runs every wasm browser test target in WebKit; extra arguments go to wasm-pack test
# (e.g. --test web_gda_models, or --release). Both --headless and --safaridriver are needed: without
# --headless the runner waits for a person to open the page.
# JavaScriptCore's baseline wasm tier (BBQ) off, as for the journeys (tests/journeys/webdriver.mjs):
# its background tier-up now and then computed wrong integers even in the opt-level 1 test
# builds (a CI run: "attempt to multiply with overflow" in Raster::restore_base_except, a
# product that cannot overflow), which tests/webkit_reproducer/README.md reduces to an engine
# bug and never saw with BBQ off. JSC_useBBQJIT=true in the environment puts the default back.
webkit_wasm_tests() {
  JSC_useBBQJIT=${JSC_useBBQJIT:-false} xvfb-run -a wasm-pack test --headless --safari --safaridriver "$SAFARIDRIVER" "$@"
}
