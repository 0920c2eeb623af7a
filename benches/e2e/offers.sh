#!/usr/bin/env bash
# Offer queries measured as users see them (issue 28 items 4-5): the built `gpuscout` binary,
# one process per question (start, store open, query, printed answer), the old binary beside
# the new in the same run, and gpuhunt asked the same question the same way (one Python
# process: load the same catalog files, query once). Wall time is the median of RUNS calls,
# memory the largest peak RSS of them (/usr/bin/time). Not part of `cargo test` or CI.
#
#   benches/e2e/offers.sh NEW_BIN [OLD_BIN] [SIZE...]     # default sizes: 10000 100000
#
# NEW_BIN / OLD_BIN: release builds (`cargo build --release --features jemalloc --bin gpuscout`; the old one built
# from the commit the change started at, into its own directory). Each binary imports the
# same gpuhunt-format CSVs (`benches/gpuhunt/side_by_side.py generate`) into its own data
# directory (the new one writes versioned rows the old cannot read), then answers:
#   offers 4090 | stock 4090 | offers h100 cards>=2 on-demand --json (gpuhunt's question:
#   gpu_name="H100", min_gpu_count=2, spot=False; both sides' match counts are checked equal).
# gpuhunt needs PyPI once (a venv in target/gpuhunt-venv, gpuhunt pinned: GPUHUNT_VERSION);
# GPUHUNT=0 skips its column. No network otherwise: everything is local files.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
new="$(realpath "${1:?usage: offers.sh NEW_BIN [OLD_BIN] [SIZE...]}")"
shift
old=""
if [ $# -gt 0 ] && [ -x "$1" ]; then old="$(realpath "$1")"; shift; fi
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000)
version="${GPUHUNT_VERSION:-0.1.34}"
venv="$root/target/gpuhunt-venv"
work="${OFFERS_E2E_DIR:-$root/target/offers-e2e}"
py=python3
if [ "${GPUHUNT:-1}" != 0 ]; then
  if ! "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('gpuhunt') != '$version')" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "gpuhunt==$version"
  fi
  py="$venv/bin/python"
fi
rm -rf "$work"
mkdir -p "$work"
if [ "${GPUHUNT:-1}" != 0 ]; then
  "$py" "$root/benches/gpuhunt/side_by_side.py" generate "$work" "${sizes[@]}"
else
  echo "GPUHUNT=0 needs CSVs from an earlier run in $work" >&2; exit 2
fi
exec "$py" "$root/benches/e2e/offers_run.py" "$work" "$new" "$old" "${sizes[@]}"
