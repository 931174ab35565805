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

from dataclasses import dataclass
from html import escape
from os import PathLike, fspath
from typing import Any, Dict, List, Mapping, Optional, Sequence as Seq, Tuple, Union

import numpy as np

from . import _heapgame
from .errors import Diagnostic, HeapgameError, LimitError, RulesetError, SolveError

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


def _show(p: Tuple[int, ...]) -> str:
    return "(" + ", ".join(map(str, p)) + ")"


@dataclass(frozen=True)
class Follower:
    """A follower of a position: the ``position`` a move leads to, its value (``grundy``: the
    Grundy value, or for a loopy game Smith's value, an int or ``'inf{0,2}'``) and the
    ``move`` clause that reaches it first, in words (``take 1.. from one heap``)."""

    position: Tuple[int, ...]
    grundy: Union[int, str]
    move: str


@dataclass(frozen=True)
class Move:
    """A move from a position: the ``position`` it leads to and the ``move`` clause that makes
    it, in words."""

    position: Tuple[int, ...]
    move: str


class Evaluation:
    """One position's answer.

    ``outcome`` is ``'P'`` (the previous player wins), ``'N'`` (the next player wins) or, for a
    loopy game, ``'D'`` (a draw); ``grundy`` the Grundy value (g^- in misère play; ``None``
    when the misère quotient answered; for a loopy game Smith's value, an int or a string such
    as ``'inf{0,2}'``); ``winning_moves`` the followers that win (``drawing_moves``, for a
    drawn position of a loopy game, those that keep the draw); ``followers`` every follower
    with its value and move (``None`` unless asked); ``genus`` Conway's genus in misère play
    when asked; ``route`` how it was found (``kernel ...``, ``search``, ...); ``stored`` the
    positions the search stored."""

    # A plain class with slots: made at every `eval`, it costs less than a dataclass.
    __slots__ = (
        "position",
        "outcome",
        "grundy",
        "winning_moves",
        "followers",
        "play",
        "route",
        "stored",
        "genus",
        "drawing_moves",
    )

    def __init__(
        self,
        position: Tuple[int, ...],
        outcome: str,
        grundy: Union[int, str, None],
        winning_moves: List[Tuple[int, ...]],
        followers: Optional[List[Follower]],
        play: str,
        route: str,
        stored: int,
        genus: Optional[str] = None,
        drawing_moves: Optional[List[Tuple[int, ...]]] = None,
    ):
        self.position = position
        self.outcome = outcome
        self.grundy = grundy
        self.winning_moves = winning_moves
        self.followers = followers
        self.play = play
        self.route = route
        self.stored = stored
        self.genus = genus
        self.drawing_moves = [] if drawing_moves is None else drawing_moves

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Evaluation):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        wins = ", ".join(_show(w) for w in self.winning_moves[:8])
        more = ", ..." if len(self.winning_moves) > 8 else ""
        genus = f", genus {self.genus}" if self.genus is not None else ""
        return (
            f"<Evaluation {_show(self.position)}: {self.outcome}, grundy {self.grundy}"
            f"{genus}, winning moves [{wins}{more}]>"
        )

    def _repr_html_(self) -> str:
        head = (
            f"<p><b>{escape(_show(self.position))}</b>: <b>{self.outcome}</b>-position, "
            f"Grundy value {escape(str(self.grundy))} ({escape(self.play)} play"
            + (f", genus {escape(self.genus)}" if self.genus else "")
            + ")</p>"
        )
        if self.followers is None:
            wins = ", ".join(_show(w) for w in self.winning_moves) or "none"
            return head + f"<p>winning moves: {escape(wins)}</p>"
        rows = "".join(
            f"<tr><td>{escape(_show(f.position))}</td><td>{escape(str(f.grundy))}</td>"
            f"<td><code>{escape(f.move)}</code></td></tr>"
            for f in self.followers[:200]
        )
        more = (
            f"<p>... and {len(self.followers) - 200} more followers</p>"
            if len(self.followers) > 200
            else ""
        )
        return (
            head
            + "<table><tr><th>follower</th><th>value</th><th>move</th></tr>"
            + rows
            + "</table>"
            + more
        )


@dataclass(frozen=True)
class Sequence:
    """One heap's Grundy values ``values[n]`` for heaps ``0..max`` (a NumPy ``uint32``
    array) and the periodicity they show: from ``preperiod`` on, ``values[n + period] ==
    values[n] + saltus``; ``proven`` when a theorem proves it for every heap (``reason``
    says which, or why not). ``period`` is ``None`` when no period shows."""

    values: np.ndarray
    preperiod: Optional[int]
    period: Optional[int]
    saltus: Optional[int]
    proven: bool
    reason: Optional[str]

    def __repr__(self) -> str:
        shown = " ".join(map(str, self.values[:24].tolist()))
        more = " ..." if len(self.values) > 24 else ""
        if self.period is None:
            per = "no period found"
        else:
            per = f"period {self.period} from {self.preperiod}"
            if self.saltus:
                per += f", saltus {self.saltus}"
            per += ", proven" if self.proven else ", not proven"
        return f"<Sequence 0..{len(self.values) - 1}: {shown}{more}; {per}>"


