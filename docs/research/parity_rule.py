#!/usr/bin/env python3
"""Asks whether the outcome of a game on a fixed number of heaps is a function of the parities
of its sorted heaps, over the box of every heap <= MAX (`Ruleset.solve(..., dense=False)`).

Usage: docs/research/parity_rule.py MAX FILE [-p NAME=VALUE ...]
(with the Python package: pip install ./python)
Prints either the sorted parity patterns (0 even, 1 odd, smallest heap first) of the
P-positions, each seen only at P-positions, or the first two positions in lexicographic order
(as `heapgame solve` lists them) that share a pattern and differ in outcome. Exit status 0 in the first case, 1 in the second.
Used in docs/papers.md, "Beyond the papers", for Bhowmik et al.'s ({1}, T)_k games.
"""
import sys
import time

import heapgame
import numpy


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    top, path, params = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    given = [p for p in params if p != "-p"]
    if any("=" not in p for p in given) or len(given) * 2 != len(params):
        raise SystemExit(__doc__)
    start = time.time()
    game = heapgame.Ruleset.load(path, dict(p.split("=", 1) for p in given))
    positions, values = game.solve(top, grundy=False, dense=False)
    # The box comes in rank order; the first column first, as `heapgame solve` lists it.
    order = numpy.lexsort(positions.T[::-1])
    seen = {}
    for heaps, v in zip(map(tuple, positions[order].tolist()), values[order].tolist()):
        outcome = "P" if v == 0 else "N"
        key = tuple(h % 2 for h in sorted(heaps))
        if key in seen and seen[key][1] != outcome:
            other = seen[key]
            print(f"{path} {' '.join(params)}, every heap <= {top}: not a parity rule: "
                  f"{other[0]} is {other[1]}, {heaps} is {outcome} "
                  f"(pattern {''.join(map(str, key))}; {time.time() - start:.1f} s)")
            sys.exit(1)
        seen.setdefault(key, (heaps, outcome))
    ps = sorted("".join(map(str, k)) for k, (_, o) in seen.items() if o == "P")
    print(f"{path} {' '.join(params)}, every heap <= {top} ({len(values)} positions): P exactly "
          f"at the sorted parity patterns {', '.join(ps)} ({time.time() - start:.1f} s)")


main()
