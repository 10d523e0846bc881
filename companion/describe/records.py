"""Statistics across stored matches, by player name: pure functions of the store's summaries.

Nothing here replays a match: a `Summary` already holds the players, the winners, the date and the
final scores (from each game's `final_scores`), so the figures for 10,000 matches take one pass
over the list (see bench/stats.py). Only finished matches count. A player is recognised by name,
whatever its capitals ("ann" and "Ann" are one player, shown as in their latest match).

>>> from storage.index import Summary
>>> from datetime import datetime, UTC
>>> t = datetime(2025, 5, 1, tzinfo=UTC)
>>> s = Summary("a1", "caro", ("Ann", "Ben"), "finished", t, t, ("Ann",), (), 9, "f",
...             (("Ann", 60), ("Ben", 40)))
>>> [(p.name, p.played, p.wins) for p in player_stats([s], now=t)]
[('Ann', 1, 1), ('Ben', 1, 0)]
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from companion.describe.words import amount, counted, figure
from companion.i18n import _, ngettext
from scoring import GAMES
from scoring.core import Unit

ALL = "all"
PERIODS: tuple[str, ...] = (ALL, "7d", "30d", "year")


def period_name(period: str) -> str:
    """A period (one of PERIODS) as the chips name it: "All time", "Last 7 days"."""
    if period == "7d":
        return _("Last 7 days")
    if period == "30d":
        return _("Last 30 days")
    if period == "year":
        return _("This year")
    return _("All time")


@dataclass(frozen=True)
class ScoreKind:
    """What a game's final score is, for the average column."""

    unit: Unit | str  # a `FinalScore`'s unit as its game declares it (a code it does not: as is)
    lower_is_better: bool = False

    @property
    def label(self) -> str:
        """What it counts, in the session's language: "points", "penalty points"."""
        return counted(self.unit)


def score_kind(game: str) -> ScoreKind | None:
    """What the final scores of `game` count (its Match's `FINAL_SCORE`); None for a game
    without a final score worth averaging, or one no longer offered.

    >>> [(kind.label, kind.lower_is_better) for kind in (score_kind("ratel"),)]
    [('penalty points', True)]
    >>> score_kind("carrera") is None
    True
    """
    cls = GAMES.get(game)
    final = cls.FINAL_SCORE if cls is not None else None
    if cls is None or final is None:
        return None
    return ScoreKind(cls.unit_named(final.unit) or final.unit, final.lower_is_better)


class SummaryLike(Protocol):
    """The fields of `storage.Summary` that statistics read."""

    game: str
    players: tuple[str, ...]
    status: str
    updated: datetime
    played_at: datetime  # when last played: its last action in effect (not its last save)
    winners: tuple[str, ...]
    scores: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class GameLine:
    """One player's figures in one game."""

    game: str
    played: int
    wins: int
    scored: int = 0  # matches with a final score for this player (the average's count)
    total: int = 0  # the sum of those scores

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    @property
    def average(self) -> float | None:
        return self.total / self.scored if self.scored else None


@dataclass(frozen=True)
class PlayerStats:
    """One player's figures across the matches in view, and per game (most played first)."""

    name: str
    played: int
    wins: int
    games: tuple[GameLine, ...]

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0


@dataclass(frozen=True)
class HeadToHead:
    """Two players' finished matches together: how many, and who won them."""

    a: str
    b: str
    together: int
    wins_a: int  # matches a won (alone or sharing the win, with b or someone else)
    wins_b: int
    shared: int  # matches both won (a shared win, or teammates)
    neither: int  # matches someone else won


@functools.lru_cache(maxsize=4096)
def key(name: str) -> str:
    """How names are matched across matches: capitals and outer spaces do not matter."""
    return name.strip().casefold()


def since(period: str, now: datetime) -> datetime | None:
    """The start of `period` (a key of PERIODS) at `now` (timezone-aware); None for all time.

    "This year" starts on 1 January in `now`'s own time zone.
    """
    if period == ALL:
        return None
    if period == "7d":
        return now - timedelta(days=7)
    if period == "30d":
        return now - timedelta(days=30)
    if period == "year":
        return now.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
    raise ValueError(f"Unknown period {period!r}; choose one of {', '.join(PERIODS)}.")


