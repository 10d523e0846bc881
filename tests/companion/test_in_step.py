"""Two keepers on one match: a tap from a screen that had not shown the other's change is refused.

Driven on two real Flet sessions in one process (no browser) sharing the open matches, as two
phones share the server's. Keeper A taps Undo; keeper B's page is asked whether it has the change
(`get_device_info`, companion/session/in_step.py) and the test plays the page: it answers, or
never does. `REPLY_WAIT` is cut to a fraction of a second, standing for the 5 s a question was
once waited for before a silent page was taken as up to date.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import flet as ft
import pytest

import companion.app
from companion.session import in_step
from companion.session.open_matches import OpenMatches, StaleView
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import mid_game
from tests.support.companion.in_step import Phone, until
from tests.support.companion.tree import every

WAIT = 0.2  # the cut REPLY_WAIT
STALE = str(StaleView())


@pytest.fixture(autouse=True)
def short_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(in_step, "REPLY_WAIT", WAIT)
    # The session's language hook asks the page get_device_info too (its own call, its own
    # answer: companion/session/language.py); these pages speak English and are asked only
    # the in-step questions counted here.
    monkeypatch.setattr(companion.app, "use_language", lambda page: ("en", lambda value: None))


def two_keepers(folder: Path, scenario: Any) -> Any:
    """Run `scenario(tables, mid, a, b, events)` with two keepers' pages on a mid-game match;
    `events()` is what the store holds for it."""
    with Store(folder / "data") as store:
        mid = store.create(mid_game())

    async def run() -> Any:
        with Store(folder / "data") as store:
            tables = OpenMatches(store)
            a = Phone(tables, folder, mid)
            b = Phone(tables, folder, mid)
            await asyncio.sleep(0.2)  # the routers render the match

            def events() -> list[dict[str, Any]]:
                return store.load(mid).events

            result: Coroutine[Any, Any, Any] = scenario(tables, mid, a, b, events)
            return await result

    return run_apart(run())


def test_an_undo_from_a_page_that_never_answered_is_refused_however_late(
        tmp_path: Path) -> None:
    async def scenario(tables: OpenMatches, mid: str, a: Phone, b: Phone, events: Any) -> None:
        before = len(events())
        await a.tap("Undo")
        assert len(events()) == before - 1
        await until(lambda: b.questions())  # B's screen drew the undo and asked
        await asyncio.sleep(3 * WAIT)  # B stays silent, well past the wait for its answer
        version = tables.get(mid).version
        saved = events()

        await b.tap("Undo")  # from B's screen as it was before A's undo
        await until(lambda: b.says(STALE))  # (the message line is drawn a moment later)
        assert events() == saved, "nothing applied"
        assert tables.get(mid).version == version
        for _ in range(3):  # and again, later: still refused, one question out at a time
            await asyncio.sleep(3 * WAIT)
            await b.tap("Redo")
            assert events() == saved
        assert len(b.questions()) <= 1 + 3  # the first, then one for each refused tap at most

    two_keepers(tmp_path, scenario)


def test_a_tap_the_page_sent_before_its_answer_is_refused(tmp_path: Path) -> None:
    async def scenario(tables: OpenMatches, mid: str, a: Phone, b: Phone, events: Any) -> None:
        await a.tap("Undo")
        await until(lambda: b.questions())
        saved = events()
        await b.tap("Undo")  # read before the answer: sent from the old screen
        b.answer(b.questions()[-1])
        await until(lambda: b.says(STALE))
        assert events() == saved

    two_keepers(tmp_path, scenario)


def test_a_page_that_answered_acts_on_what_it_was_shown(tmp_path: Path) -> None:
    async def scenario(tables: OpenMatches, mid: str, a: Phone, b: Phone, events: Any) -> None:
        before = len(events())
        await a.tap("Undo")
        await until(lambda: b.questions())
        b.answer(b.questions()[-1])
        await asyncio.sleep(in_step.SETTLE + 0.2)  # the answer settles, the screen is sent
        await b.tap("Undo")
        assert len(events()) == before - 2, "B's undo applied, after A's"
        await asyncio.sleep(0.2)
        assert not b.says(STALE)

    two_keepers(tmp_path, scenario)


def test_a_page_whose_answer_was_lost_is_in_step_again_one_tap_later(tmp_path: Path) -> None:
    async def scenario(tables: OpenMatches, mid: str, a: Phone, b: Phone, events: Any) -> None:
        before = len(events())
        await a.tap("Undo")
        await until(lambda: b.questions())
        await asyncio.sleep(3 * WAIT)  # the answer never came (a dropped connection)
        await b.tap("Undo")
        await until(lambda: b.says(STALE))
        assert len(events()) == before - 1
        await until(lambda: len(b.questions()) == 2)  # the refused tap asked again
        b.answer(b.questions()[-1])
        await asyncio.sleep(in_step.SETTLE + 0.2)
        await b.tap("Undo")
        assert len(events()) == before - 2

    two_keepers(tmp_path, scenario)


def test_a_cell_tapped_on_a_silent_page_is_refused_too(tmp_path: Path) -> None:
    # The game screen's own taps (a Caro cell: `may_act` before any rule is checked) take the
    # same way as the app bar's.
    async def scenario(tables: OpenMatches, mid: str, a: Phone, b: Phone, events: Any) -> None:
        await a.tap("Undo")
        await until(lambda: b.questions())
        await asyncio.sleep(3 * WAIT)
        saved, version = events(), tables.get(mid).version
        cell = next(c for c in every(b.session.page) if isinstance(c, ft.Container)
                    and c.on_click is not None and isinstance(c.content, ft.Text)
                    and str(c.content.semantics_label).startswith("row "))
        await b.session.dispatch_event(cell._i, "click", None)
        await until(lambda: b.says(STALE))
        assert events() == saved and tables.get(mid).version == version

    two_keepers(tmp_path, scenario)
