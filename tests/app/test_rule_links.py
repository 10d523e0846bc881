"""A refusal names its ruling beside its sentence: "Why?" opens the rules sheet at that ruling
(issue 30)."""

from __future__ import annotations

from tests.support.app.carrera import new_match, play
from tests.support.app.ui import button, see, text


def in_view(phone, locator) -> bool:
    box = locator.bounding_box()
    height = phone.viewport_size["height"]
    return box is not None and 0 <= box["y"] and box["y"] + min(box["height"], 40) <= height


def test_why_on_a_refusal_opens_the_rules_sheet_at_its_ruling(app, phone) -> None:
    new_match(phone, app.url, "Ann", "Ben", "Cleo")
    play(phone, "3")
    button(phone, "Card 3, face up already").click()  # greyed, and the engine says why (M2)
    see(phone, "Ann already played a 3 face up in this trick; no two cards of a suit: Ben must "
               "play another suit or face down.")
    assert text(phone, "(M2)").count() == 0  # the ruling is a link, not a code in the sentence
    button(phone, "Why?").click()
    see(phone, "My Favorite Carrera RS: rules")
    ruling = text(phone, "A face-down card never takes fuel").first
    ruling.wait_for()
    phone.wait_for_timeout(1000)  # the scroll runs after the sheet is drawn
    # M2 is far down the sheet (after the game in short and the screen's guide): on screen only
    # when the sheet opened there; its top is then above the screen.
    assert in_view(phone, ruling)
    top = text(phone, "My Favorite Carrera RS in short")
    assert top.count() == 0 or not in_view(phone, top.first)
    button(phone, "Back").click()
    see(phone, "Ben plays to trick 1")
