"""Caro speaks data (issue 21): every history entry and every refusal of seeded playouts is a
`Said` whose every piece is data (names, figures, glossary `Term`s, nested `Said`s), whose every
message id is a literal Babel extracts from scoring/caro.py, and which a language that changes
every word it is given (here: upper case) renders with no English left but the players' names."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import pytest

from scoring import caro, core, words
from scoring import names as names_module
from scoring.core import RuleViolation
from scoring.said import Listed, Said, Signed, Term, render
from tests.support.scoring import caro_playout
from tests.support.scoring.caro import RECORDED_3, RECORDED_TIE, play
from tests.support.scoring.caro_said import capitals

NAMES = ["ann", "ben", "cleo", "dan"]  # lower case: everything else the upper-case words say
SOURCE = Path(caro.__file__)
# caro.py's own sentences and those every game shares (turns, names, a quoted input).
SOURCES = [SOURCE, *(Path(m.__file__) for m in (core, names_module, words))]
SUM = re.compile(r"^[0-9 +\u00d7=()]+$")  # a lay's sum: figures and signs in any language


def literal_ids(sources: list[Path]) -> set[str]:
    """Every message id a catalog extracts from scoring/caro.py, by Babel's keywords for it
    (said:1, said_n:1,2, RuleViolation:2; docs/i18n.md)."""
    found: set[str] = set()
    for node in (node for source in sources
                 for node in ast.walk(ast.parse(source.read_text(encoding="utf-8")))):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        places = {"said": (0,), "said_n": (0, 1), "RuleViolation": (1,)}.get(node.func.id, ())
        for i in places:
            if i < len(node.args) and isinstance(node.args[i], ast.Constant):
                found.add(node.args[i].value)
    return found


IDS = literal_ids(SOURCES)


def pieces(value: Any, players: list[str]) -> list[Term]:
    """Check that `value` is data all the way down; returns the glossary words it uses."""
    if isinstance(value, Said):
        assert value.msg in IDS, f"not a literal id: {value.msg!r}"
        assert value.plural is None or value.plural in IDS, value.plural
        return [t for v in value.args.values() for t in pieces(v, players)]
    if isinstance(value, Listed):
        return [t for v in value.items for t in pieces(v, players)]
    if isinstance(value, Term):
        return [value]
    if isinstance(value, (Signed, int)):
        return []
    assert isinstance(value, str), f"not data: {value!r}"
    assert value in players or SUM.match(value) or value.startswith("'"), f"English? {value!r}"
    return []


def quoted(value: Any) -> list[str]:
    """The refused input a sentence quotes as it was typed ("'pink'")."""
    if isinstance(value, Said):
        return [q for v in value.args.values() for q in quoted(v)]
    if isinstance(value, Listed):
        return [q for v in value.items for q in quoted(v)]
    return [value] if isinstance(value, str) and value.startswith("'") else []


def check(said: Said, english: str, players: list[str]) -> list[Term]:
    assert str(said) == english
    upper = render(said, capitals())
    for name in players + quoted(said):  # names and input quoted as typed stay as they are
        upper = upper.replace(name, "")
    assert not re.search(r"[a-z]", upper), f"untranslated words in {upper!r}"
    return pieces(said, players)


def playout(seed: int, players: int) -> tuple[caro.Match, list[RuleViolation]]:
    """A seeded game to its end: mostly legal lays, some rule breaks and lays recorded as they
    lie (C8, C9); before each action, the refusals of a few cells and of crafted inputs."""
    rng = random.Random(seed)
    m = caro.Match(NAMES[:players])
    refusals: list[RuleViolation] = []
    while not m.is_over:
        near = sorted(m.cells_in_reach())[:40] + sorted(m.board)[:4]
        top, left, bottom, right = m.bounds or (0, 0, 0, 0)
        far = (rng.randint(bottom - m.area, top + m.area), rng.randint(right - m.area,
                                                                      left + m.area))
        for cell in (rng.choice(near), rng.choice(near), far):
            refusals += m.violations(rng.choice(caro.COLOURS), cell)
        held = [c for c, n in m.remaining(m.current).items() if n]
        legal = [(c, cell) for c in held for cell in sorted(m.options(c))]
        roll = rng.random()
        if not m.board and seed % 4 == 0:  # the first caro recorded as it lies (C9)
            m.lay(rng.choice(caro.COLOURS), (0, 0), force=True)
        elif m.must_relay is None and roll < 0.06:
            m.rule_break(rng.choice(held))
        elif roll < 0.1 and m.board:
            free = [k for k in near if k not in m.board]
            colour = m.must_relay or rng.choice(held)
            if m.remaining(m.current)[colour] and free:
                m.lay(colour, rng.choice(free), force=True)
        elif legal:
            colour, cell = rng.choice(legal)
            m.lay(colour, cell)
    return m, refusals


def crafted(m: caro.Match) -> list[RuleViolation]:
    """What odd input gets back: a bad colour or cell, someone else's turn, a wrong series, a
    next game asked for too early or by the wrong starter."""
    out: list[RuleViolation] = []
    two = m.players[:2]
    attempts = [
        lambda: caro.pair_points("pink", None),
        lambda: m.points("pink", (0, 0)),
        lambda: m.points("red", [1]),
        lambda: m.points("red", {"a": 1}),
        lambda: caro.Match(two, series={"game": 1, "totals": {}}),
        lambda: caro.Match(two, series={"game": 2}),
        lambda: caro.Match(two, series={"game": 2, "totals": {two[0]: 1}}),
        lambda: caro.Match.replay([*m.events[:1], {"type": "lay", "player": ["x"],
                                                   "colour": "red", "cell": [0, 0]}]),
        lambda: caro.Match.replay([*m.events[:1], {"type": "lay", "player": two[0],
                                                   "colour": "red", "cell": [0, 0],
                                                   "force": "yes"}]),
        lambda: caro.Match(two).next_game(),
        lambda: m.next_game(starter=m.winners[0]) if m.winners[0] not in m.losers else None,
        lambda: m.lay("red", (0, 0)),
    ]
    for attempt in attempts:
        try:
            attempt()
        except RuleViolation as refusal:
            out.append(refusal)
    return out


def recorded(moves: list[str], players: int) -> tuple[caro.Match, list[RuleViolation]]:
    """A game of test_caro.py that ends with passes and a blocked table (3 players) or with
    every caro laid and a shared win (2), and the refusals of its next game's starter."""
    m = caro.Match(NAMES[:players])
    play(m, *moves)
    refusals = []
    for starter in (None, m.winners[0]):
        try:
            m.next_game(starter)
        except RuleViolation as refusal:
            refusals.append(refusal)
    return m, refusals


