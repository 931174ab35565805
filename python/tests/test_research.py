"""The research scripts of docs/research/ (Python, driving the package) run at small bounds,
their printed results compared with plain brute forces written here and with the papers' own
statements. (They were run by the Rust tests when they drove the binary.)"""

import subprocess
import sys
from functools import lru_cache
from itertools import combinations_with_replacement
from pathlib import Path

import heapgame
from brute import mex

ROOT = Path(__file__).resolve().parents[2]


def script(*args):
    out = subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    return out.returncode == 0, out.stdout + out.stderr


@lru_cache(maxsize=None)
def fz(p):
    """Fraenkel and Zusman's game on three heaps (sorted): take a positive number from one
    heap, or from two (the first amount positive), or the same positive number from all
    three."""
    seen = set()
    for i in range(3):
        for j in range(i, 3):
            for x in range(1, p[i] + 1):
                for y in range(0, (p[j] if i != j else 0) + 1):
                    q = list(p)
                    q[i] -= x
                    q[j] -= y
                    seen.add(fz(tuple(sorted(q))))
    for t in range(1, min(p) + 1):
        seen.add(fz(tuple(h - t for h in p)))
    return mex(seen)


def test_fz_grundy_script_against_brute_force_and_theorem_1():
    top = 12
    exceptions = 0
    for a, b, c in combinations_with_replacement(range(top + 1), 3):
        g = fz((a, b, c))
        total = a + b + c
        assert g <= total
        # Theorem 1 (k = 3): P iff a = T_n and b + c = 2 T_n + n.
        n = max(m for m in range(a + 2) if m * (m + 1) // 2 <= a)
        assert (g == 0) == (n * (n + 1) // 2 == a and b + c == 2 * a + n), (a, b, c)
        if g < total:
            exceptions += 1
            assert b + c - 2 * a < 2 * n, ("the conjecture", a, b, c)
    ok, out = script("docs/research/fz_grundy.py", str(top))
    assert ok, out
    assert f"455 positions, {exceptions} with g < m0 + m1 + m2" in out, out
    assert "every exception has m1 + m2 - 2 m0 <= 2n - 1" in out, out


@lru_cache(maxsize=None)
def roses(p):
    """({1}, {1, 2})_k, Princess and Roses (a sorted tuple): remove one token from one pile or
    from each of two; True for a P-position."""
    for i in range(len(p)):
        for j in range(i, len(p)):
            if p[i] == 0 or p[j] == 0:
                continue
            q = list(p)
            q[i] -= 1
            if j != i:
                q[j] -= 1
            if roses(tuple(sorted(q))):
                return False
    return True


def test_parity_rule_script_on_princess_and_roses():
    # Five piles, heaps <= 7: P exactly at the sorted parities 00000, 00111, 11001, 11110.
    for p in combinations_with_replacement(range(8), 5):
        parities = "".join(str(h % 2) for h in p)
        assert roses(p) == (parities in ("00000", "00111", "11001", "11110")), p
    game = "rulesets/bhowmik/princess-and-roses.game"
    ok, out = script("docs/research/parity_rule.py", "7", game, "-p", "k=5")
    assert ok, out
    assert "P exactly at the sorted parity patterns 00000, 00111, 11001, 11110" in out, out
    # Four piles: the paper's rule (all even, or three odd and the smallest even).
    ok, out = script("docs/research/parity_rule.py", "7", game, "-p", "k=4")
    assert ok and "patterns 0000, 0111 " in out, out
    # Six piles: no parity rule; the pair the script names, by brute force.
    assert roses((1, 1, 1, 1, 1, 1)) and not roses((1, 1, 1, 1, 1, 3))
    ok, out = script("docs/research/parity_rule.py", "6", game, "-p", "k=6")
    assert not ok
    assert "(1, 1, 1, 1, 1, 1) is P, (1, 1, 1, 1, 1, 3) is N" in out, out
    # The research ruleset's claim states the same rule.
    rep = heapgame.Ruleset.load(ROOT / "docs" / "research" / "princess-roses-5.game").check(max=7)
    assert rep.holds and rep.complete


@lru_cache(maxsize=None)
def cookie(p):
    """The cookie game by its rules (a tuple of heaps): remove one heap, lower the others by
    one (a heap of 1 vanishes)."""
    seen = set()
    for i in range(len(p)):
        seen.add(cookie(tuple(h - 1 for j, h in enumerate(p) if j != i and h > 1)))
    return mex(seen)


def test_propp_staircase_script_against_brute_force():
    ok, out = script("docs/research/propp_staircase.py", "1", "9")
    assert ok, out
    for n in range(1, 10):
        p = tuple(range(1, n + 1))
        wins = [k for k in p if cookie(tuple(h - 1 for h in p if h != k and h > 1)) == 0]
        shown = str(wins) if wins else "none"
        outcome = "N" if wins else "P"
        assert f"n = {n}: {outcome}, winning components {shown}:" in out, (n, out)
