"""The offline web app's splash in the device's language (issue 21): the page's own script says
what loads before Python runs, in the browser's language, or in the language the device chose in
Settings (kept by the browser as "flutter.language"), from companion/web/words.js."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from companion.i18n.page_words import table
from tests.support.app.process import PHONE

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("locale", "kept", "code"), [
    ("de-DE", None, "de"),
    ("de-DE", "ja", "ja"),  # the device's choice over its browser's languages
    ("fr-FR", None, "en"),  # a language the app does not speak: English
    ("es-ES", "xx", "es"),  # a kept value that names no language of the app: not taken
])
def test_the_splash_speaks_the_devices_language(browser, site, locale, kept, code) -> None:
    context = browser.new_context(viewport=PHONE, locale=locale)
    try:
        if kept is not None:
            context.add_init_script(
                f"localStorage.setItem('flutter.language', JSON.stringify({kept!r}))")
        page = context.new_page()
        page.goto(site.url)
        # Any stage will do: on a busy machine the first ("Loading the app's screens…") may be
        # gone before the page's load event lets the test look.
        words = table(code)
        stages = "|".join(re.escape(words[k]) for k in ("flutter", "python", "app", "matches"))
        expect(page.locator("#tc-progress")).to_have_text(re.compile(f"^\\s*({stages})"),
                                                          timeout=15_000)
        if code == "de":
            page.screenshot(path="/tmp/server-words-splash-de.png")
    finally:
        context.close()
