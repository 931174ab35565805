"""Every exception class, with its data and its report; limits; Ctrl-C; panics never reach
the interpreter as a crash."""

import pickle
import signal
import threading

import pytest

import heapgame
from brute import wythoff

NIM = 'ruleset "Nim" { heaps any  move { take 1.. from one heap } }'
# Wythoff with a third move (one the first already makes): no compiled kernel, the memoized search; a position of
# thousands of heaps has millions of followers' followers, far beyond any test's time.
SLOW = (
    'ruleset "Slow" { heaps 2  move { take 1.. from one heap }'
    "  move { take same 1.. from both heaps }"
    "  move { take 2 from one heap h where h mod 5 == 3 } }"
)


def test_a_parse_error_points_into_the_text():
    text = 'ruleset "x" {\n  heaps 2\n  move { tak 1 }\n}'
    with pytest.raises(heapgame.RulesetError) as info:
        heapgame.Ruleset.parse(text, name="x.game")
    e = info.value
    assert isinstance(e, ValueError) and isinstance(e, heapgame.HeapgameError)
    assert e.code == "heapgame::parse"
    assert (e.line, e.column) == (3, 10)
    assert text.splitlines()[e.line - 1][e.column - 1 :].startswith("tak")
    assert "found `tak`" in e.message
    # str is the command line's report: the code, the message, the place, the help.
    s = str(e)
    assert "heapgame::parse" in s and "x.game:3:10" in s and "move { tak 1 }" in s
    assert e.diagnostics[0].source == "x.game"
    assert repr(e).startswith("RulesetError(code='heapgame::parse'")


def test_every_problem_of_a_text_is_listed():
    text = 'ruleset "x" {\n  heaps 2\n  let a = b\n  let c = d\n  move { take 1.. from one heap }\n}'
    with pytest.raises(heapgame.RulesetError) as info:
        heapgame.Ruleset.parse(text)
    e = info.value
    assert [d.line for d in e.diagnostics] == [3, 4]
    assert {d.code for d in e.diagnostics} == {"heapgame::unknown_name"}


def test_parameters_positions_files_and_play(rulesets):
    sub = heapgame.Ruleset.load(rulesets / "classic" / "subtraction.game")
    with pytest.raises(heapgame.RulesetError) as info:
        sub.with_params(T=3)
    assert info.value.code == "heapgame::unknown_param"
    with pytest.raises(heapgame.RulesetError) as info:
        sub.with_params(S="{1, 2")
    assert info.value.code == "heapgame::bad_param"
    w = heapgame.Ruleset.load(rulesets / "classic" / "wythoff.game")
    with pytest.raises(heapgame.RulesetError) as info:
        w.eval((1, 2, 3))
    assert info.value.code == "heapgame::position"
    with pytest.raises(heapgame.RulesetError) as info:
        w.eval((3, -1))
    e = info.value
    assert e.code == "heapgame::position" and e.diagnostics[0].source == "position"
    assert (e.line, e.column) == (1, 5)  # `-1` in `(3, -1)`
    with pytest.raises(heapgame.RulesetError) as info:
        w.eval("3 x")
    assert info.value.code == "heapgame::position"
    with pytest.raises(heapgame.RulesetError) as info:
        w.eval((3, 2**40))
    assert info.value.code == "heapgame::position"
    with pytest.raises(heapgame.RulesetError) as info:
        heapgame.Ruleset.load(rulesets / "no-such.game")
    assert info.value.code == "heapgame::io"
    with pytest.raises(heapgame.RulesetError) as info:
        heapgame.Ruleset.parse(NIM, play="sideways")
    assert info.value.code == "heapgame::usage"
    with pytest.raises(heapgame.RulesetError) as info:
        heapgame.Ruleset.parse(NIM).solve(max=3)
    assert info.value.code == "heapgame::usage" and "any number of heaps" in info.value.message
    with pytest.raises(heapgame.RulesetError):
        w.solve(max=3, heaps=3)
    with pytest.raises(TypeError):
        sub.with_params(S=object())


