"""A Careta team left unnamed is stored as a value, never as words (issue 21): the key of its
place's letter ("A" for the first team) in `teams`, listed in the settings' `unnamed_teams`; the
engine says it as `unnamed_team("A")`, a `Said` whose English is "Team A" and which each screen
says in its reader's language. Typed names stay as typed, and matches stored with "Team A" (or
"Equipo A") as a typed name replay as they were."""

from __future__ import annotations

import json

import pytest

from scoring import RuleViolation, careta
from scoring.core import stored_names
from scoring.said import Said, from_data, listed, said, term, to_data

PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]
UNNAMED = {"A": ["Ann", "Cleo"], "B": ["Ben", "Dan"]}


def unnamed_match(target: int = 10) -> careta.Match:
    return careta.Match(PLAYERS, teams=UNNAMED, target=target, unnamed_teams=["A", "B"])


def moons_doubted(m: careta.Match) -> careta.Match:
    """Ben (team B) states 3 and Ann doubts it in vain: +1 for Ben's team."""
    m.start_set()
    m.start_game("up")
    m.play("Ben", 3)
    m.doubt("Ann", True)
    return m


def test_unnamed_teams_are_stored_as_their_letters_not_words() -> None:
    m = unnamed_match()
    settings = m.events[0]
    assert settings["teams"] == UNNAMED and settings["unnamed_teams"] == ["A", "B"]
    assert m.teams == UNNAMED and m.unnamed_teams == ["A", "B"]
    assert "Team" not in json.dumps(m.events)
    # A match without unnamed teams keeps the settings it always had.
    named = careta.Match(PLAYERS, teams={"Suns": ["Ann", "Cleo"], "Moons": ["Ben", "Dan"]})
    assert "unnamed_teams" not in named.events[0] and named.unnamed_teams == []


def test_unnamed_teams_read_as_team_a_in_english() -> None:
    m = moons_doubted(unnamed_match())
    assert m.side_name("A") == careta.unnamed_team("A")
    assert isinstance(m.side_name("A"), Said) and str(m.side_name("B")) == "Team B"
    assert m.side_name("Ann") == "Ann"  # anything else is a name, said as it is
    assert [str(row.name) for row in m.standing_figures()] == ["Team A (Ann, Cleo)",
                                                              "Team B (Ben, Dan)"]
    assert m.standings() == [("Team A (Ann, Cleo)", "0/10"), ("Team B (Ben, Dan)", "1/10")]
    assert m.history[-1]["text"] == "Ann doubts Ben's 3. Ben told the truth: +1 for " \
                                    "Team B."
    assert m.history[-1]["changes"] == {"B": 1}  # the side's key, a value
    assert [str(name) for name in m.ahead] == ["Team B (Ben, Dan)"]
    notes = {str(name): str(note) for name, note in m.standing_notes.items()}
    assert notes == {"Team A (Ann, Cleo)": "in hand: Ann 4 and Cleo 4",
                     "Team B (Ben, Dan)": "in hand: Ben 3 and Dan 4"}


def test_a_match_won_by_an_unnamed_team_names_it_as_a_value() -> None:
    m = moons_doubted(unnamed_match(target=1))
    assert m.is_over and m.winners == ["Ben", "Dan"]
    assert m.won_by == [said("{team} ({players})", team=careta.unnamed_team("B"),
                             players=listed(["Ben", "Dan"], "members"))]
    assert [str(name) for name in m.won_by] == ["Team B (Ben, Dan)"]
    assert m.history[-1]["text"].endswith(" Team B (Ben, Dan) wins the match with 1 point.")
    assert m.final_scores == {"Ann": 0, "Ben": 1, "Cleo": 0, "Dan": 1}  # by player, as before
    # The name is data a file holds (a summary's won_by and standings) and reads back equal.
    assert from_data(json.loads(json.dumps(to_data(m.won_by[0])))) == m.won_by[0]
    assert hash(m.won_by[0]) == hash(from_data(to_data(m.won_by[0])))  # a dict key, as a name


def test_replay_equals_live_and_play_again_keeps_the_teams_unnamed() -> None:
    m = moons_doubted(unnamed_match())
    again = careta.Match.replay(json.loads(json.dumps(m.events)))
    assert again.history == m.history and again.standing_figures() == m.standing_figures()
    assert again.events == m.events and again.unnamed_teams == ["A", "B"]
    fresh = m.play_again()
    assert fresh.teams == UNNAMED and fresh.unnamed_teams == ["A", "B"]


