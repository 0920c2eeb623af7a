#!/usr/bin/env python3
"""Regenerates docs/pick-transcripts.md: replays every `printf '…' | gpuscout chat --lang xx`
line in it through the binary (GPUSCOUT_TODAY pinned, as the header says) and replaces the
text block under it. tests/e2e/transcripts.rs fails when the document and the bot disagree.

usage: cargo build && python3 docs/regenerate-transcripts.py [path/to/gpuscout]"""
import os, re, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "target", "debug", "gpuscout")
doc_path = os.path.join(root, "docs", "pick-transcripts.md")
doc = open(doc_path, encoding="utf-8").read()
pattern = re.compile(r"(`printf '([^']*)' \| gpuscout chat --lang (\w+)`\n\n```text\n)(.*?)(```)", re.S)


def replay(match):
    stdin = match.group(2).encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, GPUSCOUT_TODAY="2026-11-30", LANG="C")
        env.pop("GPUSCOUT_CATALOG_DIR", None)
        out = subprocess.run(
            [binary, "--data-dir", data, "chat", "--lang", match.group(3)],
            input=stdin.encode("utf-8"), capture_output=True, env=env, check=True,
        ).stdout.decode("utf-8")
    return match.group(1) + out.strip() + "\n" + match.group(5)


new, count = pattern.subn(replay, doc)
open(doc_path, "w", encoding="utf-8").write(new)
print(f"regenerated {count} transcripts")
