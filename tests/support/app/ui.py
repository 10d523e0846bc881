"""How the browser tests read and tap the Flutter page (through its semantics tree)."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tests.support.app.trace import FIRST_WAIT, Trace, reached_within, tap_until


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


def as_drawn(value: str, exact: bool = False) -> re.Pattern[str]:
    """`value` as a Japanese screen may draw it: a word joiner (U+2060) between any two of its
    characters (companion/i18n/phrases.py holds a phrase together so, in a rules sheet too,
    where no plain accessible name stands beside the text)."""
    pattern = "\u2060?".join(re.escape(char) for char in value)
    return re.compile(f"^{pattern}$" if exact else pattern)


def see(page: Page, value: str | re.Pattern[str], timeout: float = 15_000) -> None:
    text(page, value).first.wait_for(timeout=timeout)


def choose_radio(page: Page, name: str) -> None:
    """Tap the radio `name` and wait until it reads as checked; tapped again only while the app's
    trace shows the tap never reached it (tests/support/app/trace.py). A choice's row is one radio
    to a screen reader (companion/widgets/option_choice.py): a tap on its label is the row's
    click."""
    radio = host(page).get_by_role("radio", name=name)
    tap_until(page, radio.click, lambda ms: expect(radio).to_be_checked(timeout=ms),
              events=("change", "click"))


def go_to(page: Page, label: str, sign: str) -> None:
    """Tap the button `label` that opens another screen and wait for `sign` on it; tapped again
    only while the trace shows the tap never reached the app and the button is still shown."""
    tap_until(page, button(page, label).click, lambda ms: text(page, sign).first.wait_for(
        timeout=ms), may_retry=lambda: bool(button(page, label).count()))


def settled(locator: Locator, reads: int = 3, every_ms: int = 100) -> None:
    """Wait (bounded) until `locator`'s box reads the same `reads` times in a row: the app
    scrolls the game's part after an action, and a tap made while it moves lands on whatever
    is then under its point (the Hearts test's tap on Ann's field opened round 6's correction)."""
    last, same = None, 0
    for _ in range(30):
        box = locator.bounding_box()
        same = same + 1 if box is not None and box == last else 0
        if same >= reads - 1:
            return
        last = box
        locator.page.wait_for_timeout(every_ms)


# Flutter's semantics root holds the page, and beside it an overlay while one shows: a tooltip.
OVERLAID = """() => {
    const root = document.querySelector('flt-semantics-host > flt-semantics > flt-semantics');
    return !!root && root.children.length > 1 }"""


def no_tooltip_over(field: Locator) -> None:
    """Rest the mouse on `field` and wait (bounded) until no tooltip shows. The mouse stays where
    the last tap left it, and a tap that opened a screen leaves it over whatever button is now
    there (Redo, under the new match screen's Start): the button's tooltip shows. When it goes,
    Flutter moves the page's part of the semantics tree in the DOM, and a text field focused
    before that loses the browser's focus and is no longer tied to the app: what is typed there
    afterwards never reaches it (in one new sheet in three, Chromium 156). That takes Flutter's
    semantics on, as the tests have it (and a screen reader), and a mouse: a phone has none."""
    page = field.page
    if not page.evaluate(OVERLAID):
        return
    field.hover()
    for _ in range(40):
        if not page.evaluate(OVERLAID):
            return
        page.wait_for_timeout(50)


def type_into(page: Page, label: str, value: str) -> None:
    """Fill a text field; fill again if a late re-render from the last action cleared it, or,
    where the app's trace is read (tests/support/app/trace.py), if the text never reached the
    app: a field can show what was typed while its change never left a busy browser (the sheet's
    "Add round 2" stayed disabled, its four fields filled). A field already holding `value`
    sends no change and is left as it is."""
    field = host(page).get_by_role("textbox", name=label)
    if field.input_value() == value:
        return
    for _ in range(5):
        trace = Trace(page)
        settled(field)
        no_tooltip_over(field)
        field.click()
        field.fill(value)
        page.wait_for_timeout(150)
        if field.input_value() != value:
            continue
        if not trace.available or reached_within(page, trace, ("change",), FIRST_WAIT):
            return
        field.fill("")  # so that filling it again is a change of its own
    raise AssertionError(f"the field {label!r} would not keep {value!r}")


def add_players(page: Page, *names: str) -> None:
    """Type each name into the new-match screen's field and press Enter, as a scorekeeper does.

    Enter is pressed again (on the field itself, the name typed again if it has gone from the
    field) only while the app's trace shows the last Enter never reached it
    (tests/support/app/trace.py): an Enter that reached the app and added no row fails the test."""
    field = host(page).get_by_role("textbox", name="Player name")
    for i, name in enumerate(names):
        type_into(page, "Player name", name)

        def enter(name: str = name) -> None:
            if field.input_value() != name:
                type_into(page, "Player name", name)
            field.press("Enter")

        tap_until(page, enter, lambda ms, n=i + 1: see(page, f"{n}.", timeout=ms),
                  events=("submit",))


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
