"""The measuring half of `benches/e2e/offers.sh` (read its header first).

    python offers_run.py WORK NEW_BIN OLD_BIN|"" SIZE...

Prints one Markdown table (docs/performance.md §12 takes it as it is) and writes the raw
figures to WORK/results.json.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

RUNS = int(os.environ.get("RUNS", "7"))
HERE = Path(__file__).resolve().parent
SIDE = HERE.parent / "gpuhunt" / "side_by_side.py"
QUESTIONS = [
    # No live offers are stored, so this is process start, catalog and store open alone.
    ("offers 4090 live (baseline)", ["offers", "4090", "live"]),
    ("offers 4090", ["offers", "4090"]),
    ("stock 4090", ["stock", "4090"]),
    ("offers h100 cards>=2 on-demand", ["offers", "h100", "cards>=2", "on-demand", "--json"]),
]


def timed(cmd: list[str]) -> tuple[float, int, str]:
    """One process: wall seconds, peak RSS in KiB, stdout."""
    with tempfile.NamedTemporaryFile("r") as t:
        p = subprocess.run(
            ["/usr/bin/time", "-f", "%e %M", "-o", t.name, *cmd],
            capture_output=True,
            text=True,
        )
        if p.returncode != 0:
            sys.exit(f"{' '.join(cmd)} failed ({p.returncode}):\n{p.stderr[-2000:]}")
        wall, rss = t.read().split()[-2:]
    return float(wall), int(rss), p.stdout


def measure(cmd: list[str]) -> dict:
    timed(cmd)  # once to warm the page cache, as a second call of a user's would be
    runs = [timed(cmd) for _ in range(RUNS)]
    return {
        "median_ms": statistics.median(r[0] for r in runs) * 1e3,
        "min_ms": min(r[0] for r in runs) * 1e3,
        "peak_rss_mib": max(r[1] for r in runs) / 1024,
        "stdout": runs[0][2],
    }


def main() -> None:
    work, new, old, sizes = Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
    bins = {"new": new, **({"old": old} if old else {})}
    results: dict = {"load_average_at_start": os.getloadavg()[0]}
    for size in sizes:
        csv = work / size / "csv"
        r = results.setdefault(size, {})
        for name, binary in bins.items():
            data = work / size / f"data-{name}"
            imp = timed([binary, "--data-dir", str(data), "import", "gpuhunt", str(csv), "--as-of", "2026-12-01"])
            r[f"{name} import"] = {"median_ms": imp[0] * 1e3, "peak_rss_mib": imp[1] / 1024}
            for label, args in QUESTIONS:
                r[f"{name} {label}"] = measure([binary, "--data-dir", str(data), *args])
        if os.path.exists(sys.executable) and "gpuhunt-venv" in sys.executable:
            r["gpuhunt"] = measure([sys.executable, str(SIDE), "oneshot", str(work), size])
    results["load_average_at_end"] = os.getloadavg()[0]
    print(
        f"load average (1 min): {results['load_average_at_start']:.1f} at the start, "
        f"{results['load_average_at_end']:.1f} at the end; {RUNS} runs per cell"
    )
    sized = {k: v for k, v in results.items() if k.isdigit()}
    table(sized, bins)
    for r in sized.values():
        for v in r.values():
            v.pop("stdout", None)
    (work / "results.json").write_text(json.dumps(results, indent=2))


def matches(out: str) -> int:
    return len(json.loads(out)["offers"])


def table(results: dict, bins: dict) -> None:
    cols = list(bins)
    head = "| offers | question | " + " | ".join(f"{c}: wall (min), peak RSS" for c in cols)
    if "old" in bins:
        head += " | new vs old"
    print(head + " |")
    print("|" + "---|" * head.count("|"))
    for size, r in results.items():
        rows = [("import (gpuhunt CSVs)", "import")] + [(q, q) for q, _ in QUESTIONS]
        for label, key in rows:
            cells = []
            for c in cols:
                m = r[f"{c} {key}"]
                low = f" ({m['min_ms']:.0f})" if "min_ms" in m else ""
                cells.append(f"{m['median_ms']:.0f} ms{low}, {m['peak_rss_mib']:.1f} MiB")
            line = f"| {int(size):,} | `{label}` | " + " | ".join(cells)
            if "old" in bins:
                a, b = r[f"new {key}"]["median_ms"], r[f"old {key}"]["median_ms"]
                line += f" | {b / a:.1f}× faster" if a < b else f" | {a / b:.1f}× slower"
            print(line + " |")
        if "gpuhunt" in r:
            g = r["gpuhunt"]
            q = "new offers h100 cards>=2 on-demand"
            ours, theirs = matches(r[q]["stdout"]), int(g["stdout"].strip())
            same = "same rows" if ours == theirs else f"DIFFERENT: gpuscout {ours}, gpuhunt {theirs}"
            print(
                f"| {int(size):,} | gpuhunt {same} ({theirs}): one process | "
                f"{g['median_ms']:.0f} ms ({g['min_ms']:.0f}), {g['peak_rss_mib']:.1f} MiB; "
                f"new gpuscout is {g['median_ms'] / r[q]['median_ms']:.1f}× faster and holds "
                f"{r[q]['peak_rss_mib'] / g['peak_rss_mib']:.2f}× gpuhunt's peak memory |"
            )


if __name__ == "__main__":
    main()
