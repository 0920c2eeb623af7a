#!/usr/bin/env python3
"""Figures of the platform catalog (issue 25): per fact type how many platforms have it known
or unknown, first-hand or third-party; prices within 30/180 days; Chinese card families priced.

usage: python3 tools/catalog-figures.py [path/to/platforms.toml] [--today YYYY-MM-DD]
       git show main:bot-core/catalog/platforms.toml > /tmp/before.toml  # for a before figure
"""
import datetime
import sys
import tomllib

args = [a for a in sys.argv[1:] if not a.startswith("--")]
path = args[0] if args else "bot-core/catalog/platforms.toml"
today = datetime.date.fromisoformat(
    sys.argv[sys.argv.index("--today") + 1] if "--today" in sys.argv else "2026-12-01"
)
platforms = tomllib.load(open(path, "rb"))["platform"]


def cite(p, field):
    for c in p.get("cite", []):
        if field in c["fields"]:
            return c
    return None


def third_party(p, field):
    """A field's citation, else its section's, says whether only a third-party copy was read."""
    c = cite(p, field)
    if c is not None:
        return c.get("third_party", False)
    section = p["billing"] if field.startswith("billing.") else p["barriers"]
    return section.get("third_party", False)


def known(p, field):
    section, key = field.split(".")
    v = p[section].get(key, "unknown")
    return v not in ("unknown", [], None)


FACTS = {
    "billed_while_stopped": "billing.stopped_billing",
    "increment": "billing.increment",
    "payment_methods": "barriers.payment_methods",
    "min_topup": "barriers.min_topup",
    "real_name": "barriers.real_name_verification",
}

print(f"{path}: {len(platforms)} platforms ({sum(p['region'] == 'cn' for p in platforms)} cn), today {today}")
def looked(p, field):
    return any(field in l.get("fields", []) for l in p.get("looked_for", []))


print(f"{'fact':22} {'known':>5} {'unknown':>7} {'1st-hand':>8} {'3rd-party':>9} {'cn known':>8}"
      f" {'cn 1st':>6} {'cn unknown, where looked recorded':>34}")
for name, field in FACTS.items():
    k = [p for p in platforms if known(p, field)]
    first = sum(not third_party(p, field) for p in k)
    cn = [p for p in platforms if p["region"] == "cn"]
    cn_k = [p for p in cn if known(p, field)]
    cn_first = sum(not third_party(p, field) for p in cn_k)
    cn_looked = sum(looked(p, field) for p in cn if not known(p, field))
    print(f"{name:22} {len(k):5} {len(platforms) - len(k):7} {first:8} {len(k) - first:9} {len(cn_k):4}/{len(cn)}"
          f" {cn_first:6} {cn_looked:>20}/{len(cn) - len(cn_k)}")
ret = [p for p in platforms if p.get("retention")]
ret_first = sum(any(not r.get("third_party", False) for r in p["retention"]) for p in ret)
print(f"{'data_deletion':22} {len(ret):5} {len(platforms) - len(ret):7} {ret_first:8} {len(ret) - ret_first:9}")

prices = [(p, q) for p in platforms for q in p.get("price", [])]
def age(q):
    if q.get("undated"):
        return None
    return (today - datetime.date.fromisoformat(q["as_of"])).days
ages = [age(q) for _, q in prices]
print(f"prices: {len(prices)}; within 30 days: {sum(a is not None and a <= 30 for a in ages)}; "
      f"within 180 days: {sum(a is not None and a <= 180 for a in ages)}; "
      f"platforms with a price: {len({p['id'] for p, _ in prices})} "
      f"(cn {len({p['id'] for p, _ in prices if p['region'] == 'cn'})}/{sum(p['region'] == 'cn' for p in platforms)})")
monthly = sum(q.get("tier") in ("day", "week", "month") for _, q in prices)
print(f"prepaid (day/week/month) prices: {monthly}; spot prices: {sum(q.get('tier') == 'spot' for _, q in prices)}")

FAMILIES = {
    "H20": ("h20",), "A800": ("a800",), "L20": ("l20",), "4090D": ("rtx-4090d",),
    "4090 48G": ("rtx-4090-48g",), "A100": ("a100",), "H100": ("h100",), "H800": ("h800",),
    "L40S": ("l40s",), "4090": ("rtx-4090",), "3090": ("rtx-3090",), "5090": ("rtx-5090",),
}
cn_gpus = {q["gpu"] for p, q in prices if p["region"] == "cn"}
priced = [f for f, pre in FAMILIES.items()
          if any(g == x or (g.startswith(x + "-") and x in ("a100", "h100", "a800")) for g in cn_gpus for x in pre)]
print(f"Chinese card families priced on a cn platform: {len(priced)}/{len(FAMILIES)}: {', '.join(priced)}")
