#!/usr/bin/env python3
"""Writes bot-core/src/lexicon/radical_strokes.tsv: the radical and residual strokes (Unihan
kRSUnicode, the first value) of every GB 2312 character (kGB0, levels 1 and 2), from the
Unicode Unihan database: what lexicon::look_alike compares (two characters of one radical whose
other parts differ by at most one stroke look alike to a handwriting input's recogniser).

    python3 tools/unihan-radicals.py <dir with Unihan_IRGSources.txt, Unihan_OtherMappings.txt>"""
import sys
import unihan  # tools/unihan.py, beside this script

src = sys.argv[1]
def rows(name, field):
    return unihan.rows(src, name, field)

rs = rows("Unihan_IRGSources.txt", "kRSUnicode")
gb = rows("Unihan_OtherMappings.txt", "kGB0")
chars = sorted((c for c, v in gb.items() if 1601 <= int(v) <= 8794), key=lambda c: int(gb[c]))
print("# Radical and residual strokes (Unihan kRSUnicode, first value; ' marks a simplified")
print("# radical) of every GB 2312 character (levels 1 and 2).")
print("# source: https://www.unicode.org/Public/14.0.0/ucd/Unihan.zip (Unihan_IRGSources.txt kRSUnicode,")
print("#   Unihan_OtherMappings.txt kGB0), written by tools/unihan-radicals.py")
print("# as_of: 2021-08-06 (the Unihan file's date)")
for c in chars:
    if c in rs:
        r, s = rs[c].split()[0].split(".")
        print(f"{c}\t{r}\t{s}")
