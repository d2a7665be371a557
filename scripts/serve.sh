#!/usr/bin/env bash
# The demo: installs what is missing, builds the wasm, serves www/ on http://localhost:PORT.
#   scripts/serve.sh [PORT]          (default 8080)
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-${PORT:-8080}}
bash scripts/build-wasm.sh
echo "genlab is at http://localhost:$port/  (Ctrl-C stops the server)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory www
