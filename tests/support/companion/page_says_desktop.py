"""Helpers of tests/companion/test_page_says_desktop.py that other tests share: PIN,
answer_invokes, button, open_settings, shown."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import flet as ft
from flet.controls.context import _context_page
from flet.messaging.protocol import MessageAction
from flet.messaging.session import Session

from companion.app import build_main
from companion.i18n.phrases import plain
from companion.session.open_matches import OpenMatches
from companion.session.preferences import Preferences
from tests.support.companion.session_guard import Wire
from tests.support.companion.tree import every

PIN = "2468"


async def open_settings(tables: OpenMatches, folder: Path, says: dict[str, Any],
                        later: dict[str, Any] | None = None, *,
                        desktop: bool = False) -> tuple[Session, Wire]:
    """A session on /settings whose page registered with `says`, then sent `later` as an
    UPDATE_CONTROL_PROPS of the page."""
    wire = Wire()
    wire.loop = asyncio.get_running_loop()
    session = Session(wire)
    _context_page.set(session.page)
    session.apply_page_patch({"route": "/settings", "width": 412, "height": 915, **says})
    build_main(tables, Preferences(folder), desktop=desktop)(session.page)
    session.get_page_patch()
    await asyncio.sleep(0.1)  # the router renders Settings
    if later:
        session.apply_patch(session.page._i, later)
        await asyncio.sleep(0)  # values are applied in a task of their own (session_guard)
    return session, wire


def button(session: Session, text: str) -> ft.OutlinedButton:
    return next(c for c in every(session.page)
                if isinstance(c, ft.OutlinedButton) and c.content == text)


def shown(session: Session) -> list[str]:
    return [plain(str(c.value)) for c in every(session.page) if isinstance(c, ft.Text)]


async def answer_invokes(session: Session, wire: Wire, result: Any,
                         until: asyncio.Future[Any]) -> int:
    """Answer every save_file the server asks of the page with `result`; how many were asked."""
    answered: set[str] = set()
    for _ in range(200):  # bounded: the export answers within a few loop turns
        for message in wire.sent:
            body = message.body
            if (message.action == MessageAction.INVOKE_METHOD and body.name == "save_file"
                    and body.call_id not in answered):
                answered.add(body.call_id)
                session.handle_invoke_method_results(body.control_id, body.call_id, result, None)
        if until.done():
            break
        await asyncio.sleep(0.01)
    await until
    return len(answered)
