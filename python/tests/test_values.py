"""Values against the brute forces of brute.py, and the arrays' shapes and dtypes."""

import numpy as np
import pytest

import heapgame
from brute import kayles, mex, nim, positions, subtraction, wythoff

NIM = 'ruleset "Nim" { heaps any  move { take 1.. from one heap } }'


def test_nim_eval_is_the_nim_sum():
    r = heapgame.Ruleset.parse(NIM)
    for pos in positions(5, 3):
        e = r.eval(pos)
        assert e.grundy == nim(pos), pos
        assert e.outcome == ("P" if nim(pos) == 0 else "N")
        # Every follower with its value, and the winning moves are the P-followers.
        canon = [tuple(sorted(h for h in p if h)) for p in followers_of_nim(pos)]
        assert sorted({f.position for f in e.followers}) == sorted(set(canon))
        assert all(f.grundy == nim(f.position) for f in e.followers)
        assert all(f.move == "take 1.. from one heap" for f in e.followers)
        assert sorted(e.winning_moves) == sorted({p for p in canon if nim(p) == 0})


def followers_of_nim(pos):
    for i, h in enumerate(pos):
        for t in range(1, h + 1):
            yield pos[:i] + (h - t,) + pos[i + 1 :]


def test_nim_solve_dense_pads_fewer_heaps_and_fills_every_order():
    r = heapgame.Ruleset.parse(NIM)
    a = r.solve(max=7, heaps=3)
    assert a.shape == (8, 8, 8) and a.dtype == np.uint32
    for pos in positions(7, 3):
        assert a[pos] == nim(pos), pos


def test_wythoff_against_the_brute_force(rulesets):
    r = heapgame.Ruleset.load(rulesets / "classic" / "wythoff.game")
    a = r.solve(max=25)
    assert a.shape == (26, 26) and a.dtype == np.uint32
    for x, y in positions(25, 2):
        assert a[x, y] == wythoff(x, y), (x, y)
    o = r.solve(max=25, grundy=False)
    assert o.dtype == np.uint32
    assert ((o == 0) == (a == 0)).all() and set(np.unique(o)) == {0, 1}
    ps = r.p_positions(max=25)
    assert ps.dtype == np.uint32 and ps.shape[1] == 2
    want = sorted((x, y) for x, y in positions(25, 2) if x <= y and wythoff(x, y) == 0)
    assert sorted(map(tuple, ps.tolist())) == want
    e = r.eval((4, 7))
    assert e.outcome == "P" and e.grundy == 0 and e.winning_moves == []
    e = r.eval("5 9")
    assert e.grundy == wythoff(5, 9)
    assert sorted(e.winning_moves) == sorted(
        f.position for f in e.followers if wythoff(*f.position) == 0
    )
    words = {f.position: f.move for f in e.followers}
    assert words[(3, 7)] == "take same 1.. from both heaps"
    assert words[(5, 7)] == "take 1.. from one heap"


