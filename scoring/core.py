"""The event-sourced match that every game builds on.

A match is its log of events: the first event holds the settings, every later one is an action a
player took at the table. Each action validates, then records exactly one JSON-serialisable event
and updates the state; a refused action raises `RuleViolation` and changes nothing. Undo steps the
log back, redo forward, and `replay(events)` rebuilds an identical match from a log, validating
every event on the way, so a log read from disk or an import is checked like live play.

A game subclasses `Match`: it sets `GAME`, `TITLE` and `PLAYERS`, builds its start state in
`_setup(settings)`, and handles each event type `t` in a method `_on_t(event)` that raises
`RuleViolation` before it mutates anything. Public action methods build the event and pass it to
`_record`. All game state lives in instance attributes that do not start with `_log`, `_redo` or
`_checkpoints`, so the base class can snapshot it.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

Event = dict[str, Any]

# Snapshot the state every this many events, so undo replays a short tail, never the whole log.
CHECKPOINT_EVERY = 32
MAX_NAME = 24
_BASE_FIELDS = frozenset({"_log", "_redo", "_checkpoints"})


class RuleViolation(ValueError):
    """A refused input: `.rule` is a stable kebab-case code, `str()` a sentence for the table.

    >>> e = RuleViolation("not-your-turn", "It is Ben's turn, not Ann's.")
    >>> e.rule, str(e)
    ('not-your-turn', "It is Ben's turn, not Ann's.")
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule

    def __repr__(self) -> str:
        return f"RuleViolation({self.rule!r}, {str(self)!r})"


def check_players(players: Sequence[str], allowed: range) -> list[str]:
    """The seating order as a list, or `bad-players` / `player-count`."""
    if isinstance(players, str) or not isinstance(players, Iterable):
        raise RuleViolation("bad-players", "Players must be a list of names.")
    names = list(players)
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise RuleViolation("bad-players", "Every player needs a name.")
        if len(name) > MAX_NAME:
            raise RuleViolation("bad-players", f"“{name}” is longer than {MAX_NAME} characters.")
    seen: set[str] = set()
    for name in names:
        if name.strip().casefold() in seen:
            raise RuleViolation("bad-players", f"“{name}” is in the list twice.")
        seen.add(name.strip().casefold())
    if len(names) not in allowed:
        raise RuleViolation(
            "player-count",
            f"This game is for {allowed.start} to {allowed.stop - 1} players, not {len(names)}.",
        )
    return names


def check_member(name: Any, players: Sequence[str], role: str) -> str:
    """`name` if it is one of `players`, else `unknown-player`."""
    if name not in players:
        raise RuleViolation("unknown-player", f"The {role} “{name}” is not playing.")
    return name


def ahead_of_rest(values: dict[str, int], *, lower_is_better: bool = False) -> list[str]:
    """The keys whose value is best, in the dict's (seating) order; [] while all are level, so a
    scoreboard marks nobody as leading at the start or in a dead heat.

    >>> ahead_of_rest({"Ann": 3, "Ben": 5, "Cleo": 5})
    ['Ben', 'Cleo']
    >>> ahead_of_rest({"Ann": 0, "Ben": 0})
    []
    """
    if len(set(values.values())) <= 1:
        return []
    best = min(values.values()) if lower_is_better else max(values.values())
    return [k for k, v in values.items() if v == best]


def next_in_turn(players: Sequence[str], name: str, steps: int = 1) -> str:
    """The player `steps` seats after `name`, wrapping around (the one direction of play)."""
    return players[(players.index(name) + steps) % len(players)]


