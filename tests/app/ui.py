"""How the browser tests read and tap the Flutter page (through its semantics tree)."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout


def open_page(page: Page, url: str) -> None:
    """Load `url` and switch on Flutter's semantics tree, so roles and names can be found."""
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=30_000)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    page.locator("flt-semantics-host").wait_for(state="attached")


def host(page: Page) -> Locator:
    return page.locator("flt-semantics-host")


def button(page: Page, name: str | re.Pattern[str], exact: bool = True) -> Locator:
    exact_name = exact if isinstance(name, str) else None
    return host(page).get_by_role("button", name=name, exact=exact_name)


def text(page: Page, value: str | re.Pattern[str], exact: bool = False) -> Locator:
    return host(page).get_by_text(value, exact=exact if isinstance(value, str) else None)


def see(page: Page, value: str | re.Pattern[str], timeout: float = 15_000) -> None:
    text(page, value).first.wait_for(timeout=timeout)


def choose_radio(page: Page, name: str) -> None:
    """Tap the radio `name` and wait until it reads as checked. Under a heavily loaded machine a
    tap can be lost between the page and Flutter; choosing a chosen radio changes nothing, so
    the tap is repeated (at most twice more) until the radio shows the choice."""
    radio = host(page).get_by_role("radio", name=name)
    for _ in range(2):
        radio.click()
        try:
            expect(radio).to_be_checked(timeout=5_000)
            return
        except AssertionError:
            continue
    radio.click()
    expect(radio).to_be_checked()


def go_to(page: Page, label: str, sign: str) -> None:
    """Tap the button `label` that opens another screen and wait for `sign` on it. A tap lost
    under load is repeated while the button is still shown (opening a screen twice is the same
    as once)."""
    for _ in range(2):
        button(page, label).click()
        try:
            text(page, sign).first.wait_for(timeout=5_000)
            return
        except PlaywrightTimeout:
            if not button(page, label).count():
                break
    if button(page, label).count():
        button(page, label).click()
    see(page, sign)


def type_into(page: Page, label: str, value: str) -> None:
    """Fill a text field; fill again if a late re-render from the last action cleared it."""
    field = host(page).get_by_role("textbox", name=label)
    for _ in range(5):
        field.click()
        field.fill(value)
        page.wait_for_timeout(150)
        if field.input_value() == value:
            return
    raise AssertionError(f"the field {label!r} would not keep {value!r}")


def add_players(page: Page, *names: str) -> None:
    """Type each name into the new-match screen's field and press Enter, as a scorekeeper does.

    On a busy machine a name's row did not come, once in a while: the Enter was lost, or the
    typed name was. Then the name is typed again if it has gone from the field, and Enter pressed
    again (on the field itself, so it has the focus). That is safe: a name already playing is
    refused, never added twice."""
    field = host(page).get_by_role("textbox", name="Player name")
    for i, name in enumerate(names):
        for attempt in range(3):
            if attempt == 0 or field.input_value() != name:
                type_into(page, "Player name", name)
            field.press("Enter")
            try:
                see(page, f"{i + 1}.", timeout=5_000 * (attempt + 1))
                break
            except PlaywrightTimeout:
                if attempt == 2:
                    raise


def begin_new_match(page: Page, url: str, title: str, *names: str) -> None:
    """Open Home, tap "New <title> match" and add the players (options and Start are next)."""
    open_page(page, url)
    button(page, f"New {title} match").click()
    add_players(page, *names)


def assert_buttons_named(page: Page) -> None:
    """Every button in the semantics tree has a name, and none sits inside another (a chip whose
    label sits on a wrapper around its tappable part reads as a named button with a nameless one
    inside it)."""
    bad = page.evaluate("""() => [...document.querySelectorAll('flt-semantics-host [role=button]')]
        .filter(e => !(e.getAttribute('aria-label') || e.textContent).trim()
                     || e.querySelector('[role=button]'))
        .map(e => (e.getAttribute('aria-label') || e.textContent).trim() || '(no name)')""")
    assert not bad, f"buttons without a name of their own, or holding another button: {bad}"
