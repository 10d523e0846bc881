"""Every word the Carrera screens show goes through companion.i18n (issue 21): drawn in a pseudo
language that wraps each translated message in ⟦ ⟧, every text, label and button of the
scorekeeper's and the watcher's screens, at every step of seeded games, is wrapped whole;
outside the wrapping only the players' names, the cards and figures remain."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import flet as ft
import pytest

from companion.games.carrera import parts, plays, screen, watch
from scoring import carrera
from tests.support.companion.tree import every
from tests.support.pseudo import Pseudo, bracketed
from tests.support.scoring.carrera_playout import random_action

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve"]
_INNER = re.compile(r"⟦[^⟦⟧]*⟧")


@pytest.fixture
def pseudo(monkeypatch: pytest.MonkeyPatch) -> Pseudo:
    words = Pseudo(bracketed, number=str)
    monkeypatch.setattr("companion.i18n.words", lambda: words)
    return words


def shown(control: ft.Control) -> Iterator[str]:
    """Every text a person sees or hears in `control`: texts, labels, button captions."""
    for c in every(control):
        for field in ("value", "label", "content", "tooltip"):
            value = getattr(c, field, None)
            if isinstance(value, str) and value:
                yield value


def unwrapped(text: str, names: list[str]) -> str:
    """What of `text` is outside every ⟦ ⟧, once names and cards are taken out."""
    while _INNER.search(text):
        text = _INNER.sub("", text)
    for word in sorted([*names, *carrera.CARDS], key=len, reverse=True):
        text = text.replace(word, "")
    return text


def drawn(match: carrera.Match) -> list[ft.Control]:
    """Everything the scorekeeper's and the watcher's screens draw of `match` now."""
    act: Any = lambda *args, **kwargs: True  # noqa: E731 (nothing is tapped here)
    out = [parts.header(match), parts.player_rows(match), parts.trick_result(match),
           parts.play_log(match)]
    if match.is_over:
        out.append(parts.game_end(match))
    elif match.pending_tie:
        out.append(screen.tie_prompt(match, act))
    else:
        out.append(plays.play_pad(match, act))
    if not match.is_over:
        out += [ft.Text(line) for line in watch.turn_lines(match)]
    return out


def test_every_word_on_the_carrera_screens_is_translated(pseudo: Pseudo) -> None:
    steps = 0
    seen: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        players = NAMES[: 3 + seed % 3]
        m = carrera.Match(players, ties=("ask", "first", "last")[seed])
        while True:
            for control in drawn(m):
                for text in shown(control):
                    left = unwrapped(text, players)
                    assert not re.search(r"[^\W\d_]", left), f"not translated: {text!r}"
                    seen.add(text)
            steps += 1
            if m.is_over:
                break
            random_action(m, rng)
    assert steps > 100 and len(pseudo.asked) > 1000
    # the drawings reached the cases with the most words
    assert any("zeroed by the 1" in t for t in seen) and any("left over" in t for t in seen)
    assert any("wins the trick" in t for t in seen) and any("wins the game" in t for t in seen)
    assert any("takes the market's chip" in t for t in seen)


def test_the_screens_english_is_as_it_was() -> None:
    m = carrera.Match(["Ann", "Ben", "Cleo"])
    m.play("3", 2)
    m.play("1")
    assert parts.speed_sum("5", 0, 2, 1) == "0 (5 zeroed by the 1) + 2 fuel + 1 momentum"
    assert plays.play_name(m, "4A", 1) == "Play 4A with 1 fuel, speed 1"
    assert watch.turn_lines(m) == ["Cleo plays to trick 1.", "Face up: 3 and 1."]
    texts = list(shown(parts.header(m)))
    assert texts == ["Round 1 · trick 1 of 6 · Ann leads",
                     "Market: 0 chips · Discarded: 0 chips · Ties: the scorekeeper picks the "
                     "winner"]
    log = list(shown(parts.play_log(m)))
    assert "Ben plays a 1: speed 1. The 1 drops Ann to speed 2." not in log  # 3 is not zeroed
    assert "Ben plays a 1: speed 1." in log
