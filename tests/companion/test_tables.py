"""The shared tables: a screen that cannot be told of a change never fails the change."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from companion.session.access import Gate, Locked
from companion.session.open_matches import OpenMatches, StaleView
from scoring import caro
from storage import Store


def test_a_failing_listener_fails_neither_the_change_nor_the_other_listeners(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    heard: list[tuple[str, int]] = []

    def gone(mid: str, version: int) -> None:  # a closed tab's session: it has no connection
        raise AttributeError("'NoneType' object has no attribute 'loop'")

    with Store(tmp_path) as store:
        tables = OpenMatches(store)
        tables.subscribe(gone)
        tables.subscribe(lambda mid, version: heard.append((mid, version)))
        with caplog.at_level(logging.ERROR, logger="companion.session.open_matches"):
            mid = tables.create(caro.Match(players=["Ann", "Ben"]))
            tables.act(mid, lambda m: m.lay("red", (6, 6)))
        assert heard == [(mid, 0), (mid, 1)]
        assert store.load(mid).board == {(6, 6): "red"}
    assert "could not be told of the change" in caplog.text


def test_check_refuses_as_act_would_and_changes_nothing(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        tables = OpenMatches(store, Gate("2468"))
        keeper, follower = tables.session(), tables.session()
        tables.gate.unlock(keeper.who, "2468")
        mid = keeper.create(caro.Match(players=["Ann", "Ben"]))
        keeper.check(mid, seen=0)  # up to date, allowed: no error
        keeper.act(mid, lambda m: m.lay("red", (6, 6)), seen=0)
        with pytest.raises(StaleView):
            keeper.check(mid, seen=0)  # a view from before the lay
        with pytest.raises(Locked):
            follower.check(mid, seen=1)
        assert tables.get(mid).version == 1 and len(store.load(mid).events) == 2
