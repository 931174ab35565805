"""check, quotient, plot, the reprs a notebook shows, and the README's example as it prints."""

import contextlib
import io
import os
import re
from pathlib import Path

import pytest

import heapgame
from brute import misere_kayles_p, wythoff

ROOT = Path(__file__).resolve().parents[2]
CLAIMED = """ruleset "W" {
  heaps 2
  move { take 1.. from one heap }
  move { take same 1.. from both heaps }
  claim P: a == floor((b - a) * phi) where (a, b) = heaps
  claim P: a == b where (a, b) = heaps
  check max 12
}"""


def test_check_reports_each_claim_and_the_smallest_counterexample():
    r = heapgame.Ruleset.parse(CLAIMED, name="w.game")
    rep = r.check()
    assert not rep.holds and rep.complete and len(rep.runs) == 1
    run = rep.runs[0]
    assert run.positions == 13 * 14 // 2 and run.visited <= run.positions
    good, bad = run.claims
    assert (good.line, good.state, good.counterexample) == (5, "ok", None)
    assert good.checked == run.positions
    assert bad.line == 6 and bad.state == "fail"
    # The smallest position (in check's order: fewest tokens first) where "P iff a == b" is wrong, by brute force.
    wrong = [
        (a, b)
        for b in range(13)
        for a in range(b + 1)
        if (wythoff(a, b) == 0) != (a == b)
    ]
    x = bad.counterexample
    assert x.position == min(wrong, key=lambda p: (sum(p), p))
    assert {x.claimed, x.actual} == {"P", "N"} and x.why
    assert rep.failures() == [bad]
    assert "1 failed" in repr(rep) and "<table>" in rep._repr_html_()
    # Another box, with max=.
    assert heapgame.Ruleset.parse(CLAIMED).check(max=3).runs[0].positions == 10


def test_check_runs_each_check_line_with_its_parameters():
    r = heapgame.Ruleset.load(ROOT / "rulesets" / "classic" / "subtraction.game")
    rep = r.check()
    assert rep.holds
    assert [run.params for run in rep.runs] == [{"S": "{2, 3}"}, {"S": "{1, 3, 4}"}]
    # A `when S == {2, 3}` claim does not apply to the other run.
    states = [[c.state for c in run.claims] for run in rep.runs]
    assert states[0] == ["ok", "ok"] and states[1] == ["ok", "n/a"]


def test_plot_draws_svg_and_png(tmp_path):
    r = heapgame.Ruleset.load(ROOT / "rulesets" / "classic" / "wythoff.game")
    p = r.plot(max=20)
    assert p._repr_svg_().startswith("<svg") and "Wythoff" in p.svg
    assert p._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"
    assert repr(p) == "<Picture 'Wythoff, normal play'>"
    p.save(tmp_path / "w.svg")
    p.save(tmp_path / "w.png")
    assert (tmp_path / "w.svg").read_text().startswith("<svg")
    assert (tmp_path / "w.png").read_bytes()[:4] == b"\x89PNG"
    k = heapgame.Ruleset.load(ROOT / "rulesets" / "classic" / "kayles.game")
    assert k.plot(max=50, heaps=1).svg.startswith("<svg")


def test_reprs():
    r = heapgame.Ruleset.load(ROOT / "rulesets" / "classic" / "subtraction.game")
    assert repr(r) == "<Ruleset 'Subtraction game' (S={1, 3, 4}): any number of heaps, normal play>"
    w = heapgame.Ruleset.load(ROOT / "rulesets" / "classic" / "wythoff.game")
    assert repr(w.eval((3, 5))) == "<Evaluation (3, 5): P, grundy 0, winning moves []>"
    e = w.eval((4, 6))
    html = e._repr_html_()
    assert "<table>" in html and "take same 1.. from both heaps" in html
    assert html.count("<tr>") == 1 + len(e.followers)
    assert repr(r.sequence(20)) == (
        "<Sequence 0..20: 0 1 0 1 2 3 2 0 1 0 1 2 3 2 0 1 0 1 2 3 2; period 7 from 0, proven>"
    )
    m = heapgame.Ruleset.parse('ruleset "Nim" { heaps any  move { take 1.. from one heap } }',
                               play="misere")
    g = m.eval((1, 2, 3), genus=True)
    assert g.genus is not None and g.genus in repr(g)


def test_the_readme_example_prints_what_the_readme_shows():
    text = (ROOT / "README.md").read_text()
    section = text[text.index("## From Python") :]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    shown = re.search(r"prints\n\n```text\n(.*?)```", section, re.S).group(1)
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    assert out.getvalue() == shown
    assert len(code.strip().splitlines()) == 5


def test_misere_quotient_of_kayles_against_a_brute_force():
    k = heapgame.Ruleset.load(ROOT / "rulesets" / "classic" / "kayles.game")
    q = k.quotient(12)
    assert q.max == 12 and q.mul.shape == (q.order, q.order) and q.images.shape == (13,)
    assert q.images[0] == 0 and len(q.orders) == 13
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                assert q.is_p((a, b, c)) == misere_kayles_p((a, b, c)), (a, b, c)
    assert "order" in repr(q)
    with pytest.raises(heapgame.RulesetError) as info:
        heapgame.Ruleset.load(ROOT / "rulesets" / "classic" / "wythoff.game").quotient(5)
    assert info.value.code == "heapgame::not_sum"


def test_diff_counts_the_positions_that_differ():
    w = heapgame.Ruleset.load(ROOT / "rulesets" / "classic" / "wythoff.game")
    # In check's order: fewest tokens first, then lexicographically.
    box = sorted(((a, b) for b in range(13) for a in range(b + 1)), key=lambda p: (sum(p), p))
    d = w.diff("nim", 12)
    # Outcomes: Wythoff's P-positions against Nim's (a == b), by brute force.
    differ = [p for p in box if (wythoff(*p) == 0) != (p[0] == p[1])]
    assert (d.positions, d.differences, d.same) == (len(box), len(differ), False)
    assert [x.position for x in d.first] == differ[:10]
    assert all({x.a, x.b} == {"P", "N"} and x.why_a for x in d.first)
    nim2 = heapgame.Ruleset.parse('ruleset "Nim2" { heaps 2  move { take 1.. from one heap } }')
    g = w.diff(nim2, 12, grundy=True, keep=1000)
    differ = [p for p in box if wythoff(*p) != p[0] ^ p[1]]
    assert g.differences == len(differ) and [x.position for x in g.first] == differ
    assert all(int(x.a) == wythoff(*x.position) for x in g.first)
    assert nim2.diff(nim2, 12).same and "the same" in repr(nim2.diff(nim2, 5))
    with pytest.raises(heapgame.RulesetError) as info:
        w.diff("nope", 5)
    assert info.value.code == "heapgame::formula"
    with pytest.raises(TypeError):
        w.diff(3, 5)
