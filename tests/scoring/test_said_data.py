"""`to_data` / `from_data`: what a stored file keeps of an engine's value, and back (issue 21)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scoring.said import (
    DATA_DEPTH,
    ENGLISH,
    Listed,
    Said,
    Signed,
    Term,
    from_data,
    listed,
    render,
    said,
    said_n,
    term,
    term_n,
    to_data,
)

VALUES: list[Any] = [
    "Ann",
    "",
    "{Ann}",  # a name that looks like a template stays a name
    0,
    -3,
    2.5,
    True,
    said("Ann passes."),
    said("{player} passes.", player="さくら"),
    said_n("{n} caro left", "{n} caros left", 3),
    term("caro colour", "grey"),
    term_n("ratel unit", "penalty point", "penalty points", 1),
    listed(["Ann", "Ben", "Cleo"]),
    listed([], "or"),
    Signed(-2),
    Signed(0),
    said("{who} lose {points}.", who=listed([term("caro colour", "red"), "Ben"]),
         points=Signed(-2)),
    said("{figure}, {more}", figure=said("{value} {unit}", value=2,
                                         unit=term_n("carrera unit", "trophy", "trophies", 2)),
         more=said_n("{n} fuel", "{n} fuel", 4)),
]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_a_value_comes_back_equal_through_json(value: Any) -> None:
    data = json.loads(json.dumps(to_data(value), ensure_ascii=False))
    back = from_data(data)
    assert back == value and type(back) is type(value)
    assert render(back, ENGLISH) == render(value, ENGLISH)


def test_every_kind_is_tagged_so_no_two_read_alike() -> None:
    assert to_data(Said("Hi.")) == {"said": "Hi."}
    assert to_data(Term("x", "grey")) == {"term": "grey", "context": "x"}
    assert to_data(Listed(("a",), "or")) == {"listed": ["a"], "style": "or"}
    assert to_data(Signed(4)) == {"signed": 4}


@pytest.mark.parametrize("value", [None, ["Ann"], ("Ann",), {"Ann": 1}, object(), b"x"],
                         ids=lambda v: type(v).__name__ if type(v) is object else repr(v))
def test_to_data_refuses_what_no_sentence_holds(value: Any) -> None:
    with pytest.raises(TypeError):
        to_data(value)


@pytest.mark.parametrize("data", [
    None,
    ["Ann"],
    {},
    {"said": 3},
    {"said": "x", "args": []},
    {"said": "x", "args": {"a": None}},
    {"said": "{n} x", "plural": "{n} xs"},  # a plural without its number
    {"said": "{n} x", "plural": "{n} xs", "args": {"n": "3"}},
    {"said": "x", "extra": 1},
    {"term": "grey"},
    {"term": "grey", "context": 1},
    {"term": "a", "context": "b", "n": True},
    {"listed": "Ann"},
    {"listed": [None]},
    {"signed": "3"},
    {"signed": 1, "x": 2},
    float("nan"),
    float("inf"),
], ids=repr)
def test_from_data_refuses_what_to_data_never_makes(data: Any) -> None:
    with pytest.raises(ValueError):
        from_data(data)


def test_a_value_nested_too_deeply_is_refused_not_recursed() -> None:
    deep: Any = "Ann"
    for _ in range(DATA_DEPTH + 2):
        deep = {"said": "{x}", "args": {"x": deep}}
    with pytest.raises(ValueError, match="deeply"):
        from_data(deep)
    fine: Any = "Ann"
    for _ in range(DATA_DEPTH):
        fine = {"said": "{x}", "args": {"x": fine}}
    assert str(from_data(fine)) == "Ann"


def test_the_engines_standings_come_back_equal() -> None:
    """Every unit and second figure the four engines give (str today, data as they move)."""
    from tests.support.storage.finished import every_game

    for match in every_game():
        for row in match.standing_figures():
            for part in (row.unit, row.more):
                assert from_data(json.loads(json.dumps(to_data(part)))) == part
