"""Every word the shell shows goes through the catalogs (issue 21).

Each shell screen is drawn on a real Flet session (no browser) in a pseudo language whose every
translated string is wrapped in ⟦ ⟧: any text a person sees (a label, a title, a tooltip, a
screen reader's name) with a word left outside the brackets was never handed to `_()`,
`ngettext` or `say()`. Names and numbers aside. The games' own screens, words and engines
(companion/games, scoring) and the dates (companion/describe/when.py) are converted by other
helpers: here they are stand-ins already wrapped, and the engine's history entries are given a
"said" as the converted engines give it, so the frame is shown to say it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import importlib
import random
import re
import sys
from pathlib import Path
from typing import Any

import flet as ft
import pytest

import companion.i18n
from companion.games import GAME_UIS
from scoring import caro
from scoring.said import ENGLISH, said
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import mid_game, open_route
from tests.support.companion.tree import every
from tests.support.pseudo import Pseudo, bracketed

# Names: the players', the app's, a command typed as it is, the two file formats, and Settings'
# languages, each named in itself (an autonym: a reader finds their own language whatever the
# screen speaks). The games' titles are glossary words, said in each language.
NAMES = ("Cleo", "Dan", "Table Companion", "table-companion --lan", "CSV", "JSON",
         *companion.i18n.LANGUAGES.values())


PSEUDO = Pseudo(bracketed, listed=lambda items, style: bracketed(ENGLISH.listed(items, style)))


class EverySession:
    """Stands for companion.i18n's voices by page: every session speaks PSEUDO."""

    def get(self, page: Any) -> Pseudo:
        return PSEUDO

    def __setitem__(self, page: Any, voice: Any) -> None:
        """A session's language chosen (or read from its browser) is not taken."""

    def __len__(self) -> int:
        return 0


def unwrapped(text: str) -> str:
    """What is left of `text` outside every ⟦ ⟧, names and numbers taken out."""
    while True:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if inner == text:
            break
        text = inner
    for name in sorted(NAMES, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"/\S*", " ", text)  # a path or an address: the data folder, /share
    return text if re.search(r"[^\W\d_]", text) else ""


def shown(page: Any) -> list[str]:
    """Every text of the page a person sees or hears: texts, labels, titles, tooltips."""
    texts: list[str] = []
    for c in every(page):
        if isinstance(c, ft.Text):
            texts.append(c.value or "")
            texts += [span.text or "" for span in c.spans or []]
        for name in ("label", "semantics_label", "hint_text", "text", "title", "content"):
            value = getattr(c, name, None)
            if isinstance(value, str):
                texts.append(value)
        tip = getattr(c, "tooltip", None)
        if isinstance(getattr(tip, "message", None), str):
            texts.append(tip.message)
    return [t for t in texts if t]


def _stand_in(**kwargs: Any) -> ft.Control:
    return ft.Text("⟦the game's own screen⟧")


@pytest.fixture
def pseudo(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pseudo language for every module that asks for the session's words; the games'
    parts and dates as wrapped stand-ins; history entries with their "said"."""
    # Every session speaks it: companion.i18n's own table of the sessions' voices answers it for
    # any page. Not `words` patched in each module that imported it: a screen imported during
    # the test took the stand-in from companion.i18n and kept it for every later test.
    monkeypatch.setattr(companion.i18n, "_voices", EverySession())
    for game, ui in list(GAME_UIS.items()):
        monkeypatch.setitem(GAME_UIS, game, dataclasses.replace(
            ui, screen=_stand_in, watch=None, options=None))  # its texts as the game gives them
    for module in ("companion.screens.home", "companion.widgets.series_group",
                   "companion.screens.history"):
        importlib.import_module(module)  # the app imports a screen when it is first opened
        for name in ("ago", "day", "day_and_length"):
            if hasattr(sys.modules[module], name):
                monkeypatch.setattr(sys.modules[module], name, lambda moment, *_: "⟦when⟧")
    history = caro.Match.history.fget

    def with_said(self: caro.Match) -> list[dict[str, Any]]:
        return [entry if "said" in entry else {**entry, "said": said(entry["text"])}
                for entry in history(self)]

    monkeypatch.setattr(caro.Match, "history", property(with_said))


ROUTES = ("/", "/history", "/stats", "/settings", "/share", "/new/caro", "/new/nothing",
          "/match/{mid}", "/match/{mid}/timeline", "/match/{mid}/chart", "/match/{mid}/board",
          "/match/{mid}/timeline/3", "/match/{mid}/timeline/999", "/match/missing")


def finished() -> caro.Match:
    """A Caro game played to its end at random (seed 1): History and Statistics have a row."""
    match = caro.Match(players=["Cleo", "Dan"])
    rng = random.Random(1)
    while not match.is_over:
        match.lay(*rng.choice([(c, cell) for c in caro.COLOURS
                               for cell in sorted(match.options(c))]))
    return match


def _texts_of_every_screen(folder: Path) -> dict[str, list[str]]:
    with Store(folder / "data") as store:
        mid = store.create(mid_game())
        store.create(finished())
        store.create(caro.Match(players=["Cleo", "Dan"]))

    async def walk() -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        with Store(folder / "data") as store:
            for route in ROUTES:
                session = await open_route(store, folder, route.format(mid=mid))
                await asyncio.sleep(0.05)
                found[route] = shown(session.page)
            # The frame's own messages: Undo and Redo on the match screen.
            session = await open_route(store, folder, f"/match/{mid}")
            for label in ("⟦Undo⟧", "⟦Redo⟧"):
                button = next(c for c in every(session.page) if isinstance(c, ft.IconButton)
                              and c.icon.semantics_label == label)
                await session.dispatch_event(button._i, "click", None)
                await asyncio.sleep(0.1)
                found[f"after {label}"] = shown(session.page)
        return found

    return run_apart(walk())


def test_every_shell_screen_says_only_translated_words(tmp_path: Path, pseudo: None) -> None:
    screens = _texts_of_every_screen(tmp_path)
    assert len(screens) == len(ROUTES) + 2
    left = {route: [t for t in texts if unwrapped(t)] for route, texts in screens.items()}
    assert not any(left.values()), "\n".join(f"{route}: {texts}" for route, texts in left.items()
                                               if texts)
    # The walk saw the screens (not an empty page each time), the frame's messages among them.
    assert any(t.startswith("⟦Undone: ") for t in screens["after ⟦Undo⟧"])
    assert any(t.startswith("⟦Redone: ") for t in screens["after ⟦Redo⟧"])
    assert any("Cleo" in t for t in screens["/match/{mid}/board"])
    assert "⟦Head to head⟧" in screens["/stats"] and "⟦Delete this match?⟧" not in screens["/"]
    assert any(t.startswith("⟦Won by ") for t in screens["/history"])


def test_unwrapped_finds_a_word_left_outside() -> None:
    assert unwrapped("⟦Undone: ⟦Cleo lays red at B3.⟧⟧") == ""
    assert unwrapped("⟦{player} to play⟧ Cleo 12 −3 · 4–5") == ""
    assert unwrapped("Cleo to play")
    assert unwrapped("⟦Round 2⟧ · trick 5")
