#!/usr/bin/env bash
# Builds every fuzz target and runs each for SECONDS (default 20) on its seeds, with stable
# Rust and RUSTC_BOOTSTRAP=1 (no nightly needed). Exits non-zero on the first crash; the
# crashing input is left in fuzz/artifacts/<target>/. .ci/run runs the shorter, sanitizer-free ./ci.sh instead (see README.md).
set -euo pipefail
cd "$(dirname "$0")"
secs="${1:-20}"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
export RUSTC_BOOTSTRAP=1
cargo +stable fuzz build -O
for t in command lexicon choice providers dialogue; do
  mkdir -p "corpus/$t"
  cp -n seeds/"$t"/* "corpus/$t/" 2>/dev/null || true
  cargo +stable fuzz run -O "$t" "corpus/$t" -- -max_total_time="$secs" -max_len=4096
done
