"""The event log, undo/redo and replay of the base Match, on a tiny counting game."""

from __future__ import annotations

import json

import pytest

from scoring.core import CHECKPOINT_EVERY, RuleViolation
from tests.support.tally import Tally


def test_actions_log_events_and_replay_rebuilds_them() -> None:
    m = Tally(["Ann", "Ben"])
    m.add("Ann", 3)
    m.add("Ben", 4)
    assert [e["type"] for e in m.events] == ["setup", "add", "add"]
    copy = Tally.replay(json.loads(json.dumps(m.events)))
    assert copy.total == m.total and copy.events == m.events and not copy.can_redo


def test_refused_action_changes_nothing() -> None:
    m = Tally(["Ann", "Ben"])
    m.add("Ann", 2)
    before = m.events
    with pytest.raises(RuleViolation) as err:
        m.add("Ann", 0)
    assert err.value.rule == "bad-number"
    assert m.events == before and m.total == {"Ann": 2, "Ben": 0}


def test_undo_redo_and_a_new_action_clears_redo() -> None:
    m = Tally(["Ann", "Ben"])
    assert not m.can_undo and not m.can_redo
    with pytest.raises(RuleViolation, match="nothing to undo") as err:
        m.undo()
    assert err.value.rule == "nothing-to-undo"
    m.add("Ann", 1)
    m.add("Ben", 2)
    m.undo()
    assert m.total == {"Ann": 1, "Ben": 0} and m.can_redo
    m.redo()
    assert m.total == {"Ann": 1, "Ben": 2} and not m.can_redo
    with pytest.raises(RuleViolation) as err:
        m.redo()
    assert err.value.rule == "nothing-to-redo"
    m.undo()
    m.add("Ann", 5)
    assert not m.can_redo and m.total == {"Ann": 6, "Ben": 0}


def test_redo_events_restored_on_a_replay_redo_the_same_actions() -> None:
    m = Tally(["Ann", "Ben"], limit=10_000)
    for n in range(1, 40):  # across a checkpoint
        m.add("Ann" if n % 2 else "Ben", n)
    for _ in range(3):
        m.undo()
    saved = json.loads(json.dumps({"events": m.events, "redo": m.redo_events}))
    copy = Tally.replay(saved["events"])
    copy.restore_redo(saved["redo"])
    assert copy.total == m.total and copy.events == m.events
    assert copy.redo_events == m.redo_events
    for _ in range(3):
        m.redo()
        copy.redo()
        assert copy.total == m.total and copy.events == m.events
    assert not copy.can_redo


def test_restore_redo_refuses_an_action_that_does_not_apply_and_changes_nothing() -> None:
    m = Tally(["Ann", "Ben"])
    m.add("Ann", 2)
    m.add("Ben", 3)
    m.undo()
    good = m.redo_events
    copy = Tally.replay(m.events)
    bad = [{"type": "add", "player": "Zed", "n": 1}, *good]  # Zed is redone last: refused
    with pytest.raises(RuleViolation):
        copy.restore_redo(bad)
    assert copy.events == m.events and copy.total == m.total and not copy.can_redo
    copy.restore_redo(good)
    with pytest.raises(RuleViolation) as err:  # once: a match with a Redo keeps its own
        copy.restore_redo(good)
    assert err.value.rule == "bad-event"


def test_undo_across_checkpoints_matches_a_fresh_replay() -> None:
    m = Tally(["Ann", "Ben", "Cleo"], limit=10_000)
    for i in range(3 * CHECKPOINT_EVERY + 5):
        m.add(["Ann", "Ben", "Cleo"][i % 3], i + 1)
    for _ in range(2 * CHECKPOINT_EVERY):
        m.undo()
        assert m.total == Tally.replay(m.events).total
    for _ in range(2 * CHECKPOINT_EVERY):
        m.redo()
    assert m.total == Tally.replay(m.events).total


@pytest.mark.parametrize(
    "players, rule",
    [([], "player-count"), (["Ann"], "player-count"), (["Ann", " "], "bad-players"),
     (["Ann", "ann"], "bad-players"), (["Ann", "x" * 25], "bad-players"),
     ("AnnBen", "bad-players")],
)
def test_bad_players_are_refused(players: list[str], rule: str) -> None:
    with pytest.raises(RuleViolation) as err:
        Tally(players)
    assert err.value.rule == rule


def test_replay_refuses_a_log_of_another_game_or_unknown_action() -> None:
    m = Tally(["Ann", "Ben"])
    with pytest.raises(RuleViolation):
        Tally.replay([{**m.events[0], "game": "caro"}])
    with pytest.raises(RuleViolation) as err:
        Tally.replay([m.events[0], {"type": "steal"}])
    assert err.value.rule == "bad-event"
