# Sourced by the scripts that run WebKit (Safari's engine): Debian's WebKitGTK in a container
# needs its sandbox off, no DMA-BUF renderer and software GL. Its WebDriver, MiniBrowser and
# Xvfb are installed by scripts/ensure-tools.sh test.
export WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS=1 WEBKIT_DISABLE_DMABUF_RENDERER=1 LIBGL_ALWAYS_SOFTWARE=1
SAFARIDRIVER=/usr/bin/WebKitWebDriver
source "$(dirname "${BASH_SOURCE[0]}")/wasm-test-env.sh"

# Runs every wasm browser test target in WebKit; extra arguments go to wasm-pack test
# (e.g. --test web_gda_models, or --release). Both --headless and --safaridriver are needed: without
# --headless the runner waits for a person to open the page.
webkit_wasm_tests() {
  xvfb-run -a wasm-pack test --headless --safari --safaridriver "$SAFARIDRIVER" "$@"
}
