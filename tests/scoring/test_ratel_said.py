"""Ratel speaks data (issue 21): every history entry, refusal, reason, standing and variant of
seeded playouts is a `Said` whose every nested piece is data, each message id a literal the
catalogs extract from scoring/ratel.py, and nothing English is left outside a message id.

A "shouting" language upper-cases every message id it is asked for (its placeholders kept):
rendered in it, a sentence holds no lower-case letter but those of the players' names and of
what a refused input quoted, so no English reached the text without passing through a catalog.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import pytest

from scoring import core, ratel, words
from scoring import names as names_module
from scoring.core import RuleViolation
from scoring.ratel import GLOSSARY, Match
from scoring.said import ENGLISH, Listed, Said, Signed, Term, render
from tests.support.pseudo import PLACEHOLDER, Pseudo, shouted

SOURCE = Path(ratel.__file__)
# ratel.py's own sentences and those every game shares (turns, names, a quoted input).
SOURCES = [SOURCE, *(Path(m.__file__) for m in (core, names_module, words))]
NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eli", "Fay"]
STRANGER = "Zed"


SHOUTING = Pseudo(shouted)  # every message upper-cased; lists joined with " & "


def _extracted() -> tuple[set[str], set[tuple[str, ...]]]:
    """The message ids and glossary terms Babel finds in scoring/ratel.py (its keywords:
    said:1, said_n:1,2, term:1c,2, term_n:1c,2,3, RuleViolation:2): literal arguments only."""
    ids: set[str] = set()
    terms: set[tuple[str, ...]] = set()
    where = {"said": (0,), "said_n": (0, 1), "RuleViolation": (1,)}
    for node in (node for source in SOURCES
                 for node in ast.walk(ast.parse(source.read_text(encoding="utf-8")))):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        name, args = node.func.id, node.args
        if name in where:
            for i in where[name]:
                if i < len(args) and isinstance(args[i], ast.Constant):
                    ids.add(args[i].value)
        elif name in ("term", "term_n"):
            words = tuple(a.value for a in args[:3] if isinstance(a, ast.Constant))
            assert len(words) == (2 if name == "term" else 3), ast.dump(node)
            terms.add(words)
    return ids, terms


IDS, TERMS = _extracted()


def check_data(value: Any, allowed: set[str]) -> None:
    """`value` is data all the way down: each `Said` a literal id of ratel.py, each `Term` in
    GLOSSARY, each text argument a name or a quoted input (never English words)."""
    if isinstance(value, Said):
        assert value.msg in IDS, value.msg
        assert value.plural is None or value.plural in IDS, value.plural
        assert set(PLACEHOLDER.findall(value.msg)) <= {f"{{{k}}}" for k in value.args}
        for arg in value.args.values():
            check_data(arg, allowed)
    elif isinstance(value, Term):
        entry = (value.context, value.word) + ((value.plural,) if value.plural else ())
        assert entry in GLOSSARY, entry
    elif isinstance(value, Listed):
        for item in value.items:
            check_data(item, allowed)
    elif isinstance(value, str):
        assert value in allowed or re.fullmatch(r"[^a-z]*", value), value
    else:
        assert isinstance(value, (int, Signed)) and not isinstance(value, bool), value


def check_shouted(value: Any, allowed: set[str]) -> None:
    """Rendered in the shouting language, nothing lower-case is left but names and inputs."""
    text = render(value, SHOUTING)
    for word in sorted(allowed, key=len, reverse=True):
        text = text.replace(word, "")
    assert not re.search(r"[a-z]", text), (render(value, ENGLISH), render(value, SHOUTING))


def check(value: Any, allowed: set[str]) -> None:
    check_data(value, allowed)
    check_shouted(value, allowed)


# -- the glossary ------------------------------------------------------------------------------


def test_glossary_lists_every_term_the_engine_says_and_nothing_else() -> None:
    assert set(GLOSSARY) == TERMS and len(GLOSSARY) == len(set(GLOSSARY))
    assert all(context.startswith("ratel ") for context, *_ in GLOSSARY)


# -- seeded playouts ----------------------------------------------------------------------------

WILD: list[tuple[Any, ...]] = [
    ("play", 0, 3), ("play", 7, 3), ("play", 1, 0), ("play", 1, "3"), ("play", 1, None),
    ("play", 1, [2]), ("play", 2.5, 1), ("play", 6, 5), ("pass",), ("pass_all",),
    ("order", ["Zed"]), ("order", ["Ann", "Ann"]), ("order", ["Ann"]), ("order", "Ann"),
    ("hands", "Zed", {}), ("hands", "Ann", "x"), ("hands", "Ann", {"Zed": 1}),
    ("hands", "Ann", {"Ben": "7x"}), ("hands", "Ann", {"Ben": 99}), ("together", 9),
    ("extra",), ("turn",),
]


def _attempt(m: Match, action: tuple[Any, ...]) -> None:
    kind = action[0]
    if kind == "play":
        m.play(action[1], action[2])
    elif kind == "pass":
        m.pass_turn()
    elif kind == "pass_all":
        m.pass_all()
    elif kind == "order":
        m.record_round(order=action[1])
    elif kind == "hands":
        m.record_round(out=action[1], hands=action[2])
    elif kind == "together":
        m.record_round(order=m.players, together=action[1])
    elif kind == "extra":
        m._record({"type": "record_round", "order": m.players, "why": 1})
    else:
        m.play(1, 1, player=STRANGER)


def _result(m: Match, rng: random.Random) -> None:
    players = m.players
    if m.mode == "penalty":
        out = rng.choice(players)
        m.record_round(out=out, hands={p: rng.randint(0, 9) for p in players if p != out})
        return
    order = rng.sample(players, len(players))
    together = rng.choice([None, None, 2, len(players)]) if len(players) > 1 else None
    m.record_round(order=order, together=together)


def playout(seed: int, mode: str) -> tuple[Match, list[RuleViolation], list[Any]]:
    """A random game: legal plays, passes, all-pass and results, with wild tries between."""
    rng = random.Random(seed)
    m = Match(NAMES[: 2 + seed % 5], mode=mode, penalty_limit=12)
    refusals: list[RuleViolation] = []
    seen: list[Any] = []  # reasons, trick and round results, standings and notes on the way
    for _ in range(600):
        if m.is_over:
            break
        if rng.random() < 0.15:
            try:
                _attempt(m, rng.choice(WILD))
            except RuleViolation as refusal:
                refusals.append(refusal)
            continue
        why = m.why_nobody_can_beat()
        if why is not None:
            seen.append(why)
        choices = [(c, v) for c, values in m.options().items() for v in values]
        if m.can_record_round and rng.random() < 0.2:
            _result(m, rng)
        elif why is not None and rng.random() < 0.7:
            m.pass_all()
        elif m.can_pass and (not choices or rng.random() < 0.4):
            m.pass_turn()
        else:
            m.play(*rng.choice(choices))
        for found in (m.last_trick, m.last_round):
            if found is not None:
                assert str(found["said"]) == found["text"]
                seen.append(found["said"])
        seen += [row.unit for row in m.standing_figures()] + list(m.standing_notes.values())
    if m.is_over:
        for action in (("play", 1, 1), ("pass",), ("order", m.players)):
            try:
                _attempt(m, action)
            except RuleViolation as refusal:
                refusals.append(refusal)
    return m, refusals, seen


@pytest.mark.parametrize("mode", ratel.MODES)
def test_every_sentence_of_seeded_playouts_is_data(mode: str) -> None:
    allowed = {*NAMES, STRANGER, "7x", "why"}
    rules: set[str] = set()
    entries = 0
    for seed in range(40):
        m, refusals, seen = playout(seed, mode)
        for entry in m.history:
            assert str(entry["said"]) == entry["text"]
            check(entry["said"], allowed)
            entries += 1
        for refusal in refusals:
            assert str(refusal.said) == str(refusal)
            rules.add(refusal.rule)
            check(refusal.said, allowed)
        for value in seen:
            check(value, allowed)
        replayed = Match.replay(m.events)
        assert replayed.history == m.history  # replay says the same data as live play
    assert entries > 500
    assert {"bad-value", "bad-count", "bad-result", "must-play", "match-over"} <= rules, rules


def test_a_refused_setting_and_every_variant_are_data() -> None:
    allowed = set(NAMES)
    for settings in ({"mode": "chess"}, {"mode": ["x"]}, {"penalty_limit": 0},
                     {"penalty_limit": "ten"}, {"penalty_limit": None}):
        with pytest.raises(RuleViolation) as refusal:
            Match(NAMES[:3], **settings)
        check(refusal.value.said, allowed | {"'chess'", "'ten'"})
    for settings in ({"mode": "damage"}, {"mode": "short"}, {"mode": "penalty"},
                     {"mode": "penalty", "penalty_limit": 20}):
        variant = Match.variant_said_of(settings)
        check(variant, allowed)
        assert Match.variant_of(settings) == str(variant)
    assert Match.variant_of({"mode": ["odd"]}) == "" == Match.variant_of({})


def test_a_negative_card_reads_with_the_typographic_minus() -> None:
    m = Match(NAMES[:3])
    m.play(2, -3)
    assert m.history[-1]["text"] == "Ann plays 2 x \u22123."
    with pytest.raises(RuleViolation) as refusal:
        m.play(2, -4)
    assert str(refusal.value) == (
        "\u22124 does not beat Ann's 2 x \u22123: play a higher value or pass.")
    assert render(refusal.value.said, SHOUTING) == (
        "\u22124 DOES NOT BEAT Ann'S 2 X \u22123: PLAY A HIGHER VALUE OR PASS.")
