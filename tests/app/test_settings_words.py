"""Settings on a German phone (issue 21): the screen-on switch's label wraps within a 412 px
screen beside its switch, a tap on its text turns it over once (companion/widgets/
switch_row.py), and an import the app refuses is said in German.

Screenshots go to /tmp/settings-<language>.png for a person to look at."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from companion.i18n.catalog import Voice
from tests.support.app.english_left import EnglishCatalog
from tests.support.app.language import phone_in
from tests.support.app.option_labels import text_lines
from tests.support.app.process import OTHER_PHONES, PHONE
from tests.support.app.trace import tap_until
from tests.support.app.ui import button, host, open_page, see, text

SWITCH = "Keep the screen on during a match"
LABEL = 72  # the switch's own width (and the space after it) at the row's start: the text after


def switch(page: Page, language: str) -> Locator:
    return host(page).get_by_role("switch", name=Voice(language).gettext(SWITCH))


def checked(page: Page, language: str, value: bool, ms: float = 15_000) -> None:
    expect(switch(page, language)).to_have_attribute("aria-checked", str(value).lower(),
                                                     timeout=ms)


def kept(page: Page) -> str | None:
    """The choice as the page's own storage holds it (what companion/web/keep_awake.js reads)."""
    for _ in range(50):  # the page is told a moment after the screen shows it
        value = page.evaluate("localStorage.getItem('flutter.keep_screen_on')")
        if value is not None:
            return value
        page.wait_for_timeout(100)
    return None


def german_phone(browser, width: int) -> Page:
    """A German phone `width` px wide (412: the project's phone; 320: the narrowest in use)."""
    context = browser.new_context(viewport={"width": width, "height": PHONE["height"]},
                                  locale="de-DE")
    OTHER_PHONES.append(context)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


@pytest.mark.own_app  # the switch is kept in the app's preferences
@pytest.mark.parametrize(("width", "lines"), [(412, 1), (320, 2)])
def test_the_screen_on_switch_wraps_in_german_and_a_tap_on_its_text_turns_it_over(
        app, browser, width: int, lines: int) -> None:
    """On the 412 px phone the German label is one line; on a 320 px one it wraps to two (was:
    Flet's Switch label, one line cut at "anla"); the row is a full tap target either way (was:
    40 px high)."""
    phone = german_phone(browser, width)
    open_page(phone, f"{app.url}/settings")
    row = switch(phone, "de")
    row.wait_for()
    checked(phone, "de", True)
    row.scroll_into_view_if_needed()
    phone.wait_for_timeout(1000)  # a busy machine paints a moment after the semantics tree
    box = row.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert box["height"] >= 48, box
    inked = text_lines(phone, row, LABEL)  # the label's, right of the switch
    assert len(inked) == lines, inked
    assert all(last - first < 24 for first, last in inked), inked  # text, not the switch
    phone.screenshot(path=f"/tmp/settings-de-{width}.png")

    # A tap on the last line of the text, well right of the switch: one toggle.
    last = inked[-1]
    x, y = box["x"] + box["width"] - 40, box["y"] + (last[0] + last[1]) / 2
    tap_until(phone, lambda: phone.mouse.click(x, y),
              lambda ms: checked(phone, "de", False, ms), events=("click",))
    phone.wait_for_timeout(500)
    checked(phone, "de", False)  # not turned back by a second handler
    assert kept(phone) == "false"
    # A tap on the switch itself: one toggle too.
    tap_until(phone, lambda: phone.mouse.click(box["x"] + 30, box["y"] + box["height"] / 2),
              lambda ms: checked(phone, "de", True, ms), events=("change", "click"))
    phone.wait_for_timeout(500)
    checked(phone, "de", True)
    assert kept(phone) == "true"


def test_a_refused_import_is_said_in_german(app, browser, tmp_path: Path) -> None:
    phone = phone_in(browser, "de-DE")
    open_page(phone, f"{app.url}/settings")
    bad = tmp_path / "kaputt.json"
    bad.write_text('{"format": "table-companion-matches", "version": 7, "matches": []}')
    importer = button(phone, "Aus JSON importieren")
    importer.scroll_into_view_if_needed()
    with phone.expect_file_chooser() as chooser:
        importer.click()
    chooser.value.set_files(str(bad))
    said = text(phone, "kaputt.json: Dieser Export wurde von einer neueren Version")
    said.first.wait_for()
    shown = said.first.inner_text()
    assert "(Formatversion 7; diese Version liest bis 1)" in shown, shown
    assert EnglishCatalog("de").left_in(shown) == [], shown
    see(phone, "Export und Import")  # the screen around it is German too
    said.first.scroll_into_view_if_needed()
    phone.wait_for_timeout(1000)
    phone.screenshot(path="/tmp/settings-de-import.png")


@pytest.mark.parametrize("language", ["ja"])
def test_settings_in_japanese_fits_the_phone(app, browser, language: str) -> None:
    """The switch's label wraps in Japanese too; a screenshot for a person to look at."""
    phone = phone_in(browser, "ja-JP")
    open_page(phone, f"{app.url}/settings")
    row = switch(phone, language)
    row.wait_for()
    row.scroll_into_view_if_needed()
    phone.wait_for_timeout(1000)
    box = row.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 412 and box["height"] >= 48, box
    assert len(text_lines(phone, row, LABEL)) == 1
    phone.screenshot(path=f"/tmp/settings-{language}.png", full_page=True)
