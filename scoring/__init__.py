"""Pure rules for the games Table Companion keeps score of: no UI, no storage, no clock.

`GAMES` maps a game id to its `Match` class; `replay(events)` rebuilds any stored match.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.core import Event, Match, RuleViolation

GAMES: dict[str, type[Match]] = {}


def register(cls: type[Match]) -> type[Match]:
    GAMES[cls.GAME] = cls
    return cls


def replay(events: Sequence[Event]) -> Match:
    """Rebuild a match of any registered game from its events (the game is named in the first)."""
    game = events[0].get("game") if events and isinstance(events[0], dict) else None
    if game not in GAMES:
        raise RuleViolation("bad-event", f"Unknown game {game!r}.")
    return GAMES[game].replay(events)


__all__ = ["GAMES", "Match", "RuleViolation", "replay"]
