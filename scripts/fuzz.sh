#!/usr/bin/env bash
# Fuzzes every parser and entry point that takes outside input (issue #7), one target at a
# time, and prints per target the executions, the seconds and the crashes (0 expected).
#   scripts/fuzz.sh                  600 s per target (or 10^7 executions, whichever first)
#   scripts/fuzz.sh 60               60 s per target
#   scripts/fuzz.sh 60 state explain only these targets
# Targets (fuzz/fuzz_targets/): tokenize, corpus, state, points_csv, explain, email, lesson.
# Environment: FUZZ_RUNS (default 10000000) caps the executions per target; FUZZ_JOBS is
# not used: the targets run one after another, at nice 19, because the machine is shared.
#
# Not part of scripts/test.sh (it takes minutes to hours). Installs cargo-fuzz (from
# crates.io) when missing. cargo-fuzz drives libFuzzer through rustc's `-Z` flags
# (sanitizer=address, sanitizer coverage), which a stable compiler refuses; only stable Rust
# exists on these machines, so RUSTC_BOOTSTRAP=1 lets the stable rustc accept them.
#
# The seeds in fuzz/corpus/<target>/ are read, never written: each run grows its own
# working corpus in fuzz/target/work-corpus/<target>/ (git-ignored, kept between runs).
# A crash leaves its input in fuzz/artifacts/<target>/ (git-ignored); reproduce it with
#   RUSTC_BOOTSTRAP=1 cargo fuzz run --fuzz-dir fuzz <target> fuzz/artifacts/<target>/crash-…
# then add it to a tests/regression_*.rs test.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
export RUSTC_BOOTSTRAP=1

seconds=${1:-600}
shift || true
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(tokenize corpus state points_csv explain email lesson)
runs=${FUZZ_RUNS:-10000000}
[[ $seconds =~ ^[0-9]+$ && $seconds -gt 0 ]] || { echo "usage: scripts/fuzz.sh [seconds-per-target] [target...]" >&2; exit 2; }

say() { printf '[fuzz] %s\n' "$*"; }

if ! cargo fuzz --version >/dev/null 2>&1; then
  say "installing cargo-fuzz from crates.io (about a minute, once)"
  cargo install --locked cargo-fuzz || cargo install cargo-fuzz
fi

say "building the fuzz targets (address sanitizer, debug assertions)"
nice -n 19 cargo fuzz build --fuzz-dir fuzz

mkdir -p fuzz/target/logs
declare -a rows
failed=0
for t in "${targets[@]}"; do
  [[ -f fuzz/fuzz_targets/$t.rs ]] || { echo "no fuzz target '$t'" >&2; exit 2; }
  work=fuzz/target/work-corpus/$t
  log=fuzz/target/logs/$t.log
  mkdir -p "$work" "fuzz/artifacts/$t"
  dict=()
  [[ -f fuzz/dict/$t.dict ]] && dict=("-dict=fuzz/dict/$t.dict")
  before=$(find "fuzz/artifacts/$t" -type f | wc -l)
  say "$t: up to ${seconds} s or $runs executions (log: $log)"
  start=$(date +%s)
  set +e
  nice -n 19 cargo fuzz run --fuzz-dir fuzz "$t" "$work" "fuzz/corpus/$t" -- \
    -max_total_time="$seconds" -runs="$runs" -rss_limit_mb=2048 -timeout=30 -print_final_stats=1 \
    "${dict[@]}" >"$log" 2>&1
  rc=$?
  set -e
  # libFuzzer's own count and time ("Done N runs in S second(s)"); the wall clock (which
  # also counts a rebuild) when it stopped early.
  took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
  [[ -n $took ]] || took=$(($(date +%s) - start))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  [[ -n $execs ]] || execs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -1)
  crashes=$(($(find "fuzz/artifacts/$t" -type f | wc -l) - before))
  if [[ $rc -ne 0 && $crashes -eq 0 ]]; then crashes=1; fi
  if [[ $crashes -ne 0 ]]; then
    failed=1
    say "$t FAILED (exit $rc); the end of $log:"
    tail -40 "$log"
  fi
  rows+=("$(printf '%-12s %14s %8s %8s' "$t" "${execs:-?}" "$took" "$crashes")")
done

printf '\n%-12s %14s %8s %8s\n' target executions seconds crashes
printf '%s\n' "${rows[@]}"
exit $failed