@dataclass(frozen=True)
class Counterexample:
    """Where a claim fails first: the ``position``, what the claim says there
    (``claimed``), what the solver finds (``actual``) and why the solver is right
    (``why``, the move that shows it)."""

    position: Tuple[int, ...]
    claimed: str
    actual: str
    why: str


@dataclass(frozen=True)
class ClaimResult:
    """One claim in one run: its ``line`` in the file and ``text``; ``state`` is ``'ok'``,
    ``'fail'``, ``'known'`` (it fails where the file says it does), ``'n/a'`` (its ``when``
    is false for the run's parameters) or ``'empty'`` (no position in its scope);
    ``checked`` counts the positions compared, ``silent`` those its formula says nothing
    of; ``counterexample`` is the first failure, ``held_at`` a position of ``fails at``
    where it held after all."""

    line: int
    text: str
    state: str
    checked: int
    silent: int
    counterexample: Optional[Counterexample]
    held_at: Optional[Tuple[int, ...]] = None


@dataclass(frozen=True)
class CheckRun:
    """One run of the check: its parameters, the ``region`` compared (as words), how many
    ``positions`` it holds and how many were ``visited`` (fewer when ``stopped`` by
    ``time=`` or once every claim had failed), and each claim's result."""

    params: Dict[str, str]
    region: str
    positions: int
    visited: int
    stopped: bool
    claims: List[ClaimResult]


@dataclass(frozen=True)
class CheckReport:
    """Every claim of a ruleset against the solver: ``holds`` when each is as the file says
    in every run, ``complete`` when no run was stopped (else they hold only so far)."""

    runs: List[CheckRun]

    @property
    def holds(self) -> bool:
        return all(c.state in ("ok", "known", "n/a", "empty") for r in self.runs for c in r.claims)

    @property
    def complete(self) -> bool:
        return not any(r.stopped for r in self.runs)

    def failures(self) -> List[ClaimResult]:
        """The claims that failed, in every run."""
        return [c for r in self.runs for c in r.claims if c.state == "fail"]

    def __repr__(self) -> str:
        n = sum(len(r.claims) for r in self.runs)
        verdict = "hold" if self.holds else f"{len(self.failures())} failed"
        more = "" if self.complete else " (stopped: so far)"
        return f"<CheckReport: {n} claims in {len(self.runs)} runs, {verdict}{more}>"

    def _repr_html_(self) -> str:
        rows = []
        for r in self.runs:
            ps = ", ".join(f"{k} = {v}" for k, v in r.params.items())
            where = escape(r.region + (f" ({ps})" if ps else ""))
            for c in r.claims:
                x = c.counterexample
                ce = (
                    f"{escape(_show(x.position))}: claims {escape(x.claimed)}, is "
                    f"{escape(x.actual)}. {escape(x.why)}"
                    if x
                    else ""
                )
                rows.append(
                    f"<tr><td>{c.line}</td><td><code>{escape(c.text)}</code></td>"
                    f"<td>{where}</td><td><b>{c.state}</b></td><td>{c.checked}</td>"
                    f"<td>{ce}</td></tr>"
                )
        return (
            f"<p>{escape(repr(self))}</p><table><tr><th>line</th><th>claim</th>"
            "<th>region</th><th>state</th><th>checked</th><th>counterexample</th></tr>"
            + "".join(rows)
            + "</table>"
        )


class Picture:
    """A picture of a ruleset's positions, as ``heapgame plot`` draws it; a notebook shows
    it by itself (``_repr_svg_``, ``_repr_png_``). :attr:`svg` is the SVG text, :attr:`png`
    the PNG bytes (each drawn when first asked for), :meth:`save` writes either by the
    file's extension."""

    __slots__ = ("_native", "_svg", "_png")

    def __init__(self, native: Any):
        self._native = native
        self._svg: Optional[str] = None
        self._png: Optional[bytes] = None

    @property
    def title(self) -> str:
        """The title drawn on the picture."""
        return self._native.title

    @property
    def svg(self) -> str:
        """The picture as SVG text."""
        if self._svg is None:
            self._svg = self._native.svg()
        return self._svg

    @property
    def png(self) -> bytes:
        """The picture as PNG bytes."""
        if self._png is None:
            self._png = self._native.png()
        return self._png

    def save(self, path: Union[str, PathLike]) -> None:
        """Writes the picture to ``path``: SVG or PNG by its extension."""
        p = fspath(path)
        ext = p.rsplit(".", 1)[-1].lower() if "." in p else ""
        if ext == "svg":
            data = self.svg.encode()
        elif ext == "png":
            data = self.png
        else:
            raise ValueError(f"save a picture as .svg or .png, not {p!r}")
        with open(p, "wb") as f:
            f.write(data)

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_png_(self) -> bytes:
        return self.png

    def __repr__(self) -> str:
        return f"<Picture {self.title!r}>"


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
        with ``grundy=False`` 0 for a P-position and 1 for an N-position."""
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
        ``k`` heaps)."""
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
        """Every ``claim`` of the ruleset against the solver, as ``heapgame check`` runs
        them: one run per ``check`` line of the file (with its ``with`` values), or, with
        ``max`` (and ``heaps``), one run over that box with this ruleset's parameters. The
        positions are visited smallest first, so a counterexample is the smallest; a run
        stopped by ``time=`` is reported as far as it got (``stopped``)."""
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
