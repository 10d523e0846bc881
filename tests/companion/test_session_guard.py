"""Crafted events for disabled controls, and what a crash tells the page, on Flet's own path.

A real `flet` Session with a connection that keeps what it would send: events go in through
`Session.dispatch_event`, the method the web server calls for every event a page sends.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import flet as ft
from flet.messaging.protocol import MessageAction
from flet.messaging.session import Session

from companion.session import guard as session_guard
from tests.support.companion.apart import run_apart
from tests.support.companion.session_guard import Wire, picker, session_with
from tests.support.companion.tree import every

session_guard.install()


def named(session: Session, label: str) -> ft.IconButton:
    for control in every(session.page):
        if (isinstance(control, ft.IconButton) and isinstance(control.icon, ft.Icon)
                and control.icon.semantics_label == label):
            return control
    raise AssertionError(f"no button {label!r}")


def test_a_tap_on_a_disabled_move_down_runs_nothing() -> None:
    async def attack() -> None:
        seen: list[list[str]] = []
        session, wire = session_with(picker(seen))
        last_down = named(session, "Move Ben down")
        assert last_down.disabled
        await session.dispatch_event(last_down._i, "click", None)
        await asyncio.sleep(0.05)
        assert seen == [] and wire.sent == []  # no handler ran, no crash was sent
        await session.dispatch_event(named(session, "Move Ann down")._i, "click", None)
        assert seen == [["Ben", "Ann"]]  # an enabled arrow still works

    run_apart(attack())


def test_move_down_is_bounds_safe_even_without_the_guard(monkeypatch) -> None:
    monkeypatch.setattr(session_guard, "disabled", lambda control: False)  # guard off

    async def attack() -> None:
        seen: list[list[str]] = []
        session, wire = session_with(picker(seen))
        await session.dispatch_event(named(session, "Move Ben down")._i, "click", None)
        await session.dispatch_event(named(session, "Move Ann up")._i, "click", None)
        assert seen == [] and wire.sent == []

    run_apart(attack())


def test_a_control_inside_a_disabled_one_gets_no_events() -> None:
    taps: list[int] = []

    async def attack() -> None:
        @ft.component
        def Host() -> ft.Control:
            return ft.Column([ft.Row([ft.IconButton(icon=ft.Icon(ft.Icons.ADD,
                                                                 semantics_label="Add"),
                                                    on_click=lambda e: taps.append(1))])],
                             disabled=True)

        session, _ = session_with(Host)
        await session.dispatch_event(named(session, "Add")._i, "click", None)

    run_apart(attack())
    assert taps == []


def test_a_crash_sends_the_page_a_sentence_and_logs_the_traceback(caplog) -> None:
    def fail(e: Any) -> None:
        raise IndexError("list index out of range")

    async def crash() -> Wire:
        @ft.component
        def Host() -> ft.Control:
            return ft.IconButton(icon=ft.Icon(ft.Icons.ADD, semantics_label="Boom"),
                                 on_click=fail)

        session, wire = session_with(Host)
        await session.dispatch_event(named(session, "Boom")._i, "click", None)
        return wire

    with caplog.at_level(logging.ERROR):
        wire = run_apart(crash())
    crashed = [m for m in wire.sent if m.action == MessageAction.SESSION_CRASHED]
    assert [m.body.message for m in crashed] == [session_guard.CRASH_MESSAGE]
    assert "Traceback" not in str(wire.sent) and __file__ not in str(wire.sent)
    assert "Traceback" in caplog.text and __file__ in caplog.text  # kept on the server