def test_typed_and_unnamed_teams_mix() -> None:
    m = careta.Match(PLAYERS, teams={"Suns": ["Ann", "Cleo"], "B": ["Ben", "Dan"]},
                     unnamed_teams=["B"])
    assert m.side_name("Suns") == "Suns" and str(m.side_name("B")) == "Team B"
    assert [str(row.name) for row in m.standing_figures()] == ["Suns (Ann, Cleo)",
                                                              "Team B (Ben, Dan)"]
    # A typed name stays as typed, said with its members in the reader's language
    assert m.standing_figures()[0].name == said("{team} ({players})", team="Suns",
                                                players=listed(["Ann", "Cleo"], "members"))


@pytest.mark.parametrize("teams, unnamed", [
    (UNNAMED, "A"),  # a list of letters, not one
    (UNNAMED, ["C"]),  # no such team
    ({"Suns": ["Ann", "Cleo"], "A": ["Ben", "Dan"]}, ["A"]),  # A is the first team's letter
    (UNNAMED, ["A", "A"]),
    (UNNAMED, [1]),
    (None, ["A"]),  # no teams at all
])
def test_unnamed_teams_that_are_not_letters_of_their_places_are_refused(
        teams: object, unnamed: object) -> None:
    with pytest.raises(RuleViolation) as refused:
        careta.Match(PLAYERS, teams=teams, unnamed_teams=unnamed)  # type: ignore[arg-type]
    assert refused.value.rule == "bad-option"


@pytest.mark.parametrize("typed", ["Team B", "team b", "TEAM  B ", "b", "Т\u0435am B", "B"])
def test_a_typed_name_that_reads_as_an_unnamed_team_is_refused(typed: str) -> None:
    """Decision: "Team B" typed for team A beside team B left unnamed would show two "Team B"s;
    it is refused (Start and the name field say so), whatever its case or look; so is its
    letter, the unnamed team's key. The screens refuse the unnamed team's name in their own
    language too (companion tests)."""
    why = f"“{typed}” reads as Team B, a team left unnamed: choose another name."
    if typed != "B":  # "B" and team B's key would be one key of the mapping
        with pytest.raises(RuleViolation) as refused:
            careta.Match(PLAYERS, teams={typed: ["Ann", "Cleo"], "B": ["Ben", "Dan"]},
                         unnamed_teams=["B"])
        assert str(refused.value) == why
    problems = careta.team_name_problems([typed, None], PLAYERS)
    assert {i: str(said) for i, said in problems.items()} == {0: why}
    assert problems[0].args["team"] == careta.unnamed_team("B")  # said in the reader's language


def test_a_typed_team_b_is_a_name_when_no_team_is_left_unnamed() -> None:
    m = careta.Match(PLAYERS, teams={"Team B": ["Ann", "Cleo"], "Suns": ["Ben", "Dan"]})
    assert m.side_name("Team B") == "Team B" and m.unnamed_teams == []
    assert careta.team_name_problems(["Team B", "Suns"], PLAYERS) == {}
    assert careta.team_name_problems(["Team A", None], PLAYERS) == {}  # not team B's name


def test_matches_stored_with_team_names_as_text_replay_as_they_were() -> None:
    """Before issue 21's fix a team left unnamed was stored as the starting device's words."""
    for first, second in (("Team A", "Team B"), ("Equipo A", "Equipo B"), ("チームA", "チームB")):
        old = careta.Match(PLAYERS, teams={first: ["Ann", "Cleo"], second: ["Ben", "Dan"]})
        moons_doubted(old)
        events = json.loads(json.dumps(old.events))
        assert "unnamed_teams" not in events[0]
        with stored_names():
            again = careta.Match.replay(events)
        assert again.side_name(second) == second and again.unnamed_teams == []
        assert again.history[-1]["text"].endswith(f"+1 for {second}.")
        assert again.standings()[1] == (f"{second} (Ben, Dan)", "1/10")


def test_the_letters_are_glossary_words() -> None:
    assert careta.TEAM_LETTERS == tuple(careta.TEAM_LETTER_WORDS)
    assert careta.unnamed_team("C") == said("Team {letter}",
                                            letter=term("careta team letter", "C"))
