"""The table's language in a real browser (issue 21): a device speaks its browser's language, a
choice in Settings changes the screen being shown at once and stays with that device (a
watcher's changes nothing for the scorekeeper), and a switch keeps what was typed.

Screenshots go to /tmp/language-*.png for a person to look at.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from companion.i18n.catalog import Voice
from tests.support.app.lan import unlock
from tests.support.app.language import phone_in
from tests.support.app.ui import button, choose_radio, host, open_page, see, text

pytestmark = pytest.mark.browser


def shot(page: Page, name: str) -> None:
    page.wait_for_timeout(1000)  # a busy machine paints a moment after the semantics tree
    page.screenshot(path=f"/tmp/language-{name}.png")


def test_the_browsers_language_then_the_devices_choice_and_a_watcher_keeps_its_own(
        lan_app, browser) -> None:
    keeper, watcher = phone_in(browser, "en-US"), phone_in(browser, "de-DE")
    unlock(keeper, lan_app.url)
    open_page(watcher, f"{lan_app.url}/settings")
    see(watcher, "Sprache")  # the browser's language, chosen by nobody
    shot(watcher, "browser-de")

    choose_radio(watcher, "日本語")
    see(watcher, "言語")  # at once, on the screen being shown
    expect(text(watcher, "Sprache", exact=True)).to_have_count(0)
    shot(watcher, "chosen-ja")

    open_page(keeper, f"{lan_app.url}/settings")
    see(keeper, "Language")  # the watcher's choice is its own
    expect(text(keeper, "言語", exact=True)).to_have_count(0)

    open_page(watcher, f"{lan_app.url}/settings")  # a reload: the device kept its choice
    see(watcher, "言語")
    choose_radio(keeper, "Español")
    see(keeper, "Idioma")
    open_page(watcher, f"{lan_app.url}/settings")
    see(watcher, "言語")  # the keeper's choice is the keeper's too


def test_a_switch_keeps_what_was_typed(lan_app, browser) -> None:
    """The browser's languages change while a name is half typed: the screen follows them (here
    Material's own Back button) and the field keeps the name."""
    page = phone_in(browser, "de-DE")
    unlock(page, lan_app.url, say=Voice("de").gettext)
    open_page(page, f"{lan_app.url}/new/caro")
    expect(button(page, "Zurück")).to_have_count(1)  # Material's texts in the language too
    field = host(page).get_by_role("textbox").first
    field.click()
    field.fill("さくら")
    page.wait_for_timeout(300)
    page.evaluate("""() => {
        Object.defineProperty(Navigator.prototype, "languages",
                              {get: () => ["es-ES", "es"], configurable: true});
        Object.defineProperty(Navigator.prototype, "language",
                              {get: () => "es-ES", configurable: true});
        window.dispatchEvent(new Event("languagechange"));
    }""")
    expect(button(page, "Atrás")).to_have_count(1)
    expect(field).to_have_value("さくら")
    shot(page, "typed-kept-es")
