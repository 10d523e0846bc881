"""A tiny test-only game: players add points until one reaches the limit.

The core's tests use it to test the event log on its own; the storage tests register it into
`scoring.GAMES` (only through their `tally` fixture and the kill test's child process), so the
store is tested without depending on any real game module.
"""

from __future__ import annotations

from typing import Any

from scoring.core import Match, RuleViolation, check_players


class Tally(Match):
    GAME = "storage-tally"
    TITLE = "Tally"
    PLAYERS = range(2, 5)

    def __init__(self, players: list[str], limit: int = 100) -> None:
        super().__init__({"players": players, "limit": limit})

    def _setup(self, settings: dict[str, Any]) -> None:
        check_players(settings["players"], self.PLAYERS)
        if not isinstance(settings["limit"], int) or settings["limit"] < 1:
            raise RuleViolation("bad-option", "The limit must be a whole number of at least 1.")
        self.total = {p: 0 for p in settings["players"]}

    def add(self, player: str, n: int, note: str = "") -> None:
        """`note` pads an event to a realistic size (real events carry cells, cards, texts)."""
        self._record({"type": "add", "player": player, "n": n, "note": note})

    def _on_add(self, event: dict[str, Any]) -> None:
        if event.get("player") not in self.total:
            raise RuleViolation("unknown-player", f"{event.get('player')!r} is not playing.")
        if not isinstance(event.get("n"), int) or event["n"] < 1:
            raise RuleViolation("bad-number", "Add at least 1.")
        if self.is_over:
            raise RuleViolation("match-over", "The match is over.")
        self.total[event["player"]] += event["n"]

    @property
    def is_over(self) -> bool:
        return max(self.total.values()) >= self._log[0]["limit"]

    @property
    def winners(self) -> list[str]:
        if not self.is_over:
            return []
        return [p for p, t in self.total.items() if t >= self._log[0]["limit"]]

    def standings(self) -> list[tuple[str, str]]:
        return [(p, str(t)) for p, t in sorted(self.total.items(), key=lambda pt: -pt[1])]


class Plain(Tally):
    """The same game without standings, as a game module that does not offer them yet."""

    GAME = "storage-plain"
    TITLE = "Plain"

    def standings(self) -> list[tuple[str, str]]:
        raise NotImplementedError
