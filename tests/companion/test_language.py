"""The session's language: which one a device speaks (its choice, its browser's, English), each
session its own, what a page reports taken only when it is valid, and Babel's formats."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from flet.controls.context import _context_page

import companion.i18n as i18n
from companion.i18n import LANGUAGES, _, ngettext, say, speak
from companion.i18n.catalog import Catalog, Voice
from companion.i18n.choice import best_match, session_language, zone
from companion.session.language import locale_configuration, preferred
from scoring.said import listed, said, said_n


class FakePage:
    """Stands for a session's page: words() finds the session by the page in Flet's context."""


@pytest.fixture
def in_session() -> Iterator:
    def enter(page: FakePage) -> None:
        tokens.append(_context_page.set(page))

    tokens: list = []
    yield enter
    for token in reversed(tokens):
        _context_page.reset(token)


def test_the_device_choice_then_the_browser_then_english() -> None:
    assert session_language("ja", ["de-DE"]) == "ja"
    assert session_language(None, ["fr-CA", "es-MX", "de"]) == "es"
    assert session_language(None, ["fr", "pt-BR"]) == "en"
    assert session_language("xx", []) == "en"  # a choice the app does not have is no choice


def test_a_hostile_list_of_languages_is_read_only_so_far() -> None:
    assert best_match(["x" * 10_000, 3, None, "de"]) == "de"
    assert best_match(["fr"] * 20 + ["ja"]) is None  # past the first 20: not read
    assert best_match(["<script>", "../es", "es;q=0.9"]) is None


def test_device_info_is_read_defensively() -> None:
    assert preferred({"languages": ["de-AT", "en"]}) == ["de-AT", "en"]
    assert preferred({"locales": [{"language_code": "ja"}, "junk"]}) == ["ja"]
    assert preferred("nonsense") == [] and preferred({"languages": "de"}) == []


def test_a_zone_is_a_known_name_never_a_path() -> None:
    assert str(zone("Europe/Berlin")) == "Europe/Berlin"
    for hostile in ("../../etc/passwd", "/etc/localtime", "Europe/../../../etc", "Not/AZone",
                    "A" * 100, 42, None, "Europe/Berlin\x00"):
        assert zone(hostile) is None


def test_each_session_speaks_its_own_language(in_session) -> None:
    keeper, watcher = FakePage(), FakePage()
    speak(watcher, "de")
    in_session(keeper)
    assert _("Settings") == "Settings"
    in_session(watcher)
    assert _("Settings") == "Einstellungen"
    assert i18n.language(keeper) == "en" and i18n.language(watcher) == "de"
    speak(watcher, "ja")
    assert _("Settings") == "設定"
    assert ngettext("{n} min ago", "{n} min ago", 5).format(n=5) == "5分前"


def test_an_unknown_language_is_refused_and_changes_nothing(in_session) -> None:
    page = FakePage()
    speak(page, "es")
    with pytest.raises(ValueError):
        speak(page, "../../etc")
    in_session(page)
    assert _("Settings") == "Ajustes"


def test_outside_any_session_english() -> None:
    assert _("Settings") == "Settings" and say(said("{n} left", n=3)) == "3 left"


def test_a_patched_words_is_what_every_name_asks(monkeypatch) -> None:
    class Tagged:
        def gettext(self, message: str) -> str:
            return f"<{message}>"

        def ngettext(self, singular: str, plural: str, n: int) -> str:
            return f"<{singular if n == 1 else plural}>"

        def pgettext(self, context: str, message: str) -> str:
            return f"<{context}|{message}>"

    monkeypatch.setattr(i18n, "words", lambda: Tagged())
    assert _("Theme") == "<Theme>"
    assert i18n.pgettext("caro colour", "grey") == "<caro colour|grey>"
    assert ngettext("a", "b", 2) == "<b>"


def test_numbers_lists_and_dates_as_each_language_writes_them() -> None:
    es, de, ja = Voice("es"), Voice("de"), Voice("ja", zone("Asia/Tokyo"))
    assert es.number(-1234) == "\u22121.234" and de.number(12345) == "12.345"
    assert say_in(es, listed(["Ana", "Ben", "Cleo"])) == "Ana, Ben y Cleo"
    assert say_in(de, listed(["Ana", "Ben"], "or")) == "Ana oder Ben"
    assert say_in(ja, listed(["アン", "ベン", "クレオ"])) == "アン、ベン、クレオ"
    moment = datetime(2026, 11, 29, 18, 32, tzinfo=UTC)
    assert ja.date_time(moment) == "2026年11月30日 3:32"  # the viewer's zone: already the 30th
    assert de.date(moment) == "29. Nov. 2026"
    berlin = Voice("de", zone("Europe/Berlin"))
    assert berlin.date_time(moment) == "29. Nov. 2026, 19:32"


def say_in(voice: Voice, value) -> str:
    from scoring.said import render

    return render(value, voice)


def test_plural_forms_come_from_the_catalog(tmp_path: Path) -> None:
    po = tmp_path / "messages.po"
    po.write_text('msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=1; plural=0;\\n"\n\n'
                  'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} 枚"\n\n'
                  '#, fuzzy\nmsgid "Guess"\nmsgstr "推測"\n', encoding="utf-8")
    catalog = Catalog("ja", po)
    assert catalog.ngettext(None, "{n} card", "{n} cards", 1) == "{n} 枚"
    assert catalog.ngettext(None, "{n} card", "{n} cards", 7) == "{n} 枚"
    assert catalog.gettext(None, "Guess") == "Guess"  # a fuzzy guess is not a translation
    assert catalog.gettext(None, "Missing") == "Missing"


def test_engine_sentences_render_through_the_catalog(in_session) -> None:
    page = FakePage()
    speak(page, "de")
    in_session(page)
    assert say(said("The game is over.")) == "Die Partie ist vorbei."
    assert say(said_n("{n} min ago", "{n} min ago", 3)) == "vor 3 Minuten"


def test_material_speaks_the_session_language() -> None:
    config = locale_configuration("ja")
    assert config.current_locale.language_code == "ja"
    assert [loc.language_code for loc in config.supported_locales] == list(LANGUAGES)


def test_settings_switches_this_session_at_once_and_refuses_a_crafted_language(
        tmp_path: Path) -> None:
    """On a real Flet session: a language no radio button offers changes nothing; Deutsch turns
    the Settings screen German at once, Material's texts with it, and nothing is written on the
    server's disk (the choice is the device's)."""
    import asyncio

    import flet as ft
    from flet.messaging.session import Session

    from storage import Store
    from tests.support.companion.apart import run_apart
    from tests.support.companion.caro_undo_cost import open_route
    from tests.support.companion.tree import every

    store = Store(tmp_path / "data")

    def texts(session: Session) -> set[str]:
        return {c.value for c in every(session.page) if isinstance(c, ft.Text)
                and isinstance(c.value, str)}

    async def choose() -> tuple[set[str], set[str], str, str]:
        session = await open_route(store, tmp_path, "/settings")
        languages = next(c for c in every(session.page)
                         if isinstance(c, ft.RadioGroup) and c.value in LANGUAGES)
        for crafted in ("xx", "../../etc/passwd", 7, None):
            session.apply_patch(languages._i, {"value": crafted})
            await session.dispatch_event(languages._i, "change", crafted)
        await asyncio.sleep(0.1)
        refused = texts(session)
        refused_language = i18n.language(session.page)
        session.apply_patch(languages._i, {"value": "de"})
        await session.dispatch_event(languages._i, "change", "de")
        await asyncio.sleep(0.1)
        material = session.page.locale_configuration.current_locale.language_code
        return refused, texts(session), refused_language, material

    try:
        refused, german, refused_language, material = run_apart(choose())
    finally:
        store.close()
    assert refused_language == "en" and "Language" in refused and "Theme" in refused
    assert {"Sprache", "Design", "Einstellungen"} <= german and "Language" not in german
    assert material == "de"
    assert not (tmp_path / "preferences.json").exists()
