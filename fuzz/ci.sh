#!/usr/bin/env bash
# The fuzz smoke run `.ci/run` does: builds the five targets the way `cargo fuzz build -O -s none`
# does (the same coverage flags, no sanitizer, so no `-Z` flag and no `cargo install
# cargo-fuzz`), then runs each libFuzzer binary for SECONDS (default 15) on its seeds.
# Exits non-zero on the first crash; the input is left in fuzz/artifacts/<target>/.
# Long runs with AddressSanitizer: ./run-all.sh (see README.md).
set -euo pipefail
cd "$(dirname "$0")"
secs="${1:-15}"
triple="$(rustc -vV | sed -n 's/^host: //p')"
# cargo-fuzz 0.13.2's flags for `-O -s none` on Linux (project.rs), minus `-Ccodegen-units=1`,
# which only makes the build slower.
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing \
-Cllvm-args=-simplifycfg-branch-fold-threshold=0 -Cllvm-args=-sanitizer-coverage-stack-depth \
-Cdebug-assertions"
# `--target` keeps these flags off build scripts and proc macros (as cargo-fuzz does).
cargo build --locked --release --bins --target "$triple" \
  --config 'profile.release.debug="line-tables-only"'
bin="target/$triple/release"
mkdir -p target/ci-logs
for t in command lexicon choice providers dialogue; do
  mkdir -p "corpus/$t" "artifacts/$t"
  cp -n seeds/"$t"/* "corpus/$t/" 2>/dev/null || true
  log="target/ci-logs/$t.log"
  rc=0
  "$bin/$t" "corpus/$t" -artifact_prefix="artifacts/$t/" -max_total_time="$secs" \
    -max_len=4096 -print_final_stats=1 >"$log" 2>&1 || rc=$?
  echo "fuzz $t: $(grep -E '^stat::number_of_executed_units' "$log" | tr -d ' ') in ${secs}s, exit $rc"
  if [ "$rc" -ne 0 ]; then
    tail -40 "$log"
    exit "$rc"
  fi
done
