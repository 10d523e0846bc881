"""A long option label wraps inside a phone's screen, and a tap on its wrapped text picks it
(companion/widgets/option_choice.py): Carrera's tie rule "Ask" in German, at its full length,
is two lines on a 412 px phone, its text's box inside the screen, read from the screenshot's
pixels."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.app.language import phone_in
from tests.support.app.option_labels import RADIO, text_lines
from tests.support.app.trace import tap_until
from tests.support.app.ui import choose_radio, host, open_page

LONG = "Fragen: Der Punkteschreiber wählt unter den Spielern mit gleichem Tempo"
SHORT = "Die zuletzt gespielte Karte gewinnt"


@pytest.mark.browser
def test_a_long_german_choice_wraps_on_the_phone_and_its_second_line_picks_it(
        app, browser) -> None:
    phone = phone_in(browser, "de-DE")
    open_page(phone, f"{app.url}/new/carrera")
    long, short = (host(phone).get_by_role("radio", name=name) for name in (LONG, SHORT))
    expect(long).to_be_checked()
    phone.wait_for_timeout(1000)  # a busy machine paints a moment after the semantics tree

    box = long.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 412, box
    assert box["height"] >= 48, box
    lines = text_lines(phone, long)
    assert len(lines) == 2, lines  # wrapped, not run off the screen
    assert len(text_lines(phone, short)) == 1  # (the reading tells one line from two)
    phone.screenshot(path="/tmp/option-labels-de.png")

    choose_radio(phone, SHORT)
    expect(long).not_to_be_checked()
    # A tap on the second line of the label, well right of the radio.
    box = long.bounding_box()
    assert box is not None
    second = lines[1]
    x, y = box["x"] + RADIO + 20, box["y"] + (second[0] + second[1]) / 2
    tap_until(phone, lambda: phone.mouse.click(x, y),
              lambda ms: expect(long).to_be_checked(timeout=ms), events=("change", "click"))
    expect(short).not_to_be_checked()
