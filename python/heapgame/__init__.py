"""heapgame: impartial heap games written in a small declarative language, solved.

Load a ruleset (a ``.game`` file, or its text) and ask about it; every answer is data::

    >>> import heapgame
    >>> r = heapgame.Ruleset.parse('ruleset "Nim" { heaps any  move { take 1.. from one heap } }')
    >>> r.eval((1, 2, 3)).outcome
    'P'
    >>> r.solve(max=3, heaps=2)        # Grundy values indexed by heap sizes (NumPy)
    >>> r.sequence(40).period           # one heap's values and their periodicity

Problems raise :class:`RulesetError` (the text, a parameter, a position), :class:`SolveError`
or :class:`LimitError` (``time=``, ``max_positions=``, ``max_memory=``); Ctrl-C raises
``KeyboardInterrupt``. The solver runs with the GIL released. The language is described in
the repository's ``docs/language.md``.
"""

from __future__ import annotations

from os import PathLike, fspath
from typing import Any, Dict, List, Mapping, Optional, Sequence as Seq, Tuple, Union

import numpy as np

from . import _heapgame
from .errors import Diagnostic, HeapgameError, LimitError, RulesetError, SolveError
from .results import (
    CheckReport,
    CheckRun,
    ClaimResult,
    Counterexample,
    DiffReport,
    Difference,
    Evaluation,
    Follower,
    MisereQuotient,
    Move,
    Picture,
    Sequence,
)

__all__ = [
    "Ruleset",
    "Evaluation",
    "Follower",
    "Move",
    "Sequence",
    "Picture",
    "CheckReport",
    "CheckRun",
    "ClaimResult",
    "Counterexample",
    "MisereQuotient",
    "DiffReport",
    "Difference",
    "Diagnostic",
    "HeapgameError",
    "RulesetError",
    "SolveError",
    "LimitError",
    "NOT_A_POSITION",
]

__version__ = "0.1.0"

#: The value of a cell of a dense array from :meth:`Ruleset.solve` that is not a position of
#: the game (a heap below the ruleset's least, or a position ``positions where`` excludes):
#: 2**32 - 1.
NOT_A_POSITION: int = _heapgame.NOT_A_POSITION

Position = Union[int, str, Seq[int]]
ParamValue = Union[int, bool, str, set, frozenset, list, tuple]


