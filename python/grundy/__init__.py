"""Impartial games solved with the Sprague-Grundy theory.

The computations are the Rust library ``grundy``'s (the same engine as the
``grundy`` command); this package gives them Python types: numpy arrays of
nim-values, dataclasses for periods and analyses (shown as tables in
Jupyter), nimber arithmetic, games defined by Python callables, plots and
censuses of take-and-break codes (locally or on a Dask cluster).

>>> import grundy
>>> grundy.values("kayles", 10)
Values([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2], game='kayles')
>>> grundy.period("sub:1,3,4").period
7
>>> grundy.Nimber(2) * grundy.Nimber(3)
Nimber(1)

Games are named by spec strings, as on the command line: ``"nim"``,
``"sub:1,3,4"``, octal codes ``"0.07"``, ``"hex:0.3F"``, names such as
``"kayles"`` or ``"dawson"``. Errors are subclasses of
:class:`GrundyError` carrying the library's message (bad input is also a
``ValueError``, a size cap a ``MemoryError``); a float, a bool or a string
where a count or a heap is meant raises ``TypeError``. Long computations
release the GIL and stop on Ctrl-C (``KeyboardInterrupt``).
"""

from __future__ import annotations

import html as _html
import operator as _operator
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional, Sequence, Tuple, Union

import numpy as np

from . import _grundy
from ._errors import (
    BusyError,
    FileError,
    GrundyError,
    InvalidInputError,
    LimitError,
    LimitReachedError,
    ScriptError,
)
from ._grundy import Nimber

__all__ = [
    "Analysis",
    "BusyError",
    "FileError",
    "GrundyError",
    "InvalidInputError",
    "LimitError",
    "LimitReachedError",
    "ScriptError",
    "Census",
    "CensusRow",
    "Game",
    "Graph",
    "Infinite",
    "Nimber",
    "Period",
    "Values",
    "WinningMove",
    "analyze",
    "canonical",
    "census",
    "checksum",
    "game",
    "graph",
    "period",
    "plot",
    "values",
]

__version__ = "0.1.0"

#: Values shown in a notebook table before it is cut.
HTML_VALUES = 200


def _integer(x: Any, name: str) -> int:
    """``x`` as an ``int`` where an integer is meant: a Python ``int``, a
    numpy integer or anything with ``__index__``; ``TypeError`` for a
    ``bool``, a ``float`` (``3.5`` is not heap 3) or a string."""
    if isinstance(x, (bool, np.bool_)):
        raise TypeError(f"`{name}` is an integer, not the bool `{x!r}`")
    try:
        return _operator.index(x)
    except TypeError:
        raise TypeError(f"`{name}` is an integer, not {type(x).__name__} `{x!r}`") from None


