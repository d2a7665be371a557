#!/usr/bin/env bash
# The release bundle: builds the wasm (release, shrunk) and writes dist/ — the static site for
# any host, its assets under a content-hashed folder, every text file and the .wasm also as
# .br (brotli 11) and .gz (gzip -9) beside the original, and dist/genlab.html, one file that
# works offline from disk. Installs what it needs, like the other scripts.
#   scripts/dist.sh              build the wasm, then dist/
#   scripts/dist.sh --reuse-pkg  dist/ from the www/pkg already built (the test command's way)
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ${1:-} == --reuse-pkg ]]; then
  for m in pkg pkg-gda pkg-nb pkg-curves pkg-lesson pkg-surface; do [[ -f www/$m/genlab_bg.wasm ]] || { echo "www/$m is not built: run scripts/build-wasm.sh" >&2; exit 1; }; done
  [[ -d tools/dist/node_modules/esbuild ]] || (cd tools/dist && npm ci --no-audit --no-fund)
else
  bash scripts/build-wasm.sh
fi
node tools/dist/build.mjs
# The npm package (dist/npm/package/) and its tarball (dist/npm/genlab-<version>.tgz), from dist/.
node tools/dist/npm.mjs

# The Python package (python/, hatchling): dist/python/genlab-<version>-py3-none-any.whl, the
# notebook widget for JupyterLab, Notebook 7, marimo and JupyterLite. Its version is Cargo.toml's;
# it carries dist/genlab-widget.mjs.gz, written above. hatchling lives in tools/notebooks/.venv-build.
if [[ ! -x tools/notebooks/.venv-build/bin/hatchling ]]; then
  python3 -m venv tools/notebooks/.venv-build
  tools/notebooks/.venv-build/bin/pip install -q -r tools/notebooks/wheel-requirements.txt
fi
(cd python && ../tools/notebooks/.venv-build/bin/hatchling build -t wheel -d ../dist/python >/dev/null)
ls -l dist/python/*.whl | awk '{printf "[dist] %s %.1f KB\n", $NF, $5 / 1000}'
