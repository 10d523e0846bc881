"""Each game's `_APPEND_ONLY` lists really are append-only, so checkpoints may share them.

`core.Match` keeps an append-only list in a checkpoint as a reference and a length (that keeps
replay linear); that is only right if a game never changes an item once appended nor removes one.
Replaying seeded playouts event by event, every declared list must keep its earlier items equal to
what they were, unless the game put a whole new list in its place.
"""

from __future__ import annotations

import copy
from types import SimpleNamespace
from typing import Any

import pytest

from scoring import GAMES, core
from scoring.core import CHECKPOINT_EVERY
from tests.support.games import games, hook
from tests.support.tally import Tally


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("game", games())
def test_declared_lists_only_grow(game: str, seed: int) -> None:
    """Over the seeded playouts of every game (its test hook's, undo and redo on the way)."""
    events = hook(game).playout(seed).events
    name = f"{game}-{seed}"
    declared = GAMES[game]._APPEND_ONLY
    assert declared, f"{name}: the game declares its history lists"
    m = GAMES[game].replay(events[:1])
    seen: dict[str, tuple[list[Any], list[Any]]] = {}  # name -> (the list object, a deep copy)
    for event in events[1:]:
        m._apply(event)
        for key in declared:
            now = vars(m)[key]
            assert type(now) is list, f"{name}: {key} is a list"
            if key in seen and seen[key][0] is now:
                before = seen[key][1]
                assert now[: len(before)] == before, f"{name}: {key} changed at {event}"
            seen[key] = (now, copy.deepcopy(now))
    assert any(vars(m)[key] for key in declared), f"{name}: the playout wrote some history"


class Journal(Tally):
    """Tally with a history that grows with every action, declared append-only."""

    GAME = "test-journal"
    _APPEND_ONLY = frozenset({"notes"})

    def _setup(self, settings: dict[str, Any]) -> None:
        super()._setup(settings)
        self.notes: list[dict[str, Any]] = []

    def _on_add(self, event: dict[str, Any]) -> None:
        super()._on_add(event)
        self.notes.append({"player": event["player"], "n": event["n"]})


def copied_objects(events: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> int:
    """How many objects the core deep-copies while replaying `events`."""
    visits = 0

    def counting(x: Any) -> Any:
        nonlocal visits
        memo: dict[int, Any] = {}
        result = copy.deepcopy(x, memo)
        visits += len(memo)
        return result

    with monkeypatch.context() as patch:
        patch.setattr(core, "copy", SimpleNamespace(deepcopy=counting))
        Journal.replay(events)
    return visits


def test_replay_copies_no_more_per_event_in_a_long_match(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last 64 events of a 1,280-event match cost the copying of those of a 128-event one:
    a checkpoint's work does not grow with the history (counted, not timed)."""
    tail = 2 * CHECKPOINT_EVERY
    cost = []
    for length in (4 * CHECKPOINT_EVERY, 40 * CHECKPOINT_EVERY):
        m = Journal(["Ann", "Ben"], limit=10**9)
        for i in range(length):
            m.add("Ann", 1 + i % 9)
        events = m.events
        cost.append(
            copied_objects(events, monkeypatch) - copied_objects(events[:-tail], monkeypatch)
        )
    assert cost[0] == cost[1] > 0


def test_undo_and_redo_in_a_journal_match_a_fresh_replay() -> None:
    m = Journal(["Ann", "Ben"], limit=10**9)
    for i in range(3 * CHECKPOINT_EVERY + 3):
        m.add("Ann" if i % 2 else "Ben", i + 1)
    for _ in range(CHECKPOINT_EVERY + 5):
        m.undo()
        fresh = Journal.replay(m.events)
        assert (m.notes, m.total) == (fresh.notes, fresh.total)
    m.add("Ann", 1)  # a new action after undo: the shared history of old checkpoints is untouched
    for _ in range(CHECKPOINT_EVERY + 6):
        m.undo()
    fresh = Journal.replay(m.events)
    assert (m.notes, m.total) == (fresh.notes, fresh.total)
