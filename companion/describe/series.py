"""Series: the chains of matches each made as the follow-up of the one before (Caro's "Next
game", the others' "Play again"), worked out from the store's summaries alone.

A follow-up is stored under an id made from its previous match's id (`follow_up_id`), so the
links need nothing kept beside the matches: they survive a reload, a restart, and an export and
import that keep the ids. A chain whose middle game was deleted falls into two series.

The running totals add up each game's final scores (`Match.final_scores`, as statistics do; for
Caro the same sum as the engine's `series_totals`), and the series is led by the best of them in
the game's own sense (`FINAL_SCORE.lower_is_better`). A game without final scores (Carrera, Ratel's
damage mode) gets game numbers but no totals or leaders.

>>> from storage.index import Summary
>>> from datetime import datetime, UTC
>>> t = datetime(2025, 5, 1, tzinfo=UTC)
>>> one = Summary("a1a1a1a1a1a1", "caro", ("Ann", "Ben"), "finished", t, t, ("Ann",), (), 9,
...               "f", (("Ann", 60), ("Ben", 40)))
>>> two = Summary(follow_up_id(one.id), "caro", ("Ann", "Ben"), "finished", t, t, ("Ben",),
...               (), 9, "g", (("Ann", 30), ("Ben", 70)))
>>> [s] = series_of([two, one])
>>> [(g.number, g.totals) for g in s.games], s.leaders
([(1, (('Ann', 60), ('Ben', 40))), (2, (('Ann', 90), ('Ben', 110)))], ('Ben',))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from companion.session.follow_up import follow_up_id
from scoring import GAMES
from storage.index import Summary

MOST_GAMES = 10_000  # a walk along a chain stops here, whatever the store holds


class SeriesGame(NamedTuple):  # a tuple: History makes one per game of every series
    """One game of a series: its summary, its number in the series, and each player's total of
    the series so far (after this game; () while it is in play or for a game without scores)."""

    summary: Summary
    number: int
    totals: tuple[tuple[str, int], ...] = ()


class Series(NamedTuple):
    """A chain of at least two played games, the first first."""

    games: tuple[SeriesGame, ...]
    # The players with the best total after the last finished game (shared on a tie); () for a
    # game without final scores.
    leaders: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        """Is its last game finished (no next game in play)?"""
        return self.games[-1].summary.status == "finished"

    @property
    def totals(self) -> tuple[tuple[str, int], ...]:
        """The totals after its last finished game."""
        for game in reversed(self.games):
            if game.totals:
                return game.totals
        return ()

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(g.summary.id for g in self.games)


def untouched(summary: Summary) -> bool:
    """A match with no action in effect: its settings are its only event."""
    return summary.status == "active" and summary.events_count <= 1


def previous_ids(summaries: Iterable[Summary]) -> dict[str, str]:
    """{follow-up's id: the id of the match it follows}, for the follow-ups stored."""
    stored = list(summaries)
    ids = {s.id for s in stored}
    return {fid: s.id for s in stored if (fid := follow_up_id(s.id)) in ids}


def waiting_next_games(summaries: Sequence[Summary]) -> frozenset[str]:
    """The ids of the follow-ups made but not yet played (no action in effect) whose previous
    match is stored: Continue leaves them out, since that match's screen opens them (and a
    follow-up whose previous match was deleted is listed like any match)."""
    previous = previous_ids(summaries)
    return frozenset(s.id for s in summaries if s.id in previous and untouched(s))


def series_of(summaries: Sequence[Summary]) -> list[Series]:
    """Every chain of two or more played games (an untouched next game does not count), the
    one whose latest game was played last first."""
    by_id = {s.id: s for s in summaries}
    previous = previous_ids(summaries)
    following = {before: after for after, before in previous.items()}
    found: list[Series] = []
    for first in summaries:
        if first.id in previous:  # not the start of its chain
            continue
        chain = [first]
        while chain[-1].id in following and len(chain) < MOST_GAMES:
            chain.append(by_id[following[chain[-1].id]])
        if chain and untouched(chain[-1]):
            chain.pop()
        if len(chain) >= 2:
            found.append(_series(chain))
    return sorted(found, key=lambda s: max(g.summary.played_at for g in s.games), reverse=True)


def _series(chain: list[Summary]) -> Series:
    final = GAMES[chain[0].game].FINAL_SCORE if chain[0].game in GAMES else None
    running: dict[str, int] = {}
    games: list[SeriesGame] = []
    scored = final is not None
    for number, summary in enumerate(chain, start=1):
        totals: tuple[tuple[str, int], ...] = ()
        if scored and summary.status == "finished":
            # A mode without final scores (Ratel's damage) ends the totals.
            scored = len(summary.scores) == len(summary.players)
            if scored:
                for name, score in summary.scores:
                    running[name] = running.get(name, 0) + score
                totals = tuple((name, running[name]) for name, _ in summary.scores)
        games.append(SeriesGame(summary, number, totals))
    if not scored or not running or final is None:
        return Series(tuple(SeriesGame(g.summary, g.number) for g in games))
    best = (min if final.lower_is_better else max)(running.values())
    return Series(tuple(games), tuple(n for n in chain[-1].players if running.get(n) == best))
