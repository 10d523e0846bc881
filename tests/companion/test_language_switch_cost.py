"""A language switch on a match screen costs the page one rebuild (issue 21: at most the cost of
opening the screen). The screens' new words and Material's own locale leave in one scheduler
pass, the words first, so the page applies both together; before, the locale went alone first
and the page rebuilt every screen for it, then again for the words.

A real Flet session of the served app on a mid-game Caro match (Home under it), its page's
questions answered with nothing (a page that names no language), then the browser's languages
change to German as a phone's settings would (`locale_change`).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session

from companion.app import build_main
from companion.i18n.catalog import Voice
from companion.session.open_matches import OpenMatches
from companion.session.preferences import Preferences
from scoring import caro
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.session_guard import Wire

GERMAN_UNDO = Voice("de").gettext("Undo").encode()
ENCODE = configure_encode_object_for_msgpack(BaseControl)


def encoded(message: Any) -> bytes:
    return msgpack.packb([message.action, message.body], default=ENCODE)


async def answer_with_nothing(session: Session, wire: Wire) -> None:
    """Answer every question the server asks the page with no value, as a page without it."""
    answered: set[str] = set()
    for _ in range(100):
        for message in wire.sent:
            body = message.body
            if message.action == MessageAction.INVOKE_METHOD and body.call_id not in answered:
                answered.add(body.call_id)
                session.handle_invoke_method_results(body.control_id, body.call_id, None, None)
        if session.page.on_locale_change is not None:
            return
        await asyncio.sleep(0.01)


def test_a_switch_sends_the_words_and_materials_locale_together(tmp_path: Path) -> None:
    match = caro.Match(players=["Cleo", "Dan"])
    match.lay("red", (0, 0))
    with Store(tmp_path / "data") as store:
        mid = store.create(match)

        async def switch() -> tuple[list[bytes], list[bytes]]:
            wire = Wire()
            wire.loop = asyncio.get_running_loop()
            wire.page_url = "http://127.0.0.1"
            session = Session(wire)
            from flet.controls.context import _context_page

            _context_page.set(session.page)
            session.apply_page_patch({"route": f"/match/{mid}", "width": 412, "height": 915})
            build_main(OpenMatches(store), Preferences(tmp_path))(session.page)
            session.get_page_patch()
            await asyncio.sleep(0.3)  # the router renders Home and the match
            await answer_with_nothing(session, wire)
            await asyncio.sleep(0.1)
            before = len(wire.sent)
            await session.dispatch_event(session.page._i, "locale_change",
                                         {"locales": [{"language_code": "de"}]})
            await asyncio.sleep(0.3)
            sent = [encoded(m) for m in wire.sent[before:]
                    if m.action == MessageAction.PATCH_CONTROL]
            return sent, [encoded(m) for m in wire.sent[:before]]

        sent, earlier = run_apart(switch())
    assert not any(GERMAN_UNDO in m for m in earlier)
    # Two patches: the screens in German, then Material's locale; none before the words.
    assert len(sent) == 2
    words, locale = sent
    assert GERMAN_UNDO in words and b"locale_configuration" not in words
    assert b"locale_configuration" in locale and GERMAN_UNDO not in locale