class Match:
    """Base of every game's match: the event log, undo/redo and replay."""

    GAME: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    PLAYERS: ClassVar[range] = range(2, 3)

    def __init__(self, settings: Event) -> None:
        """Start a match from its settings event (a subclass builds it from keyword arguments)."""
        self._log: list[Event] = []
        self._redo: list[Event] = []
        self._checkpoints: dict[int, dict[str, Any]] = {}
        first = {"type": "setup", "game": self.GAME, **settings}
        self._log.append(first)  # `players` reads it; _setup may normalise it (defaults filled in)
        self._setup(first)
        self._checkpoints[1] = self._snapshot()

    # -- for subclasses -------------------------------------------------------------------------

    def _setup(self, settings: Event) -> None:
        """Validate the settings and build the start state (raise `RuleViolation` when bad).

        It may write defaults back into `settings` (a starter left as None becomes a name), which
        is the event logged; every key of it must be a keyword of the subclass's `__init__`.
        """
        raise NotImplementedError

    def _record(self, event: Event) -> None:
        """Validate and apply one action's event, then log it; a new action clears redo."""
        self._apply(event)
        self._redo.clear()

    def _require_player(self, player: str | None, expected: str | None) -> str:
        """The acting player: `expected` (the current one) unless `player` names someone else."""
        if expected is None:
            raise RuleViolation("not-your-turn", "Nobody is to act now.")
        if player is not None and player != expected:
            raise RuleViolation("not-your-turn", f"It is {expected}'s turn, not {player}'s.")
        return expected

    # -- the log --------------------------------------------------------------------------------

    def _apply(self, event: Event) -> None:
        kind = event.get("type") if isinstance(event, dict) else None
        handler = getattr(self, f"_on_{kind}", None) if isinstance(kind, str) else None
        if handler is None or kind == "setup":
            raise RuleViolation("bad-event", f"Unknown action {kind!r} for {self.TITLE}.")
        before = len(self._log)
        try:
            handler(event)
        except RuleViolation:
            raise
        except Exception:
            # A handler must refuse before it mutates; if a bug broke that, put the state back.
            self._restore(before)
            raise
        self._log.append(copy.deepcopy(event))
        if len(self._log) % CHECKPOINT_EVERY == 0:
            self._checkpoints[len(self._log)] = self._snapshot()

    def _snapshot(self) -> dict[str, Any]:
        return copy.deepcopy({k: v for k, v in vars(self).items() if k not in _BASE_FIELDS})

    def _restore(self, length: int) -> None:
        """Rebuild the state after the first `length` events from the nearest checkpoint."""
        start = max(n for n in self._checkpoints if n <= length)
        for key in [k for k in vars(self) if k not in _BASE_FIELDS]:
            delattr(self, key)
        vars(self).update(copy.deepcopy(self._checkpoints[start]))
        tail = self._log[start:length]
        del self._log[start:]
        for n in [n for n in self._checkpoints if n > start]:
            del self._checkpoints[n]
        for event in tail:
            self._apply(event)

    @property
    def events(self) -> list[Event]:
        """The events in effect, settings first (read-only: copy before changing one)."""
        return list(self._log)

    @classmethod
    def replay(cls, events: Sequence[Event]) -> Match:
        """Rebuild a match from its events, validating each one; nothing is left to redo."""
        if not events or not isinstance(events[0], dict) or events[0].get("type") != "setup":
            raise RuleViolation("bad-event", "A match log must start with its settings.")
        settings = {k: v for k, v in events[0].items() if k not in ("type", "game")}
        if events[0].get("game", cls.GAME) != cls.GAME:
            raise RuleViolation("bad-event", f"This log is not a {cls.TITLE} match.")
        match = cls(**settings)
        for event in events[1:]:
            match._apply(event)
        return match

    @property
    def can_undo(self) -> bool:
        return len(self._log) > 1

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> None:
        """Take back the last action."""
        if not self.can_undo:
            raise RuleViolation("nothing-to-undo", "There is nothing to undo.")
        self._redo.append(self._log[-1])
        self._restore(len(self._log) - 1)

    def redo(self) -> None:
        """Apply again the last action taken back."""
        if not self.can_redo:
            raise RuleViolation("nothing-to-redo", "There is nothing to redo.")
        self._apply(self._redo[-1])
        self._redo.pop()

    @property
    def redo_events(self) -> list[Event]:
        """The actions taken back that Redo would apply again, the next one last (read-only)."""
        return list(self._redo)

    def restore_redo(self, events: Sequence[Event]) -> None:
        """Make `events` (as `redo_events` gave them) what Redo applies again: a match saved
        after an Undo keeps its Redo when it is loaded. Each is checked by applying them all and
        taking them back; if one is refused, RuleViolation is raised and nothing changes."""
        if self._redo:
            raise RuleViolation("bad-event", "This match has actions to redo already.")
        length = len(self._log)
        try:
            for event in reversed(events):
                self._apply(event)
        except Exception:
            self._restore(length)
            raise
        for _ in events:
            self.undo()

    # -- outcome --------------------------------------------------------------------------------
    # What every screen, the store and the exports read from any match. A game overrides what
    # it has; the defaults say "nothing of that kind", so no reader has to probe for a name.

    # Whose turn it is; None when nobody in particular is to act (or the game has no turns).
    # A plain class attribute, so a game may keep it as an instance attribute or a property.
    current: str | None = None
    # Does `next_game()` give the next game of a series (Caro: the loser starts, C11)? A game
    # without one is played again from the same settings instead.
    HAS_NEXT_GAME: ClassVar[bool] = False

    @property
    def players(self) -> list[str]:
        return list(self._log[0]["players"])

    @property
    def history(self) -> list[dict[str, Any]]:
        """One entry per action in effect, in order: at least {"text": what happened,
        "changes": {player or side: points added}}; a game adds its own keys."""
        return []

    @property
    def final_scores(self) -> dict[str, int] | None:
        """{player: final score} once the match is over, for statistics; None until then, and
        for a game (or mode) whose result has no score worth averaging."""
        return None

    def next_game(self, starter: str | None = None) -> Match:
        """The next game of a series, for a game with `HAS_NEXT_GAME`; `no-next-game` here."""
        raise RuleViolation("no-next-game", f"{self.TITLE} has no next game: play it again.")

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def winners(self) -> list[str]:
        raise NotImplementedError

    def standings(self) -> list[tuple[str, str]]:
        """(name, what they have) in seating order (teams in the order given), for every
        scoreboard and the summaries: a scoreboard that re-sorted by score after every action
        made the current player jump about. Who leads is `ahead`."""
        raise NotImplementedError

    @property
    def ahead(self) -> list[str]:
        """The names (as `standings` gives them) ahead of the rest now, ties included; [] while
        all are level. A scoreboard marks them without reordering."""
        return []
