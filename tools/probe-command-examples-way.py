#!/usr/bin/env python3
"""Command-only share of a probe_tsv run, counted the way questions-examples.tsv labels rows.

The examples file's expected column is the command alone, so a row is right when the command of
the answer's first line is the label's command: for a reading of one line, its first word; for
an ask-back, when every choice it offers is a line of the labelled command (an ask-back between
two /fit lines is /fit; one between /fit and /pick is no command). A label `ask:/fit …` counts as
/fit. A reading with no line is wrong. Rows read as their whole expected line are right.

  python3 tools/probe-command-examples-way.py PROBE_OUTPUT
"""

import ast
import re
import sys

MISS = re.compile(r"^(?P<name>[^:]+): (?P<q>.*) → (?P<lines>\[.*\]) \(expected (?P<e>.*)\)$")
TOTAL = re.compile(r"^(?P<name>[^:]+): (?P<right>\d+) of (?P<total>\d+) read as the expected")


def main() -> None:
    text = open(sys.argv[1], encoding="utf-8").read() if len(sys.argv) > 1 else sys.stdin.read()
    right = total = None
    extra = 0
    for line in text.splitlines():
        if m := TOTAL.match(line):
            right, total = int(m["right"]), int(m["total"])
            continue
        m = MISS.match(line)
        if not m:
            continue
        lines = ast.literal_eval(m["lines"])
        command = m["e"].removeprefix("ask:").split()[0]
        extra += bool(lines) and all(l.split()[0] == command for l in lines)
    if total is None:
        sys.exit("no probe total found: run probe_tsv with --nocapture")
    share = right + extra
    print(f"command only, examples-file way: {share}/{total} ({share * 100 / total:.1f}%)")


if __name__ == "__main__":
    main()