GAMES = [*(f"seed {seed}" for seed in range(12)), "recorded 3", "recorded tie", "passes"]


def game(which: str) -> tuple[caro.Match, list[RuleViolation]]:
    if which == "recorded 3":
        return recorded(RECORDED_3, 3)
    if which == "recorded tie":
        return recorded(RECORDED_TIE, 2)
    if which == "passes":  # a player with no caro left passes (test_caro_playout's seed)
        return caro_playout.playout(3, 449, mixed=True, sweeping=True, undo_redo=True), []
    seed = int(which.split()[1])
    return playout(seed, 2 + seed % 3)


@pytest.mark.parametrize("which", GAMES)
def test_every_entry_and_refusal_of_a_playout_is_data(which: str) -> None:
    m, refusals = game(which)
    names = m.players
    refusals += crafted(m)
    used: set[tuple[str, ...]] = set()
    for entry in m.history:
        for t in check(entry["said"], entry["text"], names):
            used.add((t.context, t.word) if t.plural is None else (t.context, t.word, t.plural))
    assert refusals
    for refusal in refusals:
        for t in check(refusal.said, str(refusal), names):
            used.add((t.context, t.word) if t.plural is None else (t.context, t.word, t.plural))
    assert used <= set(caro.GLOSSARY), used - set(caro.GLOSSARY)
    # replay says the same, as data too
    again = caro.Match.replay(m.events)
    assert [e["said"] for e in again.history] == [e["said"] for e in m.history]


def test_the_playouts_say_every_kind_of_thing() -> None:
    """The games above say every sentence the engine has (with the crafted input), but two:
    so the data test covers the whole engine."""
    said: set[str] = set()

    def ids(value: Any) -> None:
        if isinstance(value, Said):
            said.update(x for x in (value.msg, value.plural) if x)
            for v in value.args.values():
                ids(v)
        elif isinstance(value, Listed):
            for v in value.items:
                ids(v)

    for which in GAMES:
        m, refusals = game(which)
        for entry in m.history:
            ids(entry["said"])
        for refusal in refusals + crafted(m):
            ids(refusal.said)
    missing = literal_ids([SOURCE]) - said
    # Only reachable with a table no playout reaches, each covered in test_caro.py.
    rare = {
        "No caro can go anywhere, so the turn ends at {points}.",  # unreachable in play (C8)
    }
    assert missing <= rare, missing


def test_the_glossary_lists_every_colour_in_both_forms() -> None:
    assert set(caro.GLOSSARY) == {("caro colour", c) for c in caro.COLOURS} | {
        ("caro colours", c, c + "s") for c in caro.COLOURS} | {
        ("caro letter", letter) for letter in "RBGW"} | {
        ("caro role", "starter"), ("caro role", "player")}
    assert render(caro.colour_word("grey"), capitals()) == "GREY"
