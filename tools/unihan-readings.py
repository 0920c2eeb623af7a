#!/usr/bin/env python3
"""Writes bot-core/src/lexicon/pinyin_readings.tsv: the toneless Mandarin reading of each
character of the lexicon's homophone key words (lexicon::homophones::keys) and of every
common character (GB 2312 level 1), from the Unicode Unihan database. Every level-1 character
is written (not only those that read exactly alike): the reader also takes the fuzzy-pinyin
pairs of an input method (in/ing, z/zh), and a key word added later needs no new run.

    python3 tools/unihan-readings.py <dir with Unihan_Readings.txt, Unihan_OtherMappings.txt> KEYCHARS

KEYCHARS: the key words' characters, e.g. 提醒通知告诉帮我挑选忙给替.
kMandarin is the reading an input method offers first; tones are dropped because a pinyin
input method is typed without them (跳 tiào and 挑 tiāo are one key sequence)."""
import sys, unicodedata, re
import unihan  # tools/unihan.py, beside this script

src, keys = sys.argv[1], sys.argv[2]
def rows(name, field):
    return unihan.rows(src, name, field)

def toneless(p):
    p = unicodedata.normalize("NFD", p)
    return "".join(c for c in p if not unicodedata.combining(c)).replace("ü", "v")

mandarin = {c: [toneless(r) for r in v.split()] for c, v in rows("Unihan_Readings.txt", "kMandarin").items()}
gb = rows("Unihan_OtherMappings.txt", "kGB0")
level1 = {c for c, v in gb.items() if 16 <= int(v[:2]) <= 55}
chars = set(keys) | {c for c in level1 if c in mandarin}
version = re.search(r"Unicode version: (\S+)", open(f"{src}/Unihan_Readings.txt", encoding="utf-8").read()).group(1)
print(f"# Toneless Mandarin readings (Unihan kMandarin, Unicode {version}) of the characters of")
print("# lexicon::homophones' key words and of every GB 2312 level-1 character.")
print(f"# source: https://www.unicode.org/Public/{version}/ucd/Unihan.zip (Unihan_Readings.txt kMandarin,")
print("#   Unihan_OtherMappings.txt kGB0), written by tools/unihan-readings.py")
print("# as_of: 2021-08-06 (the Unihan file's date)")
for c in sorted(chars, key=lambda c: (mandarin[c][0], ord(c))):
    print(f"{c}\t{' '.join(mandarin[c])}")