def test_a_loop_in_misere_play_is_a_solve_error(rulesets):
    r = heapgame.Ruleset.load(rulesets / "classic" / "take-or-add.game", play="misere")
    with pytest.raises(heapgame.SolveError) as info:
        r.eval((3, 3))
    e = info.value
    assert isinstance(e, RuntimeError) and not isinstance(e, heapgame.LimitError)
    assert e.code == "heapgame::cycle" and "while solving (3, 3)" in e.message
    assert e.line is not None  # it points at the move clauses of the loop


def test_a_sequence_needs_a_sum(rulesets):
    w = heapgame.Ruleset.load(rulesets / "classic" / "wythoff.game")
    with pytest.raises(heapgame.RulesetError) as info:
        w.sequence(10)
    assert info.value.code == "heapgame::not_sum"


def test_limits():
    slow = heapgame.Ruleset.parse(SLOW)
    with pytest.raises(heapgame.LimitError) as info:
        slow.eval((300, 400), max_positions=50)
    assert info.value.limit == "positions" and info.value.code == "heapgame::limit"
    with pytest.raises(heapgame.LimitError) as info:
        slow.eval((5000, 6000), time=0.2)
    assert info.value.limit == "time"
    with pytest.raises(heapgame.LimitError) as info:
        slow.solve(max=5000, max_memory=10**6)
    assert info.value.limit == "memory"
    with pytest.raises(heapgame.LimitError) as info:
        heapgame.Ruleset.parse(NIM).solve(max=30, heaps=3, max_positions=100)
    assert info.value.limit == "positions" and "5456 positions" in info.value.message
    with pytest.raises(ValueError):
        slow.eval((1, 2), time=-1)
    # After a stop the ruleset answers as before (its memo kept what it had).
    assert slow.eval((0, 0)).outcome == "P"
    assert slow.eval((1, 2)).outcome == "P"


def test_exceptions_pickle():
    with pytest.raises(heapgame.LimitError) as info:
        heapgame.Ruleset.parse(NIM).solve(max=30, heaps=3, max_positions=100)
    back = pickle.loads(pickle.dumps(info.value))
    assert type(back) is heapgame.LimitError and back.limit == "positions"
    assert str(back) == str(info.value) and back.diagnostics == info.value.diagnostics


@pytest.mark.skipif(not hasattr(signal, "pthread_kill"), reason="needs POSIX signals")
def test_ctrl_c_raises_keyboard_interrupt_and_the_ruleset_goes_on():
    slow = heapgame.Ruleset.parse(SLOW)
    main = threading.get_ident()
    # Python's own Ctrl-C handler, also where the test was started with SIGINT ignored (a
    # job started in the background by a non-interactive shell inherits SIG_IGN).
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, lambda: signal.pthread_kill(main, signal.SIGINT))
    timer.start()
    try:
        # The time limit only keeps a broken interrupt from hanging the test: then the
        # LimitError fails it.
        with pytest.raises(KeyboardInterrupt):
            slow.eval((5000, 6000), time=120)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, before)
    # The memo the stopped search left answers right (the game is Wythoff's: the third
    # move is one of the first's).
    for x, y in [(3, 5), (4, 7), (6, 9), (10, 16), (10, 17)]:
        assert slow.grundy((x, y)) == wythoff(x, y)


def test_the_gil_is_released_while_solving():
    slow = heapgame.Ruleset.parse(SLOW)
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            stop.wait(0.01)

    t = threading.Thread(target=count)
    t.start()
    try:
        with pytest.raises(heapgame.LimitError):
            slow.eval((5000, 6000), time=0.5)
    finally:
        stop.set()
        t.join()
    # The other thread ran while the solve held no GIL (it would have run at most once or
    # twice, at the switch interval, had the solve kept it).
    assert len(ticks) >= 5
