"""Player names: one visible line in NFC, counted as a person counts, never two look-alikes."""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from scoring import ratel, replay
from scoring.core import MAX_NAME, RuleViolation, check_players
from scoring.names import graphemes, name_key, name_problem, tidy

NEW_RULES = ("look-alike-name", "nothing-visible", "unknown-character")  # test_new_names
FLAGS_13 = "🇦🇩🇦🇪🇦🇫🇦🇬🇦🇮🇦🇱🇦🇲🇦🇴🇦🇶🇦🇷🇦🇸🇦🇹🇦🇺"
FAMILY = "👩\u200d👩\u200d👧\u200d👦"
ENGLAND = "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"


@pytest.mark.parametrize(
    "text, seen",
    [("Ann", 3), ("e\u0301te\u0301", 3), (FLAGS_13, 13), (FAMILY, 1), ("👍🏽", 1),
     ("1\ufe0f\u20e3", 1), (ENGLAND, 1), ("❤\ufe0f", 1), ("🇫🇷🇩", 2), ("अनुराग", 4),
     ("👨\u200d❤\ufe0f\u200d👨", 1), ("", 0)],
)
def test_graphemes_count_what_a_person_sees(text: str, seen: int) -> None:
    assert len(graphemes(text)) == seen
    assert "".join(graphemes(text)) == text


@pytest.mark.parametrize(
    "name",
    ["Ann", "José", "Zoë", "Ann Lee", "李小龍", "김민수", "Ольга", "محمد", "अनुराग", FLAGS_13,
     FAMILY + " Smith", "👍🏽 Ben", ENGLAND, "1\ufe0f\u20e3", "❤\ufe0f", "x" * MAX_NAME,
     "é" * MAX_NAME, "🇫🇷" * MAX_NAME, "Ann\u00a0Lee"],
)
def test_names_people_use_are_accepted(name: str) -> None:
    assert name_problem(name) is None
    assert check_players([name, "Other"], range(2, 5)) == [name, "Other"]


@pytest.mark.parametrize(
    "name, words",
    [("\u200b", "needs a name"), ("  ", "needs a name"), ("\u2800", "needs a name"),
     ("\u3164", "needs a name"), ("\ufe0f", "needs a name"),
     ("Ann\u200b", "“Ann�” has an invisible character in it (zero width space)"),
     ("A\u200dB", "invisible character in it (zero width joiner)"),
     ("Ann\u202eBen", "invisible character"), ("\u00adAnn", "invisible character"),
     ("Ann\nBen", "line break"), ("Ann\x00", "control character"), ("Ann\u2028", "line break"),
     ("Ann\ud800", "broken character"),
     ("Jose\u0301", "unusual character codes"),
     ("x" * (MAX_NAME + 1), f"longer than {MAX_NAME} characters"),
     ("🇫🇷" * (MAX_NAME + 1), f"longer than {MAX_NAME} characters"),
     ("\u0301" * 5000, f"longer than {MAX_NAME} characters"), (None, "needs a name")],
)
def test_names_that_do_not_read_as_a_name_are_refused_in_words(name: str, words: str) -> None:
    why = name_problem(name)
    assert why is not None  # a sentence as data (scoring/said.py): its English here
    problem = str(why)
    assert words in problem
    assert "\n" not in problem and "\x00" not in problem  # the message itself stays one line
    with pytest.raises(RuleViolation) as err:
        check_players([name, "Other"], range(2, 5))
    assert err.value.rule == "bad-players" and str(err.value) == problem


@pytest.mark.parametrize(
    "a, b",
    [("Ann", "ANN"), ("Ann", "Ａｎｎ"), ("Ann Lee", "Ann  Lee"), ("ﬁn", "fin"), ("Ann", " Ann "),
     ("Straße", "STRASSE"), ("Ann", "Ann\ufe0f")],
)
def test_look_alikes_are_refused_as_such(a: str, b: str) -> None:
    assert name_key(a) == name_key(b)
    with pytest.raises(RuleViolation) as err:
        check_players([a, b], range(2, 5))
    assert err.value.rule == "bad-players"
    assert "looks the same as" in str(err.value) or "invisible" in str(err.value)


def test_the_same_name_twice_is_said_so() -> None:
    with pytest.raises(RuleViolation, match="in the list twice"):
        check_players(["Ann", "Ann"], range(2, 5))


def test_a_game_and_a_replayed_import_refuse_the_same_names() -> None:
    with pytest.raises(RuleViolation, match="looks the same"):
        ratel.Match(players=["Ann", "ann"])
    events = json.loads(json.dumps(ratel.Match(players=["Ann", "Ben"]).events))
    events[0]["players"] = ["Ann\nBen", "Cleo"]  # an edited file or a crafted import
    with pytest.raises(RuleViolation) as err:
        replay(events)
    assert err.value.rule == "bad-players"


def test_tidy_makes_a_pasted_name_the_name_meant() -> None:
    assert tidy("  Ann\u200b\u200b  Lee\t\n") == "Ann Lee"
    assert tidy("Jose\u0301") == "José"
    assert tidy("e\u200b\u0301") == "é"
    assert tidy(FAMILY + "\u200b") == FAMILY  # the joiners inside the emoji stay
    assert tidy(ENGLAND) == ENGLAND and tidy(FLAGS_13) == FLAGS_13


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
@example(" \ufe00")  # a selector left first once the space before it is trimmed
def test_tidy_leaves_only_what_the_rules_may_refuse_as_blank_or_long(text: str) -> None:
    name = tidy(text)
    assert tidy(name) == name
    assert unicodedata.is_normalized("NFC", name)
    problem = name_problem(name)
    assert problem is None or str(problem) == "Every player needs a name." or "longer than" in str(
        problem
    )


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(max_size=30), max_size=6))
def test_any_list_is_accepted_with_distinct_keys_or_refused_cleanly(names: list[str]) -> None:
    try:
        accepted = check_players(names, range(2, 7))
    except RuleViolation as error:
        assert error.rule in ("bad-players", "player-count", *NEW_RULES) and str(error)
        return
    assert len({name_key(n) for n in accepted}) == len(accepted)
    assert all(len(graphemes(n)) <= MAX_NAME for n in accepted)


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=1, max_size=20), st.sampled_from(["\u200b", "\u200c", "\u2060", "\ufeff"]))
def test_an_accepted_name_with_an_invisible_added_is_refused(name: str, hidden: str) -> None:
    if name_problem(name) is not None:
        return
    assert name_problem(name + hidden) is not None
