#!/usr/bin/env python3
"""Command-only share of a probe_tsv run (issue 26's second figure).

Reads the output of
  UNDERSTAND_PROBE_TSV=FILE cargo test -p bot-core --test suite probe_tsv -- --ignored --nocapture
on stdin (or a file given as the first argument) and prints, beside the probe's whole-first-line
count, how many rows are right by command alone: a miss counts as right by command when the
reading's first word equals the label's first word (a command reading: one line), or when both
are ask-backs (the reading offers two or more lines and the label starts `ask:`). A reading with
no line ("I didn't catch …") is wrong either way.

A third figure counts the way questions-examples.tsv labels rows (the command alone): a miss is
right when every line of the reading is of the label's command (an ask-back between two /fit
lines is /fit; one between /fit and /pick is no command); a label `ask:/fit …` counts as /fit.
"""

import ast
import re
import sys

MISS = re.compile(r"^(?P<name>[^:]+): (?P<q>.*) → (?P<lines>\[.*\]) \(expected (?P<e>.*)\)$")
TOTAL = re.compile(r"^(?P<name>[^:]+): (?P<right>\d+) of (?P<total>\d+) read as the expected")


def main() -> None:
    text = open(sys.argv[1], encoding="utf-8").read() if len(sys.argv) > 1 else sys.stdin.read()
    right = total = None
    by_command = 0
    examples_way = 0
    for line in text.splitlines():
        if m := TOTAL.match(line):
            right, total = int(m["right"]), int(m["total"])
            continue
        m = MISS.match(line)
        if not m:
            continue
        lines = ast.literal_eval(m["lines"])
        expected = m["e"]
        command = expected.removeprefix("ask:").split()[0]
        examples_way += bool(lines) and all(l.split()[0] == command for l in lines)
        if expected.startswith("ask:"):
            by_command += len(lines) >= 2
        elif len(lines) == 1:
            by_command += lines[0].split()[0] == expected.split()[0]
    if total is None:
        sys.exit("no probe total found: run probe_tsv with --nocapture")
    whole = right
    command = right + by_command
    print(f"whole first line: {whole}/{total} ({whole * 100 / total:.1f}%)")
    print(f"command only:     {command}/{total} ({command * 100 / total:.1f}%)")
    share = right + examples_way
    print(f"command only, examples-file way: {share}/{total} ({share * 100 / total:.1f}%)")


if __name__ == "__main__":
    main()
