"""A series everywhere: its games found from the store alone (numbers, running totals, who leads),
an untouched next game kept out of Continue, and Undo taking one back for the scorekeeper only."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.describe.series import series_of, waiting_next_games
from companion.session.access import Gate, Locked
from companion.session.follow_up import (
    find_follow_up,
    find_previous,
    open_follow_up,
    take_back,
)
from companion.session.open_matches import OpenMatches, StaleView
from scoring import RuleViolation, caro
from storage import Store
from storage.transfer import export_json, import_json
from tests.support.companion.series import finish, finish_one, next_of
from tests.support.storage.finished import caro_finished, carrera_finished, ratel_penalty_finished

PIN = "2468"


def caro_series(tables, games: int) -> tuple[list[str], list[caro.Match]]:
    """`games` Caro games, each the stored follow-up of the one before, all finished."""
    matches = [caro_finished(1)]
    ids = [tables.create(matches[0])]
    for n in range(1, games):
        ids.append(open_follow_up(tables, ids[-1], lambda: next_of(matches[-1])))
        matches.append(tables.get(ids[-1]).match)
        tables.act(ids[-1], lambda m, n=n: finish(m, n))
    return ids, matches


def test_a_caro_series_has_numbers_and_the_engines_running_totals(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        tables = OpenMatches(store).session()
        ids, matches = caro_series(tables, 3)
        [series] = series_of(store.summaries())
        assert [g.summary.id for g in series.games] == ids
        assert [g.number for g in series.games] == [1, 2, 3]
        assert [m.game_no for m in matches] == [1, 2, 3]
        for game, match in zip(series.games, matches, strict=True):
            assert dict(game.totals) == match.series_totals  # the engine's own sum
        best = max(matches[-1].series_totals.values())
        assert series.leaders == tuple(p for p, t in matches[-1].series_totals.items()
                                       if t == best)
        assert series.over
    with Store(tmp_path) as store:  # a restart: the links are the ids themselves
        assert series_of(store.summaries()) == [series]


def test_an_export_imported_elsewhere_keeps_the_series(tmp_path: Path) -> None:
    with Store(tmp_path / "a") as store:
        ids, _ = caro_series(OpenMatches(store).session(), 2)
        data = export_json(store).data
    with Store(tmp_path / "b") as other:
        import_json(other, data)
        [series] = series_of(other.summaries())
        assert [g.summary.id for g in series.games] == ids


def test_an_untouched_next_game_waits_and_is_no_game_of_the_series_yet(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        tables = OpenMatches(store).session()
        done = caro_finished(1)
        first = tables.create(done)
        fresh = open_follow_up(tables, first, lambda: next_of(done))
        assert waiting_next_games(store.summaries()) == {fresh}
        assert series_of(store.summaries()) == []
        tables.act(fresh, lambda m: finish_one(m))
        assert waiting_next_games(store.summaries()) == frozenset()
        [series] = series_of(store.summaries())
        assert not series.over and [g.number for g in series.games] == [1, 2]
        assert series.totals == tuple(done.scores.items())  # after the last finished game
        # Its previous match deleted, a follow-up is a match like any other: Continue lists it.
        tables.act(fresh, lambda m: m.undo())
        tables.delete(first)
        assert waiting_next_games(store.summaries()) == frozenset()


def test_lower_is_better_leads_a_ratel_series_and_carrera_has_no_totals(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        tables = OpenMatches(store).session()
        done = ratel_penalty_finished()  # Ann 3, Ben 10, Cleo 15
        first = tables.create(done)
        again = open_follow_up(tables, first, ratel_penalty_finished)
        race = carrera_finished()
        third = tables.create(race)
        open_follow_up(tables, third, carrera_finished)
        by_game = {s.games[0].summary.game: s for s in series_of(store.summaries())}
        ratel_series = by_game["ratel"]
        assert [g.summary.id for g in ratel_series.games] == [first, again]
        assert ratel_series.totals == (("Ann", 6), ("Ben", 20), ("Cleo", 30))
        assert ratel_series.leaders == ("Ann",)
        assert [g.totals for g in by_game["carrera"].games] == [(), ()]
        assert by_game["carrera"].leaders == ()


def test_undo_takes_an_untouched_next_game_back_and_the_next_tap_makes_it_again(
        tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        tables = OpenMatches(store).session()
        done = caro_finished(1)
        first = tables.create(done)
        fresh = open_follow_up(tables, first, lambda: next_of(done))
        assert find_previous(tables, fresh) == first and find_previous(tables, first) is None
        assert take_back(tables, fresh, seen=tables.get(fresh).version) == first
        assert find_follow_up(tables, first) is None
        assert not (tmp_path / "matches" / f"{fresh}.json").exists()
        assert [s.id for s in store.summaries()] == [first]
        assert open_follow_up(tables, first, lambda: next_of(done)) == fresh
    with Store(tmp_path) as store:
        assert {s.id for s in store.summaries()} == {first, fresh}


def stored(store: Store) -> list[tuple[str, str]]:
    return [(s.id, s.fingerprint) for s in store.summaries()]


def test_a_device_that_may_not_keep_score_takes_nothing_back(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        tables = OpenMatches(store, Gate(PIN))
        keeper, follower = tables.session(), tables.session()
        tables.gate.unlock(keeper.who, PIN)
        done = caro_finished(1)
        first = keeper.create(done)
        fresh = open_follow_up(keeper, first, lambda: next_of(done))
        before = stored(store)
        with pytest.raises(Locked):
            take_back(follower, fresh, seen=0)
        with pytest.raises(Locked):  # refused before the id is even looked up
            take_back(follower, "no such id", seen=0)
        assert stored(store) == before and find_follow_up(follower, first) == fresh


def test_only_an_untouched_follow_up_is_taken_back(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        tables = OpenMatches(store).session()
        done = caro_finished(1)
        first = tables.create(done)
        plain = tables.create(caro.Match(["Ann", "Ben"]))
        fresh = open_follow_up(tables, first, lambda: next_of(done))
        tables.act(fresh, finish_one)
        refused = [(first, "a finished match with no previous"), (plain, "not a follow-up"),
                   (fresh, "a caro laid in it")]
        for mid, _why in refused:
            before = stored(store)
            with pytest.raises(RuleViolation, match="nothing to undo"):
                take_back(tables, mid, seen=tables.get(mid).version)
            assert stored(store) == before
        tables.act(fresh, lambda m: m.undo())  # nothing in effect, but a caro to redo
        before = stored(store)
        with pytest.raises(RuleViolation, match="nothing to undo"):
            take_back(tables, fresh, seen=tables.get(fresh).version)
        assert stored(store) == before and find_follow_up(tables, first) == fresh


def test_a_take_back_decided_on_an_older_screen_is_refused(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        tables = OpenMatches(store)
        one, two = tables.session(), tables.session()
        done = caro_finished(1)
        first = one.create(done)
        fresh = open_follow_up(one, first, lambda: next_of(done))
        shown = one.get(fresh).version
        two.act(fresh, finish_one)  # another phone's first caro
        before = stored(store)
        with pytest.raises(StaleView):
            take_back(one, fresh, seen=shown)
        assert stored(store) == before
        two.act(fresh, lambda m: m.undo())  # nothing in effect again, a caro to redo
        with pytest.raises(RuleViolation, match="nothing to undo"):
            take_back(one, fresh, seen=one.get(fresh).version)
        assert len(store.summaries()) == 2


def test_a_stale_delete_is_refused(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        tables = OpenMatches(store).session()
        mid = tables.create(caro.Match(["Ann", "Ben"]))
        shown = tables.get(mid).version
        tables.act(mid, finish_one)
        with pytest.raises(StaleView):
            tables.delete(mid, seen=shown)
        assert [s.id for s in store.summaries()] == [mid]