def _table(rows: Iterable[Sequence[Any]], header: Sequence[str]) -> str:
    esc = lambda x: _html.escape(str(x))  # noqa: E731
    head = "".join(f"<th>{esc(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


class Values(np.ndarray):
    """Nim-values ``G(start), ..., G(to)``: a numpy array (narrowest
    unsigned dtype) that remembers its game and first heap."""

    game: str
    start: int

    def __new__(cls, array: np.ndarray, game: str = "", start: int = 0) -> "Values":
        obj = np.asarray(array).view(cls)
        obj.game = game
        obj.start = start
        return obj

    def __array_finalize__(self, obj: Any) -> None:
        self.game = getattr(obj, "game", "")
        self.start = getattr(obj, "start", 0)

    def __repr__(self) -> str:
        body = np.array2string(self.view(np.ndarray), separator=", ", threshold=64)
        return f"Values({body}, game={self.game!r}" + (
            f", start={self.start})" if self.start else ")"
        )

    def sum(self, *args: Any, **kwargs: Any) -> Any:
        """numpy's ``sum``; the sum of every value is a Python ``int``
        (not a numpy scalar, which wraps at 2**64 in later arithmetic)."""
        total = super().sum(*args, **kwargs)
        if np.ndim(total) == 0 and np.issubdtype(np.asarray(total).dtype, np.integer):
            return int(total)
        return total

    def __reduce__(self):  # plain arrays pickle; keep game and start too
        return (Values, (self.view(np.ndarray).copy(), self.game, self.start))

    def _repr_html_(self) -> str:
        shown = self.view(np.ndarray)[:HTML_VALUES]
        width = 10
        rows = []
        for i in range(0, len(shown), width):
            chunk = [int(v) for v in shown[i : i + width]]
            rows.append([self.start + i] + chunk)
        header = ["n"] + [f"+{j}" for j in range(width)]
        more = (
            f"<p>… {len(self) - HTML_VALUES} more values (dtype {self.dtype})</p>"
            if len(self) > HTML_VALUES
            else ""
        )
        title = f"<p><b>{_html.escape(self.game)}</b>: G({self.start}..={self.start + len(self) - 1})</p>"
        return title + _table(rows, header) + more


def values(game: str, to: int, start: int = 0) -> Values:
    """``G(start..=to)`` of ``game`` as a numpy array of the narrowest
    unsigned dtype (``uint8`` while every value is below 256).

    Take-and-break codes use the same engine as ``grundy values --output``
    for long ranges (2**20 values or more).
    """
    to, start = _integer(to, "to"), _integer(start, "start")
    return Values(_grundy.values(game, to, start), canonical(game), start)


def checksum(values: Any) -> str:
    """The FNV-1a checksum (16 hex digits) of a sequence of values, the one
    ``grundy values`` prints for the same range: two runs, or this package
    and the command, can be compared by it."""
    return _grundy.checksum(np.ascontiguousarray(values) if isinstance(values, np.ndarray) else list(values))


def canonical(game: str) -> str:
    """The spec of ``game`` as the library writes it (``"nim"``,
    ``"sub:1,3,4"``, ``"0.07"``); ``ValueError`` for a bad spec."""
    return _grundy.canonical(game)


@dataclass(frozen=True)
class Period:
    """The result of a period search.

    ``G(n + period) = G(n) + saltus`` for every ``n >= preperiod`` when
    ``periodic``; ``certified`` says a theorem proves it (``proof`` names
    the argument) rather than the values up to ``checked_to`` only
    showing it.
    """

    game: str
    periodic: bool
    preperiod: int
    period: int
    saltus: int
    certified: bool
    checked_to: int
    proof: str

    def __str__(self) -> str:
        if not self.periodic:
            return f"{self.game}: no period up to {self.checked_to} ({self.proof})"
        rel = f"G(n + {self.period}) = G(n)" + (f" + {self.saltus}" if self.saltus else "")
        kind = "certified" if self.certified else "observed"
        return f"{self.game}: {rel} for n >= {self.preperiod} ({kind}: {self.proof})"

    def _repr_html_(self) -> str:
        fields = ["game", "periodic", "preperiod", "period", "saltus", "certified", "checked_to", "proof"]
        return _table([[getattr(self, f) for f in fields]], fields)


def period(game: str, limit: Optional[int] = None) -> Period:
    """Searches for the period of ``game``'s nim-sequence.

    With ``limit`` it computes at most that many values; without, it stops
    after 2**20 values or 3 seconds, as ``grundy period`` does.
    """
    return Period(*_grundy.period(game, None if limit is None else _integer(limit, "limit")))


@dataclass(frozen=True)
class WinningMove:
    """A move to a P-position: in component ``component`` (0-based), from
    ``from_`` to the sum of components ``to`` (empty: nothing left)."""

    component: int
    from_: str
    to: Tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.from_} -> {' + '.join(self.to) or '0'}"


