"""The language a session speaks, as App holds it (a hook), and the device's choice.

A session starts in the language its socket's handshake asked for (Accept-Language: the
browser's own list, read in app.py's main), else English; once its page has drawn, it is asked
(in one round of questions, each bounded by REPLY_WAIT) for the choice kept in this browser's
storage (Flutter's SharedPreferences, "flutter.language"), the browser's preferred languages
(Flet's get_device_info: navigator.languages) and the viewer's time zone (written into the same
storage by the page's own script, companion/web/locale.js); then it speaks the language these
name (companion/i18n/choice.py). The choice is kept per device, by its browser, for a
scorekeeper and a watcher alike: nothing of it is saved on the server, so one device's choice
changes nothing for another's. A page whose browser's languages change (and that chose nothing)
follows them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import LANGUAGES, language, speak
from companion.i18n.choice import DEFAULT, best_match, known, session_language, zone
from companion.session.in_step import REPLY_WAIT

log = logging.getLogger(__name__)
KEY = "language"  # localStorage "flutter.language" in the page (Flutter's prefix)
ZONE_KEY = "time_zone"  # written by companion/web/locale.js


def locale_configuration(code: str) -> ft.LocaleConfiguration:
    """Material's own texts (date pickers, tooltips, dialog buttons) in the session's language."""
    return ft.LocaleConfiguration(
        supported_locales=[ft.Locale(c) for c in LANGUAGES], current_locale=ft.Locale(code))


def preferred(info: Any) -> list[object]:
    """The browser's preferred languages from get_device_info's raw answer (a web page's
    `languages`, else any platform's `locales`); anything else is no answer."""
    if not isinstance(info, dict):
        return []
    languages = info.get("languages")
    if isinstance(languages, list):
        return languages
    locales = info.get("locales")
    if isinstance(locales, list):
        return [item.get("language_code") for item in locales if isinstance(item, dict)]
    return []


def use_language(page: ft.Page) -> tuple[str, Callable[[object], None]]:
    """This session's language and the setter Settings calls (a hook: call it while App
    renders)."""
    code, set_code = ft.use_state(language(page))  # the first screen's (app.py's main)
    held = ft.use_ref(None)  # the page's storage, once the page has drawn (keep_awake.py)
    chosen = ft.use_ref(None)  # the device's own choice, if it made one
    viewer_zone = ft.use_ref(None)

    def storage() -> ft.SharedPreferences:
        if held.current is None:
            held.current = ft.SharedPreferences()
            page.update()  # the service reaches the browser before it is asked
        return held.current

    async def ask(question: Callable[[], Any]) -> Any:
        try:
            return await question()
        except Exception as error:  # a page gone, slow or answering nonsense: no answer
            log.debug("The page did not answer: %r", error)
            return None

    def apply(new: str) -> None:
        speak(page, new, viewer_zone.current)
        set_code(new)

    def material_follows() -> None:
        # Material's own texts change once the screens have been drawn in the new language,
        # so the two patches leave together and the page rebuilds once, not once for each.
        if page.locale_configuration != locale_configuration(code):
            page.locale_configuration = locale_configuration(code)
            page.update()

    ft.use_effect(material_follows, [code])

    async def learn() -> None:
        prefs = storage()
        kept, info, zone_name = await asyncio.gather(
            ask(lambda: prefs._invoke_method("get", {"key": KEY}, REPLY_WAIT)),
            ask(lambda: page.session.invoke_method(page._i, "get_device_info", None,
                                                   REPLY_WAIT)),
            ask(lambda: prefs._invoke_method("get", {"key": ZONE_KEY}, REPLY_WAIT)))
        # A choice made in Settings while the page was answering stands.
        chosen.current = chosen.current or known(kept)
        viewer_zone.current = zone(zone_name)
        page.on_locale_change = browser_changed
        # A page that names no language of its own keeps the one its handshake asked for.
        apply(session_language(chosen.current, preferred(info) or [language(page)]))

    ft.use_effect(lambda: page.run_task(learn), [])

    def browser_changed(e: ft.LocaleChangeEvent) -> None:
        if chosen.current is not None:
            return  # the device's own choice stands
        locales = e.locales if isinstance(e.locales, list) else []
        found = best_match(
            item.get("language_code") if isinstance(item, dict)
            else getattr(item, "language_code", None) for item in locales)
        apply(found or DEFAULT)

    def choose(value: object) -> None:
        new = known(value)
        if new is None:
            return  # no radio button sends that: a crafted message, refused without a word
        chosen.current = new
        apply(new)

        async def keep() -> None:
            await ask(lambda: storage()._invoke_method("set", {"key": KEY, "value": new},
                                                       REPLY_WAIT))

        page.run_task(keep)

    return code, choose
