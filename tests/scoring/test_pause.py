"""The clock's pause, in every game of `scoring.GAMES` through the one implementation in core.

A pause and a resume are actions: refused where they make no sense, taken back by Undo, applied
again by Redo, kept by replay, and shown in the history (so the timeline) at their place, in the
part of the match of the step before them. A game's next action ends a pause.
"""

from __future__ import annotations

import pytest

from scoring import GAMES, RuleViolation
from tests.support.games import games, hook


def _same_size(m) -> None:
    assert len(m.history) == len(m.events) - 1
    assert len(m.step_groups) == len(m.history)


@pytest.mark.parametrize("game", games())
def test_pause_and_resume_are_actions_undo_redo_and_replay_keep(game: str) -> None:
    m = hook(game).in_play()
    before = m.events
    m.pause()
    assert m.paused and m.events[-1] == {"type": "pause"}
    assert m.history[-1]["said"].msg == "Match paused." and m.history[-1]["changes"] == {}
    assert m.step_groups[-1] == m.step_groups[-2]  # in the part of the step before it
    _same_size(m)
    m.resume()
    assert not m.paused and m.history[-1]["said"].msg == "Match resumed."
    assert m.pauses == [(len(before), "pause"), (len(before) + 1, "resume")]
    _same_size(m)
    m.undo()
    assert m.paused
    m.undo()
    assert not m.paused and m.events == before and m.pauses == []
    m.redo()
    m.redo()
    again = GAMES[game].replay(m.events)
    assert again.events == m.events and again.history == m.history and not again.paused
    assert again.step_groups == m.step_groups


@pytest.mark.parametrize("game", games())
def test_refusals_change_nothing(game: str) -> None:
    cases = [
        (hook(game).fresh(), "pause", "not-started"),
        (hook(game).finished(), "pause", "match-over"),
        (hook(game).in_play(), "resume", "not-paused"),
    ]
    paused = hook(game).in_play()
    paused.pause()
    cases.append((paused, "pause", "already-paused"))
    for m, action, rule in cases:
        before = m.events
        with pytest.raises(RuleViolation) as refused:
            getattr(m, action)()
        assert refused.value.rule == rule and m.events == before


@pytest.mark.parametrize("game", games())
def test_a_crafted_pause_is_refused_on_replay(game: str) -> None:
    events = hook(game).in_play().events
    for bad in ({"type": "pause", "why": "x"}, {"type": "resume"}):
        with pytest.raises(RuleViolation):
            GAMES[game].replay([*events, bad])


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("game", games())
def test_the_next_action_ends_a_pause(game: str, seed: int) -> None:
    """A pause put into a seeded playout anywhere after its first action replays: the game's
    next action is taken as if no pause were there, and the match is no longer paused."""
    events = hook(game).playout(seed).events
    plain = GAMES[game].replay(events)
    for at in range(2, len(events)):
        m = GAMES[game].replay([*events[:at], {"type": "pause"}, *events[at:]])
        assert not m.paused and m.is_over == plain.is_over
        assert m.standings() == plain.standings()
        _same_size(m)
        assert [e for e in m.history if e["said"].msg != "Match paused."] == plain.history


@pytest.mark.parametrize("game", games())
def test_can_pause_says_whether_pause_is_taken(game: str) -> None:
    paused = hook(game).in_play()
    paused.pause()
    for m in (hook(game).fresh(), hook(game).in_play(), hook(game).finished(), paused):
        offered = m.can_pause
        try:
            m.pause()
        except RuleViolation:
            assert not offered
        else:
            assert offered
