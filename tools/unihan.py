"""The Unihan database reader the tools share (unihan-readings.py, unihan-radicals.py): one
field of one Unihan file as a map from character to value."""


def rows(src, name, field):
    out = {}
    for line in open(f"{src}/{name}", encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        cp, f, v = line.rstrip("\n").split("\t")
        if f == field:
            out[chr(int(cp[2:], 16))] = v
    return out
