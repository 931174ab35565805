"""heapgame's exceptions: every problem as data (code, message, line, column, help) and,
as its ``str``, the report the command line prints.

``HeapgameError``
    the base of them all;
``RulesetError`` (also a ``ValueError``)
    the ruleset's text, a parameter, a position or an argument is not valid;
``SolveError`` (also a ``RuntimeError``)
    a solve failed: the moves loop in misère play, a move could not be made;
``LimitError`` (a ``SolveError``)
    a solve stopped at a limit: ``limit`` is ``"positions"``, ``"time"`` or ``"memory"``.

Ctrl-C during a solve raises ``KeyboardInterrupt``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Tuple

__all__ = ["Diagnostic", "HeapgameError", "RulesetError", "SolveError", "LimitError"]


@dataclass(frozen=True)
class Diagnostic:
    """One problem: its stable ``code`` (``heapgame::parse``), the ``message``, the
    ``source`` it points into (the file's name, ``position`` for a typed position, or a
    parameter's override), the 1-based ``line`` and ``column`` (in characters) and the byte
    ``span`` there (all ``None`` for a problem with no place, such as a limit), the
    ``label`` at the place and what to do about it (``help``)."""

    code: str
    message: str
    source: str
    line: Optional[int]
    column: Optional[int]
    span: Optional[Tuple[int, int]]
    label: Optional[str]
    help: Optional[str]


class HeapgameError(Exception):
    """A problem heapgame reports. ``diagnostics`` lists every problem found; ``code``,
    ``message``, ``line``, ``column`` and ``help`` are the first one's; ``str(e)`` is the
    report as the command line prints it (without colours)."""

    def __init__(self, rendered: str, diagnostics: list):
        self.diagnostics: List[Diagnostic] = [
            d if isinstance(d, Diagnostic) else Diagnostic(**d) for d in diagnostics
        ]
        self.rendered = rendered
        first = self.diagnostics[0] if self.diagnostics else None
        self.code: Optional[str] = first.code if first else None
        self.message: str = first.message if first else rendered
        self.line: Optional[int] = first.line if first else None
        self.column: Optional[int] = first.column if first else None
        self.help: Optional[str] = first.help if first else None
        super().__init__(rendered)

    def __str__(self) -> str:
        return self.rendered

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r})"

    def __reduce__(self):
        return (type(self), (self.rendered, self.diagnostics))


class RulesetError(HeapgameError, ValueError):
    """The ruleset's text, a parameter, a position or an argument is not valid."""


class SolveError(HeapgameError, RuntimeError):
    """A solve failed: the moves loop (in misère play), or a move could not be made."""


class LimitError(SolveError):
    """A solve stopped at a limit of the call: ``limit`` is ``"positions"``
    (``max_positions=``), ``"time"`` (``time=``) or ``"memory"`` (``max_memory=``, or an
    array too large to make)."""

    def __init__(self, rendered: str, diagnostics: list, limit: str = "positions"):
        super().__init__(rendered, diagnostics)
        self.limit = limit

    def __reduce__(self):
        return (type(self), (self.rendered, self.diagnostics, self.limit))
