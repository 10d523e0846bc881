"""A finished match has one follow-up, however often and from wherever it is asked for."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from companion.session.access import Gate, Locked
from companion.session.follow_up import find_follow_up, follow_up_id, open_follow_up
from companion.session.open_matches import OpenMatches
from scoring import ratel
from storage import Store
from tests.support.storage.finished import caro_finished, ratel_penalty_finished


def again(match: ratel.Match):
    settings = {k: v for k, v in match.events[0].items() if k not in ("type", "game")}
    return lambda: type(match)(**settings)


def test_repeated_asks_open_the_one_follow_up_also_after_a_restart(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        tables = OpenMatches(store).session()
        done = ratel_penalty_finished()
        mid = tables.create(done)
        assert find_follow_up(tables, mid) is None
        first = open_follow_up(tables, mid, again(done))
        assert first == follow_up_id(mid) and find_follow_up(tables, mid) == first
        assert open_follow_up(tables, mid, again(done)) == first
        assert len(store.summaries()) == 2
    with Store(tmp_path) as store:  # a server restart: the link is the id itself
        tables = OpenMatches(store).session()
        assert open_follow_up(tables, mid, again(done)) == first
        assert len(store.summaries()) == 2
        assert store.load(first).players == ["Ann", "Ben", "Cleo"]


def test_taps_arriving_together_make_one_match(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        tables = OpenMatches(store)
        done = caro_finished()
        mid = tables.create(done)
        made: list[str] = []
        sessions = [tables.session() for _ in range(8)]
        threads = [threading.Thread(target=lambda s=s: made.append(
            open_follow_up(s, mid, done.next_game))) for s in sessions]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(set(made)) == 1 and len(made) == 8
        assert len(store.summaries()) == 2


def test_a_device_that_may_not_keep_score_makes_nothing(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        tables = OpenMatches(store, Gate("2468"))
        keeper, follower = tables.session(), tables.session()
        tables.gate.unlock(keeper.who, "2468")
        done = ratel_penalty_finished()
        mid = keeper.create(done)
        with pytest.raises(Locked):
            open_follow_up(follower, mid, again(done))
        assert len(store.summaries()) == 1 and find_follow_up(follower, mid) is None
        made = open_follow_up(keeper, mid, again(done))
        assert open_follow_up(follower, mid, again(done)) == made  # opening it is reading


def test_a_deleted_follow_up_can_be_made_again(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        tables = OpenMatches(store).session()
        done = ratel_penalty_finished()
        mid = tables.create(done)
        made = open_follow_up(tables, mid, again(done))
        tables.delete(made)
        assert find_follow_up(tables, mid) is None
        assert open_follow_up(tables, mid, again(done)) == made
        assert len(store.summaries()) == 2
