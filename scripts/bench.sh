#!/usr/bin/env bash
# The benchmarks: installs what is missing, builds the release wasm, then in one run times
# the native core (criterion), scikit-learn on the same data, and the real wasm build in
# headless Chromium and Firefox (www/bench.html), measures the first load, and prints one
# table of figures against the budgets of issue #6, with every ratio taken in this run; and
# the slow-network cold load of dist/ (brotli, Lighthouse's mobile throttling; issue #19).
#   scripts/bench.sh            (about 5 minutes once the tools are installed, plus 2-3 for
#                               the learning curves' scikit-learn loop)
# Environment: GENLAB_SMS=path to the SMS Spam Collection (default ../shared/data/…),
# GENLAB_BENCH_FIREFOX=0 to skip Firefox, GENLAB_BENCH_TIME=seconds of criterion
# measurement per benchmark (default 3).
# Outputs in target/bench/: results.json (everything), table.txt, table.md (for the README).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
step() { printf '\n=== %s ===\n' "$*" >&2; }
start=$(date +%s)

step "tools"
bash scripts/ensure-tools.sh test
if [[ ! -d tools/bench/node_modules/playwright-core ]]; then
  echo "[bench] installing playwright-core from npm into tools/bench/node_modules" >&2
  (cd tools/bench && npm ci --no-audit --no-fund >&2)
fi
if [[ ! -x .venv-bench/bin/python ]] || ! .venv-bench/bin/python -c 'import sklearn, numpy' 2>/dev/null; then
  echo "[bench] creating .venv-bench with scikit-learn and numpy (once)" >&2
  if ! python3 -m venv .venv-bench; then
    # Debian's python3 needs its venv package for this.
    DEBIAN_FRONTEND=noninteractive apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
    rm -rf .venv-bench && python3 -m venv .venv-bench
  fi
  .venv-bench/bin/pip install --quiet --disable-pip-version-check scikit-learn numpy >&2
fi

step "release wasm (wasm-opt -Oz) and the release bundle dist/"
bash scripts/dist.sh >&2

step "benchmark data (www/bench-data/, git-ignored)"
python3 tools/bench/prepare.py >&2
# The SpamAssassin corpus as one .mbox and a 100 KB HTML email (skipped without the corpus).
python3 tools/bench/prepare_email.py >&2 || echo "[bench] no SpamAssassin corpus: the email figures are skipped" >&2
# What the browsers load: a snapshot of www/ as just built (another build of www/pkg while
# the benchmark runs, say by the tests, cannot change the module being measured).
rm -rf target/bench/www target/bench/dist && mkdir -p target/bench && cp -r www target/bench/www && cp -r dist target/bench/dist

step "native core: criterion (opt-level 3)"
# Native at full optimisation: the fair reference for "within 2× of native". The release
# profile's opt-level "s" is for the .wasm's size.
secs=${GENLAB_BENCH_TIME:-3}
CARGO_PROFILE_BENCH_OPT_LEVEL=3 cargo bench --bench core -- \
  --warm-up-time 1 --measurement-time "$secs" --noplot >&2

step "scikit-learn baseline, same data"
.venv-bench/bin/python tools/bench/sklearn_baseline.py >&2
if [[ -f www/bench-data/spamassassin.mbox ]]; then
  step "Python email + scikit-learn on the SpamAssassin .mbox (about 2 minutes)"
  .venv-bench/bin/python tools/bench/sklearn_email.py >&2
fi

step "browsers: www/bench.html and the first load"
node tools/bench/run.mjs --www target/bench/www --dist target/bench/dist --out target/bench

step "lesson step transitions: frames per second of each glide against the idle page's, and reduced motion skipping them"
node tools/bench/lesson_transitions.mjs --www target/bench/www --out target/bench

step "predict, then reveal: each prediction's Commit to the frame that shows the answer, against a click that changes nothing"
node tools/bench/prediction_reveal.mjs --www target/bench/www --out target/bench

step "quiz: Next question's new situation, every main-thread task counted (none may reach 50 ms), against a click that changes nothing"
node tools/bench/quiz_situation.mjs --www target/bench/www --out target/bench

step "learning curves: WDBC 15 sizes x 200 splits x 2 models, and the teaching corpus 12 sizes x 100 splits (NB vs LR), in Chromium's Web Worker, and scikit-learn's loops"
# Writes target/bench/curves.json (medians, the ratio, the main thread's longest task).
node tools/bench/curves.mjs --python .venv-bench/bin/python --sk-splits 20 --sk-text-splits 5

echo "[bench] total time $(($(date +%s) - start)) s" >&2
