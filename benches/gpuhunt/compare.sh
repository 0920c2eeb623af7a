#!/usr/bin/env bash
# gpuhunt (dstack's GPU catalog, Python) and gpuscout side by side on the same offers: prints,
# per size, each side's time for one query and the ratio (goal: gpuscout >= 50x faster at
# every size up to 100k offers; issue 17). Runs outside CI: it needs PyPI once for the venv.
#
#   benches/gpuhunt/compare.sh [SIZE...]        # default: 83 1000 10000 100000
#
# 1. a venv in target/gpuhunt-venv with gpuhunt pinned (GPUHUNT_VERSION);
# 2. side_by_side.py writes the offers as gpuhunt catalog CSVs, one per offline provider;
# 3. `gpuscout import gpuhunt` reads the same CSVs into a data directory per size;
# 4. gpuhunt: Catalog(auto_reload=False) filled from those CSVs, then Catalog.query(...),
#    timed in-process (median of as many queries as fit in ~2 s);
# 5. gpuscout: the /offers query (`search_offers`) over the imported store, timed by the
#    criterion bench `benches/criterion/gpuhunt_side.rs` (median), the query only.
# Both answer: on-demand H100 offers with at least 2 cards; the script checks both found the
# same number of rows.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(83 1000 10000 100000)
version="${GPUHUNT_VERSION:-0.1.34}"
venv="$root/target/gpuhunt-venv"
work="$root/target/gpuhunt-side"
py="$root/benches/gpuhunt/side_by_side.py"

if ! "$venv/bin/python" -c "import gpuhunt, sys; sys.exit(gpuhunt.version.__version__ != '$version')" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "gpuhunt==$version"
fi

rm -rf "$work"
mkdir -p "$work"
"$venv/bin/python" "$py" generate "$work" "${sizes[@]}"

# Import speed is not measured: the debug build does.
cargo build --quiet --locked --bin gpuscout
for s in "${sizes[@]}"; do
  target/debug/gpuscout --data-dir "$work/$s/data" \
    import gpuhunt "$work/$s/csv" --as-of 2026-12-01 >/dev/null
done

echo "gpuhunt $version: querying..." >&2
"$venv/bin/python" "$py" query "$work" "${sizes[@]}" >"$work/gpuhunt.jsonl"

echo "gpuscout: criterion bench gpuhunt_side..." >&2
rm -rf target/criterion/gpuhunt_side
GPUSCOUT_SIDE_DIR="$work" cargo bench --quiet --locked -p gpuscout-benches --bench gpuhunt_side >&2

"$venv/bin/python" - "$work" "${sizes[@]}" <<'EOF'
import json, os, sys
work, sizes = sys.argv[1], sys.argv[2:]
hunt = {r["size"]: r for r in map(json.loads, open(os.path.join(work, "gpuhunt.jsonl")))}
print(f"{'offers':>8} {'matches':>8} {'gpuhunt':>12} {'gpuscout':>12} {'ratio':>9}")
failed = False
for s in map(int, sizes):
    ours = json.load(open(os.path.join(work, str(s), "gpuscout.json")))
    est = json.load(open(f"target/criterion/gpuhunt_side/{s}/new/estimates.json"))
    t_ours = est["median"]["point_estimate"] / 1e9
    t_hunt = hunt[s]["median_s"]
    if ours["matches"] != hunt[s]["matches"]:
        print(f"{s}: the sides disagree: gpuhunt {hunt[s]['matches']} rows, gpuscout {ours['matches']}")
        failed = True
    ratio = t_hunt / t_ours
    print(f"{s:>8} {ours['matches']:>8} {t_hunt*1e3:>9.3f} ms {t_ours*1e3:>9.4f} ms {ratio:>8.0f}x"
          + ("" if ratio >= 50 else "  (below the 50x goal)"))
sys.exit(1 if failed else 0)
EOF
