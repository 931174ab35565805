#!/usr/bin/env python3
"""Grundy values of Fraenkel and Zusman's game on k = 3 heaps (A New Heap Game: take from up to
two heaps, or the same amount from all three), which the paper calls "perhaps difficult".

Usage: docs/research/fz_grundy.py MAX  (with the Python package: pip install ./python)
Solves every position m0 <= m1 <= m2 <= MAX (`Ruleset.solve(..., dense=False)`) and compares g with the token count m0 + m1 + m2. (Every move removes tokens, so g <= m0 + m1 + m2
always, by induction.) It prints, for each n with T_n = n(n+1)/2 <= m0 < T_(n+1) (the n of the
P-positions, Theorem 1), the positions where g < m0 + m1 + m2 ("exceptions"): how many, the
largest excess e = m1 + m2 - 2 m0 among them, and whether every exception has e <= 2n - 1
(the conjecture: g = m0 + m1 + m2 whenever m1 + m2 >= 2 m0 + 2n; exit status 1 if a position
of the box breaks it). A row is marked partial when the box may cut its exceptions off
(m2 <= m0 + e, so T_(n+1) - 1 + 2n - 1 > MAX).
"""
import math
import sys
import time

import heapgame


def tri_index(m):
    return (math.isqrt(8 * m + 1) - 1) // 2


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    top = int(sys.argv[1])
    start = time.time()
    game = heapgame.Ruleset.load("rulesets/fraenkel-zusman/fraenkel-zusman.game", {"k": 3})
    positions, values = game.solve(top, dense=False)
    rows = zip(positions.tolist(), values.tolist())
    stats = {}
    bad = []
    for (m0, m1, m2), g in rows:
        total = m0 + m1 + m2
        if g > total:
            raise SystemExit(f"g({m0}, {m1}, {m2}) = {g} > its token count")
        if g == total:
            continue
        n = tri_index(m0)
        e = m1 + m2 - 2 * m0
        count, most, first = stats.get(n, (0, -1, None))
        stats[n] = (count + 1, max(most, e), first or (m0, m1, m2, g))
        if e > 2 * n - 1:
            bad.append((m0, m1, m2, g))
    print(f"k = 3, every heap <= {top}: {len(values)} positions, "
          f"{sum(c for c, _, _ in stats.values())} with g < m0 + m1 + m2 "
          f"({time.time() - start:.1f} s)")
    print("n  m0-range  exceptions  largest-excess  first-exception(m0 m1 m2: g)")
    for n in sorted(stats):
        count, most, (a, b, c, g) = stats[n]
        lo, hi = n * (n + 1) // 2, (n + 1) * (n + 2) // 2 - 1
        partial = " partial" if hi + 2 * n - 1 > top else ""
        print(f"{n:2} {lo}-{hi}  {count}  {most}  {a} {b} {c}: {g}{partial}")
    if bad:
        print(f"CONJECTURE BROKEN at {len(bad)} positions, first {bad[0]}")
        sys.exit(1)
    print("every exception has m1 + m2 - 2 m0 <= 2n - 1")


main()