@dataclass(frozen=True)
class Analysis:
    """Value (``None`` when only the outcome is known, and always in misère
    play), outcome (``"P"``, ``"N"`` or ``"D"``) and every winning move of a
    sum. A misère analysis gives instead ``misere_value``, the misère
    nim-value (0 exactly on misère P-positions; ``None`` beyond its search),
    and ``normal_value``, the nim-sum of the same sum in normal play (not a
    misère value)."""

    game: str
    positions: Tuple[str, ...]
    value: Optional[int]
    outcome: str
    winning_moves: Tuple[WinningMove, ...] = field(default_factory=tuple)
    unlisted_moves: int = 0
    misere: bool = False
    misere_value: Optional[int] = None
    normal_value: Optional[int] = None

    @property
    def winning(self) -> bool:
        """True when the player to move wins."""
        return self.outcome == "N"

    def _repr_html_(self) -> str:
        play = "misère" if self.misere else "normal"
        value = "" if self.value is None else f", value <b>{self.value}</b>"
        if self.misere_value is not None:
            value += f", misère nim-value <b>{self.misere_value}</b>"
        head = (
            f"<p><b>{_html.escape(self.game)}</b> {_html.escape(' + '.join(self.positions))} "
            f"({play} play): outcome <b>{self.outcome}</b>{value}</p>"
        )
        rows = [[m.component, m.from_, " + ".join(m.to) or "0"] for m in self.winning_moves]
        more = f"<p>… {self.unlisted_moves} more winning moves</p>" if self.unlisted_moves else ""
        return head + (_table(rows, ["component", "from", "to"]) if rows else "") + more


def _position(p: Any) -> str:
    if isinstance(p, str):
        return p
    if isinstance(p, (tuple, list)):
        return ",".join(str(_integer(x, "position")) for x in p)
    return str(_integer(p, "position"))


def _moves(ms) -> Tuple[WinningMove, ...]:
    return tuple(WinningMove(c, f, tuple(t)) for c, f, t in ms)


def analyze(game: str, *positions: Any, misere: bool = False) -> Analysis:
    """Value, outcome and winning moves of the sum of ``positions`` (one
    per component: an ``int`` heap, a tuple ``(a, b)`` for pair games, or
    a string in the game's syntax)."""
    ps = [_position(p) for p in positions]
    spec, value, outcome, moves, unlisted, misere_value, normal_value = _grundy.analyze(
        game, ps, misere
    )
    return Analysis(
        spec,
        tuple(ps),
        value,
        outcome,
        _moves(moves),
        int(unlisted),
        misere,
        misere_value,
        normal_value,
    )


@dataclass(frozen=True)
class Infinite:
    """The loopy value ``∞{K}``: ``followers`` are the finite values of the
    options (a draw unless 0 is among them)."""

    followers: Tuple[int, ...]

    def __str__(self) -> str:
        return "∞{" + ",".join(map(str, self.followers)) + "}"


def _loopy(f: Optional[int], k: Optional[Sequence[int]]) -> Union[int, Infinite]:
    return f if f is not None else Infinite(tuple(k or ()))


class Graph:
    """A game given by its graph of moves (see :func:`graph`)."""

    def __init__(self, text: str):
        self._g = _grundy.Graph(text)

    def __len__(self) -> int:
        return len(self._g)

    def values(self) -> dict:
        """Every vertex's value: an ``int``, or :class:`Infinite` on a cycle."""
        return {name: _loopy(f, k) for name, f, k in self._g._values()}

    def analyze(self, *tokens: str) -> Analysis:
        """Outcome and winning (or, for a draw, drawing) moves of tokens on
        the named vertices; ``value`` is ``None`` for an infinite value."""
        f, k, outcome, wins, draws = self._g._analyze([str(t) for t in tokens])
        moves = wins if outcome != "D" else draws
        return Analysis("graph", tuple(map(str, tokens)), f, outcome, _moves(moves))


def graph(text: str) -> Graph:
    """A game graph from text, one move ``FROM TO`` per line (the format of
    ``grundy graph FILE``); cycles are allowed (values ``∞{K}``, draws).

    >>> grundy.graph("a b\\nb c").values()
    {'a': 0, 'b': 1, 'c': 0}
    """
    return Graph(text)


