#!/usr/bin/env python3
"""Figures of the platform catalog (issue 25): per fact type how many platforms have it known
or unknown, first-hand or third-party; prices within 30/180 days; Chinese card families priced.

usage: python3 tools/catalog-figures.py [path/to/platforms.toml] [--today YYYY-MM-DD]
                                        [--before OLD.toml] [--gaps]
  --before OLD.toml  print every figure as "old → new" (e.g. the file on main:
                     git show main:bot-core/catalog/platforms.toml > /tmp/before.toml)
  --gaps             list, per Chinese platform, the facts still unknown (the work left)
  --check-labels     list first-hand citations whose source is not on the platform's own domain,
                     to review by hand (a vendor's GitHub docs or CLI is first-hand; a blog is not)
"""
import datetime
import re
import sys
import tomllib
from urllib.parse import urlparse


def option(name):
    if name in sys.argv:
        i = sys.argv.index(name)
        if i + 1 >= len(sys.argv):
            sys.exit(f"{name} needs a value")
        return sys.argv[i + 1]
    return None


VALUED = {"--today", "--before"}
args, skip = [], False
for a in sys.argv[1:]:
    if skip:
        skip = False
    elif a in VALUED:
        skip = True
    elif not a.startswith("--"):
        args.append(a)
path = args[0] if args else "bot-core/catalog/platforms.toml"
# The review date the catalog tests use (catalog::most_prices_are_recent), so figures agree.
today = datetime.date.fromisoformat(option("--today") or "2026-12-01")

FACTS = {
    "billed_while_stopped": "billing.stopped_billing",
    "increment": "billing.increment",
    "payment_methods": "barriers.payment_methods",
    "min_topup": "barriers.min_topup",
    "real_name": "barriers.real_name_verification",
}
FAMILIES = {
    "H20": ("h20",), "A800": ("a800",), "L20": ("l20",), "4090D": ("rtx-4090d",),
    "4090 48G": ("rtx-4090-48g",), "A100": ("a100",), "H100": ("h100",), "H800": ("h800",),
    "L40S": ("l40s",), "4090": ("rtx-4090",), "3090": ("rtx-3090",), "5090": ("rtx-5090",),
}


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


def looked(p, field):
    return any(field in l.get("fields", []) for l in p.get("looked_for", []))


def age(q):
    if q.get("undated"):
        return None
    return (today - datetime.date.fromisoformat(q["as_of"])).days


def figures(platforms):
    """Every figure of one catalog, as name -> number (or text for the family list)."""
    f = {"platforms": len(platforms), "cn": sum(p["region"] == "cn" for p in platforms)}
    cn = [p for p in platforms if p["region"] == "cn"]
    for name, field in FACTS.items():
        k = [p for p in platforms if known(p, field)]
        cn_k = [p for p in cn if known(p, field)]
        f[name] = {
            "known": len(k),
            "unknown": len(platforms) - len(k),
            "1st-hand": sum(not third_party(p, field) for p in k),
            "3rd-party": sum(third_party(p, field) for p in k),
            "cn known": len(cn_k),
            "cn 1st": sum(not third_party(p, field) for p in cn_k),
            "cn looked": sum(looked(p, field) for p in cn if not known(p, field)),
            "cn unknown": len(cn) - len(cn_k),
        }
    ret = [p for p in platforms if p.get("retention")]
    f["data_deletion"] = {
        "known": len(ret),
        "unknown": len(platforms) - len(ret),
        "1st-hand": sum(any(not r.get("third_party", False) for r in p["retention"]) for p in ret),
        "3rd-party": sum(all(r.get("third_party", False) for r in p["retention"]) for p in ret),
    }
    prices = [(p, q) for p in platforms for q in p.get("price", [])]
    ages = [age(q) for _, q in prices]
    f["prices"] = len(prices)
    f["within 30 days"] = sum(a is not None and a <= 30 for a in ages)
    f["within 180 days"] = sum(a is not None and a <= 180 for a in ages)
    f["platforms priced"] = len({p["id"] for p, _ in prices})
    f["cn platforms priced"] = len({p["id"] for p, _ in prices if p["region"] == "cn"})
    f["prepaid prices"] = sum(q.get("tier") in ("day", "week", "month") for _, q in prices)
    f["spot prices"] = sum(q.get("tier") == "spot" for _, q in prices)
    # Member / student prices (never the default) and promotions (open to all, labelled); a
    # member price whose card has no price any user can pay on that platform is listed apart.
    f["member prices"] = sum(q.get("tier") == "member" for _, q in prices)
    f["promo prices"] = sum(q.get("tier") == "promo" for _, q in prices)
    f["member only"] = sorted({
        f"{p['id']}:{q['gpu']}" for p, q in prices if q.get("tier") == "member"
        and not any(r["gpu"] == q["gpu"] and r.get("tier") not in ("member", "spot")
                    for r in p.get("price", []))
    })
    cn_gpus = {q["gpu"] for p, q in prices if p["region"] == "cn"}
    f["families"] = [
        fam for fam, pre in FAMILIES.items()
        if any(g == x or (g.startswith(x + "-") and x in ("a100", "h100", "a800"))
               for g in cn_gpus for x in pre)
    ]
    return f


