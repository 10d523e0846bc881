"""Helpers of tests/companion/test_wrong_pins_screen.py that other tests share: PIN, enter_pin,
open_as, settle, tap, texts."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import flet as ft
from flet.controls.context import _context_page
from flet.messaging.session import Session

from companion.app import build_main
from companion.i18n.phrases import plain
from companion.server.lan import Share
from companion.session.followers import FOLLOWERS
from companion.session.open_matches import OpenMatches
from companion.session.preferences import Preferences
from tests.support.companion.session_guard import Wire
from tests.support.companion.tree import every

PIN = "2468"


SHARE = Share(urls=["http://192.168.1.2:8550"], port=8550)


async def open_as(tables: OpenMatches, folder: Path, route: str, address: str) -> Session:
    """A session of the app showing `route`, connected from `address`."""
    wire = Wire()
    wire.loop = asyncio.get_running_loop()
    wire.page_url = SHARE.urls[0]
    session = Session(wire)
    _context_page.set(session.page)
    session.page.route = route
    session.page.client_ip = address
    build_main(tables, Preferences(folder), SHARE)(session.page)
    session.get_page_patch()
    await settle()
    return session


async def settle() -> None:
    """The renders and the live updates asked for are done: a moment for the session's own
    tasks, then until no follower waits to be drawn on this loop (bounded: 20 s), however busy
    the machine (a fixed wait missed the keeper's live count in a shuffled CI run)."""
    await asyncio.sleep(0.2)
    loop = asyncio.get_running_loop()
    for _ in range(400):
        if not FOLLOWERS.busy(loop):
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0)  # the last follower's render, sent


def texts(session: Session) -> str:
    return "\n".join(plain(c.value) for c in every(session.page)
                     if isinstance(c, ft.Text) and isinstance(c.value, str))


def button(session: Session, label: str) -> Any:
    return next(c for c in every(session.page)
                if isinstance(c, ft.FilledButton | ft.OutlinedButton | ft.TextButton)
                and c.content == label)


async def enter_pin(session: Session, pin: str) -> None:
    field = next(c for c in every(session.page)
                 if isinstance(c, ft.TextField) and c.label == "PIN")
    session.apply_patch(field._i, {"value": pin})
    await session.dispatch_event(field._i, "change", None)
    await session.dispatch_event(button(session, "Unlock scorekeeping")._i, "click", None)
    await settle()


async def tap(session: Session, label: str) -> None:
    await session.dispatch_event(button(session, label)._i, "click", None)
    await settle()
