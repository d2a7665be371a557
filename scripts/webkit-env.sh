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

# The three deterministic lanes: each runs every wasm test target with JavaScriptCore held to
# one tier, compiled in the foreground, so that a wrong result in a tier shows on every run
# rather than now and then (tests/webkit_reproducer/README.md: the wrong integers came only
# from BBQ compiled in the background). Extra arguments go to wasm-pack test.
#   interpreter   IPInt only (no BBQ, no OMG)
#   bbq-eager     BBQ at the first call, in the foreground; OMG off
#   omg-eager     every tier at once (thresholds scaled to 0), in the foreground
# (A variable JavaScriptCore does not know is ignored, but these are its options' names in
# WebKitGTK 2.50: all three are in libjavascriptcoregtk's table of JSC_ variables; and setting
# every wasm tier off at once makes the page fail, which shows they reach the web process.)
webkit_tier_lane() {
  local lane=$1
  shift
  case $lane in
    interpreter) JSC_useBBQJIT=false JSC_useOMGJIT=false webkit_wasm_tests "$@" ;;
    bbq-eager) JSC_useBBQJIT=true JSC_useOMGJIT=false JSC_useConcurrentJIT=false \
      JSC_thresholdForBBQOptimizeAfterWarmUp=0 JSC_thresholdForBBQOptimizeSoon=0 webkit_wasm_tests "$@" ;;
    omg-eager) JSC_useBBQJIT=true JSC_useConcurrentJIT=false JSC_jitPolicyScale=0 webkit_wasm_tests "$@" ;;
    *)
      echo "webkit_tier_lane: no lane $lane (interpreter, bbq-eager, omg-eager)" >&2
      return 2
      ;;
  esac
}
