"""gpuhunt's side of `compare.sh`: writes the offers both sides read, and times gpuhunt.

    python side_by_side.py generate OUT_DIR SIZE...   # OUT_DIR/<size>/csv/<provider>.csv
    python side_by_side.py query OUT_DIR SIZE...      # one JSON line per size
    python side_by_side.py oneshot OUT_DIR SIZE       # load + one query, prints the match count

The CSVs are gpuhunt's catalog format (`gpuhunt._internal.storage.CATALOG_V2_FIELDS`, the
files dstack publishes per provider), which `gpuscout import gpuhunt DIR` reads too. The query
is gpuhunt's own in-memory path: a `gpuhunt.Catalog` whose offline providers were loaded from
those files (what `Catalog.load()` does after its download), then `Catalog.query(...)`. No
network: `auto_reload=False`, and the catalog is filled from the local files.
"""

import csv
import io
import json
import random
import statistics
import sys
import time
from pathlib import Path

import gpuhunt
from gpuhunt._internal import storage
from gpuhunt._internal.catalog import OFFLINE_PROVIDERS, ProviderCatalog

# (name, memory per card in GB, list price per card-hour in USD). Every name maps to one card
# of gpuscout's catalog, and no two to the same one, so both sides mean the same card.
CARDS = [
    ("H100", 80, 2.49),
    ("H200", 141, 3.59),
    ("A100", 80, 1.79),
    ("L40S", 48, 1.03),
    ("L4", 24, 0.44),
    ("A10G", 24, 1.01),
    ("RTX4090", 24, 0.39),
    ("RTX3090", 24, 0.22),
    ("A6000", 48, 0.49),
    ("V100", 16, 0.55),
    ("T4", 16, 0.35),
    ("L40", 48, 0.99),
]
REGIONS = ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-south-1", "ap-northeast-1"]
COUNTS = [1, 1, 1, 2, 4, 8]

# The query both sides answer: on-demand H100 offers with at least two cards.
QUERY = {"gpu_name": "H100", "min_gpu_count": 2, "spot": False}


def generate(out: Path, size: int) -> None:
    """`size` offers, spread over gpuhunt's offline providers, no two alike (gpuscout keeps one
    row of identical offers, gpuhunt all of them; distinct rows keep the counts comparable)."""
    rng = random.Random(size)
    rows = {p: [] for p in OFFLINE_PROVIDERS}
    seen = set()
    while sum(len(r) for r in rows.values()) < size:
        provider = rng.choice(OFFLINE_PROVIDERS)
        name, mem, price = rng.choice(CARDS)
        count = rng.choice(COUNTS)
        spot = rng.random() < 0.3
        region = rng.choice(REGIONS)
        total = round(price * count * rng.uniform(0.6, 1.6) * (0.4 if spot else 1.0), 4)
        key = (provider, name, count, spot, region, total)
        if key in seen or total <= 0:
            continue
        seen.add(key)
        rows[provider].append(
            {
                "instance_name": f"{name.lower()}-{count}x-{len(seen)}",
                "location": region,
                "price": str(total),
                "cpu": str(8 * count),
                "memory": str(float(64 * count)),
                "gpu_count": str(count),
                "gpu_name": name,
                "gpu_memory": str(float(mem)),
                "spot": str(spot),
                "disk_size": str(float(100 * count)),
                "gpu_vendor": "nvidia",
                "flags": "",
                "cpu_arch": "x86",
                "provider_data": "{}",
            }
        )
    d = out / str(size) / "csv"
    d.mkdir(parents=True, exist_ok=True)
    for provider, items in rows.items():
        with open(d / f"{provider}.csv", "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=storage.CATALOG_V2_FIELDS)
            w.writeheader()
            w.writerows(items)


def loaded_catalog(out: Path, size: int) -> gpuhunt.Catalog:
    catalog = gpuhunt.Catalog(balance_resources=False, auto_reload=False)
    for provider in OFFLINE_PROVIDERS:
        text = (out / str(size) / "csv" / f"{provider}.csv").read_text()
        items = list(storage.load(io.StringIO(text), provider=provider))
        catalog.catalog[provider] = ProviderCatalog(version="bench", items=items)
    catalog.loaded_at = time.monotonic()
    return catalog


def query(out: Path, size: int) -> dict:
    catalog = loaded_catalog(out, size)
    matches = len(catalog.query(**QUERY))
    # As many queries as fit in about two seconds (at least 5), one timing each.
    times = []
    started = time.perf_counter()
    while len(times) < 5 or (time.perf_counter() - started < 2.0 and len(times) < 10_000):
        t = time.perf_counter()
        catalog.query(**QUERY)
        times.append(time.perf_counter() - t)
    return {
        "size": size,
        "matches": matches,
        "runs": len(times),
        "median_s": statistics.median(times),
        "mean_s": statistics.fmean(times),
    }


def oneshot(out: Path, size: int) -> None:
    """What one process asking gpuhunt the question does: read the provider catalogs from the
    local files, query once, print the count (the end-to-end half of
    `benches/e2e/offers.sh`, timed from outside with process start included)."""
    print(len(loaded_catalog(out, size).query(**QUERY)), flush=True)


def main() -> None:
    if len(sys.argv) < 4 or sys.argv[1] not in ("generate", "query", "oneshot"):
        sys.exit(__doc__)
    if sys.argv[1] == "oneshot":
        oneshot(Path(sys.argv[2]), int(sys.argv[3]))
        return
    out = Path(sys.argv[2])
    for size in map(int, sys.argv[3:]):
        if sys.argv[1] == "generate":
            generate(out, size)
        else:
            print(json.dumps(query(out, size)), flush=True)


if __name__ == "__main__":
    main()