def _expr(value: Any) -> str:
    """A parameter's value as the language writes it: ``{1, 3, 4}`` for a set, ``[...]`` for
    a list, ``(...)`` for a tuple, a string as given (an expression)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, str):
        return value
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(_expr(v) for v in sorted(value)) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_expr(v) for v in value) + "]"
    if isinstance(value, tuple):
        inner = ", ".join(_expr(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    raise TypeError(
        f"a parameter's value is an int, a set, list or tuple of them, or an expression as a "
        f"string, not {type(value).__name__}"
    )


def _overrides(params: Optional[Mapping[str, Any]]) -> Dict[str, str]:
    if params is None:
        return {}
    if not isinstance(params, Mapping):
        raise TypeError("params is a dict of parameter names to values")
    return {str(k): _expr(v) for k, v in params.items()}


class Ruleset:
    """A ruleset loaded with its parameters: :meth:`load` a ``.game`` file or :meth:`parse`
    its text. A ruleset keeps a memoized solver, so asking again is fast. Every method that
    solves takes the limits ``time=`` (seconds), ``max_positions=`` and ``max_memory=``
    (bytes), and raises :class:`LimitError` at one."""

    __slots__ = ("_native", "_info", "_params")

    def __init__(self, native: Any, params: Dict[str, str]):
        self._native = native
        self._info = native.info()
        self._params = params

    @classmethod
    def load(
        cls,
        path: Union[str, PathLike],
        params: Optional[Mapping[str, ParamValue]] = None,
        *,
        play: Optional[str] = None,
    ) -> "Ruleset":
        """Loads a ``.game`` file. ``params`` overrides its parameters (``{"S": {1, 3, 4}}``;
        a string is an expression, ``{"k": "2 * 3"}``); ``play`` is ``"normal"`` or
        ``"misere"`` (the file's ``play`` line by default)."""
        ps = _overrides(params)
        native = _heapgame.Native.load(fspath(path), [f"{k}={v}" for k, v in ps.items()], play)
        return cls(native, ps)

    @classmethod
    def parse(
        cls,
        text: str,
        params: Optional[Mapping[str, ParamValue]] = None,
        *,
        play: Optional[str] = None,
        name: str = "<text>",
    ) -> "Ruleset":
        """Loads a ruleset from its text (``name`` names it in messages); ``params`` and
        ``play`` as for :meth:`load`."""
        ps = _overrides(params)
        native = _heapgame.Native.parse(text, name, [f"{k}={v}" for k, v in ps.items()], play)
        return cls(native, ps)

    def with_params(
        self, params: Optional[Mapping[str, ParamValue]] = None, **more: ParamValue
    ) -> "Ruleset":
        """The same ruleset with some parameters changed (the others as they were):
        ``r.with_params(S={2, 3})`` or ``r.with_params({"S": {2, 3}})``."""
        ps = dict(self._params)
        ps.update(_overrides(params))
        ps.update(_overrides(more))
        native = self._native.reload([f"{k}={v}" for k, v in ps.items()])
        return Ruleset(native, ps)

    def with_play(self, play: str) -> "Ruleset":
        """The same ruleset in ``"normal"`` or ``"misere"`` play."""
        native = self._native.reload([f"{k}={v}" for k, v in self._params.items()], play)
        return Ruleset(native, dict(self._params))

    @property
    def name(self) -> str:
        """The ruleset's name."""
        return self._info["name"]

    @property
    def play(self) -> str:
        """``"normal"`` or ``"misere"``."""
        return self._info["play"]

    @property
    def heaps(self) -> Optional[int]:
        """The number of heaps, or ``None`` when any number is allowed."""
        return self._info["heaps"]

    @property
    def names(self) -> Optional[List[str]]:
        """The heaps' names, when they have them (then their order matters)."""
        return self._info["names"]

    @property
    def source(self) -> Optional[str]:
        """The ruleset's ``source`` line (where the game is from)."""
        return self._info["source"]

    @property
    def text(self) -> str:
        """The ruleset's text."""
        return self._info["text"]

    @property
    def params(self) -> Dict[str, str]:
        """Each parameter with its value as written: the override given, else the default."""
        out = {name: default for name, default in self._info["params"]}
        out.update(self._params)
        return out

    def __repr__(self) -> str:
        heaps = "any number of heaps" if self.heaps is None else f"{self.heaps} heaps"
        ps = ", ".join(f"{k}={v}" for k, v in self.params.items())
        ps = f" ({ps})" if ps else ""
        return f"<Ruleset {self.name!r}{ps}: {heaps}, {self.play} play>"

    def canonical(self, position: Position) -> Tuple[int, ...]:
        """The canonical form of a position: heaps sorted where they have no names, empty
        heaps dropped where they vanish. A position is an int (one heap), a sequence of ints,
        or a string as typed on the command line (``"3 5"``)."""
        return self._native.canonical(position)

    def eval(
        self,
        position: Position,
        *,
        followers: bool = True,
        genus: bool = False,
        time: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> Evaluation:
        """The outcome, Grundy value and winning moves of a position, every follower with its
        value and move (unless ``followers=False``) and, in misère play with ``genus=True``,
        Conway's genus. Solved as ``heapgame eval`` solves it."""
        t = self._native.eval(position, followers, genus, time, max_positions, max_memory)
        if followers:
            fs = [Follower(p, g, m) for p, g, m in t[4]]
            return Evaluation(t[0], t[1], t[2], t[3], fs, *t[5:])
        return Evaluation(*t)

    def outcome(self, position: Position, **limits: Any) -> str:
        """``'P'``, ``'N'`` (or ``'D'`` for a draw of a loopy game)."""
        return self.eval(position, followers=False, **limits).outcome

    def grundy(self, position: Position, **limits: Any) -> Union[int, str, None]:
        """The position's Grundy value (see :attr:`Evaluation.grundy`)."""
        return self.eval(position, followers=False, **limits).grundy

    def moves(self, position: Position) -> List[Move]:
        """Every follower of a position with the first ``move`` clause that reaches it."""
        return [Move(p, m) for p, m in self._native.moves(position)]

    def solve(
        self,
        max: int,
        heaps: Optional[int] = None,
        grundy: bool = True,
        *,
        dense: bool = True,
        time: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> Union[np.ndarray, Tuple[np.ndarray, np.ndarray]]:
        """The values of every position with every heap ``<= max`` (``heaps`` heaps, which a
        ruleset with any number needs: then positions of at most ``heaps`` heaps).

        With ``dense`` (the default), a ``uint32`` array of shape ``(max + 1,) * k`` indexed
        by heap sizes: ``a[3, 5]`` is the value of (3, 5), every order of unnamed heaps filled
        (a position with fewer heaps is padded with empty heaps in front); a cell that is not
        a position of the game holds :data:`NOT_A_POSITION`. With ``dense=False``, the pair
        ``(positions, values)``: a ``(n, k)`` array of the positions (heaps sorted where they
        have no names, padded with zeros in front) and their ``n`` values. Grundy values, or
        with ``grundy=False`` 0 for a P-position and 1 for an N-position; a game whose moves
        can return to a position (normal play) is answered as ``heapgame solve`` answers it,
        by Smith's values, its draws 2 with ``grundy=False`` (its Grundy values, some
        infinite, raise ``SolveError``)."""
        return self._native.solve(
            max, heaps, grundy, dense, False, time, max_positions, max_memory
        )

    def p_positions(
        self,
        max: int,
        heaps: Optional[int] = None,
        *,
        time: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> np.ndarray:
        """The P-positions with every heap ``<= max``: a ``(n, k)`` ``uint32`` array, one
        position a row (heaps sorted where they have no names, padded with zeros in front to
        ``k`` heaps); of a loopy game too (by Smith's values, as ``heapgame solve``)."""
        return self._native.solve(
            max, heaps, False, False, True, time, max_positions, max_memory
        )

    def sequence(
        self,
        max: int,
        *,
        time: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> Sequence:
        """One heap's Grundy values for heaps ``0..max`` and their periodicity (a ruleset
        whose moves act on one heap at a time)."""
        return Sequence(**self._native.sequence(max, time, max_positions, max_memory))

    def check(
        self,
        max: Optional[int] = None,
        heaps: Optional[int] = None,
        *,
        time: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> CheckReport:
        """Every ``claim`` of the ruleset against the solver, with the runs ``heapgame
        check`` plans: one run per ``check`` line of the file, each with its ``with`` values
        (or, when this ruleset was given parameters, by ``load``'s overrides or
        ``with_params``, one run with them, over the first line's box). ``max`` and ``heaps``
        are ``check --max`` and ``--heaps``: they replace the largest heap and the most heaps
        of every run's box (each ``check`` line still a run of its own, with its values), and
        a ``check over`` line's listed positions by that box. Without them, each run visits
        its line's box, or the positions its ``check over`` line lists. The positions are
        visited smallest first, so a counterexample is the smallest; ``time=`` is shared
        among the runs, each bounded by its box (no deepening, unlike ``check --time``), and
        a run it stops is reported as far as it got (``stopped``)."""
        runs = []
        for r in self._native.check(max, heaps, time, max_positions, max_memory):
            claims = []
            for c in r["claims"]:
                x = c.pop("counterexample")
                claims.append(ClaimResult(counterexample=Counterexample(**x) if x else None, **c))
            runs.append(
                CheckRun(
                    params=dict(r["params"]),
                    region=r["region"],
                    positions=r["positions"],
                    visited=r["visited"],
                    stopped=r["stopped"],
                    claims=claims,
                )
            )
        return CheckReport(runs)

    def diff(
        self,
        other: Union["Ruleset", str],
        max: int,
        heaps: Optional[int] = None,
        *,
        grundy: bool = False,
        keep: int = 10,
        time: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> DiffReport:
        """Compares this ruleset with ``other`` (a ruleset, or a built-in formula's text such
        as ``"beatty(pi)"`` or ``"nim"``) over every position with each heap ``<= max``, as
        ``heapgame diff`` does: outcomes, or Grundy values with ``grundy=True``; the first
        ``keep`` differences are given in full."""
        o = other._native if isinstance(other, Ruleset) else other
        if not isinstance(o, str) and not isinstance(other, Ruleset):
            raise TypeError("diff compares with a Ruleset or a formula's text")
        d = self._native.diff(o, max, heaps, grundy, keep, time, max_positions, max_memory)
        d["first"] = [Difference(*x) for x in d["first"]]
        return DiffReport(**d)

    def quotient(
        self,
        max: int,
        *,
        time: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> MisereQuotient:
        """The misère quotient of heaps ``1..max`` of a take-and-break game (whatever the
        ruleset's play), as ``heapgame quotient`` computes it."""
        return MisereQuotient(**self._native.quotient(max, time, max_positions, max_memory))

    def plot(
        self,
        max: int,
        heaps: Optional[int] = None,
        grundy: bool = False,
        *,
        slices: Seq[str] = (),
        claim: bool = False,
        scale: Optional[int] = None,
        time: Optional[float] = None,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
    ) -> Picture:
        """A picture of the positions with every heap ``<= max``, as ``heapgame plot`` draws
        it: two heaps with the P-positions marked (or with ``grundy=True`` a heatmap of the
        Grundy values), a sum's single-heap sequence with ``heaps=1``, three or more heaps in
        slices (``slices=["c=0,1,2"]``, as ``--slice``); ``claim=True`` marks where the
        ruleset's claims and the solver disagree; ``scale`` tops the colour scale."""
        return Picture(
            self._native.plot(
                max, heaps, grundy, list(slices), claim, scale, time, max_positions, max_memory
            )
        )