def in_view(
    summaries: Iterable[SummaryLike],
    *,
    game: str | None = None,
    period: str = ALL,
    now: datetime | None = None,
) -> list[SummaryLike]:
    """The finished matches of `game` (None: every game) last played within `period`."""
    start = since(period, now or datetime.now().astimezone())
    return [
        s
        for s in summaries
        if s.status == "finished"
        and (game is None or s.game == game)
        and (start is None or s.played_at >= start)
    ]


def player_stats(
    summaries: Iterable[SummaryLike],
    *,
    game: str | None = None,
    period: str = ALL,
    now: datetime | None = None,
) -> list[PlayerStats]:
    """Every player of the matches in view: most matches played first, then most wins.

    Pass the summaries most recent first (as `Store.summaries()` gives them) so a name is shown
    as it was last typed.
    """
    names: dict[str, str] = {}
    # per player key: per game [played, wins, scored, total]
    figures: dict[str, dict[str, list[int]]] = {}
    for s in in_view(summaries, game=game, period=period, now=now):
        # names are exact within a match (the engines refuse "ann" beside "Ann")
        won = set(s.winners)
        scores = dict(s.scores)
        for name in s.players:
            k = key(name)
            names.setdefault(k, name)
            row = figures.setdefault(k, {}).setdefault(s.game, [0, 0, 0, 0])
            row[0] += 1
            if name in won:
                row[1] += 1
            score = scores.get(name)
            if score is not None:
                row[2] += 1
                row[3] += score
    result = []
    for k, per_game in figures.items():
        lines = tuple(
            sorted(
                (GameLine(g, *row) for g, row in per_game.items()),
                key=lambda line: (-line.played, line.game),
            )
        )
        result.append(
            PlayerStats(
                name=names[k],
                played=sum(line.played for line in lines),
                wins=sum(line.wins for line in lines),
                games=lines,
            )
        )
    result.sort(key=lambda p: (-p.played, -p.wins, key(p.name)))
    return result


def head_to_head(
    summaries: Iterable[SummaryLike],
    a: str,
    b: str,
    *,
    game: str | None = None,
    period: str = ALL,
    now: datetime | None = None,
) -> HeadToHead:
    """The finished matches in view where `a` and `b` both played, and who won them."""
    ka, kb = key(a), key(b)
    together = wins_a = wins_b = shared = neither = 0
    for s in in_view(summaries, game=game, period=period, now=now):
        playing = {key(p) for p in s.players}
        if ka not in playing or kb not in playing or ka == kb:
            continue
        together += 1
        won = {key(w) for w in s.winners}
        wins_a += ka in won
        wins_b += kb in won
        shared += ka in won and kb in won
        neither += ka not in won and kb not in won
    return HeadToHead(a, b, together, wins_a, wins_b, shared, neither)


def percent(rate: float) -> str:
    """A win rate as people say it: '67%'.

    >>> percent(2 / 3), percent(0.0)
    ('67%', '0%')
    """
    return _("{n}%").format(n=figure(round(rate * 100)))


def average_text(line: GameLine) -> str | None:
    """The average final score as the screen shows it, or None for a game without one.

    When only some matches have a score (Ratel's penalty games among damage games), it says of
    how many the average is.

    >>> average_text(GameLine("ratel", played=3, wins=1, scored=2, total=25))
    '12.5 penalty points (of 2 matches)'
    >>> average_text(GameLine("caro", played=2, wins=1, scored=2, total=180))
    '90 points'
    >>> average_text(GameLine("careta", played=2, wins=1, scored=2, total=2))
    '1 point'
    """
    kind = score_kind(line.game)
    if kind is None or line.average is None:
        return None
    average = round(line.average, 1)
    whole = average == int(average)
    # One decimal at most, written as the session's language writes numbers ("12,5" in de).
    said = amount(kind.unit, int(average) if whole else average,
                  None if whole else figure(average))
    if line.scored < line.played:
        return ngettext("{average} (of {n} match)", "{average} (of {n} matches)",
                        line.scored).format(average=said, n=figure(line.scored))
    return said
