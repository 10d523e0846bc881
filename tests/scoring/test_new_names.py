"""A new player's name: something to see, no code a phone cannot draw, no look-alike by Unicode's
confusables skeleton (UTS #39). Matches kept from before these rules still open and play again."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
import scoring.confusables
from scoring import careta, caro, ratel
from scoring.confusables import from_package, prototypes, skeleton, table_text
from scoring.core import RuleViolation, check_players, stored_names
from scoring.names import look_alike_keys, looks_like, name_problem, new_name_problem

NEW_RULES = ("look-alike-name", "nothing-visible", "unknown-character")
# Latin letters and the Cyrillic or Greek letters drawn the same way
HOMOGLYPHS = {"a": "а", "c": "с", "e": "е", "o": "о", "p": "р", "x": "х", "y": "у",
              "A": "А", "B": "В", "E": "Е", "H": "Н", "K": "К", "M": "М", "O": "О",
              "P": "Р", "T": "Т", "X": "Х", "N": "Ν", "Z": "Ζ", "I": "І"}


def refusal(names: list[str]) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        check_players(names, range(2, 9))
    return err.value


def test_the_issues_look_alike_is_refused_in_a_sentence() -> None:
    error = refusal(["Ann", "\u0410nn"])  # Cyrillic А
    assert error.rule == "look-alike-name"
    assert str(error) == (
        "“\u0410nn” looks the same as “Ann”, who is already playing: choose another name."
    )


@pytest.mark.parametrize(
    "first, second",
    [("Ann", "\u0430nn"),  # a small Cyrillic а, unlike the capital A: case aside, as "ann"
     ("Ian", "lan"), ("Arnie", "Amie"), ("JO", "J0"), ("ANN", "\u0391\u039d\u039d"),  # Greek
     ("Ben", "B\u0435n"), ("Olga", "\u041elga"), ("Ann Lee", "Ann L\u0435e"),
     ("Max", "\U0001d40cax")],  # a mathematical bold M
)
def test_names_confusable_by_the_skeleton_are_refused(first: str, second: str) -> None:
    assert looks_like(second, first) and looks_like(first, second)
    error = refusal([first, "Other", second])
    assert error.rule in ("look-alike-name", "bad-players") and "looks the same as" in str(error)
    assert f"“{first}”" in str(error)


@pytest.mark.parametrize(
    "name, rule, words",
    [("\u0301", "nothing-visible", "no letter, digit or emoji"),  # a lone combining accent
     ("\u0301\u0308", "nothing-visible", "no letter"), ("!?", "nothing-visible", "no letter"),
     ("\u2014", "nothing-visible", "no letter"), ("\u00a9", "nothing-visible", "no letter"),
     ("\ue000", "unknown-character", "a private-use character (U+E000,"),
     ("Ann\ue000", "unknown-character", "“Ann�” has a private-use character"),
     ("\U0010fffd", "unknown-character", "private-use"),
     ("\uffff", "unknown-character", "not a character (U+FFFF)"),
     ("Ann\ufdd0", "unknown-character", "not a character (U+FDD0)"),
     ("Ann\U0001fffe", "unknown-character", "not a character"),
     ("Ann\u0378", "unknown-character", "not assigned yet (U+0378)")],
)
def test_names_without_anything_to_see_or_with_odd_codes_are_refused(
    name: str, rule: str, words: str
) -> None:
    assert name_problem(name) is None  # the rules a stored match is held to accept it
    found = new_name_problem(name)
    assert found is not None and found[0] == rule and words in str(found[1])
    error = refusal([name, "Other"])
    assert (error.rule, str(error)) == (found[0], str(found[1])) and error.said == found[1]
    assert "\ue000" not in str(error) and "\uffff" not in str(error)


@pytest.mark.parametrize(
    "name",
    ["さくら", "山田太郎", "Ολγα", "Άννα", "Ольга", "김민수", "Zoë 🎲", "🎲", "❤\ufe0f", "©\ufe0f",
     "🇫🇷", "1\ufe0f\u20e3", "7", "محمد", "अनुराग", "Ann-Marie", "O'Neil", "Ann \u2665\ufe0f",
     "\U0001faea"],  # an emoji newer than this Python's Unicode (unassigned to it)
)
def test_names_people_use_stay_valid(name: str) -> None:
    assert name_problem(name) is None and new_name_problem(name) is None
    assert check_players([name, "Other"], range(2, 5)) == [name, "Other"]


@pytest.mark.parametrize(
    "names",
    [["Olga", "Ольга"], ["Anna", "Άννα"], ["Anna", "Ana"], ["Zoë", "Zoe"], ["Ann", "Ben", "Cleo"],
     ["Player 1", "Player 2", "Player 3"], ["Kim", "Kím"], ["さくら", "サクラ"]],
)
def test_names_that_differ_to_the_eye_are_accepted_together(names: list[str]) -> None:
    assert check_players(names, range(2, 5)) == names


def test_case_alone_is_still_a_look_alike_as_before() -> None:
    error = refusal(["Ann", "ann"])
    assert error.rule == "bad-players" and "looks the same as" in str(error)


def test_the_data_gives_unicodes_prototypes() -> None:
    table = prototypes()
    assert len(table) == 6307  # Unicode 13.0's 6,311 mappings less 4 (see scoring.confusables)
    assert table["\u0410"] == "A" and table["\u03bd"] == "v" and table["0"] == "O"
    assert table["1"] == table["I"] == "l" and table["m"] == "rn" and table["\ufb01"] == "fi"
    assert "A" not in table and "l" not in table  # prototypes map to themselves
    assert not {ch for target in table.values() for ch in target} & set(table)  # idempotent
    assert skeleton(skeleton("Ṁаrу")) == skeleton("Ṁаrу")


def test_the_shipped_table_is_the_packages_data() -> None:
    """scoring/confusables.tsv, read by the rules with no package beside them, is exactly what
    the pinned confusable-homoglyphs gives (`python -m scoring.confusables` writes it anew)."""
    assert prototypes() == from_package()
    shipped = Path(scoring.confusables.__file__).with_name("confusables.tsv")
    assert shipped.read_text(encoding="ascii") == table_text(from_package())


def test_a_stored_or_imported_match_with_such_names_still_opens() -> None:
    with stored_names():  # as a match created before these rules
        old = ratel.Match(players=["Ann", "\u0410nn", "\ue000"], mode="penalty")
    old.record_round(out="Ann", hands={"\u0410nn": 4, "\ue000": 6})
    events = json.loads(json.dumps(old.events))  # as read back from a file
    back = scoring.replay(events)
    assert back.players == ["Ann", "\u0410nn", "\ue000"] and back.events == old.events
    again = back.play_again()  # the same players: not new names
    assert again.players == back.players and len(again.events) == 1
    with pytest.raises(RuleViolation) as err:  # a new match with them is refused
        ratel.Match(players=["Ann", "\u0410nn", "Ben"])
    assert err.value.rule == "look-alike-name"


def test_a_caro_series_with_such_names_goes_on_to_its_next_game() -> None:
    from tests.support.scoring.caro_playout import playout

    finished = playout(2, 1, mixed=True, sweeping=False, undo_redo=False)
    events = json.loads(json.dumps(finished.events))
    names = {"Ann": "Ann", finished.players[0]: "Ann", finished.players[1]: "\u0410nn"}
    text = json.dumps(events)
    for old, new in names.items():
        text = text.replace(json.dumps(old), json.dumps(new))
    back = scoring.replay(json.loads(text))
    assert isinstance(back, caro.Match) and set(back.players) == {"Ann", "\u0410nn"}
    nxt = back.next_game(starter=back.losers[0])
    assert nxt.players == back.players


def test_a_replay_in_one_thread_never_relaxes_a_new_match_in_another() -> None:
    inside, done = threading.Event(), threading.Event()

    def replaying() -> None:
        with stored_names():
            inside.set()
            done.wait(10)

    other = threading.Thread(target=replaying)
    other.start()
    try:
        assert inside.wait(10)
        with pytest.raises(RuleViolation) as err:
            ratel.Match(players=["Ann", "\u0410nn"])
        assert err.value.rule == "look-alike-name"
    finally:
        done.set()
        other.join(10)


def test_careta_team_names_meet_the_same_rules_when_new() -> None:
    players = ["Ann", "Ben", "Cleo", "Dan"]
    for teams, rule in [
        ({"\u0410NN": ["Ann", "Cleo"], "Moons": ["Ben", "Dan"]}, "look-alike-name"),
        ({"Suns": ["Ann", "Cleo"], "Sun\u0455": ["Ben", "Dan"]}, "look-alike-name"),
        ({"\ue000": ["Ann", "Cleo"], "Moons": ["Ben", "Dan"]}, "unknown-character"),
        ({"\u0301": ["Ann", "Cleo"], "Moons": ["Ben", "Dan"]}, "nothing-visible"),
        ({"Su\nns": ["Ann", "Cleo"], "Moons": ["Ben", "Dan"]}, "bad-option"),
    ]:
        with pytest.raises(RuleViolation) as err:
            careta.Match(players, teams=teams)
        assert err.value.rule == rule, teams
        with stored_names():  # a kept match with such teams still opens
            kept = careta.Match(players, teams=teams)
        assert scoring.replay(json.loads(json.dumps(kept.events))).teams == teams
    assert careta.Match(players, teams={"Suns": ["Ann", "Cleo"], "Moons": ["Ben", "Dan"]})


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="".join(HOMOGLYPHS), min_size=1, max_size=12), st.data())
def test_a_name_with_a_letter_swapped_for_its_homoglyph_is_refused(name: str, data) -> None:
    spot = data.draw(st.integers(0, len(name) - 1))
    swapped = name[:spot] + HOMOGLYPHS[name[spot]] + name[spot + 1 :]
    assert look_alike_keys(swapped) == look_alike_keys(name) or looks_like(swapped, name)
    with pytest.raises(RuleViolation) as err:
        check_players([name, swapped], range(2, 5))
    assert err.value.rule in ("look-alike-name", "bad-players")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(max_size=12), min_size=2, max_size=5))
def test_accepted_names_never_look_alike_and_each_shows_something(names: list[str]) -> None:
    try:
        accepted = check_players(names, range(2, 7))
    except RuleViolation as error:
        assert error.rule in ("bad-players", "player-count", *NEW_RULES) and str(error)
        return
    for i, name in enumerate(accepted):
        assert new_name_problem(name) is None
        assert not any(looks_like(name, other) for other in accepted[:i])
