"""What heapgame's calls return: one position's answer (:class:`Evaluation`, its
:class:`Follower` s), a move (:class:`Move`), one heap's values (:class:`Sequence`), a check
of the claims (:class:`CheckReport`), a picture (:class:`Picture`). Each has a short
``repr``; a notebook shows an answer and a report as HTML and a picture as SVG or PNG."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from os import PathLike, fspath
from typing import Any, Dict, List, Optional, Tuple, Union

import numpy as np

__all__ = [
    "Evaluation",
    "Follower",
    "Move",
    "Sequence",
    "CheckReport",
    "CheckRun",
    "ClaimResult",
    "Counterexample",
    "Picture",
    "MisereQuotient",
    "Difference",
    "DiffReport",
]


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


@dataclass(frozen=True)
class MisereQuotient:
    """The misère quotient of a take-and-break game's heaps ``1..max`` (Plambeck and Siegel),
    each stage proven before the next heap is added: ``order`` elements ``0..order`` (0 the
    identity, the empty sum), ``mul`` the multiplication table (``mul[x, y]``), ``p_portion``
    the elements whose sums are P-positions (misère play), ``images[n]`` the element of a
    heap of ``n`` (``images[0] == 0``), ``orders`` the order after each heap, a presentation
    (``generators``: each letter with its heap; ``relations`` in words; ``names`` each
    element's normal form) and whether it is ``tame`` (the quotient of misère Nim's)."""

    max: int
    order: int
    orders: List[int]
    mul: np.ndarray
    p_portion: List[int]
    images: np.ndarray
    generators: List[Tuple[str, int]]
    relations: List[str]
    names: List[str]
    tame: bool

    def element(self, position: Tuple[int, ...]) -> int:
        """The element of a sum of heaps (each ``<= max``)."""
        x = 0
        for h in position:
            if not 0 <= h <= self.max:
                raise ValueError(f"heap {h} is beyond the quotient's heaps 0..{self.max}")
            x = int(self.mul[x, int(self.images[h])])
        return x

    def is_p(self, position: Tuple[int, ...]) -> bool:
        """Whether a sum of heaps (each ``<= max``) is a P-position in misère play."""
        return self.element(position) in self.p_portion

    def __repr__(self) -> str:
        gens = ", ".join(f"{g} = heap {h}" for g, h in self.generators) or "none"
        rels = ", ".join(self.relations) or "none"
        p = ", ".join(self.names[e] for e in self.p_portion)
        tame = ", tame" if self.tame else ""
        return (
            f"<MisereQuotient of heaps 1..{self.max}: order {self.order}{tame}; generators "
            f"{gens}; relations {rels}; P-portion {{{p}}}>"
        )


@dataclass(frozen=True)
class Difference:
    """A position where the two sides of a diff disagree: each side's answer (``a``, ``b``:
    ``'P'``, ``'N'`` or a Grundy value) and why (``why_a``, ``why_b``)."""

    position: Tuple[int, ...]
    a: str
    b: str
    why_a: str
    why_b: str


@dataclass(frozen=True)
class DiffReport:
    """Two rulesets (or a ruleset and a formula) compared: the ``region`` (in words), how many
    ``positions`` were compared (``silent``: where the formula says nothing), how many
    ``differences``, the ``first`` of them in order, and ``stopped`` (how far a run cut by
    ``time=`` got) or ``None``. ``same`` when nothing differs."""

    a: str
    b: str
    grundy: bool
    region: str
    positions: int
    silent: int
    differences: int
    first: List[Difference]
    stopped: Optional[str]

    @property
    def same(self) -> bool:
        return self.differences == 0

    def __repr__(self) -> str:
        what = "Grundy values" if self.grundy else "outcomes"
        verdict = (
            "the same"
            if self.same
            else f"{self.differences} differ, first at {_show(self.first[0].position)}"
        )
        stop = f" (stopped: {self.stopped})" if self.stopped else ""
        return (
            f"<DiffReport {self.a} vs {self.b}, {what} over {self.region}: "
            f"{self.positions} positions, {verdict}{stop}>"
        )
