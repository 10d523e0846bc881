"""Ratings (companion/describe/ratings.py): OpenSkill's Plackett-Luce model over the stored
finished matches in the order played, from each game's places; checked against OpenSkill's own
results on the same inputs, against the case docs/ratings.md works by hand, and against the
store: deleting or importing a match changes them."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import flet as ft
import pytest
from openskill.models import PlackettLuce

from companion.describe import ratings as rated
from companion.i18n.phrases import plain
from scoring import caro
from scoring.core import Placing
from storage import Store, Summary
from storage.transfer import export_json, import_json
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import open_route
from tests.support.companion.tree import caption, every
from tests.support.games import games, hook, other_finished
from tests.support.storage.finished import careta_team_finished

T0 = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture(autouse=True)
def fresh() -> None:
    rated.forget()


def summary(n: int, game: str, *placings: tuple[int, tuple[str, ...]]) -> Summary:
    """A finished match's summary played `n` minutes after T0, with these places."""
    players = tuple(name for _, side in placings for name in side)
    at = T0 + timedelta(minutes=n)
    return Summary(f"m{n}", game, players, "finished", at, at, (), (), 5, f"f{n}",
                   placings=tuple(Placing(rank, side) for rank, side in placings), played=at)


def by_name(board: list[rated.Rating]) -> dict[str, rated.Rating]:
    return {r.name: r for r in board}


def test_the_ratings_are_openskills_own_on_the_same_matches() -> None:
    matches = [
        summary(1, "caro", (1, ("Ann",)), (2, ("Ben",)), (2, ("Cleo",))),
        summary(2, "careta", (1, ("Ann", "Cleo")), (2, ("Ben", "Dan"))),
        summary(3, "caro", (1, ("Cleo",)), (2, ("Ann",))),
        summary(4, "caro", (1, ("Ben",)), (2, ("Dan",)), (3, ("Ann",)), (4, ("Cleo",))),
        summary(5, "careta", (1, ("Ben", "Cleo")), (2, ("Ann", "Dan"))),
    ]
    # OpenSkill itself, match by match in the order played, each side a team
    model = PlackettLuce()
    expected: dict[str, dict[str, object]] = {}
    for s in matches:
        table = expected.setdefault(s.game, {})
        teams = [[table.get(n) or model.rating(name=n) for n in p.players] for p in s.placings]
        new = model.rate(teams, ranks=[p.rank for p in s.placings])
        for placing, team in zip(s.placings, new, strict=True):
            table.update(zip(placing.players, team, strict=True))
    # given newest first, as the store lists them: the order played is the ratings' own
    boards = rated.ratings(reversed(matches))
    assert list(boards) == ["caro", "careta"]
    for game, table in expected.items():
        got = by_name(boards[game])
        assert set(got) == set(table)
        for name, want in table.items():
            assert got[name].mu == pytest.approx(want.mu, abs=1e-9)
            assert got[name].sigma == pytest.approx(want.sigma, abs=1e-9)
            assert got[name].ordinal == pytest.approx(want.ordinal(), abs=1e-9)
        ordinals = [r.ordinal for r in boards[game]]
        assert ordinals == sorted(ordinals, reverse=True)
    assert by_name(boards["caro"])["Ann"].played == 3
    chances = rated.win_chances(matches, "caro", ["Ann", "Ben"])
    want = model.predict_win([[expected["caro"]["Ann"]], [expected["caro"]["Ben"]]])
    assert chances == pytest.approx(want) and sum(chances) == pytest.approx(1)


def test_the_case_worked_by_hand_in_the_docs() -> None:
    """docs/ratings.md: Ann beats Ben, both new: 27.635 ± 8.066 and 22.365 ± 8.066."""
    board = by_name(rated.ratings([summary(1, "caro", (1, ("Ann",)), (2, ("Ben",)))])["caro"])
    ann, ben = board["Ann"], board["Ben"]
    assert (round(ann.mu, 3), round(ann.sigma, 3)) == (27.635, 8.066)
    assert (round(ben.mu, 3), round(ben.sigma, 3)) == (22.365, 8.066)
    assert (round(ann.ordinal, 3), round(ben.ordinal, 3)) == (3.438, -1.833)
    assert ann.trend == pytest.approx(ann.ordinal - (25 - 25)) and ann.trend_of == 1
    text = (Path(__file__).resolve().parents[2] / "docs" / "ratings.md").read_text()
    for figure in ("27.635", "22.365", "8.066", "3.438", "−1.833"):
        assert figure in text


def test_a_tie_shares_a_rank_and_a_name_is_one_player_whatever_its_capitals() -> None:
    board = by_name(rated.ratings([
        summary(1, "caro", (1, ("Ann",)), (1, ("Ben",))),
        summary(2, "caro", (1, ("ann",)), (2, ("Ben",))),
    ])["caro"])
    assert set(board) == {"ann", "Ben"}  # shown as in the latest match
    assert board["ann"].played == 2


