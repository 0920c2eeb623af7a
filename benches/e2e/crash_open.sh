#!/usr/bin/env bash
# The open after a crash of `serve`, end to end (issue 28 item 7; docs/performance.md §18): the
# built binary, a large sealed store, `serve` killed with -9, then `offers 4090 live` (start,
# crash open, quick repair, question, clean close) on fresh copies of the crashed directory,
# the seal's first-touch check beside the whole-file read (GPUSCOUT_SEAL_EAGER=1), alternating.
#
#   benches/e2e/crash_open.sh BIN [OFFERS] [RUNS]      # default 450000 offers (~218 MiB), 10 runs
#
# Needs the gpuhunt venv of benches/e2e/offers.sh (target/gpuhunt-venv) for the CSVs. Local only.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$(realpath "${1:?usage: crash_open.sh BIN [OFFERS] [RUNS]}")"
offers="${2:-450000}"
runs="${3:-10}"
work="${CRASH_OPEN_DIR:-$root/target/crash-open}"
rm -rf "$work"; mkdir -p "$work"
"$root/target/gpuhunt-venv/bin/python" "$root/benches/gpuhunt/side_by_side.py" generate "$work" "$offers"
"$bin" --data-dir "$work/data" import gpuhunt "$work/$offers/csv" --as-of 2026-12-01 >/dev/null
port=$((20000 + RANDOM % 20000))
GPUSCOUT_PROVIDERS=none GPUSCOUT_HTTP_ADDR="127.0.0.1:$port" "$bin" --data-dir "$work/data" serve \
  >"$work/serve.out" 2>&1 &
pid=$!
for _ in $(seq 1 150); do
  curl -s -o /dev/null -w '%{http_code}' "127.0.0.1:$port/healthz" 2>/dev/null | grep -q 200 && break
  sleep 0.2
done
sleep 1
kill -9 "$pid"; wait "$pid" 2>/dev/null || true
uptime
ls -l "$work/data"
for _ in $(seq 1 "$runs"); do
  for arm in first-touch whole-file; do
    rm -rf "$work/w"; mkdir -p "$work/w"
    cp "$work"/data/gpuscout.redb* "$work/w/"; sync -f "$work/w/gpuscout.redb"
    eager=0; [ "$arm" = whole-file ] && eager=1
    GPUSCOUT_SEAL_EAGER=$eager /usr/bin/time -f "$arm wall %e s user %U sys %S maxrss %M KiB" \
      "$bin" --data-dir "$work/w" offers 4090 live >/dev/null 2>"$work/err" || true
    tail -1 "$work/err"
  done
done
uptime