class Game:
    """A game defined by Python callables (see :func:`game`)."""

    def __init__(
        self,
        moves: Callable[[Any], Iterable[Any]],
        components=None,
        max_positions: Optional[int] = None,
    ):
        if max_positions is not None:
            max_positions = _integer(max_positions, "max_positions")
        self._g = _grundy._Game(moves, components, max_positions)

    def value(self, *positions: Any) -> int:
        """The nim-value of the sum of ``positions``."""
        return self._g.value(*positions)

    def values(self, positions: Iterable[Any]) -> Values:
        """The nim-value of each position, as an array (``start`` is the
        first position when the positions are ``range(start, ...)``)."""
        positions = list(positions)
        out = np.array([self._g.value(p) for p in positions], dtype=np.uint64)
        narrow = out.astype(np.min_scalar_type(int(out.max()) if len(out) else 0))
        start = positions[0] if positions and isinstance(positions[0], int) else 0
        return Values(narrow, "python", start)

    def analyze(self, *positions: Any, misere: bool = False) -> Analysis:
        """Outcome and winning moves of the sum of ``positions`` (positions
        in the moves are shown by their ``repr``)."""
        value, outcome, moves = self._g._analyze(positions, misere)
        return Analysis(
            "python", tuple(map(repr, positions)), value, outcome, _moves(moves), 0, misere
        )


def game(
    moves: Callable[[Any], Iterable[Any]],
    components: Optional[Callable[[Any], Iterable[Any]]] = None,
    max_positions: Optional[int] = None,
) -> Game:
    """A game defined in Python, solved by the library's generic solver.

    ``moves(p)`` returns the options of position ``p`` (any hashable
    value); ``components(p)``, if given, splits a position into
    independent parts whose values are XORed (an option is split too).
    Slow (every option comes from Python) but any game works; a cycle in
    the moves raises ``ValueError`` naming a position on it. At most
    ``max_positions`` positions are stored (default: the library's cap for
    scripted games, 10,000,000); past it :class:`LimitError` (a
    ``MemoryError``) names the cap, so a game without end (``lambda n:
    [n + 1]``) stops instead of filling the memory. A game may be used
    from any thread, one computation at a time.

    >>> take134 = grundy.game(lambda n: [n - k for k in (1, 3, 4) if k <= n])
    >>> take134.value(7)
    0
    """
    return Game(moves, components, max_positions)


def plot(game: Union[str, Game], to: int, start: int = 0, ax=None):
    """A matplotlib figure of ``G(start..=to)``: one dot per heap, the
    certified preperiod marked when a period is found. Needs matplotlib
    (``pip install './python[plot]'``): without it, ``ImportError`` says so."""
    try:
        import matplotlib
    except ImportError as e:
        raise ImportError(
            "grundy.plot needs matplotlib: pip install './python[plot]' "
            "(or pip install matplotlib)"
        ) from e

    if ax is None:
        matplotlib.use(matplotlib.get_backend())
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(8, 3))
    else:
        fig = ax.figure
    if isinstance(game, Game):
        v = game.values(range(start, to + 1))
        name = "python game"
        p = None
    else:
        v = values(game, to, start)
        name = v.game
        try:
            p = period(game, limit=max(to + 1, 1 << 12))
        except ValueError:
            p = None
    ax.scatter(np.arange(start, start + len(v)), np.asarray(v), s=4)
    ax.set_xlabel("n")
    ax.set_ylabel("G(n)")
    title = name
    if p is not None and p.periodic and p.certified:
        title += f"  (period {p.period}" + (f", saltus {p.saltus}" if p.saltus else "")
        title += f", preperiod {p.preperiod})"
        if start <= p.preperiod <= to:
            ax.axvline(p.preperiod, color="grey", linestyle="--", linewidth=1)
    ax.set_title(title)
    return fig


from ._census import Census, CensusRow, census  # noqa: E402
