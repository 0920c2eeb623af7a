#!/usr/bin/env python3
"""Writes bot-core/src/understand/shinjitai_chars.txt: each Japanese character form (shinjitai, as
a Japanese input method types it: `実名`, `発票`, `価格`) that is in JIS X 0208 and in no GB 2312 or
Big5 table, with the Simplified character it stands for, so a Chinese question typed on a Japanese
keyboard reads as its Simplified words. A pair is OpenCC's jp2t (shinjitai -> kyujitai, its
JPShinjitaiCharacters table) then t2s, kept only where that gives one GB 2312 character.

Needs `pip install opencc==1.4.2` (Apache-2.0) and the Unihan database (Unihan_OtherMappings.txt:
kJis0, kGB0, kBigFive). Run from the repository root:
    python3 tools/gen_shinjitai.py <dir with Unihan_OtherMappings.txt>
"""
import sys
import opencc
import unihan  # tools/unihan.py, beside this script

OUT = "bot-core/src/understand/shinjitai_chars.txt"
src = sys.argv[1]
jis = unihan.rows(src, "Unihan_OtherMappings.txt", "kJis0")
gb = unihan.rows(src, "Unihan_OtherMappings.txt", "kGB0")
# A Traditional character (Big5) is the Traditional fold's, which keeps some on purpose (`係`).
big5 = unihan.rows(src, "Unihan_OtherMappings.txt", "kBigFive")
jp2t, t2s = opencc.OpenCC("jp2t"), opencc.OpenCC("t2s")
pairs = []
for c in sorted(jis):
    if c in gb or c in big5:
        continue
    s = t2s.convert(jp2t.convert(c))
    if len(s) == 1 and s != c and s in gb:
        pairs.append((c, s))
with open(OUT, "w", encoding="utf-8") as f:
    f.write("# Japanese (shinjitai, JIS X 0208) -> Simplified, one character each (written by\n")
    f.write("# tools/gen_shinjitai.py; do not edit). Only characters in no GB 2312 or Big5 table.\n")
    f.write("# source: OpenCC 1.4.2 jp2t (JPShinjitaiCharacters) then t2s (https://github.com/BYVoid/OpenCC,\n")
    f.write("#   Apache-2.0); Unihan 14.0 kJis0, kGB0, kBigFive (https://www.unicode.org/Public/14.0.0/ucd/Unihan.zip)\n")
    f.write("# as_of: 2026-12-07\n")
    for c, s in pairs:
        f.write(f"{c}{s}\n")
print(len(pairs), "pairs")
