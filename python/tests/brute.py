"""Plain brute forces written from the games' rules, independent of heapgame: the mex of the
followers' values, recursively, memoized with functools."""

from functools import lru_cache
from itertools import product


def mex(values):
    s = set(values)
    n = 0
    while n in s:
        n += 1
    return n


@lru_cache(maxsize=None)
def wythoff(a, b):
    """Wythoff: take any positive amount from one heap, or the same from both."""
    opts = [wythoff(a - t, b) for t in range(1, a + 1)]
    opts += [wythoff(a, b - t) for t in range(1, b + 1)]
    opts += [wythoff(a - t, b - t) for t in range(1, min(a, b) + 1)]
    return mex(opts)


def subtraction(subset, n_max):
    """One heap of the subtraction game with set `subset`: values of heaps 0..n_max."""
    g = []
    for n in range(n_max + 1):
        g.append(mex(g[n - s] for s in subset if s <= n))
    return g


def kayles(n_max):
    """One heap of Kayles: knock down one pin or two adjacent ones, which may split the row
    in two: values of heaps 0..n_max."""
    g = []
    for n in range(n_max + 1):
        opts = set()
        for take in (1, 2):
            rest = n - take
            if rest < 0:
                continue
            for left in range(rest + 1):
                opts.add(g[left] ^ g[rest - left])
        g.append(mex(opts))
    return g


def nim(heaps):
    x = 0
    for h in heaps:
        x ^= h
    return x


def positions(max_heap, k):
    return product(range(max_heap + 1), repeat=k)


@lru_cache(maxsize=None)
def misere_kayles_p(heaps):
    """Misère Kayles on a sorted tuple of heaps: P when every move leads to an N-position;
    the player who cannot move wins, so the empty position is N."""
    if not any(heaps):
        return False
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        for take in (1, 2):
            left_over = h - take
            if left_over < 0:
                continue
            for left in range(left_over + 1):
                follower = tuple(sorted(rest + (left, left_over - left)))
                if misere_kayles_p(follower):
                    return False
    return True