def load(p):
    return tomllib.load(open(p, "rb"))["platform"]


now = figures(load(path))
before_path = option("--before")
old = figures(load(before_path)) if before_path else None


def show(get):
    """A figure, as "old → new" when a before-file was given and it changed."""
    new = get(now)
    if old is None:
        return str(new)
    was = get(old)
    return str(new) if was == new else f"{was} → {new}"


print(f"{path}: {show(lambda f: f['platforms'])} platforms ({show(lambda f: f['cn'])} cn), today {today}"
      + (f"; before = {before_path}" if old else ""))
w = 13 if old else 9
cols = ["known", "unknown", "1st-hand", "3rd-party"]
print(f"{'fact':22}" + "".join(f" {c:>{w}}" for c in cols)
      + f" {'cn known':>{w}} {'cn 1st':>{w}} {'cn unknown, looked recorded':>30}")
for name in FACTS:
    row = "".join(f" {show(lambda f, c=c: f[name][c]):>{w}}" for c in cols)
    cn_k = show(lambda f: f"{f[name]['cn known']}/{f['cn']}")
    cn_1 = show(lambda f: f[name]["cn 1st"])
    cn_l = show(lambda f: f"{f[name]['cn looked']}/{f[name]['cn unknown']}")
    print(f"{name:22}{row} {cn_k:>{w}} {cn_1:>{w}} {cn_l:>30}")
row = "".join(f" {show(lambda f, c=c: f['data_deletion'][c]):>{w}}" for c in cols)
print(f"{'data_deletion':22}{row}")
print(f"prices: {show(lambda f: f['prices'])}; within 30 days: {show(lambda f: f['within 30 days'])}; "
      f"within 180 days: {show(lambda f: f['within 180 days'])}; "
      f"platforms with a price: {show(lambda f: f['platforms priced'])} "
      f"(cn {show(lambda f: f['cn platforms priced'])}/{now['cn']})")
print(f"prepaid (day/week/month) prices: {show(lambda f: f['prepaid prices'])}; "
      f"spot prices: {show(lambda f: f['spot prices'])}")
print(f"member/student prices (never the default): {show(lambda f: f['member prices'])}; "
      f"promotions open to all (labelled): {show(lambda f: f['promo prices'])}; "
      f"member prices with no list price beside them: {', '.join(now['member only']) or 'none'}")
fams = now["families"]
print(f"Chinese card families priced on a cn platform: {show(lambda f: len(f['families']))}/{len(FAMILIES)}: "
      f"{', '.join(fams)}; missing: {', '.join(x for x in FAMILIES if x not in fams) or 'none'}")

if "--gaps" in sys.argv:
    print("\nChinese platforms: facts still unknown (looked-for recorded: *)")
    for p in load(path):
        if p["region"] != "cn":
            continue
        gaps = [n + ("*" if looked(p, fld) else "") for n, fld in FACTS.items() if not known(p, fld)]
        print(f"  {p['id']:18} {', '.join(gaps) or '-'}")

if "--check-labels" in sys.argv:
    def domain(url):
        """Registrable domain: the last two labels, three under a country's com/net/org."""
        host = urlparse(url if re.match(r"^[a-z]+://", url) else "https://" + url).hostname or ""
        parts = host.split(".")
        if len(parts) >= 3 and parts[-2] in ("com", "co", "net", "org") and len(parts[-1]) == 2:
            return ".".join(parts[-3:])
        return ".".join(parts[-2:])

    print("\nFirst-hand citations off the platform's own domain (review: vendor page or not?)")
    for p in load(path):
        site = domain(p["website"])
        cited = [(sec, p[sec].get("source", ""), p[sec].get("third_party", False))
                 for sec in ("billing", "barriers")]
        cited += [("cite " + ",".join(c["fields"]), c["source"], c.get("third_party", False))
                  for c in p.get("cite", [])]
        cited += [("retention", r["source"], r.get("third_party", False)) for r in p.get("retention", [])]
        cited += [("price " + q["gpu"], q["source"], q.get("third_party", False)) for q in p.get("price", [])]
        for what, src, third in cited:
            if not third and domain(src) != site:
                print(f"  {p['id']:16} {what:44} {src}")
