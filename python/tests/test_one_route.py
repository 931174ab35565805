"""One position, one route, from Python too: the positions tests/one_route.rs asks the command
line, the REPL and the playground, asked of the package, each answer compared with a formula or
a brute force written here and its route (a kernel, the search, loopy values) with the one the
library's query floor takes; and, where the command line is built (target/), with
`heapgame eval --format json`'s own outcome, value and route. Also `check`, whose runs are
planned as `heapgame check` plans them."""

import json
import math
import os
import subprocess
from itertools import combinations_with_replacement
from pathlib import Path

import numpy as np
import pytest

import heapgame
from brute import kayles, misere_kayles_p

ROOT = Path(__file__).resolve().parents[2]
WYTHOFF = ROOT / "rulesets" / "classic" / "wythoff.game"
KAYLES = ROOT / "rulesets" / "classic" / "kayles.game"
TAKE_OR_ADD = ROOT / "rulesets" / "classic" / "take-or-add.game"
SUBTRACTION = ROOT / "rulesets" / "classic" / "subtraction.game"


def route_of(route):
    """The route in the command line's JSON words: `kernel NAME`, `search`, `loopy`,
    `quotient`."""
    words = route.replace(",", " ").split()
    if words[0] == "kernel":
        return f"kernel {words[1]}"
    if words[0] == "loopy":
        return "loopy"
    if "quotient" in route and not route.startswith("search"):
        return "quotient"
    return "search"


def said(ruleset, pos):
    """What Python says at `pos`: outcome, value as written, route."""
    e = ruleset.eval(pos)
    return (e.outcome, str(e.grundy), route_of(e.route))


def binary():
    """The command line, when built: $HEAPGAME, else target/release or target/debug."""
    found = os.environ.get("HEAPGAME")
    if found:
        return found
    for profile in ("release", "debug"):
        exe = ROOT / "target" / profile / "heapgame"
        if exe.is_file():
            return str(exe)
    return None