def test_a_new_finished_match_continues_the_kept_ratings_and_agrees_with_all_rated_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    played = [summary(n, "caro", (1, ("Ann",)), (2, ("Ben",)), (3, ("Cleo",)))
              for n in range(1, 30)]
    rated.ratings(played)
    calls = []
    real = rated.rate_match
    monkeypatch.setattr(rated, "rate_match", lambda *a: (calls.append(a), real(*a)))
    new = summary(40, "caro", (1, ("Cleo",)), (2, ("Ann",)))
    continued = rated.ratings([*played, new])
    assert len(calls) == 1  # only the new match was rated
    rated.forget()
    assert rated.ratings([*played, new]) == continued
    assert len(calls) == 31
    # an earlier match changed (its events, so its fingerprint): all rated again
    changed = [replace(played[0], fingerprint="other"), *played[1:], new]
    rated.ratings(changed)
    assert len(calls) == 61


def test_matches_in_play_and_unknown_games_are_not_rated() -> None:
    s = summary(1, "caro", (1, ("Ann",)), (2, ("Ben",)))
    assert rated.ratings([replace(s, status="active"), replace(s, game="chess"),
                          replace(s, placings=(Placing(1, ("Ann",)),))]) == {}


def test_every_games_finished_matches_give_places_the_store_keeps(tmp_path: Path) -> None:
    """Each game's finished matches (its hook's, its other modes') are placed, best first,
    each player once; the store keeps the places through a restart (the index) and in the
    match file."""
    made = [m for g in games() for m in (hook(g).finished(), *(b() for b in other_finished(g)))]
    with Store(tmp_path) as store:
        ids = [store.create(m) for m in made]
    for m in made:
        names = [n for p in m.placings for n in p.players]
        assert sorted(names) == sorted(m.players)
        assert [p.rank for p in m.placings] == sorted(p.rank for p in m.placings)
        assert set(m.placings[0].players) <= set(m.winners)
    with Store(tmp_path) as store:
        kept = {s.id: s.placings for s in store.summaries()}
    assert [kept[i] for i in ids] == [tuple(m.placings) for m in made]
    assert {g for g in games()} <= set(rated.ratings(
        [summary(1, g, *((p.rank, p.players) for p in m.placings))
         for g, m in zip([m.GAME for m in made], made, strict=True)]))


def test_a_careta_team_match_rates_its_teams_as_teams() -> None:
    m = careta_team_finished()  # Moons (Ben, Dan) win
    assert m.placings == [Placing(1, ("Ben", "Dan")), Placing(2, ("Ann", "Cleo"))]
    board = by_name(rated.ratings([summary(1, "careta", *((p.rank, p.players)
                                                          for p in m.placings))])["careta"])
    assert board["Ben"].mu == board["Dan"].mu > 25 > board["Ann"].mu == board["Cleo"].mu


def caro_won_by(winner: str) -> caro.Match:
    """A short Caro match `winner` wins: Ann and Ben each lay once, then it is blocked."""
    from tests.support.scoring.caro_playout import playout
    for seed in range(1, 200):
        m = playout(2, seed, mixed=False, sweeping=False, undo_redo=False)
        if m.winners == [winner]:
            return m
    raise AssertionError(f"no seed makes {winner} win")


def test_ratings_change_as_a_match_is_deleted_or_imported(tmp_path: Path) -> None:
    with Store(tmp_path / "a") as store:
        first = store.create(caro_won_by("Ann"))
        store.create(caro_won_by("Ben"))
        both = by_name(rated.ratings(store.summaries())["caro"])
        backup = export_json(store, [first])
        store.delete(first)
        after = by_name(rated.ratings(store.summaries())["caro"])
        assert after["Ann"].mu < 25 < after["Ben"].mu  # only Ben's win is left
        assert after["Ann"].mu != both["Ann"].mu and after["Ann"].played == 1
        import_json(store, backup.data)
        back = by_name(rated.ratings(store.summaries())["caro"])
        assert back["Ann"].played == 2
        assert back["Ann"].mu == pytest.approx(both["Ann"].mu)
    with Store(tmp_path / "b") as other:
        assert rated.ratings(other.summaries()) == {}
        import_json(other, backup.data)
        assert by_name(rated.ratings(other.summaries())["caro"])["Ann"].mu > 25


def texts(root: object) -> str:
    return "\n".join(plain(c.value) for c in every(root)
                     if isinstance(c, ft.Text) and isinstance(c.value, str))


def test_statistics_show_a_leaderboard_and_new_match_each_seated_players_chance(
        tmp_path: Path) -> None:
    with Store(tmp_path / "data") as store:
        store.create(caro_won_by("Ann"))
        store.create(careta_team_finished())

    async def walk() -> tuple[str, str]:
        with Store(tmp_path / "data") as store:
            stats = texts((await open_route(store, tmp_path, "/stats")).page)
            new = await open_route(store, tmp_path, "/new/caro")
            for name in ("Ann", "Ben"):
                button = next(c for c in every(new.page) if isinstance(c, ft.FilledButton
                              | ft.OutlinedButton | ft.TextButton) and caption(c) == name)
                await new.dispatch_event(button._i, "click", None)
                await asyncio.sleep(0.1)
            return stats, texts(new.page)

    stats, new = run_apart(walk())
    assert "Ratings" in stats and "Skill 27.6 ± 8.1 · 1 rated match" in stats
    assert "▲ 3.4 over the last match" in stats and "▼ 1.8 over the last match" in stats
    assert "Chance to win, from the ratings: Ann 66% · Ben 34%" in new
