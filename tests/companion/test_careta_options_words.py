"""Every word of Careta's New match options goes through companion.i18n (issue 21): the options
are drawn on a real Flet session (no browser) in a pseudo language that wraps each translated
message in ⟦ ⟧, in each state the form can be in (no players, no teams, teams that fit, that do
not fit, unbalanced, side by side, names that clash, three teams); every text, label, button and
screen reader's name is wrapped whole, names and figures aside.

A tap on a choice's label (the row, not the radio) picks it: the label wraps beside a label-less
radio (companion/widgets/option_choice.py), so the row is what a thumb finds.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from typing import Any

import flet as ft
import pytest

from companion.games.careta.options import CaretaOptions, create
from companion.i18n.catalog import Voice
from companion.i18n.phrases import plain
from tests.support.companion.apart import run_apart
from tests.support.companion.session_guard import session_with
from tests.support.companion.tree import every
from tests.support.pseudo import Pseudo, bracketed

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn"]
FOUR = NAMES[:4]
WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")
STATES: dict[str, tuple[list[str], dict[str, Any]]] = {
    "no players": ([], {}),
    "no teams": (FOUR, {}),
    "teams apart": (FOUR, {"layout": "2v2"}),
    "side by side": (FOUR, {"layout": "2v2", "assign": {"Ben": 0, "Cleo": 1}}),
    "unbalanced": (FOUR, {"layout": "2v2", "assign": {"Ben": 0}}),
    "names clash": (FOUR, {"layout": "2v2", "team_names": ["Suns", "suns"]}),
    "too many players": (NAMES[:5], {"layout": "2v2"}),
    "three teams seated apart": (NAMES, {"layout": "2v2v2", "alternate": True}),
}


@pytest.fixture
def pseudo(speaking) -> Pseudo:
    language = Pseudo(bracketed, number=str,
                      listed=lambda items, style: bracketed(" / ".join(items)))
    speaking(language)
    return language


def untranslated(text: str) -> str:
    """What of `text` is outside every ⟦ ⟧, less the names typed and the figures."""
    while WRAPPED.search(text):
        text = WRAPPED.sub("", text)
    for name in sorted([*NAMES, "Suns", "suns"], key=len, reverse=True):
        text = text.replace(name, "")
    return text if re.search(r"[^\W\d_]", text) else ""


def shown(root: ft.Control) -> Iterator[str]:
    """Every text a person reads or hears in `root`: texts, labels, captions, errors."""
    for c in every(root):
        for field in ("value", "label", "content", "tooltip", "error", "hint_text"):
            value = getattr(c, field, None)
            # A field's value is what was typed; a radio's is its key, never shown.
            typed_or_key = field == "value" and isinstance(c, ft.TextField | ft.Radio
                                                           | ft.RadioGroup)
            if isinstance(value, str) and value and not typed_or_key:
                yield plain(value)  # as read: no-break spaces and joiners as spaces


def options_host(players: list[str], values: dict[str, Any],
                 seen: list[dict[str, Any]] | None = None) -> Any:
    """Careta's options for `players`, as New match holds them (`seen` gets each new value)."""

    @ft.component
    def Host() -> ft.Control:
        now, set_now = ft.use_state(dict(values))

        def change(new: dict[str, Any]) -> None:
            if seen is not None:
                seen.append(new)
            set_now(new)

        return CaretaOptions(values=now, set_values=change, players=list(players))

    return Host


def texts_of(players: list[str], values: dict[str, Any]) -> list[str]:
    async def look() -> list[str]:
        session, _ = session_with(options_host(players, values))
        return list(shown(session.page))

    return run_apart(look())


@pytest.mark.parametrize("state", STATES, ids=list(STATES))
def test_careta_options_say_nothing_untranslated(state: str, pseudo: Pseudo) -> None:
    players, values = STATES[state]
    texts = texts_of(players, values)
    assert len(texts) > 5
    assert [t for t in texts if untranslated(t)] == []


def test_the_states_reach_every_message(pseudo: Pseudo) -> None:
    for players, values in STATES.values():
        texts_of(players, values)
    asked = set(pseudo.asked)
    for message in ("Seating (turn order): {seats}", "Seat teammates alternately",
                    "Each team needs {size} players: {counts}.", "{player} in team {letter}",
                    "Pick teams that fit {n} players, or No teams.",
                    "Teams {layout} (for {n} players)", "Team {letter}", "2v2v2",
                    "Teammates sit apart, so nobody sees a teammate's cards.", "to win the match",
                    "Rotate the Deck Master between sets", "{n} players: {layouts}"):
        assert message in asked, message


def test_the_english_is_as_it_was() -> None:
    texts = texts_of(FOUR, {"layout": "2v2", "team_names": ["Suns", "suns"]})
    assert "Cleo in team B" in texts and "Name of team A" in texts
    assert "Seating (turn order): Ann (A), Ben (B), Cleo (A), Dan (B)" in texts
    assert "Rotate the Deck Master between sets" in texts and "to win the match" in texts
    assert ("4 players: 2v2 · 6 players: 3v3 or 2v2v2 · 8 players: 4v4 or 2v2v2v2" in texts)
    texts = texts_of(NAMES[:5], {"layout": "2v2"})
    assert "Teams 2v2 (for 4 players)" in texts
    assert "Pick teams that fit 5 players, or No teams." in texts
    texts = texts_of(FOUR, {"layout": "2v2", "assign": {"Ben": 0}})
    assert "Each team needs 2 players: Team A has 3 players and Team B has 1 player." in texts


def test_an_unnamed_team_is_stored_as_a_value_not_the_starting_language(speaking) -> None:
    speaking(Voice("es"))
    match = create(FOUR, "Ann", {"layout": "2v2", "team_names": ["Soles", ""]})
    # A typed name as typed; the unnamed team as its letter, "Equipo B" only as said here
    # (tests/companion/test_careta_unnamed_words.py: every viewer in their own language).
    assert list(match.teams) == ["Soles", "B"] and match.unnamed_teams == ["B"]


def test_a_tap_on_a_choices_label_picks_it() -> None:
    async def tap() -> tuple[list[dict[str, Any]], str | None]:
        seen: list[dict[str, Any]] = []
        session, _ = session_with(options_host(FOUR, {}, seen))
        row = next(c for c in every(session.page) if isinstance(c, ft.Container)
                   and any(isinstance(t, ft.Text) and plain(str(t.value)) == "Teams 2v2"
                           for t in every(c)))
        await session.dispatch_event(row._i, "click", None)
        await asyncio.sleep(0.05)
        group = next(c for c in every(session.page) if isinstance(c, ft.RadioGroup))
        return seen, group.value

    seen, value = run_apart(tap())
    assert [v.get("layout") for v in seen] == ["2v2"] and value == "2v2"
