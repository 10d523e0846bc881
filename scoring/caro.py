"""Caro: 2 to 4 players take turns laying one wooden square (a caro) of one of four colours.

Each caro after the first goes next to one already laid and scores the pair points of every caro
it touches (red/black 10 down to grey/white 1), doubled when it is the player's last of its colour;
three placement rules and a maximum square playing area limit where it may go. The game ends when
every caro is laid or nobody can lay; the highest total wins and the loser starts the next game.

Rulings implemented: C1 (colours, pair points, 3 caros of each colour), C2 (the area is a bounding
box on an unframed table), C3 (first caro 10, edge contact only), C4-C6 (rules 1-3, checked on the
new caro and the caros it touches), C7 (doubling), C8 (rule break: -10 at once, re-lay), C9
(forced lay "as it lies"), C10 (automatic passes, game end, shared wins), C11 (the loser starts
the next game).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from scoring import core
from scoring.core import Event, RuleViolation, checked
from scoring.said import Said, Signed, Term, listed, said, said_n, term
from scoring.words import given_said

Cell = tuple[int, int]

COLOURS: tuple[str, ...] = ("red", "black", "grey", "white")
CAROS_PER_COLOUR = 3
AREA: dict[int, int] = {2: 6, 3: 7, 4: 8}
FIRST_POINTS = 10
PENALTY = 10

# The order in which `lay` reports the first rule a placement breaks (API.md).
RULE_ORDER: tuple[str, ...] = (
    "game-over",
    "no-caro-left",
    "wrong-colour",
    "occupied",
    "not-adjacent",
    "outside-area",
    "same-colour-adjacent",
    "three-alike-around",
    "diagonal-run",
)

_PAIRS: dict[frozenset[str], int] = {
    frozenset(("red", "black")): 10,
    frozenset(("red", "grey")): 8,
    frozenset(("red", "white")): 6,
    frozenset(("black", "grey")): 4,
    frozenset(("black", "white")): 2,
    frozenset(("grey", "white")): 1,
}
_PAIR: dict[tuple[str, str], int] = {
    (a, b): _PAIRS.get(frozenset((a, b)), 0) for a in COLOURS for b in COLOURS
}
# Edge neighbours in reading order (up, left, right, down): "next to" is sharing an edge (C3).
_STEPS: tuple[Cell, ...] = ((-1, 0), (0, -1), (0, 1), (1, 0))
_DIAGONALS: tuple[Cell, ...] = ((1, 1), (1, -1))

# Caro's glossary, (context, word[, plural]): the words every sentence of the game (engine and
# screen) takes from one catalog entry, so a language names a colour one way throughout. "caro
# colour" is a colour as a sentence names it ("Ann laid grey"); "caro colours" the caros of one
# colour counted ("the greys", "3 greys"): a context of its own, since gettext keeps one entry
# per context and word, and this one has a plural.
GLOSSARY: tuple[tuple[str, ...], ...] = (
    *(("caro colour", c) for c in COLOURS),
    *(("caro colours", c, c + "s") for c in COLOURS),
    # The letter on each caro, for colour-blind players (the screens draw it): the first of the
    # colour's name, which a language picks so that the four still differ.
    *(("caro letter", c[0].upper()) for c in COLOURS),
    ("caro role", "starter"),  # who a refusal says must be a player's name
    ("caro role", "player"),
)


@checked
def colour_word(colour: str, n: int | None = None) -> Term:
    """A colour as the table names it ("grey"), a glossary word (see GLOSSARY); with `n`, `n`
    caros of it as a noun ("grey", "greys": "3 greys")."""
    if n is None:
        return Term("caro colour", colour)
    return Term("caro colours", colour, colour + "s", n)


def _any_colour() -> Any:
    return listed(map(colour_word, COLOURS), "or")


def _at(cell: Cell) -> Said:
    return said("row {row}, column {column}", row=cell[0], column=cell[1])


@checked
def pair_points(a: str, b: str) -> int:
    """Points of two touching caros (C1); the same colour twice scores 0 (only after a forced lay).

    >>> pair_points("red", "black"), pair_points("white", "grey"), pair_points("red", "red")
    (10, 1, 0)
    """
    try:
        return _PAIR[(a, b)]
    except (KeyError, TypeError):
        raise RuleViolation("bad-colour", "Caros are {colours}: {first} / {second}.",
                            colours=_any_colour(), first=given_said(a),
                            second=given_said(b)) from None


@checked
def where(cell: Cell) -> str:
    """A cell as the table says it, in English: "row 2, column −1" (coordinates as given, C2)."""
    return str(_at(cell))


def _as_cell(value: Any) -> Cell:
    """A cell given as (row, col) or, from JSON, [row, col]."""
    if (
        isinstance(value, (tuple, list))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (value[0], value[1])
    raise RuleViolation("bad-cell",
                        "A cell is a row and a column (two whole numbers), not {value}.",
                        value=given_said(value))


def _check_colour(colour: Any) -> str:
    if colour not in COLOURS:
        raise RuleViolation("bad-colour", "Caros are {colours}, not {value}.",
                            colours=_any_colour(), value=given_said(colour))
    return colour


MAX_GAMES = 10_000  # a series longer than any sitting: bounds what a stored log may claim
MAX_TOTAL = 10_000_000


def _check_series(series: Any, players: list[str]) -> tuple[int, dict[str, int]]:
    """(game number, {player: points before this game}) from a game's `series` setting, or
    `bad-option` when it does not fit the players (a log read from disk is checked too)."""
    if series is None:
        return 1, {p: 0 for p in players}
    if not isinstance(series, dict) or set(series) != {"game", "totals"}:
        raise RuleViolation("bad-option", "A series names the game number and the totals.")
    game, totals = series["game"], series["totals"]
    if not isinstance(game, int) or isinstance(game, bool) or not 2 <= game <= MAX_GAMES:
        raise RuleViolation("bad-option", "A later game of a series is number 2 to {most}.",
                            most=MAX_GAMES)
    if (not isinstance(totals, dict) or set(totals) != set(players)
            or not all(isinstance(v, int) and not isinstance(v, bool) and abs(v) <= MAX_TOTAL
                       for v in totals.values())):
        raise RuleViolation("bad-option", "The series totals must give each player's points.")
    return game, {p: totals[p] for p in players}


def _no_caro_left(player: str, colour: str) -> RuleViolation:
    return RuleViolation("no-caro-left", "{player} has no {colour} caro left.", player=player,
                         colour=colour_word(colour))


def _wrong_colour(player: str, required: str, colour: str) -> RuleViolation:
    return RuleViolation("wrong-colour",
                         "Rule 5: after the rule break {player} must lay {required} again, not "
                         "{colour}.", player=player, required=colour_word(required),
                         colour=colour_word(colour), ruling="C8")


def _then(first: Said, then: Said | None) -> Said:
    """Two sentences of one history entry, one after the other."""
    return first if then is None else said("{first} {then}", first=first, then=then)


def _sum(pairs: list[int], doubled: bool, gained: int) -> Said | str:
    """A lay's points as the table adds them up: "8 + 8 + 1 = 17", "(8 + 8) × 2 = 32", "10 × 2 =
    20", "8"; figures and signs only, the same in every language (the multiplication sign, not
    the letter x, which a language would have to translate), or "touches nothing, 0"."""
    if not pairs:
        return said("touches nothing, 0")
    sums = " + ".join(map(str, pairs))
    if doubled:
        sums = (f"({sums})" if len(pairs) > 1 else sums) + " \u00d7 2"
    if doubled or len(pairs) > 1:
        sums += f" = {gained}"
    return sums


class Match(core.Match):
    """One game of Caro, from the first caro to the last (a series is a chain of `next_game`)."""

    GAME: ClassVar[str] = "caro"
    TITLE: ClassVar[str] = "Caro"
    PLAYERS: ClassVar[range] = range(2, 5)
    HAS_NEXT_GAME: ClassVar[bool] = True  # the loser starts the next game (C11)
    FINAL_SCORE: ClassVar[core.FinalScore | None] = core.FinalScore("points")
    _APPEND_ONLY: ClassVar[frozenset[str]] = frozenset(
        {"_turns", "_story", "_passed", "_rounds", "_entry_turns"})  # see core.Match
    # A round: every player's turn once (the timeline's groups, `step_groups`).
    PARTS: ClassVar[Mapping[str, core.Part]] = {
        "round": core.Part(term("caro part", "Round {n}"), term("caro part", "round {n}")),
    }

    def __init__(self, players: list[str], starter: str | None = None,
                 series: dict[str, Any] | None = None) -> None:
        """`series`: for a game after the first of a sitting (`next_game` fills it in),
        {"game": its number, "totals": {player: points of the games before it}}."""
        settings: Event = {"players": players, "starter": starter}
        if series is not None:  # absent from a first game's settings, as before series existed
            settings["series"] = series
        super().__init__(settings)

    def _setup(self, settings: Event) -> None:
        names = core.check_players(settings["players"], self.PLAYERS)
        if settings.get("starter") is None:
            settings["starter"] = names[0]
        core.check_member(settings["starter"], names, term("caro role", "starter"))
        self.game_no, self._before = _check_series(settings.get("series"), names)
        self.area: int = AREA[len(names)]
        self.current: str | None = settings["starter"]
        self._board: dict[Cell, str] = {}
        self._bounds: list[int] | None = None  # [top, left, bottom, right] of the laid caros
        self._hands = {p: {c: CAROS_PER_COLOUR for c in COLOURS} for p in names}
        self._scores = {p: 0 for p in names}
        self._passed: list[str] = []
        self._just_passed: list[str] = []
        self._turns: list[dict[str, Any]] = []
        self._story: list[core.Entry] = []
        self._must_relay: str | None = None
        self._penalty = 0  # the -10s of the turn in progress (C8), already in the scores
        # Rounds of turns, for the timeline: a round ends when play comes back round to the
        # starter's seat; a skipped player has no turn in it (C10).
        starter = names.index(settings["starter"])
        self._seat = {p: (i - starter) % len(names) for i, p in enumerate(names)}
        self._round_no, self._last_seat = 0, len(names)
        self._rounds: list[int] = []  # the round of each `_story` entry
        self._entry_turns: list[int] = []  # the turn of each `_story` entry (`step_turns`)
        self._last_cell: Cell | None = None
        self._over = False
        self._ended_by = ""  # "all-laid" | "blocked" once over

    # -- what the table looks like --------------------------------------------------------------

    @property
    def board(self) -> dict[Cell, str]:
        """{(row, col): colour} of every laid caro (a copy)."""
        return dict(self._board)

    @property
    def scores(self) -> dict[str, int]:
        return dict(self._scores)

    @property
    def passed(self) -> list[str]:
        """Every automatic skip of a player who could not lay, in order, repeats included (C10)."""
        return list(self._passed)

    @property
    def just_passed(self) -> list[str]:
        """The players skipped (C10) when the turn last moved on, in order: those passed over on
        the way to the current player; [] when the turn went straight to them."""
        return list(self._just_passed)

    @property
    def series_totals(self) -> dict[str, int]:
        """{player: points of the earlier games of the series plus this game's so far}, in seating
        order; this game's scores for a game played on its own."""
        return {p: self._before[p] + self._scores[p] for p in self.players}

    @property
    def turns(self) -> list[dict[str, Any]]:
        """One dict per completed turn: player, colour, cell (None when a rule break ended the turn
        with nothing laid), points (the turn's net result), pairs, doubled, penalty (the sum of the
        turn's -10s, e.g. -20), forced and first (the game's first caro)."""
        return [dict(t, pairs=list(t["pairs"])) for t in self._turns]

    @property
    def must_relay(self) -> str | None:
        """The colour a rule break obliges the current player to lay now (C8), or None."""
        return self._must_relay

    @property
    def pending_penalty(self) -> int:
        """The -10s of the turn in progress (0 or negative); already counted in `scores`."""
        return self._penalty

    @property
    def last_cell(self) -> Cell | None:
        return self._last_cell

    @property
    def bounds(self) -> tuple[int, int, int, int] | None:
        """(min_row, min_col, max_row, max_col) of the laid caros, or None on an empty table."""
        return None if self._bounds is None else tuple(self._bounds)  # type: ignore[return-value]

    @property
    def is_first_lay(self) -> bool:
        """True while the table is empty: the next caro may go anywhere and scores 10 (C3)."""
        return not self._board

    def remaining(self, name: str) -> dict[str, int]:
        """{colour: caros left} of a player."""
        core.check_member(name, self.players, term("caro role", "player"))
        return dict(self._hands[name])

    def is_last(self, colour: str, player: str | None = None) -> bool:
        """Whether laying `colour` now would be the player's last of it, doubling the turn (C7)."""
        name = self.current if player is None else core.check_member(
            player, self.players, term("caro role", "player"))
        return name is not None and self._hands[name].get(colour) == 1

    def doubles(self, colour: str) -> bool:
        """Whether `colour` laid now scores double: it is the current player's last caro of that
        colour (C7). Never for the game's first caro, which scores 10 whatever it is (C3).

        >>> m = Match(["Ann", "Ben"])
        >>> m.doubles("red")
        False
        """
        _check_colour(colour)
        return bool(self._board) and self.is_last(colour)

    def cells_in_reach(self) -> list[Cell]:
        """Every empty cell where a caro could still go under the area limit (C2), sorted.

        On an empty table any cell could take the first caro; this returns [(0, 0)], the cell that
        `options` offers for it.
        """
        if self._bounds is None:
            return [(0, 0)]
        top, left, bottom, right = self._bounds
        tall = max(self.area, bottom - top + 1)
        wide = max(self.area, right - left + 1)
        return [
            (r, c)
            for r in range(bottom - tall + 1, top + tall)
            for c in range(right - wide + 1, left + wide)
            if (r, c) not in self._board
        ]

    # -- legality: one source for violations, options and lay -----------------------------------

    def _faults(self, colour: str, cell: Cell, first_only: bool) -> list[tuple[str, Any]]:
        """The placement rules `colour` at `cell` breaks on the table as it lies, in RULE_ORDER.

        Each fault is (code, detail); with `first_only` it stops at the first. Only what the new
        caro changes is checked (C5, C6), so an older forced lay does not block the table.
        """
        board = self._board
        if cell in board:
            return [("occupied", board[cell])]
        if not board:
            return []  # the first caro may go on any cell (C2)
        faults: list[tuple[str, Any]] = []
        r, c = cell
        touching: list[tuple[Cell, str]] = []
        for dr, dc in _STEPS:
            k = (r + dr, c + dc)
            other = board.get(k)
            if other is not None:
                touching.append((k, other))
        if not touching:
            faults.append(("not-adjacent", None))
            if first_only:
                return faults
        # C2: each side of the bounding box may grow up to N; a side that a forced lay already
        # made longer than N may not grow any further.
        top, left, bottom, right = self._bounds  # type: ignore[misc]
        n = self.area
        tall = max(bottom, r) - min(top, r) + 1
        wide = max(right, c) - min(left, c) + 1
        if (tall > n and tall > bottom - top + 1) or (wide > n and wide > right - left + 1):
            faults.append(("outside-area", (tall, wide)))
            if first_only:
                return faults
        # C4 rule 1: no edge neighbour of the same colour.
        same = [k for k, other in touching if other == colour]
        if same:
            faults.append(("same-colour-adjacent", same))
            if first_only:
                return faults
        # C5 rule 2: the new caro and each caro it touches, with the new caro in place.
        crowded: list[tuple[Cell, str, str, int]] = []
        if len(touching) > 2:
            counts: dict[str, int] = {}
            for _, other in touching:
                counts[other] = counts.get(other, 0) + 1
            crowded.extend((cell, colour, o, k) for o, k in counts.items() if k > 2)
        for (kr, kc), other in touching:
            alike = 1  # the new caro itself; its cell is still empty on the board
            for dr, dc in _STEPS:
                if board.get((kr + dr, kc + dc)) == colour:
                    alike += 1
            if alike > 2:
                crowded.append(((kr, kc), other, colour, alike))
        if crowded:
            faults.append(("three-alike-around", crowded))
            if first_only:
                return faults
        # C6 rule 3: a diagonal through the new caro with 4 or more of its colour in a row.
        runs: list[tuple[Cell, Cell, int]] = []
        for dr, dc in _DIAGONALS:
            ahead = 1
            while board.get((r + ahead * dr, c + ahead * dc)) == colour:
                ahead += 1
            back = 1
            while board.get((r - back * dr, c - back * dc)) == colour:
                back += 1
            if ahead + back - 1 >= 4:
                start = (r - (back - 1) * dr, c - (back - 1) * dc)
                end = (r + (ahead - 1) * dr, c + (ahead - 1) * dc)
                runs.append((start, end, ahead + back - 1))
        if runs:
            faults.append(("diagonal-run", runs))
        return faults

    def _message(self, code: str, colour: str, cell: Cell, detail: Any) -> Said:
        at, laid = _at(cell), colour_word(colour)
        if code == "occupied":
            return said("There is already a {colour} caro at {cell}.",
                        colour=colour_word(detail), cell=at)
        if code == "not-adjacent":
            return said("A caro must share an edge with a laid caro: {colour} at {cell} touches "
                        "none.", colour=laid, cell=at).citing("C3")
        if code == "outside-area":
            tall, wide = detail
            n, top, left, bottom, right = self.area, *self._bounds  # type: ignore[misc]
            sizes = []
            if tall > max(n, bottom - top + 1):
                sizes.append(said_n("{n} row tall", "{n} rows tall", tall))
            if wide > max(n, right - left + 1):
                sizes.append(said_n("{n} column wide", "{n} columns wide", wide))
            return said_n(
                "Playing area: with {n} player the caros must fit in {size} x {size}; {colour} "
                "at {cell} would make the table {sizes}.",
                "Playing area: with {n} players the caros must fit in {size} x {size}; {colour} "
                "at {cell} would make the table {sizes}.",
                len(self.players), size=n, colour=laid, cell=at,
                sizes=listed(sizes)).citing("C2")
        if code == "same-colour-adjacent":
            return said("Rule 1: {colour} cannot go next to the {same} at {cells}.", colour=laid,
                        same=colour_word(colour, len(detail)),
                        cells=listed(map(_at, detail))).citing("C3")
        if code == "three-alike-around":
            parts = [
                said("the {own} at {cell} would touch {n} {crowd}", own=colour_word(own),
                     cell=_at(k), n=n, crowd=colour_word(crowd, n))
                for k, own, crowd, n in detail
            ]
            return said("Rule 2: {crowded}.", crowded=listed(parts)).citing("C5")
        if code == "diagonal-run":
            parts = [
                said("a diagonal of {n} {run} from {start} to {end}", n=n,
                     run=colour_word(colour, n), start=_at(a), end=_at(b))
                for a, b, n in detail
            ]
            return said("Rule 3: {colour} at {cell} would make {runs}.", colour=laid, cell=at,
                        runs=listed(parts)).citing("C6")
        raise AssertionError(code)  # pragma: no cover

    def _refusals(self, player: str, colour: str, cell: Cell, force: bool) -> list[RuleViolation]:
        """Everything that stops `player` laying `colour` at `cell` now, in RULE_ORDER."""
        out: list[RuleViolation] = []
        if self._hands[player][colour] == 0:
            out.append(_no_caro_left(player, colour))
        if not force and self._must_relay is not None and colour != self._must_relay:
            out.append(_wrong_colour(player, self._must_relay, colour))
        faults = self._faults(colour, cell, first_only=False)
        if force:  # C9: a forced lay waives adjacency, the area and rules 1-3, never a full cell
            faults = [f for f in faults if f[0] == "occupied"]
        out.extend(RuleViolation(code, self._message(code, colour, cell, d)) for code, d in faults)
        return out

    def _legal_spots(self, player: str, colour: str) -> Iterator[Cell]:
        """The cells where `player` may lay `colour` by the placement rules (no C8 colour), one
        at a time: (0, 0) on an empty table."""
        if not self._hands[player][colour]:
            return
        if not self._board:
            yield (0, 0)
            return
        faults = self._faults
        yield from (cell for cell in self._frontier() if not faults(colour, cell, True))

    def _legal_cells(self, player: str, colour: str) -> dict[Cell, int]:
        """{cell: points} where `player` may lay `colour` by the placement rules (no C8 colour)."""
        if not self._board:
            return dict.fromkeys(self._legal_spots(player, colour), FIRST_POINTS)
        factor = 2 if self._hands[player][colour] == 1 else 1
        return {cell: factor * self._pairs(colour, cell)[0]
                for cell in self._legal_spots(player, colour)}

    def _frontier(self) -> set[Cell]:
        """The free cells that share an edge with a laid caro: the only ones a lay may take."""
        board = self._board
        return {(r + dr, c + dc) for r, c in board for dr, dc in _STEPS}.difference(board)

    def _can_lay(self, player: str) -> bool:
        """Whether `player` has a legal cell for any colour they hold (C10)."""
        held = [c for c, n in self._hands[player].items() if n]
        if not held or not self._board:
            return bool(held)
        faults = self._faults
        return any(not faults(c, cell, True) for cell in self._frontier() for c in held)

    def _pairs(self, colour: str, cell: Cell) -> tuple[int, list[int]]:
        """(pair sum, pair points of each edge neighbour in reading order) (C3)."""
        r, c = cell
        pairs = [
            _PAIR[(colour, other)]
            for dr, dc in _STEPS
            if (other := self._board.get((r + dr, c + dc))) is not None
        ]
        return sum(pairs), pairs

    def violations(self, colour: str, cell: Cell) -> list[RuleViolation]:
        """Every rule the current player would break laying `colour` at `cell`; [] when legal.

        The codes come in RULE_ORDER; an occupied cell gives only `occupied` (with any colour
        problem before it); `lay` raises the first.
        """
        if self._over:
            return [RuleViolation("game-over", "The game is over.")]
        try:
            return self._refusals(self.current, _check_colour(colour), _as_cell(cell), False)  # type: ignore[arg-type]
        except RuleViolation as error:
            return [error]

    def options(self, colour: str) -> dict[Cell, int]:
        """{cell: points} of every legal cell for `colour` for the current player, x2 included
        when it is their last of that colour (C7). An empty table offers {(0, 0): 10}. {} when the
        game is over, they hold no such caro, or a rule break requires another colour (C8)."""
        _check_colour(colour)
        if self._over or (self._must_relay is not None and colour != self._must_relay):
            return {}
        return self._legal_cells(self.current, colour)  # type: ignore[arg-type]

    def has_options(self, colour: str) -> bool:
        """Whether `options(colour)` offers any cell, found without scoring every cell: what a
        colour chip needs to know (the grid asks `options` of the one colour picked)."""
        _check_colour(colour)
        if self._over or (self._must_relay is not None and colour != self._must_relay):
            return False
        spots = self._legal_spots(self.current, colour)  # type: ignore[arg-type]
        return next(spots, None) is not None

    def points(self, colour: str, cell: Cell) -> int:
        """The points `colour` at `cell` would score the current player (x2 included)."""
        _check_colour(colour)
        cell = _as_cell(cell)
        if not self._board:
            return FIRST_POINTS
        return (2 if self.doubles(colour) else 1) * self._pairs(colour, cell)[0]

    # -- actions --------------------------------------------------------------------------------

    def lay(
        self, colour: str, cell: Cell, force: bool = False, player: str | None = None
    ) -> None:
        """The current player lays `colour` at `cell`; `force=True` records it as it lies (C9)."""
        if self._over:
            raise RuleViolation("game-over", "The game is over.")
        name = self._require_player(player, self.current)
        r, c = _as_cell(cell)
        event = {
            "type": "lay",
            "player": name,
            "colour": _check_colour(colour),
            "cell": [r, c],
            "force": bool(force),
        }
        self._record(event)

    def rule_break(self, colour: str, player: str | None = None) -> None:
        """Rule 5 (C8): the current player's `colour` caro broke a rule and is taken back: -10 at
        once, then they must lay that colour again (any colour if it has no legal cell; the turn
        ends at the penalty if no colour has one)."""
        if self._over:
            raise RuleViolation("game-over", "The game is over.")
        name = self._require_player(player, self.current)
        self._record({"type": "rule_break", "player": name, "colour": _check_colour(colour)})

    def _check_turn(self, event: Event) -> tuple[str, str]:
        if self._over:
            raise RuleViolation("game-over", "The game is over.")
        player = event.get("player")
        if player != self.current:
            raise RuleViolation("not-your-turn", "It is {player}'s turn, not {other}'s.",
                                player=self.current,
                                other=player if isinstance(player, str) else given_said(player))
        return player, _check_colour(event.get("colour"))  # type: ignore[return-value]

    def _on_lay(self, event: Event) -> None:
        player, colour = self._check_turn(event)
        cell = _as_cell(event.get("cell"))
        force = event.get("force", False)
        if not isinstance(force, bool):
            raise RuleViolation("bad-event", "A lay is forced or not (true or false).")
        refusals = self._refusals(player, colour, cell, force)
        if refusals:
            raise refusals[0]
        # -- everything checked: apply --
        round_no = self._turn_round(player)
        first = not self._board
        left = self._hands[player][colour]
        total, pairs = (FIRST_POINTS, []) if first else self._pairs(colour, cell)
        doubled = left == 1 and not first  # C7: the first caro is never a last caro
        gained = total * 2 if doubled else total
        self._board[cell] = colour
        r, c = cell
        if self._bounds is None:
            self._bounds = [r, c, r, c]
        else:
            b = self._bounds
            self._bounds = [min(b[0], r), min(b[1], c), max(b[2], r), max(b[3], c)]
        self._hands[player][colour] = left - 1
        self._scores[player] += gained
        self._last_cell = cell
        penalty = self._penalty
        self._turns.append(
            {
                "player": player,
                "colour": colour,
                "cell": cell,
                "points": gained + penalty,
                "pairs": pairs,
                "doubled": doubled,
                "penalty": penalty,
                "forced": force,
                "first": first,
            }
        )
        text = self._lay_text(player, colour, cell, first, pairs, doubled, force, gained)
        if penalty:
            text = _then(text, said("With the rule-break penalty of {penalty} the turn makes "
                                    "{total}.", penalty=penalty, total=gained + penalty))
        self._tell(_then(text, self._end_turn()), {player: gained}, player, round_no)

    def _tell(self, text: Said, changes: dict[str, int], player: str, round_no: int,
              turn_over: bool = True) -> None:
        """One history entry: what happened as data ("said"; its English "text" on first read);
        `turn_over`: the action ended its turn (a rule break may leave it to a lay)."""
        self._story.append(core.Entry(text, {"changes": changes, "player": player}))
        self._rounds.append(round_no)
        self._entry_turns.append(len(self._turns) + (0 if turn_over else 1))

    @staticmethod
    def _lay_text(
        player: str,
        colour: str,
        cell: Cell,
        first: bool,
        pairs: list[int],
        doubled: bool,
        force: bool,
        gained: int,
    ) -> Said:
        said_as = {"player": player, "colour": colour_word(colour), "cell": _at(cell)}
        if first and force:
            return said("{player} laid the first caro, {colour} at {cell}, recorded as it lies "
                        "(rule 6): {points}.", points=gained, **said_as).citing("C9")
        if first:
            return said("{player} laid the first caro, {colour} at {cell}: {points}.",
                        points=gained, **said_as)
        sums = _sum(pairs, doubled, gained)
        if doubled and force:
            return said("{player} laid their last {colour} at {cell}, recorded as it lies "
                        "(rule 6): {sum}.", sum=sums, **said_as).citing("C9")
        if doubled:
            return said("{player} laid their last {colour} at {cell}: {sum}.", sum=sums,
                        **said_as)
        if force:
            return said("{player} laid {colour} at {cell}, recorded as it lies (rule 6): {sum}.",
                        sum=sums, **said_as).citing("C9")
        return said("{player} laid {colour} at {cell}: {sum}.", sum=sums, **said_as)

    def _on_rule_break(self, event: Event) -> None:
        player, colour = self._check_turn(event)
        if self._hands[player][colour] == 0:
            raise _no_caro_left(player, colour)
        if self._must_relay is not None and colour != self._must_relay:
            raise _wrong_colour(player, self._must_relay, colour)
        # -- apply: the -10 counts at once, and again for a second break in the turn (C8) --
        round_no = self._turn_round(player)
        self._scores[player] -= PENALTY
        self._penalty -= PENALTY
        laid = colour_word(colour)
        text = said("{player} broke a rule with {colour} and takes it back: {penalty}.",
                    player=player, colour=laid, penalty=Signed(-PENALTY))
        ended = False  # the turn goes on: the player lays again
        if self._legal_cells(player, colour):
            self._must_relay = colour
            text = _then(text, said("{player} must lay {colour} again.", player=player,
                                    colour=laid))
        elif self._can_lay(player):
            self._must_relay = None
            text = _then(text, said("There is no legal cell for {colour}, so {player} may lay "
                                    "any colour.", colour=laid, player=player))
        else:
            penalty = self._penalty
            self._turns.append(
                {
                    "player": player,
                    "colour": colour,
                    "cell": None,
                    "points": penalty,
                    "pairs": [],
                    "doubled": False,
                    "penalty": penalty,
                    "forced": False,
                    "first": False,
                }
            )
            ends = said("No caro can go anywhere, so the turn ends at {points}.", points=penalty)
            text = _then(text, _then(ends, self._end_turn()))
            ended = True
        self._tell(text, {player: -PENALTY}, player, round_no, turn_over=ended)

    def _turn_round(self, player: str) -> int:
        """The round of `player`'s action: a new round when a turn starts at a seat no later
        than the last turn's. A rule break (C8) and what follows it are one turn."""
        if self._penalty == 0:  # the first action of a turn
            seat = self._seat[player]
            if seat <= self._last_seat:
                self._round_no += 1
            self._last_seat = seat
        return self._round_no

    def _end_turn(self) -> Said | None:
        """Close the turn: the next player who can lay, skipping those who cannot (C10), or the
        end of the game. Returns what to add to the history (None: nothing)."""
        self._must_relay = None
        self._penalty = 0
        self._just_passed = []
        names = self.players
        if not any(n for hand in self._hands.values() for n in hand.values()):
            return self._finish("all-laid")
        skipped: list[str] = []
        for step in range(1, len(names) + 1):
            name = core.next_in_turn(names, self.current, step)  # type: ignore[arg-type]
            if self._can_lay(name):
                self._passed.extend(skipped)
                self._just_passed = skipped
                self.current = name
                told = None
                for n in reversed(skipped):
                    passes = (said("{player} has no caro left and passes.", player=n)
                              if not any(self._hands[n].values())
                              else said("{player} cannot lay and passes.", player=n))
                    told = _then(passes, told)
                return told
            skipped.append(name)
        return self._finish("blocked")  # nobody can lay: no passes recorded, the game ends

    def _finish(self, reason: str) -> Said:
        self._over = True
        self._ended_by = reason
        self.current = None
        best = max(self._scores.values())
        won = [p for p in self.players if self._scores[p] == best]
        if reason == "all-laid":
            return said_n("Game over, every caro is laid: {players} wins with {points}.",
                          "Game over, every caro is laid: {players} share the win with "
                          "{points}.", len(won), players=listed(won), points=best)
        return said_n("Game over, nobody can lay: {players} wins with {points}.",
                      "Game over, nobody can lay: {players} share the win with {points}.",
                      len(won), players=listed(won), points=best)

    # -- outcome --------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def ended_by(self) -> str:
        """"all-laid" or "blocked" (nobody could lay) once the game is over, else ""."""
        return self._ended_by

    @property
    def winners(self) -> list[str]:
        """The players with the highest total once the game is over; equal totals share (C10)."""
        if not self._over:
            return []
        best = max(self._scores.values())
        return [p for p in self.players if self._scores[p] == best]

    @property
    def losers(self) -> list[str]:
        """The players with the lowest total, in seating order (C11: one of them starts next)."""
        low = min(self._scores.values())
        return [p for p in self.players if self._scores[p] == low]

    def standing_figures(self) -> list[core.Standing]:
        """(name, total) in seating order."""
        return [core.Standing(p, self._scores[p]) for p in self.players]

    @property
    def counts(self) -> list[core.Count]:
        return [core.Count("points", dict(self._scores))]

    @property
    def step_groups(self) -> list[tuple[tuple[str, int | None], ...]]:
        """The round of turns of every step (see `_turn_round`)."""
        return [(("round", n),) for n in self._rounds]

    @property
    def step_turns(self) -> list[int]:
        """The turn each step (`history` entry) belongs to, counted from 1: a rule break and
        the lay after it are one turn (C8), so a list of the latest steps can say how many
        turns it holds. A pause or resume (an entry of `history` too) has the turn before it."""
        turns = list(self._entry_turns)
        for n, _kind in self.pauses:  # `history` entry n - 1 is event n, as core splices it
            turns.insert(n - 1, turns[n - 2] if 0 <= n - 2 < len(turns) else 0)
        return turns

    @property
    def ahead(self) -> list[str]:
        """The players with the highest total while some have less."""
        return core.ahead_of_rest(self._scores)

    @property
    def final_scores(self) -> dict[str, int] | None:
        """{player: final total} once the game is over (higher is better), else None.

        For statistics across matches, kept in the store's summaries.
        """
        return dict(self._scores) if self._over else None

    @property
    def history(self) -> list[dict[str, Any]]:
        """One entry per action: {"text", "said", "changes": {player: delta}, "player"}: "said"
        is what happened as data (scoring/said.py), "text" its English."""
        return [entry.read() for entry in self._story]

    def next_game(self, starter: str | None = None) -> Match:
        """A new game with the same players, started by the loser of this one (C11)."""
        if not self._over:
            raise RuleViolation("game-in-progress", "The game is not over yet.")
        losers = self.losers
        if starter is None:
            if len(losers) > 1:
                raise RuleViolation(
                    "starter-needed", "{players} share the lowest total: choose which of them "
                    "starts.", players=listed(losers))
            starter = losers[0]
        core.check_member(starter, self.players, term("caro role", "starter"))
        if starter not in losers:
            raise RuleViolation(
                "starter-needed", "The loser starts the next game: {players}, not {starter}.",
                players=listed(losers), starter=starter)
        with core.stored_names():  # the same players: see `core.Match.play_again`
            return Match(self.players, starter=starter,
                         series={"game": self.game_no + 1, "totals": self.series_totals})


__all__ = ["AREA", "COLOURS", "GLOSSARY", "RULE_ORDER", "Cell", "Match", "colour_word",
           "pair_points", "where"]
