"""Statistics by player name: counts, win rates, averages, head to head, game and period filters."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from companion.describe.records import (
    GameLine,
    average_text,
    head_to_head,
    in_view,
    percent,
    player_stats,
    since,
)
from storage import Store, Summary
from tests.support.storage import finished

NOW = datetime(2025, 6, 15, 12, 0, tzinfo=UTC)


def summary(
    game: str,
    players: tuple[str, ...],
    winners: tuple[str, ...],
    scores: dict[str, int] | None = None,
    *,
    days_ago: float = 1,
    status: str = "finished",
) -> Summary:
    when = NOW - timedelta(days=days_ago)
    return Summary(
        id=f"{game}{days_ago}", game=game, players=players, status=status, created=when,
        updated=when, winners=winners if status == "finished" else (), standings=(),
        events_count=5, fingerprint="x", scores=tuple((scores or {}).items()),
    )


MATCHES = [
    summary("caro", ("Ann", "Ben"), ("Ann",), {"Ann": 120, "Ben": 90}, days_ago=1),
    summary("caro", ("ben", "Ann"), ("ben",), {"ben": 100, "Ann": 81}, days_ago=3),
    summary("caro", ("Ann", "Ben"), ("Ann", "Ben"), {"Ann": 70, "Ben": 70}, days_ago=40),
    summary("ratel", ("Ann", "Ben", "Cleo"), ("Ann",), {"Ann": 3, "Ben": 10, "Cleo": 15},
            days_ago=10),
    summary("ratel", ("Ann", "Ben", "Cleo"), ("Ann", "Cleo"), days_ago=200),  # damage game
    summary("careta", ("Ann", "Ben", "Cleo", "Dan"), ("Ben", "Dan"),
            {"Ann": 0, "Ben": 1, "Cleo": 0, "Dan": 1}, days_ago=2),
    summary("carrera", ("Cleo", "Dan", "Eve"), ("Eve",), days_ago=400),
    summary("caro", ("Ann", "Zed"), (), status="active", days_ago=0.1),  # in play: not counted
]


def by_name(stats) -> dict:
    return {p.name: p for p in stats}


def test_played_wins_rates_and_averages_per_game() -> None:
    stats = player_stats(MATCHES, now=NOW)
    assert [(p.name, p.played, p.wins) for p in stats] == [
        ("Ann", 6, 4), ("Ben", 6, 3), ("Cleo", 4, 1), ("Dan", 2, 1), ("Eve", 1, 1),
    ]
    ann = by_name(stats)["Ann"]
    assert ann.games == (
        GameLine("caro", played=3, wins=2, scored=3, total=271),
        GameLine("ratel", played=2, wins=2, scored=1, total=3),
        GameLine("careta", played=1, wins=0, scored=1, total=0),
    )
    assert percent(ann.win_rate) == "67%" and percent(ann.games[0].win_rate) == "67%"
    assert ann.games[0].average == pytest.approx(271 / 3)
    assert average_text(ann.games[0]) == "90.3 points"
    assert average_text(ann.games[1]) == "3 penalty points (of 1 match)"  # penalty games only
    ben = by_name(stats)["Ben"]
    assert ben.games[0] == GameLine("caro", played=3, wins=2, scored=3, total=260)  # "ben" too
    eve = by_name(stats)["Eve"]
    assert eve.games == (GameLine("carrera", played=1, wins=1),)
    assert eve.games[0].average is None and average_text(eve.games[0]) is None
    assert "Zed" not in by_name(stats)


def test_names_match_whatever_their_capitals_shown_as_last_typed() -> None:
    recent_first = sorted(MATCHES, key=lambda s: s.updated, reverse=True)
    names = [p.name for p in player_stats(recent_first, now=NOW)]
    assert "Ben" in names and "ben" not in names  # the latest finished match says "Ben"
    later = [summary("caro", ("BEN", "Ann"), ("BEN",), days_ago=0.5), *recent_first]
    assert "BEN" in [p.name for p in player_stats(later, now=NOW)]


def test_filter_by_game_and_period() -> None:
    caro = by_name(player_stats(MATCHES, game="caro", now=NOW))
    assert set(caro) == {"Ann", "Ben"} and (caro["Ann"].played, caro["Ann"].wins) == (3, 2)
    week = by_name(player_stats(MATCHES, period="7d", now=NOW))
    assert (week["Ann"].played, week["Ann"].wins) == (3, 1)  # caro 1 and 3 days ago, careta
    month = by_name(player_stats(MATCHES, period="30d", now=NOW))
    assert month["Ann"].played == 4 and "Eve" not in month
    year = by_name(player_stats(MATCHES, period="year", now=NOW))  # since 1 January 2025
    assert year["Ann"].played == 5 and "Eve" not in year
    assert player_stats(MATCHES, game="caro", period="7d", now=NOW)[0].games == (
        GameLine("caro", played=2, wins=1, scored=2, total=201),
    )
    assert since("year", NOW) == datetime(2025, 1, 1, tzinfo=UTC)
    assert since("all", NOW) is None
    with pytest.raises(ValueError, match="Unknown period"):
        since("fortnight", NOW)
    assert len(in_view(MATCHES, now=NOW)) == 7


def test_head_to_head() -> None:
    h = head_to_head(MATCHES, "Ann", "BEN", now=NOW)
    # caro x3 (Ann, ben, shared), ratel x2 (Ann; Ann and Cleo), careta (Ben's team)
    assert (h.together, h.wins_a, h.wins_b, h.shared, h.neither) == (6, 4, 3, 1, 0)
    h = head_to_head(MATCHES, "Ann", "Cleo", game="ratel", now=NOW)
    assert (h.together, h.wins_a, h.wins_b, h.shared, h.neither) == (2, 2, 1, 1, 0)
    h = head_to_head(MATCHES, "Cleo", "Dan", period="30d", now=NOW)
    assert (h.together, h.wins_a, h.wins_b, h.shared, h.neither) == (1, 0, 1, 0, 0)
    assert head_to_head(MATCHES, "Ann", "Eve", now=NOW).together == 0
    assert head_to_head(MATCHES, "Ann", "ann", now=NOW).together == 0


def test_from_a_real_store(tmp_path: Path) -> None:
    with Store(tmp_path / "data") as store:
        for match in finished.every_game():
            store.create(match)
        stats = by_name(player_stats(store.summaries()))
    careta = {line.game: line for line in stats["Ben"].games}["careta"]
    # the team match (Moons won 1-0: Ben's team's point counts for Ben) and a playout
    assert careta.played == 2 and careta.scored == 2
    ratel = {line.game: line for line in stats["Cleo"].games}["ratel"]
    assert (ratel.played, ratel.wins, ratel.scored, ratel.total) == (2, 1, 1, 15)
