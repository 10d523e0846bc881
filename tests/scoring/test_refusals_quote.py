"""A refusal quotes what it was given as a person would read it: an import file can hold any
JSON in a match's settings, and the sentence it gets back never prints a Python list or dict."""

from __future__ import annotations

import copy

import pytest

from scoring import RuleViolation, careta, caro, carrera, ratel

STARTS = [
    ratel.Match(players=["Ann", "Ben", "Cleo"], starter="Ann"),
    caro.Match(players=["Ann", "Ben"]),
    carrera.Match(players=["Ann", "Ben", "Cleo"], lead="Ann"),
    careta.Match(players=["Ann", "Ben", "Cleo"], deck_master="Cleo"),
]


@pytest.mark.parametrize("match", STARTS, ids=lambda m: m.GAME)
@pytest.mark.parametrize("odd", [["Cleo"], {"a": 1}, [1, 2]], ids=["list", "dict", "numbers"])
def test_a_setting_of_the_wrong_kind_is_named_by_its_kind(match, odd) -> None:
    settings = match.events[0]
    for key in settings:
        if key in ("type", "players", "teams"):  # (players and teams: their own messages)
            continue
        events = copy.deepcopy(match.events)
        events[0][key] = odd
        try:
            type(match).replay(events)
        except RuleViolation as refusal:
            said = str(refusal)
            assert "[" not in said and "{" not in said, (key, said)


def test_a_starter_that_is_no_name_says_so() -> None:
    events = copy.deepcopy(STARTS[0].events)
    events[0]["starter"] = ["Cleo"]
    with pytest.raises(RuleViolation, match=r"^The starter must be a player's name, not a list\.$"):
        ratel.Match.replay(events)
