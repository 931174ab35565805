#!/usr/bin/env python3
"""Checks Propp's pattern for the cookie game's staircase 1 2 ... n (A New Take-Away Game,
Table 2): for n = 0 mod 3 the position is P; for n = 1 mod 3 the winning components are
1, ..., 2(n-1)/3; for n = 2 mod 3 they are 2(n+1)/3, ..., n (n > 1). The paper verified it up
to n = 26.

Usage: docs/research/propp_staircase.py FIRST LAST  (with the Python package: pip install ./python)
It evaluates 1 2 ... n of rulesets/propp/cookie.game (`Ruleset.eval`) for each n and reads the winning components back from the winning moves: deleting component k of 1 ... n and
lowering the others by one leaves 1 ... k-2, k ... n-1 (the zero vanishes), a different
follower for every k.
"""
import sys
import time

import heapgame


def follower_of(n, k):
    return list(range(1, k - 1)) + list(range(k, n))


def predicted(n):
    if n % 3 == 0:
        return []
    if n % 3 == 1:
        return list(range(1, 2 * (n - 1) // 3 + 1))
    return list(range(2 * (n + 1) // 3, n + 1))


def main():
    first, last = int(sys.argv[1]), int(sys.argv[2])
    game = heapgame.Ruleset.load("rulesets/propp/cookie.game")
    ok = True
    for n in range(first, last + 1):
        t = time.time()
        r = game.eval(tuple(range(1, n + 1)), followers=False)
        wins = sorted(r.winning_moves)
        comps = [k for k in range(1, n + 1) if tuple(follower_of(n, k)) in wins]
        if len(comps) != len(wins):
            raise SystemExit(f"n = {n}: a winning move that deletes no single component")
        good = n == 1 or comps == predicted(n)
        ok &= good
        print(f"n = {n}: {r.outcome}, winning components {comps or 'none'}: "
              f"{'as Propp predicts' if good else 'DIFFERS from ' + str(predicted(n))} "
              f"({time.time() - t:.1f} s)", flush=True)
    sys.exit(0 if ok else 1)


main()
