"""Every word of the Caro screens goes through companion/i18n (issue 21): with a language that
writes all it is asked for in capitals, the keeper's and the watcher's Caro screens, in play, after
a rule break, with a refused tap, with passes, in a series and at the end, show no lower-case
letter but the players' names. Real Flet sessions (no browser); only the game's own part of the
page is read (the frame around it is the shell's)."""

from __future__ import annotations

import asyncio
import dataclasses
import re
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.games.caro.grid import _chips, _label
from companion.games.caro.look import swatch
from companion.games.caro.screen import CaroEnd, _colour_bar
from companion.games.caro.strip import off_screen
from companion.games.caro.watch import board, holdings, turn_line
from companion.session.follow_up import FollowUp
from scoring import caro
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import open_match
from tests.support.companion.tree import every
from tests.support.scoring import caro_playout
from tests.support.scoring.caro import RECORDED_TIE, play
from tests.support.scoring.caro_said import capitals

FIELDS = ("value", "content", "label", "tooltip", "semantics_label", "text")


@pytest.fixture
def upper(speaking) -> None:
    speaking(capitals())


def words_in(control: Any) -> list[str]:
    """Every text the control and all inside it show or say to a screen reader."""
    out = []
    for c in every(control):
        for field in dataclasses.fields(c):
            value = getattr(c, field.name, None) if field.name in FIELDS else None
            if isinstance(value, str) and value:
                out.append(value)
    return out


def english_left(texts: list[str], names: list[str]) -> list[str]:
    left = []
    for text in texts:
        bare = text
        for name in names:
            bare = bare.replace(name, "")
        if re.search(r"[a-z]", bare):
            left.append(text)
    return left


def after_rule_break() -> caro.Match:
    m = caro.Match(["Ann", "Ben"])
    play(m, "grey 0,0", "red 0,1", "white 1,1")
    m.rule_break("grey")  # Ben must lay grey again
    return m


def a_series() -> caro.Match:
    m = caro.Match(["Ann", "Ben"])
    play(m, *RECORDED_TIE)
    return m.next_game(starter="Ben")


def with_passes() -> caro.Match:
    m = caro_playout.playout(3, 449, mixed=True, sweeping=True, undo_redo=True)
    while m.can_undo and not m.just_passed:
        m.undo()
    return m


def in_play() -> caro.Match:
    m = caro_playout.playout(3, 7, mixed=False, sweeping=False, undo_redo=False)
    while len(m.board) > 20:
        m.undo()
    return m


STATES = {"in play": in_play,
          "rule break": after_rule_break, "series": a_series, "passes": with_passes,
          "tie": lambda: play_tie(), "over": lambda: caro_playout.playout(
              2, 5, mixed=True, sweeping=False, undo_redo=False)}


def play_tie() -> caro.Match:
    m = caro.Match(["Ann", "Ben"])
    play(m, *RECORDED_TIE)
    return m


def test_the_pieces_of_the_screens_speak_the_table_language(upper: None) -> None:
    """The parts the screens are drawn from, in every state worth reading."""
    for make in STATES.values():
        m = make()
        names = m.players
        parts: list[Any] = [holdings(m), board(m, 380), CaroEnd(m, FollowUp(False, print), True),
                            CaroEnd(m, FollowUp(True, print), True), _label(3, 48),
                            swatch("white", 20)]
        if not m.is_over:
            parts.append(ft.Text(turn_line(m)))
            legal = {c: m.has_options(c) for c in caro.COLOURS}
            parts.append(_colour_bar(m, legal, None, print))
            parts.append(_colour_bar(m, {c: False for c in caro.COLOURS}, m.must_relay or "red",
                                     print))
        texts = [t for p in parts for t in words_in(p)]
        assert texts and not english_left(texts, names), english_left(texts, names)
    chips = _chips({"left": [1, 2], "right": [3]}, print, True)
    quiet = [_chips({"left": [], "right": []}, print, legal) for legal in (True, False)]
    said = [off_screen(n, side, short) for n in (1, 3) for side in ("left", "right")
            for short in (False, True)]
    assert not english_left(words_in(chips) + [t for q in quiet for t in words_in(q)] + said, [])


def screen_words(tmp_path: Path, m: caro.Match, tap: tuple[str, tuple[int, int]] | None
                 ) -> list[str]:
    """The words of the Caro part of a real session's match screen; with `tap`, after picking
    that colour and tapping that cell (refused: the refusal box and its buttons show)."""
    with Store(tmp_path / "data") as store:
        mid = store.create(m)

    async def read() -> list[str]:
        with Store(tmp_path / "data") as store:
            session, _ = await open_match(store, tmp_path, mid)
            game = next(c for c in every(session.page)
                        if isinstance(c, ft.Column) and any(
                            getattr(k, "key", None) in ("turns", "grid") for k in c.controls))
            if tap is not None:
                colour, cell = tap
                chip = next(c for c in every(game) if isinstance(c, ft.Semantics)
                            and isinstance(c.label, str) and c.label.startswith(
                                f"LAY {colour.upper()},"))
                await session.dispatch_event(chip.content._i, "click", None)
                await asyncio.sleep(0.1)
                target = next(c for c in every(session.page) if isinstance(c, ft.Text)
                              and c.semantics_label == f"ROW #{cell[0]}, COLUMN #{cell[1]}, EMPTY")
                cell_box = next(c for c in every(session.page) if isinstance(c, ft.Container)
                                and c.content is target)
                await session.dispatch_event(cell_box._i, "click", None)
                await asyncio.sleep(0.1)
                game = next(c for c in every(session.page)
                            if isinstance(c, ft.Column) and any(
                                getattr(k, "key", None) == "refusal" for k in c.controls))
            return words_in(game)

    return run_apart(read())


@pytest.mark.parametrize("state", ["in play", "rule break", "series", "over"])
def test_the_match_screen_speaks_the_table_language(tmp_path: Path, upper: None,
                                                    state: str) -> None:
    m = STATES[state]()
    texts = screen_words(tmp_path, m, None)
    assert len(texts) > 5 and not english_left(texts, m.players), english_left(texts, m.players)


def test_a_refused_tap_speaks_the_table_language(tmp_path: Path, upper: None) -> None:
    # Ann to lay: grey next to her grey breaks rule 1 (at (6, 6), where the screen draws the
    # first caro)
    m2 = caro.Match(["Ann", "Ben"])
    play(m2, "grey 6,6", "red 6,7")
    texts = screen_words(tmp_path, m2, ("grey", (7, 6)))
    assert any(t.startswith("• RULE 1:") for t in texts), texts
    assert not english_left(texts, m2.players), english_left(texts, m2.players)
