"""Skill ratings per game: OpenSkill's Plackett-Luce model over every finished match in the
order played, from each match's places (`Summary.placings`: ranks and ties from the game's final
standings, a Careta team's members as one team).

A rating is worked out from the stored matches each time it is asked for, never stored: deleting
or importing a match changes it. The last result is kept in memory only to be continued: when the
finished matches are the ones rated before plus new ones played after them (a match just
finished), only those are rated (bench/ratings.py); any other change rates them all again.

A player is recognised by name as in `records.key` (capitals and outer spaces do not matter) and
shown as in their latest match. docs/ratings.md works a case by hand.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from openskill.models import PlackettLuce

from companion.describe.records import key
from scoring import GAMES
from scoring.core import Placing

TREND = 5  # the trend is the change of the ordinal over this many of a player's last matches
MODEL = PlackettLuce()


class RatedSummary(Protocol):
    """The fields of `storage.Summary` that ratings read."""

    id: str
    game: str
    status: str
    fingerprint: str
    created: datetime
    played_at: datetime
    placings: tuple[Placing, ...]


@dataclass(frozen=True)
class Rating:
    """One player's rating in one game: `mu` the skill the model believes, `sigma` its
    uncertainty, `ordinal` the conservative figure that ranks (mu - 3 sigma)."""

    name: str
    game: str
    mu: float
    sigma: float
    played: int  # rated matches of this game
    # the ordinal after each of the player's last TREND + 1 matches, oldest first (before the
    # first match: the model's start)
    history: tuple[float, ...] = ()

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def trend(self) -> float:
        """How much the ordinal moved over the last matches (up to TREND of them)."""
        return self.history[-1] - self.history[0] if len(self.history) > 1 else 0.0

    @property
    def trend_of(self) -> int:
        """Over how many matches `trend` is measured."""
        return max(len(self.history) - 1, 0)


class _Player:
    __slots__ = ("name", "rating", "played", "history")

    def __init__(self, name: str) -> None:
        self.name = name
        self.rating: Any = MODEL.rating(name=name)
        self.played = 0
        self.history: list[float] = [self.rating.ordinal()]


class _State:
    """The model's state after rating `done` (the (id, fingerprint) of each match, in order)."""

    def __init__(self) -> None:
        self.done: list[tuple[str, str]] = []
        self.games: dict[str, dict[str, _Player]] = {}


_lock = threading.Lock()
_kept = _State()
# {(id, fingerprint, status): the match's place in the order played, or None when it is not
# rated}: a summary's fields do not change without its fingerprint or status changing (its
# places and game come from its events), so each is checked once (bench/ratings.py)
_checked: dict[tuple[str, str, str], tuple[datetime, datetime, str] | None] = {}


def _order(s: RatedSummary) -> tuple[datetime, datetime, str]:
    return (s.played_at, s.created, s.id)


def rateable(s: RatedSummary) -> bool:
    """Whether a summary is rated: a finished match of a registered game whose places name at
    least two sides, each player once."""
    if s.status != "finished" or s.game not in GAMES or len(s.placings) < 2:
        return False
    names = [key(n) for p in s.placings for n in p.players]
    return bool(names) and len(names) == len(set(names)) and all(p.players for p in s.placings)


def rate_match(players: dict[str, _Player], placings: Sequence[Placing]) -> None:
    """Rate one match into `players` ({player key: state}): each side a team of the model."""
    sides = []
    for placing in placings:
        side = []
        for name in placing.players:
            k = key(name)
            player = players.get(k)
            if player is None:
                player = players[k] = _Player(name)
            player.name = name  # shown as in their latest match
            side.append(player)
        sides.append(side)
    new = MODEL.rate([[p.rating for p in side] for side in sides],
                     ranks=[p.rank for p in placings])
    for side, rated in zip(sides, new, strict=True):
        for player, rating in zip(side, rated, strict=True):
            player.rating = rating
            player.played += 1
            player.history.append(rating.ordinal())
            del player.history[:-(TREND + 1)]


def _rate(summaries: Iterable[RatedSummary]) -> _State:
    """The state after every rateable match of `summaries`; call it holding `_lock` and read
    the state before letting go of it (the next call may continue it)."""
    global _kept
    found = []
    for s in summaries:
        mark = (s.id, s.fingerprint, s.status)
        try:
            order = _checked[mark]
        except KeyError:
            order = _checked[mark] = _order(s) if rateable(s) else None
        if order is not None:
            found.append((order, s))
    if len(_checked) > 2 * len(found) + 1000:  # forget matches deleted or changed long ago
        _checked.clear()
    found.sort(key=lambda pair: pair[0])
    ordered = [s for _, s in found]
    done = [(s.id, s.fingerprint) for s in ordered]
    kept = _kept
    n = len(kept.done)
    if n <= len(done) and done[:n] == kept.done:
        state, fresh = kept, ordered[n:]
    else:
        state, fresh = _State(), ordered
    for s in fresh:
        rate_match(state.games.setdefault(s.game, {}), s.placings)
    state.done = done
    _kept = state
    return state


def ratings(summaries: Iterable[RatedSummary]) -> dict[str, list[Rating]]:
    """{game: its players' ratings, highest ordinal first} for every game with a rated match,
    in `scoring.GAMES`' order."""
    result = {}
    with _lock:
        state = _rate(summaries)
        for game in GAMES:
            players = state.games.get(game)
            if not players:
                continue
            board = [Rating(p.name, game, p.rating.mu, p.rating.sigma, p.played,
                            tuple(p.history)) for p in players.values()]
            board.sort(key=lambda r: (-r.ordinal, key(r.name)))
            result[game] = board
    return result


def win_chances(summaries: Iterable[RatedSummary], game: str,
                players: Sequence[str]) -> list[float]:
    """Each of `players`' chance to win a match of `game` (the model's `predict_win`, each
    playing for themselves), from their ratings; a newcomer has the model's start. [] for fewer
    than two players."""
    if len(players) < 2:
        return []
    with _lock:
        known = _rate(summaries).games.get(game, {})
        teams = [[known[key(p)].rating if key(p) in known else MODEL.rating(name=p)]
                 for p in players]
    return list(MODEL.predict_win(teams))


def forget() -> None:
    """Drop the kept result (tests, and the bench's cold start)."""
    global _kept
    with _lock:
        _kept = _State()
        _checked.clear()
