"""A Careta team left unnamed reads in the viewer's language, whichever device started the match
(issue 21): a match started on a Spanish phone stores its teams as letters, and an English
viewer reads "Team B", a Japanese one "チームB", everywhere the app names a team: the standings
and their chips, the Big scoreboard, the connection-lost standings, the history's sentences and
the timeline, the chart, Careta's own panels. New match treats a field left showing the team's
own unnamed name as unnamed, and refuses a name that reads as another unnamed team's."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from companion.describe.progress import progress, timeline
from companion.describe.words import change
from companion.games.careta.end import projection
from companion.games.careta.options import create, name_clashes, team_names, typed_names
from companion.games.careta.seats import _badges
from companion.games.careta.table import changes_text, winner_headline
from companion.i18n import say
from companion.i18n.catalog import Voice
from companion.screens.board import _row
from companion.server.standings import Board, said_rows
from companion.widgets.scoreboard import _rows
from scoring import RuleViolation, careta

FOUR = ["Ann", "Ben", "Cleo", "Dan"]
# (language, team A, team B, team B with its players as a standings row names it)
READ = [("en", "Team A", "Team B", "Team B (Ben, Dan)"),
        ("es", "Equipo A", "Equipo B", "Equipo B (Ben, Dan)"),
        ("de", "Team A", "Team B", "Team B (Ben, Dan)"),
        ("ja", "チームA", "チームB", "チームB（Ben、Dan）")]


def speak(speaking: Callable[[Any], None], code: str) -> None:
    speaking(Voice(code))


def started_in_spanish(speaking: Callable[[Any], None], target: int = 1) -> careta.Match:
    """Teams left unnamed on a Spanish phone; Ben (team B) is doubted in vain: +1 for team B,
    the match won at a target of 1."""
    speak(speaking, "es")
    match = create(FOUR, "Ann", {"layout": "2v2", "target": target})
    match.start_set()
    match.start_game("up")
    match.play("Ben", 3)
    match.doubt("Ann", True)
    return match


def test_the_spanish_device_stores_values_not_its_words(speaking: Callable[[Any], None]) -> None:
    match = started_in_spanish(speaking)
    assert match.teams == {"A": ["Ann", "Cleo"], "B": ["Ben", "Dan"]}
    assert match.unnamed_teams == ["A", "B"]
    assert "Equipo" not in json.dumps(match.events)


@pytest.mark.parametrize("code, team_a, team_b, row_b", READ)
def test_every_view_names_the_unnamed_team_in_the_viewers_language(
        speaking: Callable[[Any], None], code: str, team_a: str, team_b: str, row_b: str) -> None:
    match = started_in_spanish(speaking)
    speak(speaking, code)
    figures = match.standing_figures()
    # The scoreboard chips and the Big scoreboard (its row's name as heard).
    assert [shown for _name, shown, _text in _rows(figures)][1] == row_b
    assert _row(figures[1], current=False, won=True).label.startswith(row_b)
    # The connection-lost standings, said by the server in the page's language.
    assert [name for name, _text in said_rows(Board(match.TITLE, figures), code)[1]][1] == row_b
    # The history's sentence, the timeline's effect, the chart's legend.
    said = say(match.history[-1]["said"])
    assert team_b in said and "Equipo" not in said.replace(team_b, "")
    assert timeline(match)[-1].steps[-1].effects == [change(team_b, 1, "points")]
    assert list(progress(match)[0].values) == [team_a, team_b]
    # Careta's own panels: the winner, the points of the last game, a seat's team badge.
    assert team_b in winner_headline(match)
    assert changes_text(match, {"B": 1, "A": 0}).startswith(f"{team_b} +1")
    assert team_b in _badges(match, "Ben")
    assert say(match.won_by[0]) == row_b


def test_a_tie_of_teammates_names_their_unnamed_team(speaking: Callable[[Any], None]) -> None:
    speak(speaking, "es")
    match = create(FOUR, "Ann", {"layout": "2v2"})
    match.start_set()
    match.start_game("up")
    while match.current:  # Ann and Cleo (team A) tie at 9: the game goes to team A
        match.play(match.current, 9 if match.current in ("Ann", "Cleo") else 2)
    speak(speaking, "ja")
    assert "チームA" in projection(match)


def test_a_field_left_showing_its_own_unnamed_name_is_unnamed(
        speaking: Callable[[Any], None]) -> None:
    """The field shows "Equipo A" until typed in: left so, or given English "Team A", the team
    is unnamed; any other name, "Soles" or "equipo a", stays exactly as typed."""
    speak(speaking, "es")
    values = {"layout": "2v2", "team_names": ["Equipo A", "Team B"]}
    assert typed_names(values, 2) == [None, None]
    assert team_names(values, 2) == ["Equipo A", "Equipo B"]
    assert typed_names({"team_names": [" Soles ", "equipo b"]}, 2) == ["Soles", "equipo b"]
    match = create(FOUR, "Ann", {"layout": "2v2", "team_names": ["Soles", "Equipo B"]})
    assert match.teams == {"Soles": ["Ann", "Cleo"], "B": ["Ben", "Dan"]}
    speak(speaking, "ja")
    assert say(match.side_name("B")) == "チームB" and say(match.side_name("Soles")) == "Soles"


def test_a_name_that_reads_as_another_unnamed_team_is_refused_in_the_device_language(
        speaking: Callable[[Any], None]) -> None:
    """Decision: "Equipo B" typed for team A on a Spanish phone, beside team B left unnamed,
    would show two "Equipo B"s there: the field says so and Start refuses it (the engine refuses
    the English "Team B" on every device)."""
    speak(speaking, "es")
    why = "«Equipo B» se lee como Equipo B, un equipo sin nombre: elige otro nombre."
    for typed in ("Equipo B", "equipo  b", "Team B"):
        clashes = name_clashes([typed, None], FOUR)
        assert list(clashes) == [0] and "Equipo B" in clashes[0], clashes
        with pytest.raises(RuleViolation) as refused:
            create(FOUR, "Ann", {"layout": "2v2", "team_names": [typed, ""]})
        assert say(refused.value.said) == clashes[0]
    assert name_clashes(["Equipo B", None], FOUR) == {0: why}
    assert name_clashes(["Equipo B", "Lunas"], FOUR) == {}  # team B has a name: no clash
    speak(speaking, "en")
    assert name_clashes(["Team B", None], FOUR) == {
        0: "“Team B” reads as Team B, a team left unnamed: choose another name."}
