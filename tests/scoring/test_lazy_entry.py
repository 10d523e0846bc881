"""Every game keeps its history as `core.Entry` values: a replay renders no English, the first
read of "text" renders each entry once and later reads none, and what `history` gives is the
same plain data as before (equal for a replay and live play, each read the reader's own copy).
Renders are counted, not timed."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scoring import GAMES, core
from scoring.core import CHECKPOINT_EVERY
from scoring.said import Said, said
from tests.support.games import games, hook


def _events(game: str) -> list[dict[str, Any]]:
    """The first of a few seeded playouts long enough to say something (over 40 actions)."""
    for seed in range(20):
        events = hook(game).playout(seed).events  # its test hook's
        if len(events) > 41:
            return events
    raise AssertionError(f"{game}: no seed played 40 actions")


@pytest.fixture(scope="module", params=games())
def played(request: pytest.FixtureRequest) -> tuple[str, list[dict[str, Any]]]:
    return request.param, _events(request.param)


def _counting_renders(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts every `Said` rendered (nested phrases included) from now on."""
    count = [0]
    render = Said.render

    def counted(self: Said, words: Any) -> str:
        count[0] += 1
        return render(self, words)

    monkeypatch.setattr(Said, "render", counted)
    return count


def test_a_replay_renders_no_english(played: tuple[str, list[dict[str, Any]]],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    game, events = played
    renders = _counting_renders(monkeypatch)
    m = GAMES[game].replay(events)
    kept = vars(m)[hook(game).HISTORY]
    assert len(kept) == len(events) - 1 and all(isinstance(e, core.Entry) for e in kept)
    assert renders[0] == 0, f"{game}: the replay rendered {renders[0]} sentences"


def test_the_first_read_renders_each_entry_once_and_later_reads_none(
        played: tuple[str, list[dict[str, Any]]], monkeypatch: pytest.MonkeyPatch) -> None:
    game, events = played
    m = GAMES[game].replay(events)
    renders = _counting_renders(monkeypatch)
    first = m.history
    assert renders[0] >= len(first)
    renders[0] = 0
    again = m.history
    assert renders[0] == 0 and again == first
    # An undo replays the actions since the last checkpoint: those entries are made again, and
    # only they are rendered again; every one before it is the same entry, its memo kept.
    tail = CHECKPOINT_EVERY + 1
    for entry in first[-tail:]:
        str(entry["said"])
    tail_cost = renders[0]
    renders[0] = 0
    kept = list(vars(m)[hook(game).HISTORY])
    m.undo()
    m.redo()
    assert m.history == first and 0 < renders[0] <= tail_cost
    now = vars(m)[hook(game).HISTORY]
    assert all(a is b for a, b in zip(now[:-tail], kept[:-tail], strict=True))
    assert [e["text"] for e in first] == [str(e["said"]) for e in first]


def test_history_is_the_same_plain_data_live_and_replayed(
        played: tuple[str, list[dict[str, Any]]]) -> None:
    game, events = played
    live = GAMES[game].replay(events[:1])
    for event in events[1:]:
        live._record(event)
    replayed = GAMES[game].replay(events)
    assert live.history == replayed.history
    for entry in replayed.history:
        assert list(entry)[:3] == ["text", "said", "changes"]
        assert isinstance(entry["text"], str) and isinstance(entry["said"], Said)


def test_each_read_is_the_readers_own_copy(played: tuple[str, list[dict[str, Any]]]) -> None:
    game, events = played
    m = GAMES[game].replay(events)
    before = copy.deepcopy(m.history)
    for entry in m.history:
        for value in entry.values():
            if isinstance(value, dict):
                value["Mallory"] = 99
            elif isinstance(value, list):
                value.append("Mallory")
        entry["text"] = "changed"
    assert m.history == before


def test_an_entry_compares_by_its_data_not_by_its_memo() -> None:
    a = core.Entry(said("{player} passes.", player="Ann"),
                   {"changes": {"Ann": 0}, "winners": ["Ann"]})
    b = copy.deepcopy(a)
    assert a.text == "Ann passes." and b._text is None  # a read English on a, none yet on b
    assert a == b and a != core.Entry(a.said, {"changes": {"Ann": 1}, "winners": ["Ann"]})
    read = a.read()
    read["changes"]["Ann"] = 5
    read["winners"].append("Ben")
    assert a.read() == {"text": "Ann passes.", "said": a.said, "changes": {"Ann": 0},
                        "winners": ["Ann"]}
    with pytest.raises(TypeError):
        hash(a)


def test_a_read_copies_figures_at_every_depth_and_shares_nothing_mutable() -> None:
    entry = core.Entry(said("{player} passes.", player="Ann"),
                       {"changes": {"Ann": 0}, "cells": [{"at": [1, 2], "by": "Ann"}], "n": 3})
    read = entry.read()
    read["cells"][0]["at"].append(3)
    read["cells"][0]["by"] = "Ben"
    read["cells"].append({})
    assert entry.read() == {"text": "Ann passes.", "said": entry.said, "changes": {"Ann": 0},
                            "cells": [{"at": [1, 2], "by": "Ann"}], "n": 3}
    assert entry.read()["cells"][0]["at"] is not entry.figures["cells"][0]["at"]
