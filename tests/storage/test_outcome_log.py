"""A game whose standings or final scores fail still gets a summary, and the log names the match
by its id, so the match that shows the bug can be found and opened."""

from __future__ import annotations

import logging

import pytest

from storage.index import final_scores, outcome
from tests.support.tally import Tally


class Broken(Tally):
    def standings(self) -> list[tuple[str, str]]:
        raise ZeroDivisionError("a bug in the game's standings")

    @property
    def final_scores(self) -> dict[str, int] | None:
        raise KeyError("a bug in the game's final scores")


def test_a_failing_standings_is_logged_with_the_match_id(
        caplog: pytest.LogCaptureFixture) -> None:
    m = Broken(["Ann", "Ben"], limit=5)
    m.add("Ann", 2)
    with caplog.at_level(logging.WARNING, logger="storage"):
        assert outcome(m, "m-7f3a") == ("active", [], [])
        assert final_scores(m, "m-7f3a") == ()
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 2 and all("m-7f3a" in line for line in said)
    assert all(r.exc_info is not None for r in caplog.records)  # the engine's traceback too
    assert m.events[-1]["n"] == 2  # nothing changed in the match
