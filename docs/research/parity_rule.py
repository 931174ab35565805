#!/usr/bin/env python3
"""Asks whether the outcome of a game on a fixed number of heaps is a function of the parities
of its sorted heaps, over the box of every heap <= MAX, from `heapgame solve --format csv`.

Usage: docs/research/parity_rule.py MAX HEAPGAME FILE [-p NAME=VALUE ...]
Prints either the sorted parity patterns (0 even, 1 odd, smallest heap first) of the
P-positions, each seen only at P-positions, or the first two positions in the solver's order
that share a pattern and differ in outcome. Exit status 0 in the first case, 1 in the second.
Used in docs/papers.md, "Beyond the papers", for Bhowmik et al.'s ({1}, T)_k games.
"""
import csv
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 4:
        raise SystemExit(__doc__)
    top, exe, path, params = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
    start = time.time()
    out = subprocess.run([exe, "solve", path, *params, "--max", str(top), "--format", "csv"],
                         capture_output=True, text=True, check=True).stdout
    rows = list(csv.reader(out.splitlines()))[1:]
    seen = {}
    for row in rows:
        heaps, outcome = tuple(map(int, row[:-1])), row[-1]
        key = tuple(h % 2 for h in sorted(heaps))
        if key in seen and seen[key][1] != outcome:
            other = seen[key]
            print(f"{path} {' '.join(params)}, every heap <= {top}: not a parity rule: "
                  f"{other[0]} is {other[1]}, {heaps} is {outcome} "
                  f"(pattern {''.join(map(str, key))}; {time.time() - start:.1f} s)")
            sys.exit(1)
        seen.setdefault(key, (heaps, outcome))
    ps = sorted("".join(map(str, k)) for k, (_, o) in seen.items() if o == "P")
    print(f"{path} {' '.join(params)}, every heap <= {top} ({len(rows)} positions): P exactly "
          f"at the sorted parity patterns {', '.join(ps)} ({time.time() - start:.1f} s)")


main()
