"""Props only the server sets: a page that reports `disabled: false` (or a handler, or Flet's own
fields) changes nothing, and a disabled control's click still runs nothing (issue 23, item 6).

The values go in through `Session.apply_patch`, the method Flet's web server calls for every
UPDATE_CONTROL_PROPS a page sends, and the click through `Session.dispatch_event`.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import flet as ft
from flet.messaging.protocol import MessageAction

from companion.session.access import Gate
from companion.session.guard import owned_by_page
from companion.session.open_matches import OpenMatches
from scoring import caro
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.page_says_desktop import PIN, answer_invokes, button, open_settings
from tests.support.companion.session_guard import session_with
from tests.support.companion.tree import every


def find(session: Any, kind: type, text: str | None = None) -> Any:
    return next(c for c in every(session.page)
                if isinstance(c, kind) and (text is None or c.content == text))


def test_a_disabled_button_switched_on_by_the_page_still_runs_nothing() -> None:
    taps: list[str] = []

    def tap(e: Any) -> None:
        taps.append("tapped")

    @ft.component
    def Host() -> ft.Control:
        return ft.Column([ft.Button("Start", disabled=True, on_click=tap),
                          ft.Column([ft.Button("Inner", on_click=tap)], disabled=True),
                          ft.TextField(label="Name")])

    async def attack() -> tuple[Any, Any, Any]:
        session, wire = session_with(Host)
        start, inner = find(session, ft.Button, "Start"), find(session, ft.Button, "Inner")
        around = inner.parent
        session.apply_patch(start._i, {"disabled": False})
        await session.dispatch_event(start._i, "click", None)
        session.apply_patch(around._i, {"disabled": False, "visible": False, "data": "x"})
        session.apply_patch(start._i, {"on_click": "print", "_i": 1, "key": "k"})
        await session.dispatch_event(inner._i, "click", None)
        name = find(session, ft.TextField)
        session.apply_patch(name._i, {"value": "Ann", "disabled": False})  # typed: kept
        await session.dispatch_event(name._i, "change", "Ann")
        await asyncio.sleep(0.05)
        assert not [m for m in wire.sent if m.action == MessageAction.SESSION_CRASHED]
        return start, around, name

    start, around, name = run_apart(attack())
    assert taps == []  # was: ["tapped", "tapped"]
    assert start.disabled and around.disabled and around.visible and around.data is None
    assert start.on_click is tap and start.key is None and start._i != 1
    assert name.value == "Ann"  # what a person changes on the page still arrives


def test_only_what_a_page_may_set_is_kept_at_any_depth() -> None:
    patch = {"value": "x", "disabled": False, "on_click": "f", "_c": "Button",
             "content": {"disabled": False, "value": 2}, "items": [{"visible": True, "a": 1}]}
    assert owned_by_page(patch) == {"value": "x", "content": {"value": 2}, "items": [{"a": 1}]}
    assert owned_by_page(["disabled"]) == {} and owned_by_page("x") == {}
    deep: list[Any] = []
    for _ in range(10_000):  # bounded, and no recursion error
        deep = [deep]
    assert len(str(owned_by_page({"a": deep}))) < 100


def test_a_watcher_cannot_start_a_second_export_past_the_busy_flag(tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
    store.create(caro.Match(players=["Ann", "Ben"]))
    tables = OpenMatches(store, Gate(PIN))

    async def attack() -> int:
        session, wire = await open_settings(tables, tmp_path, {"web": True, "platform": "linux"})
        # Each click's handler waits for the browser's answer to save_file: run them as tasks.
        taps = [asyncio.ensure_future(session.dispatch_event(
            button(session, "Export all as CSV")._i, "click", None))]
        for _ in range(100):  # bounded: until the first export waits on the browser
            if any(m.action == MessageAction.INVOKE_METHOD for m in wire.sent):
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)  # the busy buttons render
        for text in ("Export all as JSON", "Export all as CSV"):
            again = button(session, text)
            assert again.disabled
            for _ in range(5):
                session.apply_patch(again._i, {"disabled": False})
                taps.append(asyncio.ensure_future(
                    session.dispatch_event(again._i, "click", None)))
        await asyncio.sleep(0.05)
        return await answer_invokes(session, wire, None, asyncio.gather(*taps))

    try:
        assert run_apart(attack()) == 1  # was: one save_file a click
    finally:
        store.close()
