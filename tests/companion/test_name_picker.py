"""The player picker says why a new name is refused, before Start, as the rules would (a real Flet
session: the name comes in as a page sends it, the field's value and then "submit")."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
import pytest

from companion.i18n.phrases import plain
from companion.widgets.player_picker import name_problem
from scoring import careta
from scoring.core import RuleViolation, check_players
from tests.support.companion.apart import run_apart
from tests.support.companion.session_guard import picker, session_with
from tests.support.companion.tree import caption, every

KNOWN = ["\ue000", "\u0410NN", "Cleo", "\u0301", "B\u0435n", "Dan"]



def shown_texts(session: Any) -> list[str]:
    return [plain(c.value) for c in every(session.page) if isinstance(c, ft.Text) and c.value]


def offered(session: Any) -> list[str]:
    return [caption(c) for c in every(session.page) if isinstance(c, ft.OutlinedButton)]


@pytest.mark.parametrize(
    "typed, words",
    [("\u0410nn", "“\u0410nn” looks the same as Ann, who is already playing: choose another name."),
     ("\u0301", "That name has no letter, digit or emoji to see: a name needs one."),
     ("\ue000", "“�” has a private-use character (U+E000, drawn differently on every phone) "
                "in it: type the name again without it."),
     ("Cleo\uffff", "“Cleo�” has a code that is not a character (U+FFFF) in it")],
)
def test_a_refused_name_is_said_so_and_nobody_is_added(typed: str, words: str) -> None:
    async def type_name() -> tuple[list[list[str]], list[str]]:
        seen: list[list[str]] = []
        session, _ = session_with(picker(seen, KNOWN))
        field = next(c for c in every(session.page) if isinstance(c, ft.TextField))
        session.apply_patch(field._i, {"value": typed})  # as the page reports the typing
        await session.dispatch_event(field._i, "submit", None)
        await asyncio.sleep(0.05)
        return seen, shown_texts(session)

    seen, texts = run_apart(type_name())
    assert seen == []
    assert any(words in text for text in texts), texts


def test_names_the_rules_would_refuse_are_not_offered() -> None:
    async def look() -> list[Any]:
        session, _ = session_with(picker([], KNOWN))
        return offered(session)

    assert run_apart(look()) == ["Cleo", "Dan"]


@pytest.mark.parametrize("name", ["さくら", "Ольга", "Zoë 🎲", "김민수", "Ολγα"])
def test_the_picker_and_the_rules_agree(name: str) -> None:
    assert name_problem(name, ["Ann", "Ben"]) is None
    assert check_players(["Ann", "Ben", name], range(2, 5))


def test_a_careta_team_field_says_a_look_alike_as_it_is_typed() -> None:
    from companion.games.careta.options import name_clashes

    players = ["Ann", "Ben", "Cleo", "Dan"]
    # The engine's reasons, the ones Start would meet (scoring.careta.team_name_problems).
    assert name_clashes(["Suns", "suns"], players) == {1: "Two teams are called “suns”."}
    assert name_clashes(["Suns", "Sun\u0455"], players) == {
        1: "The teams “Suns” and “Sun\u0455” look the same: choose another name for one of them."}
    assert name_clashes(["\u0410NN", "Moons"], players) == {
        0: "The team “\u0410NN” looks the same as the player “Ann”: choose another team name."}
    assert name_clashes(["Ann", "Moons"], players) == {0: "The team “Ann” has a player's name."}
    assert name_clashes(["Suns", "Moons"], players) == {}
    for teams in (["Suns", "suns"], ["Suns", "Sun\u0455"], ["\u0410NN", "Moons"], ["Ann", "Moons"]):
        with pytest.raises(RuleViolation) as refused:  # Start refuses them for the same reason
            careta.Match(players, teams={teams[0]: ["Ann", "Ben"], teams[1]: ["Cleo", "Dan"]})
        assert str(refused.value) in name_clashes(teams, players).values()
