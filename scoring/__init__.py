"""Pure rules for the games Table Companion keeps score of: no UI, no storage, no clock.

`GAMES` maps a game id to its `Match` class, `ENGINES` to the module (or package) of its rules,
whose names (`GLOSSARY`, the rules functions) are found there wherever within it they are
defined; `replay(events)` rebuilds any stored match.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType

from scoring import careta, caro, carrera, ratel, sheet
from scoring.core import Event, Match, RuleViolation
from scoring.words import given_said

# Every game whose rules engine has landed; the app and the store find games only here.
ENGINES: dict[str, ModuleType] = {
    engine.Match.GAME: engine for engine in (caro, careta, ratel, carrera, sheet)
}
GAMES: dict[str, type[Match]] = {game: engine.Match for game, engine in ENGINES.items()}


def replay(events: Sequence[Event]) -> Match:
    """Rebuild a match of any registered game from its events (the game is named in the first)."""
    game = events[0].get("game") if events and isinstance(events[0], dict) else None
    if game not in GAMES:
        raise RuleViolation("bad-event", "Unknown game {given}.", given=given_said(game))
    return GAMES[game].replay(events)


__all__ = ["ENGINES", "GAMES", "Match", "RuleViolation", "replay"]
