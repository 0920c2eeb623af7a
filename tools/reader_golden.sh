#!/usr/bin/env bash
# The reader's golden output (helper perf_rd): every question of every
# bot-core/tests/data/questions_*.tsv read through `understand::read`, its reading's Debug one line
# each (bot-core/examples/reader_golden.rs). A speed-only change must leave it byte-identical:
#   tools/reader_golden.sh /tmp/before.txt            # on the unchanged code
#   tools/reader_golden.sh /tmp/after.txt && cmp /tmp/before.txt /tmp/after.txt
# bot-core is built at opt-level 1 here (a debug build reads ~100 ms a question: an hour for the
# ~35 000 rows); the same optimisation for both runs. GOLDEN_THREADS (default 2) splits the rows.
set -euo pipefail
out=${1:?usage: tools/reader_golden.sh OUTPUT_FILE}
cd "$(dirname "$0")/.."
export CARGO_INCREMENTAL=0
cargo build -q -p bot-core --example reader_golden \
    --config 'profile.dev.package.bot-core.opt-level=1'
target/debug/examples/reader_golden > "$out"
wc -l "$out" >&2
sha256sum "$out" >&2
