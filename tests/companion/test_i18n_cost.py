"""What the words cost a render (issue 21's costs), counted, never timed: a session's voice is
found without comparing pages, Babel formats a whole number once per voice, and a catalog is
parsed once per process however many sessions speak its language."""

from __future__ import annotations

import asyncio
import gc
import weakref

import flet as ft
import pytest
from flet.controls.context import _context_page
from flet.messaging.session import Session

import companion.i18n as i18n
from companion.i18n import catalog as catalogs
from companion.i18n.catalog import Voice
from scoring.said import MINUS
from tests.support.companion.apart import run_apart
from tests.support.companion.session_guard import Wire


async def a_session() -> Session:
    wire = Wire()
    wire.loop = asyncio.get_running_loop()
    session = Session(wire)
    _context_page.set(session.page)
    return session


def test_a_sessions_voice_is_found_without_comparing_pages(monkeypatch) -> None:
    """A WeakKeyDictionary of pages compared the page asked for with the one kept, field by
    field (a Page is a dataclass), at every `_()` and `say()`: hundreds a render."""
    compared = []
    page_eq = ft.Page.__eq__
    monkeypatch.setattr(ft.Page, "__eq__",
                        lambda self, other: compared.append(1) or page_eq(self, other))

    async def speak_and_ask() -> tuple[list[str], int]:
        sessions = [await a_session() for _ in range(3)]
        for session, code in zip(sessions, ("de", "ja", "es"), strict=True):
            i18n.speak(session.page, code)
        _context_page.set(sessions[0].page)
        said = [i18n._("New match") for _ in range(500)]
        codes = [i18n.language(s.page) for s in sessions]
        pages = [weakref.ref(s.page) for s in sessions]
        keys = [id(s.page) for s in sessions]
        _context_page.set(None)
        del sessions, session
        gc.collect()
        # This test's pages only: an earlier test's may be freed by the same collection.
        kept = [key for key, page in zip(keys, pages, strict=True)
                if page() is not None or (key in i18n._voices._held
                                          and i18n._voices._held[key][0]() is None)]
        return said[-1:] + codes, kept

    (word, *codes), kept = run_apart(speak_and_ask())
    assert word == Voice("de").gettext("New match") != "New match"
    assert codes == ["de", "ja", "es"]
    assert compared == []
    assert kept == []  # a closed page's voice goes with it


def test_a_whole_number_is_formatted_once_per_voice(monkeypatch) -> None:
    calls = []
    format_decimal = catalogs.format_decimal
    monkeypatch.setattr(catalogs, "format_decimal",
                        lambda *a, **k: calls.append(a[0]) or format_decimal(*a, **k))
    voice = Voice("de")
    written = [voice.number(n) for _ in range(100) for n in (-3, 12, 12345)]
    assert written[:3] == [f"{MINUS}3", "12", "12.345"]
    assert written == written[:3] * 100
    assert sorted(calls) == [3, 12, 12345]
    assert voice.number(2.5) == voice.number(2.5) == "2,5"  # fractions are not kept
    assert calls.count(2.5) == 2


def test_the_numbers_kept_are_bounded(monkeypatch) -> None:
    monkeypatch.setattr(catalogs, "NUMBERS_KEPT", 10)
    voice = Voice("en")
    assert [voice.number(n) for n in range(1000, 1100)][-1] == "1,099"
    assert len(voice._numbers) == 10


@pytest.mark.parametrize("code", ["es", "de", "ja"])
def test_a_catalog_is_parsed_once_per_process(monkeypatch, code: str) -> None:
    from babel.messages import pofile

    parsed = []
    read_po = pofile.read_po
    monkeypatch.setattr(pofile, "read_po",
                        lambda *a, **k: parsed.append(k.get("locale")) or read_po(*a, **k))
    monkeypatch.setattr(catalogs, "_catalogs", {})
    voices = [Voice(code) for _ in range(20)]
    assert parsed == [code]
    assert len({id(v._catalog) for v in voices}) == 1
