"""My Favorite Carrera RS says everything as data (issue 21): every history entry, refusal,
standing and note of seeded playouts is a `Said` whose every piece is data, so a catalog can say
all of it in another language.

The check renders each with a pseudo language that upper-cases every template and word it is
asked to translate (placeholders kept), while the players' names and the cards are upper case
already: a lower-case letter left in the text is English that no catalog could reach.
"""

from __future__ import annotations

import random
import re
import string
from typing import Any

import pytest

from scoring import carrera
from scoring.carrera import CARDS, FACE_DOWN, GLOSSARY, Match
from scoring.core import RuleViolation
from scoring.said import Listed, Said, Signed, Term, render, term
from tests.support.pseudo import Pseudo, shouted
from tests.support.scoring.carrera_playout import random_action

NAMES = ["ANN", "BEN", "CLEO", "DAN", "EVE"]  # no lower case: any left is untranslated English
SEEDS = 30


def shouting() -> Pseudo:
    """A pseudo language: every message and word upper case, lists joined by " & "."""
    return Pseudo(shouted, number=str)


def _fields(template: str) -> set[str]:
    out = set()
    for _, name, spec, conversion in string.Formatter().parse(template):
        if name is None:
            continue
        assert name.isidentifier() and not spec and not conversion, template  # bare {name}
        out.add(name)
    return out


def all_data(value: Any, names: set[str]) -> None:
    """`value` is data all the way down: templates whose placeholders are exactly their
    arguments, glossary terms, lists, numbers, and as plain text only a name or a card."""
    if isinstance(value, Said):
        args = set(value.args)
        assert _fields(value.msg) | ({"n"} if value.plural else set()) == args, value
        if value.plural is not None:
            assert _fields(value.plural) | {"n"} == args, value
            assert isinstance(value.args["n"], int)
        for arg in value.args.values():
            all_data(arg, names)
    elif isinstance(value, Term):
        assert value.context.startswith("carrera "), value
        assert (value.context, value.word, *([value.plural] if value.plural else [])) in GLOSSARY
    elif isinstance(value, Listed):
        assert value.style in ("and", "or")
        for item in value.items:
            all_data(item, names)
    elif isinstance(value, Signed):
        assert isinstance(value.value, int)
    elif isinstance(value, str):
        assert value in names or value in CARDS, f"plain English in a sentence: {value!r}"
    else:
        assert isinstance(value, int) and not isinstance(value, bool), value


def said_in_full(value: Any, names: set[str]) -> str:
    """`value` checked to be data and rendered in the pseudo language, with no English left."""
    all_data(value, names)
    words = shouting()
    text = render(value, words)
    assert words.asked, "nothing went through the catalog"
    assert not re.search(r"[a-z]", text), f"English left untranslated: {text!r}"
    return text


def playout(seed: int) -> Match:
    rng = random.Random(seed)
    players = NAMES[: rng.choice([3, 4, 5])]
    m = Match(players, lead=rng.choice(players), ties=("ask", "first", "last")[seed % 3])
    while not m.is_over:
        random_action(m, rng)
    return m


def refusals(m: Match) -> list[RuleViolation]:
    """The refusals the engine itself words at this point of a match (not the turn's)."""
    tries = [lambda: m.play("X9"), lambda: m.play("3", -1), lambda: m.play("3", 1.5),
             lambda: m.play(FACE_DOWN, 2), lambda: m.play("3", 9), lambda: m.play("2", 9),
             lambda: m.resolve_tie("ZED")]
    tries += [lambda card=card: m.play(card) for card in m.suits_taken]
    out = []
    for attempt in tries:
        try:
            attempt()
        except RuleViolation as err:
            out.append(err)
        else:
            m.undo()
    return out


def test_every_history_entry_refusal_and_standing_of_seeded_playouts_is_data() -> None:
    seen_rules: set[str] = set()
    sentences: set[str] = set()
    for seed in range(SEEDS):
        m = playout(seed)
        names = set(m.players)
        for entry in m.history:
            assert str(entry["said"]) == entry["text"]  # the English stays as it was
            said_in_full(entry["said"], names)
            sentences.add(entry["said"].msg)
        # refusals along the way: replay the match and ask for refused moves at every step
        live = Match.replay(m.events[:1])
        for event in m.events[1:]:
            for err in refusals(live):
                seen_rules.add(err.rule)
                said_in_full(err.said, names | {"“X9”", "-1", "1.5", "ZED"})
                assert str(err.said) == str(err)
            live._apply(event)
        for err in refusals(live):  # the game is over
            seen_rules.add(err.rule)
            said_in_full(err.said, names)
        for row in m.standing_figures():
            said_in_full(row.unit, names)
            said_in_full(row.more, names)
            assert row.text_in(shouting()).isupper()
        for note in m.standing_notes.values():
            said_in_full(note, names)
    assert seen_rules >= {"bad-card", "bad-fuel", "fuel-face-down", "not-enough-fuel",
                          "suit-taken", "tie-pending", "no-tie", "not-tied", "match-over"}
    assert "{first} {then}" in sentences  # the playouts reached entries of several sentences


def test_a_setup_refusal_is_data() -> None:
    with pytest.raises(RuleViolation) as err:
        Match(NAMES[:3], ties="COIN")
    assert err.value.rule == "bad-option"
    assert str(err.value) == "Ties are settled by “ask”, “first” or “last”, not 'COIN'."
    said_in_full(err.value.said, {"'COIN'"})


def test_the_glossary_is_every_term_the_game_says() -> None:
    """GLOSSARY lists each term the engine passes (and the screens show): a translator's list."""
    used = {carrera.FUEL, carrera.MOMENTUM, carrera.trophies(1), carrera.trophies(2),
            term("carrera role", "lead")}
    assert {(t.context, t.word, *([t.plural] if t.plural else [])) for t in used} == set(GLOSSARY)
    assert [str(carrera.trophies(n)) for n in (0, 1, 2)] == ["trophies", "trophy", "trophies"]


def test_history_reads_share_no_state() -> None:
    m = playout(1)
    first = m.history
    first[0]["text"] = "x"
    first[0]["changes"]["ANN"] = 9
    assert m.history[0]["text"] != "x" and "ANN" not in m.history[0]["changes"]
    assert m.history[-1]["said"] is first[-1]["said"]  # frozen data, shared, not copied
    with pytest.raises(AttributeError):
        first[-1]["said"].msg = "x"  # type: ignore[misc]
