#!/usr/bin/env python3
"""Compares two outputs of `bench_report --runs R` or `elementwise_report
--runs R` ratio by ratio: the run-set medians ("median of R runs" table) of
every case and peer column, flagging those more than 15% apart.

    python3 benches/tools/compare_reports.py first.txt second.txt [-v]

-v prints every pair, not just the flagged ones. Exit status 0 either way.
"""
import re
import sys


def medians(path):
    """(case, column) -> median ratio of the last table of `path`."""
    text = open(path, encoding="utf-8").read()
    start = text.rfind("median of ")
    if start < 0:
        sys.exit(f"{path}: no 'median of R runs' table (run with --runs R)")
    out, header = {}, None
    for line in text[start:].splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] == "case":
            header = cells
            continue
        if header is None or set(cells[0]) <= set("-: "):
            continue
        for name, cell in zip(header, cells):
            m = re.match(r"([0-9.]+)x", cell)
            if name.startswith("vs ") and m:
                out[(cells[0], name)] = float(m.group(1))
    return out


def main():
    args = [a for a in sys.argv[1:] if a != "-v"]
    if len(args) != 2:
        sys.exit(__doc__)
    a, b = medians(args[0]), medians(args[1])
    common = [k for k in a if k in b]
    flagged = 0
    for k in common:
        change = b[k] / a[k] - 1
        far = abs(change) > 0.15
        flagged += far
        if far or "-v" in sys.argv:
            mark = "!!" if far else "  "
            print(f"{mark} {k[0]:46} {k[1]:15} {a[k]:7.2f} -> {b[k]:7.2f} ({change:+.0%})")
    print(f"{len(common)} ratios compared, {flagged} more than 15% apart")


if __name__ == "__main__":
    main()