def test_solve_listed_positions_and_values(rulesets):
    r = heapgame.Ruleset.load(rulesets / "classic" / "wythoff.game")
    ps, vs = r.solve(max=12, dense=False)
    assert ps.shape == (13 * 14 // 2, 2) and vs.shape == (13 * 14 // 2,)
    assert ps.dtype == np.uint32 and vs.dtype == np.uint32
    assert sorted(map(tuple, ps.tolist())) == sorted(
        (x, y) for x, y in positions(12, 2) if x <= y
    )
    for (x, y), v in zip(ps.tolist(), vs.tolist()):
        assert v == wythoff(x, y)


def test_subtraction_sequence_and_parameters(rulesets):
    r = heapgame.Ruleset.load(rulesets / "classic" / "subtraction.game")
    assert r.params == {"S": "{1, 3, 4}"}
    s = r.sequence(60)
    assert s.values.dtype == np.uint32 and s.values.shape == (61,)
    assert s.values.tolist() == subtraction({1, 3, 4}, 60)
    # A finite subtraction set: periodic, proven; {1, 3, 4} has period 7 (0 1 0 1 2 3 2).
    assert (s.period, s.preperiod, s.saltus, s.proven) == (7, 0, 0, True)
    for subset in ({2, 3}, {1, 2, 5}, {3, 5, 7}):
        q = r.with_params(S=subset)
        assert q.sequence(80).values.tolist() == subtraction(subset, 80), subset
    assert r.with_params({"S": {2, 3}}).params == {"S": "{2, 3}"}
    # with_params leaves the original alone.
    assert r.sequence(10).values.tolist() == subtraction({1, 3, 4}, 10)


def test_kayles_sequence_sums_and_the_period(rulesets):
    r = heapgame.Ruleset.load(rulesets / "classic" / "kayles.game")
    g = kayles(200)
    s = r.sequence(200)
    assert s.values.tolist() == g
    # Guy and Smith: from heap 71 on the values have period 12.
    assert (s.period, s.preperiod) == (12, 71)
    a = r.solve(max=20, heaps=2)
    for x, y in positions(20, 2):
        assert a[x, y] == g[x] ^ g[y]
    assert r.eval((5, 9, 13)).grundy == g[5] ^ g[9] ^ g[13]
    ps = r.p_positions(max=10, heaps=2)
    want = sorted((x, y) for x, y in positions(10, 2) if x <= y and g[x] == g[y])
    assert sorted(map(tuple, ps.tolist())) == want


def test_misere_nim_values():
    r = heapgame.Ruleset.parse(NIM, play="misere")
    assert r.play == "misere"
    # Misère nim: P exactly when every heap is at most 1 and the nim-sum is 1, or some heap
    # is larger and the nim-sum is 0 (Bouton).
    for pos in positions(4, 3):
        small = all(h <= 1 for h in pos)
        p = (nim(pos) == 1) if small else (nim(pos) == 0)
        assert r.outcome(pos) == ("P" if p else "N"), pos
    assert r.with_play("normal").play == "normal"


def test_named_heaps_and_excluded_positions(rulesets):
    # Take-or-add: heaps (a, b) named, `positions where a <= m and b <= m`; loopy.
    r = heapgame.Ruleset.load(rulesets / "classic" / "take-or-add.game", {"m": 6})
    assert r.names == ["a", "b"] and r.heaps == 2
    with pytest.raises(heapgame.SolveError):
        r.solve(max=8)  # loopy: no Grundy value for every position
    e = r.eval((0, 1))
    assert e.outcome == "P" and e.grundy == 0


def test_lower_bound_cells_are_not_positions():
    r = heapgame.Ruleset.parse(
        'ruleset "From two" { heaps 2  positions where heaps[0] >= 2 and heaps[1] >= 2 '
        " move { take 1.. from one heap h where h >= 3 } }"
    )
    a = r.solve(max=6)
    assert a.shape == (7, 7)
    for x, y in positions(6, 2):
        if x < 2 or y < 2:
            assert a[x, y] == heapgame.NOT_A_POSITION
        else:
            assert a[x, y] == ((x - 2) ^ (y - 2)), (x, y)


def test_moves_in_words(rulesets):
    r = heapgame.Ruleset.load(rulesets / "classic" / "wythoff.game")
    ms = r.moves((1, 2))
    got = {m.position: m.move for m in ms}
    assert set(got) == {(0, 1), (0, 2), (1, 1)}
    assert got[(0, 2)] == "take 1.. from one heap"
    assert got[(1, 1)] == "take 1.. from one heap"
    # (0, 1) is reached by both clauses; the first in the file is named.
    assert got[(0, 1)] == "take 1.. from one heap"
    assert r.canonical((5, 2)) == (2, 5)


def test_named_heaps_dense_and_listed():
    # Named heaps keep their order; `positions where` leaves cells out of the game.
    r = heapgame.Ruleset.parse(
        'ruleset "Named" { heaps (a, b)  positions where a != 3 '
        " move { take 1.. from one heap } }"
    )
    g = {}
    for a in range(9):
        for b in range(9):
            if a == 3:
                continue
            opts = [g[(x, b)] for x in range(a) if x != 3] + [g[(a, y)] for y in range(b)]
            g[(a, b)] = mex(opts)
    d = r.solve(max=8)
    assert d.shape == (9, 9)
    for a in range(9):
        for b in range(9):
            want = heapgame.NOT_A_POSITION if a == 3 else g[(a, b)]
            assert d[a, b] == want, (a, b)
    ps, vs = r.solve(max=8, dense=False)
    assert sorted(zip(map(tuple, ps.tolist()), vs.tolist())) == sorted(g.items())
    # Without `positions where`: the table's own order is the array's.
    n = heapgame.Ruleset.parse('ruleset "N" { heaps (a, b)  move { take 1.. from one heap } }')
    assert (n.solve(max=9) == np.bitwise_xor.outer(np.arange(10), np.arange(10))).all()
