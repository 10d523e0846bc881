"""Careta speaks data (issue 21): every history entry and every refusal of seeded playouts is a
`Said` whose every piece is data (a literal template of scoring/careta/, a glossary `Term`,
a number, a list, a signed figure, or a name as typed), and rendered in a pseudo language that
turns every letter of every template and word into "~" it leaves no English: only names."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import pytest

from scoring import careta, core, words
from scoring import names as names_module
from scoring.careta import DECK, GLOSSARY, PASS, Card, Match
from scoring.core import RuleViolation
from scoring.said import Listed, Said, Signed, Term, render
from tests.support.pseudo import Pseudo, tilded
from tests.support.scoring.careta_playout import Chooser, legal_actions, new_match

# Careta's own sentences (every module of its package) and those every game shares (turns, names,
# a quoted input).
SOURCES = [*Path(careta.__file__).parent.glob("*.py"), core.__file__, names_module.__file__,
           words.__file__]
LITERALS = {node.value for source in SOURCES
            for node in ast.walk(ast.parse(Path(source).read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def leaves(value: Any, key: str = "") -> list[str]:
    """The plain texts inside a value said (names, inputs as typed); fails on anything that is
    not data, a template that is not a literal of scoring/careta/, or a word not in GLOSSARY."""
    if isinstance(value, Said):
        assert value.msg in LITERALS, value.msg
        assert value.plural is None or value.plural in LITERALS, value.plural
        return [s for k, v in value.args.items() for s in leaves(v, k)]
    if isinstance(value, Term):
        assert (value.context, value.word) in GLOSSARY, value
        return []
    if isinstance(value, Listed):
        return [s for item in value.items for s in leaves(item, key)]
    if isinstance(value, Signed) or (isinstance(value, int) and not isinstance(value, bool)):
        return []
    assert isinstance(value, str), (key, value)
    return [value]


def check(value: Any, names: set[str]) -> None:
    texts = leaves(value)
    for text in texts:  # a name, a team's label, or a refused input quoted as it was given
        assert text in names or text[:1] in "'\"" or text == str(None) or re.fullmatch(
            r"[\w ,()]+", text) and all(part in names for part in re.split(r"[ ,()]+", text)
                                        if part), text
    shown = render(value, Pseudo(tilded, number=str, listed=lambda items, style: "; ".join(items)))
    for text in sorted(texts, key=len, reverse=True):
        shown = shown.replace(text, "")
    assert not re.search(r"[A-Za-z]", shown), (str(value), shown)


def names_of(m: Match) -> set[str]:
    return {*m.players, *(m.teams or {})}


WILD_NAMES = ["Ann", "Ben", "Zed", "", None, 3]
WILD_SCORES = [-30, -13, -1, 0, 7, 13, 25, PASS, "7", 7.0, True, None, [7]]
WILD_CARDS: list[Any] = [*DECK, {"number": 5, "secondary": "red"}, {"number": 0}, "5", 5,
                         {"trick": 1}, {"number": 0, "suit": "pink"}, {"number": 13}]
WILD_TRUTHS: list[Any] = [True, False, "trick", None, "yes", 1, 0]


def wild(m: Match, rng: random.Random) -> None:
    """Any action with any arguments (as a crafted message might send)."""
    truth = rng.choice(WILD_TRUTHS) if rng.random() < 0.5 else [
        rng.choice(WILD_CARDS) for _ in range(rng.randint(0, 5))]
    doubters = rng.choice([rng.choice(WILD_NAMES), [rng.choice(WILD_NAMES)
                                                   for _ in range(rng.randint(0, 3))]])
    kind = rng.choice(["start_set", "start_game", "play", "ally", "decline_ally", "doubt",
                       "cause", "end_game"])
    if kind == "start_set":
        m.start_set()
    elif kind == "start_game":
        m.start_game(rng.choice(["up", "down", "UP", None]), player=rng.choice(WILD_NAMES))
    elif kind == "play":
        m.play(rng.choice(WILD_NAMES), rng.choice(WILD_SCORES), with_ally=rng.random() < 0.5)
    elif kind == "ally":
        m.ally(rng.choice(WILD_NAMES), rng.choice(WILD_SCORES))
    elif kind == "decline_ally":
        m.decline_ally(rng.choice(WILD_NAMES))
    elif kind == "doubt":
        m.doubt(doubters, truth)
    elif kind == "cause":
        m.cause(rng.choice(WILD_NAMES), doubters, truth)
    else:
        m.end_game(rng.choice([None, {rng.choice(m.players): truth}, truth]))


@pytest.mark.parametrize("seed", range(30))
def test_every_entry_and_refusal_of_a_seeded_playout_is_data(seed: int) -> None:
    rng = random.Random(seed)
    c = Chooser(rng=rng)
    m = new_match(c)
    names = names_of(m) | {repr(v) for v in [*WILD_NAMES, *WILD_SCORES, *WILD_TRUTHS]} | {
        str(v) for v in WILD_NAMES}  # a crafted input is quoted as it was sent
    refusals = 0
    for _ in range(600):
        if m.is_over:
            break
        for _ in range(3):  # crafted actions first: each refused one says why as data
            events = m.events
            try:
                wild(m, rng)
            except RuleViolation as refused:
                assert str(refused.said) == str(refused) and m.events == events
                refusals += 1
                check(refused.said, names)
                assert m.events == events
            except (TypeError, AttributeError):  # a non-string key in a mapping, say
                assert m.events == events
            else:
                m.undo()  # a wild action that happened to be legal: not this test's business
        _, action = c.pick(legal_actions(m, c))
        action()
        for note in m.standing_notes.values():
            check(note, names)
    assert refusals > 10
    for entry in m.history:
        assert str(entry["said"]) == entry["text"]
        check(entry["said"], names)
    assert Match.replay(m.events).history == m.history


def test_the_verdict_of_cards_and_the_colours_asked_are_data() -> None:
    m = Match(["Ann", "Ben", "Cleo"])
    m.start_set()
    m.start_game("down")
    m.play("Ben", -3, with_ally=True)
    m.play("Cleo", 4)
    m.play("Ann", 2)
    for cards in ([Card(5, secondary="blue"), Card(7, secondary="green")],
                  [Card(5, secondary="yellow"), Card(6, secondary="green")], [careta.TRICK,
                                                                               Card(1)]):
        verdict, why = m.judge_cards("Ben", cards)
        check(why, names_of(m))
    with pytest.raises(RuleViolation) as refused:
        m.judge_cards("Ben", [Card(5), Card(8)])  # they make -3: the colours decide
    assert refused.value.rule == "colour-needed"
    check(refused.value.said, names_of(m))
    for card in DECK:
        check(card.phrase, set())
        check(card.label, set())
    problems = careta.team_name_problems(["Suns", "suns", "Ann", ""], m.players)
    assert set(problems) == {1, 2, 3}
    for why in problems.values():
        check(why, {"Suns", "suns", "Ann"})


def test_the_glossary_lists_every_word_once() -> None:
    assert len(GLOSSARY) == len(set(GLOSSARY)) == 19
    assert {w for c, w in GLOSSARY if c == "careta team letter"} == set(careta.TEAM_LETTERS)
    assert {w for c, w in GLOSSARY if c == "careta colour"} == set(careta.COLOURS)
    assert {w for c, w in GLOSSARY if c == "careta suit"} == set(careta.SUITS.values())
