"""Every word the Ratel screen shows goes through companion.i18n (issue 21): drawn on a real Flet
session (no browser) in a "pseudo" language that wraps each translated message in ⟦ ⟧, the
screen holds no text outside a wrapped message but players' names, numbers and signs.

The states cover the table: a fresh round (the choice of entry), a trick on the table, a trick
nobody can beat, a finished trick with escapes, the result forms of both kinds (a complete
order, escapes together, a typed hand refused), and a finished match of each kind.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from flet.components.component import Component

from companion.games.ratel import result as result_form
from companion.games.ratel import screen as screen_module
from companion.games.ratel import watch
from companion.games.ratel.screen import RatelScreen
from scoring import ratel
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import open_match
from tests.support.companion.tree import every
from tests.support.pseudo import Pseudo, bracketed

NAMES = ("Ann", "Ben", "Cleo", "Dan")
WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")


def untranslated(text: str) -> str:
    """What is left of `text` outside every wrapped message, less names and figures: "" when
    everything a person reads went through a catalog."""
    while WRAPPED.search(text):
        text = WRAPPED.sub("", text)
    for name in NAMES:
        text = text.replace(name, "")
    return re.sub(r"[\d\s+\u2212.:·/,;()!-]", "", text)


def shown(control: ft.Control) -> Iterator[tuple[str, str]]:
    """(where, text) of each text a person reads or hears inside `control`."""
    for c in every(control):
        kind = type(c).__name__
        if isinstance(c, ft.Text):
            if c.value:
                yield kind, c.value
            for span in c.spans or []:
                if span.text:
                    yield "TextSpan", span.text
        if isinstance(c, ft.Semantics) and c.label:
            yield kind, c.label
        if isinstance(getattr(c, "content", None), str) and c.content:
            yield kind, c.content
        for field in ("label", "hint_text", "tooltip"):
            value = getattr(c, field, None)
            if isinstance(value, str) and value and not isinstance(c, ft.Semantics):
                yield f"{kind}.{field}", value


def screens(root: ft.Control, fn: Callable[..., Any]) -> list[Component]:
    return [c for c in every(root) if isinstance(c, Component)
            and getattr(c.fn, "__name__", "") == fn.__name__]


def english_left(control: ft.Control) -> list[tuple[str, str]]:
    # The log's lines are the shell's action_log (it says each entry's "said" once the shell
    # speaks through the catalogs): its title and English fallback lines are not Ratel's.
    lines = {c.value for c in every(control)
             if isinstance(c, ft.Text) and str(c.key or "").startswith("entry ")}
    return [(kind, text) for kind, text in shown(control)
            if untranslated(text) and text not in lines and text != "Plays, latest first"]


@pytest.fixture
def pseudo(speaking) -> Pseudo:
    language = Pseudo(bracketed, listed=lambda items, style: "⟦" + " / ".join(items) + "⟧")
    speaking(language)
    return language


def fresh() -> ratel.Match:
    return ratel.Match(list(NAMES[:3]))


def trick() -> ratel.Match:
    m = ratel.Match(list(NAMES))
    m.play(2, -3)
    m.play(2, 1)
    m.pass_turn()
    return m


def unbeatable() -> ratel.Match:
    m = ratel.Match(list(NAMES))
    m.play(1, 5)
    return m


def escapes() -> ratel.Match:
    m = ratel.Match(list(NAMES[:3]))
    m.play(6, 5)
    m.pass_all()  # nothing beats +5: Ann wins, with nothing to take (4 cards left)
    m.play(4, 4)
    m.pass_all()  # every +5 is out of play: Ann wins again and escapes
    m.play(3, 2)
    return m


def damage_over() -> ratel.Match:
    m = ratel.Match(list(NAMES[:3]), mode="short")
    m.record_round(order=["Ben", "Cleo", "Ann"])
    return m


def penalty_over() -> ratel.Match:
    m = ratel.Match(list(NAMES[:3]), mode="penalty", penalty_limit=5)
    m.record_round(out="Ann", hands={"Ben": 3, "Cleo": 9})
    return m


def after_round() -> ratel.Match:
    m = ratel.Match(list(NAMES[:3]))
    m.record_round(order=["Ben", "Cleo", "Ann"], together=2)
    return m


@pytest.mark.parametrize("make", [fresh, trick, unbeatable, escapes, damage_over, penalty_over,
                                  after_round], ids=lambda f: f.__name__)
def test_the_match_screen_says_nothing_untranslated(make, pseudo, tmp_path: Path) -> None:
    with Store(tmp_path / "data") as store:
        mid = store.create(make())

    async def look() -> list[tuple[str, str]]:
        with Store(tmp_path / "data") as store:
            session, _ = await open_match(store, tmp_path, mid)
            (screen,) = screens(session.page, RatelScreen)
            return english_left(screen), len(list(shown(screen)))

    left, texts = run_apart(look())
    assert texts > 10 and left == []


def _form(match: ratel.Match, **draft: Any) -> ft.Control:
    if match.mode == "penalty":
        return result_form._penalty_hands(match, lambda action: True, draft.get("out"),
                                          draft.get("typed", {}), lambda out, typed: None)
    return result_form._escape_order(match, lambda action: True, draft.get("order", []),
                                     draft.get("together", 0), lambda order, k: None)


@pytest.mark.parametrize("draft", [
    {}, {"order": ["Ben"]}, {"order": ["Ben", "Cleo"]}, {"order": ["Ben", "Cleo"], "together": 2},
], ids=["empty", "one", "complete", "together"])
def test_the_escape_order_form_says_nothing_untranslated(draft, pseudo) -> None:
    form = _form(ratel.Match(list(NAMES[:3])), **draft)
    assert english_left(form) == []


@pytest.mark.parametrize("draft", [
    {}, {"out": "Ann"}, {"out": "Ann", "typed": {"Ben": "3", "Cleo": "x"}},
    {"out": "Ann", "typed": {"Ben": "3", "Cleo": "30"}}, {"out": "Ann", "typed": {"Ben": "3",
                                                                                "Cleo": "4"}},
], ids=["empty", "out", "refused", "too-many", "complete"])
def test_the_penalty_form_says_nothing_untranslated(draft, pseudo) -> None:
    form = _form(ratel.Match(list(NAMES[:3]), mode="penalty"), **draft)
    left = english_left(form)
    assert [text for _, text in left if "x" not in text] == [], left  # (what was typed aside)


def test_the_watchers_turn_line_and_the_options_are_marked(pseudo) -> None:
    for make in (fresh, trick):
        assert untranslated(watch.turn_line(make())) == ""
    # The options are a component drawn on the new-match screen: each of its labels is a
    # literal inside _( ) (the count stepper's noun is the shell's widget's).
    source = Path(screen_module.__file__).read_text(encoding="utf-8")
    options = source[source.index("    labels = {"):source.index("def _create")]
    literals = re.findall(r'(_\(\s*)?"([A-Z][^"]*)"', options)
    assert literals and all(marked for marked, _ in literals), literals
