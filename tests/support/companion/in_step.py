"""Helpers of tests/companion/test_in_step.py that other tests share: Phone, until."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import flet as ft
from flet.controls.context import _context_page
from flet.messaging.protocol import InvokeMethodRequestBody
from flet.messaging.session import Session

from companion.app import build_main
from companion.i18n.phrases import plain
from companion.session.open_matches import OpenMatches
from companion.session.preferences import Preferences
from tests.support.companion.session_guard import Wire
from tests.support.companion.tree import every


class Phone:
    """One keeper's page: its session, what the server sent it, and taps on its app bar."""

    def __init__(self, tables: OpenMatches, folder: Path, mid: str) -> None:
        self.wire = Wire()
        self.wire.loop = asyncio.get_running_loop()
        self.session = Session(self.wire)
        _context_page.set(self.session.page)
        self.session.page.route = f"/match/{mid}"
        build_main(tables, Preferences(folder))(self.session.page)
        self.session.get_page_patch()

    def questions(self) -> list[InvokeMethodRequestBody]:
        """The in-step questions sent to this page so far."""
        return [m.body for m in self.wire.sent if isinstance(m.body, InvokeMethodRequestBody)
                and m.body.name == "get_device_info"]

    def icon_buttons(self, label: str) -> list[ft.IconButton]:
        return [c for c in every(self.session.page) if isinstance(c, ft.IconButton)
                and isinstance(c.icon, ft.Icon) and c.icon.semantics_label == label]

    async def tap(self, label: str) -> None:
        await self.session.dispatch_event(self.icon_buttons(label)[0]._i, "click", None)

    def answer(self, question: InvokeMethodRequestBody) -> None:
        """What Flet's client sends back once it has read everything sent before the question."""
        self.session.handle_invoke_method_results(question.control_id, question.call_id,
                                                  {}, None)

    def says(self, text: str) -> bool:
        return any(isinstance(c, ft.Text) and plain(str(c.value)) == text
                   for c in every(self.session.page))


async def until(check: Any, limit: float = 3.0) -> None:
    """Wait (a bounded number of short sleeps) until `check()` holds."""
    for _ in range(int(limit / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("never happened")