def cli_said(file, pos):
    """`heapgame eval FILE POS --format json` read as one_route.rs reads it."""
    exe = binary()
    if exe is None:
        pytest.skip("the command line is not built (cargo build)")
    args = [exe, "eval", str(file), *map(str, pos), "--format", "json"]
    out = subprocess.run(args, capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    v = json.loads(out.stdout)
    if v.get("loopy") is True:
        route = "loopy"
    elif v.get("method") == "kernel":
        route = f"kernel {v['kernel']}"
    else:
        route = v["method"]
    return (v["outcome"], str(v["grundy"]), route)


def wythoff_p(most):
    """Wythoff's P-positions (floor(n phi), floor(n phi^2)) with the larger heap <= most, by
    the golden ratio (Wythoff 1907), in integers: floor(n phi) = (n + isqrt(5 n^2)) // 2."""
    pairs = set()
    n = 0
    while True:
        a = (n + math.isqrt(5 * n * n)) // 2
        if a + n > most:
            return pairs
        pairs.add((a, a + n))
        n += 1


def test_wythoff_positions_the_kernel_answers_take_the_kernel():
    ps = wythoff_p(2000)
    assert (3, 5) in ps and (4, 7) in ps and (1236, 2000) in ps
    last = max(ps)
    r = heapgame.Ruleset.load(WYTHOFF)
    for pos in [(1500, 2000), last, (4, 6)]:
        outcome, _, route = said(r, pos)
        assert outcome == ("P" if pos in ps else "N"), pos
        assert route.startswith("kernel "), (pos, route)


def test_a_kayles_sum_takes_the_search():
    g = kayles(40)
    r = heapgame.Ruleset.load(KAYLES)
    for pos in [(3, 5, 7), (1, 4, 9), (12, 30, 40)]:
        want = g[pos[0]] ^ g[pos[1]] ^ g[pos[2]]
        assert said(r, pos) == ("P" if want == 0 else "N", str(want), "search"), pos


def misere_kayles_file(tmp_path):
    """kayles.game with `play misere`, as tests/one_route.rs writes it."""
    text = KAYLES.read_text()
    misere = text.replace("heaps any", "play misere\n  heaps any", 1)
    assert misere != text
    path = tmp_path / "misere-kayles.game"
    path.write_text(misere)
    return path


def test_a_misere_kayles_sum_by_the_brute_force(tmp_path):
    r = heapgame.Ruleset.load(misere_kayles_file(tmp_path))
    assert r.play == "misere"
    for pos in [(4, 7), (1, 1, 1), (2, 5, 6), (1, 4, 9)]:
        outcome, _, _ = said(r, pos)
        assert outcome == ("P" if misere_kayles_p(tuple(sorted(pos))) else "N"), pos


def take_or_add(m=12):
    """take-or-add.game (m = 12) by retrograde analysis: P, N or D at each (a, b)."""

    def heap(x):
        out = [x - t for t in (2, 3) if x >= t]
        if x % 4 == 3 and x + 2 <= m:
            out.append(x + 2)
        return out

    def moves(a, b):
        return [(x, b) for x in heap(a)] + [(a, y) for y in heap(b)]

    val = {}
    changed = True
    while changed:
        changed = False
        for a in range(m + 1):
            for b in range(m + 1):
                if (a, b) in val:
                    continue
                to = [val.get(f) for f in moves(a, b)]
                if "P" in to:
                    val[(a, b)] = "N"
                elif all(v == "N" for v in to):
                    val[(a, b)] = "P"
                else:
                    continue
                changed = True
    return lambda a, b: val.get((a, b), "D")


LOOPY = [(7, 7), (7, 0), (0, 0), (9, 4), (5, 11), (3, 7)]


def test_a_loopy_position_takes_the_loopy_route():
    want = take_or_add()
    r = heapgame.Ruleset.load(TAKE_OR_ADD)
    seen = set()
    for a, b in LOOPY:
        outcome, _, route = said(r, (a, b))
        assert outcome == want(a, b), (a, b)
        if outcome == "D":
            assert route == "loopy", (a, b)
        seen.add(outcome)
    assert seen == {"P", "N", "D"}


def test_a_loopy_box_by_smiths_values():
    """A box of a loopy game: its P-positions and its outcomes (2 a draw) as `heapgame solve`
    gives them, by Smith's values, each the retrograde analysis's."""
    want = take_or_add()
    r = heapgame.Ruleset.load(TAKE_OR_ADD)
    ps = r.p_positions(max=12)
    every = [(a, b) for a in range(13) for b in range(13)]
    assert sorted(map(tuple, ps.tolist())) == [p for p in every if want(*p) == "P"]
    code = {"P": 0, "N": 1, "D": 2}
    o = r.solve(max=12, grundy=False)
    assert o.shape == (13, 13)
    assert all(o[a, b] == code[want(a, b)] for a, b in every)
    assert set(np.unique(o)) == {0, 1, 2}
    ps, vs = r.solve(max=12, grundy=False, dense=False)
    assert sorted(zip(map(tuple, ps.tolist()), vs.tolist())) == [(p, code[want(*p)]) for p in every]
    with pytest.raises(heapgame.SolveError):
        r.solve(max=12)  # Grundy values: some are infinite


def test_python_and_the_command_line_answer_alike(tmp_path):
    """The same outcome, value and route as `heapgame eval --format json`."""
    cases = [
        (WYTHOFF, [(1500, 2000), max(wythoff_p(2000)), (10, 20)]),
        (KAYLES, [(3, 5, 7), (12, 30, 40)]),
        (misere_kayles_file(tmp_path), [(4, 7), (2, 5, 6)]),
        (TAKE_OR_ADD, LOOPY),
    ]
    for file, positions in cases:
        r = heapgame.Ruleset.load(file)
        for pos in positions:
            assert said(r, pos) == cli_said(file, pos), (file.name, pos)


def multisets(most, heaps):
    """The positions of at most `heaps` heaps, each 1..most (a box of `heaps any`)."""
    return sum(
        1 for k in range(heaps + 1) for _ in combinations_with_replacement(range(1, most + 1), k)
    )


def test_check_max_is_the_command_lines_max():
    """`max=` replaces each `check` line's largest heap, as `check --max` does: still one run a
    line, each with its parameter values and its line's number of heaps."""
    r = heapgame.Ruleset.load(SUBTRACTION)
    rep = r.check(max=6)
    assert [run.params for run in rep.runs] == [{"S": "{2, 3}"}, {"S": "{1, 3, 4}"}]
    # The lines: `check with S = {2, 3} max 12 heaps 3`, `check max 8 heaps 4`.
    assert [run.positions for run in rep.runs] == [multisets(6, 3), multisets(6, 4)]
    assert rep.holds and rep.complete
    # heaps= too; parameters given make one run with them.
    assert [run.positions for run in r.check(max=5, heaps=2).runs] == [multisets(5, 2)] * 2
    one = r.with_params(S={1, 2}).check(max=4)
    assert [run.params for run in one.runs] == [{"S": "{1, 2}"}]
    assert one.runs[0].positions == multisets(4, 3)


OVER = """ruleset "Nim" {
  heaps any
  move { take 1.. from one heap }
  claim P: xor(heaps) == 0
  check over [a, a] for a in 1..5
}"""


def test_check_over_visits_the_listed_positions():
    rep = heapgame.Ruleset.parse(OVER).check()
    assert len(rep.runs) == 1 and rep.holds
    # (1, 1) .. (5, 5): five positions, not the box that bounds them.
    assert rep.runs[0].positions == 5
    assert rep.runs[0].claims[0].checked == 5
