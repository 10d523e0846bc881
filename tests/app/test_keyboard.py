"""Any hand (issue 31): a turn of every game, reopening a match from Home and adding players, with
the keyboard alone (Tab, Shift+Tab, Enter, Space), and a focus ring that shows (>= 3:1)."""

from __future__ import annotations

import math
import re

from playwright.sync_api import Page, expect

from tests.support.app.keyboard import focus_becomes, ring_change, tab_to
from tests.support.app.ui import host, open_page, see, text
from tests.support.games import hook

SEEDS = {"caro": hook("caro").in_play, "careta": hook("careta").fresh,
         "ratel": hook("ratel").fresh, "carrera": hook("carrera").fresh,
         "caro ring": hook("caro").in_play}


def open_seeded(page: Page, app, name: str, sign: str) -> None:
    open_page(page, f"{app.url}/match/{app.seeded[name]}")
    see(page, sign)


def test_a_caro_turn_with_the_keyboard_alone(app, phone) -> None:
    open_seeded(phone, app, "caro", "Ann to lay")
    tab_to(phone, "Lay red")
    phone.keyboard.press("Space")
    cell = tab_to(phone, re.compile(r".*scores"))
    phone.keyboard.press("Enter")
    see(phone, "Ann laid red at row")
    assert cell, "a legal cell took the focus"


def test_a_careta_turn_with_the_keyboard_alone(app, phone) -> None:
    open_seeded(phone, app, "careta", "Start set 1")
    tab_to(phone, "Start set 1")
    phone.keyboard.press("Enter")
    see(phone, "Set 1 begins")
    tab_to(phone, re.compile(r"^UP$"))
    phone.keyboard.press("Space")
    see(phone, "Ben starts and plays UP.")
    tab_to(phone, "State 7")
    phone.keyboard.press("Enter")
    see(phone, "Ben plays a card and states 7.")
    tab_to(phone, re.compile(r"^PASS$"))
    phone.keyboard.press("Space")
    see(phone, "Cleo plays a card and says PASS.")


def test_a_ratel_turn_with_the_keyboard_alone(app, phone) -> None:
    open_seeded(phone, app, "ratel", "Ann to play")
    tab_to(phone, "2 cards")
    phone.keyboard.press("Space")
    tab_to(phone, "Play 2 x −5")
    phone.keyboard.press("Enter")
    expect(text(phone, "Ben to play", exact=True)).to_be_visible()


def test_a_carrera_turn_with_the_keyboard_alone(app, phone) -> None:
    open_seeded(phone, app, "carrera", "Ann leads trick 1")
    tab_to(phone, "Play 3 with 2 fuel")
    phone.keyboard.press("Enter")
    text(phone, "Ann leads trick 1", exact=True).wait_for(state="detached")
    # Shift+Tab goes back through the cards: the face-down card sits before them.
    tab_to(phone, "Play 5 with no fuel")
    tab_to(phone, "Play face down", back=True)
    phone.keyboard.press("Space")
    see(phone, "Cleo")  # the third player's turn: two cards played, each by one key


def test_a_match_reopened_from_home_and_players_added_with_the_keyboard_alone(
        app, phone) -> None:
    open_page(phone, app.url)
    see(phone, "Continue")
    # Export and Delete are buttons beside Open, each a tab stop of its own, not inside it.
    tab_to(phone, "New Careta match")
    name = tab_to(phone, "Open Caro", back=True)
    assert "Export" not in name and "Delete" not in name, name
    phone.keyboard.press("Enter")
    see(phone, "Ann to lay")

    open_page(phone, app.url)
    see(phone, "Continue")
    tab_to(phone, "New Caro match")
    phone.keyboard.press("Enter")
    field = host(phone).get_by_role("textbox", name="Player name")
    for _ in range(30):  # the name field: focus moves into its own input element
        phone.keyboard.press("Tab")
        if field.evaluate("e => e === document.activeElement || e.contains(document."
                          "activeElement)") or phone.evaluate(
                "document.activeElement.tagName") == "INPUT":
            break
    # Enter adds the name and leaves the focus in the field: the next name is typed at once.
    for n, player in enumerate(("Ann", "Ben", "Cleo"), start=1):
        phone.keyboard.type(player)
        phone.keyboard.press("Enter")
        see(phone, f"{n}.")
    expect(text(phone, "Cleo", exact=True)).to_be_visible()


def outline(box: dict) -> float:
    """The perimeter of the ellipse inside the control's box: its outline where it is round
    (Back, the chips), less than its box's where it is square."""
    return math.pi * (box["width"] + box["height"]) / 2


def test_the_focus_changes_what_it_is_on_by_at_least_3_to_1(app, phone) -> None:
    open_seeded(phone, app, "caro ring", "Ann to lay")
    for name, tab in (("Back", "Back"), ("the red chip", "Lay red")):
        target = tab_to(phone, tab)
        box = phone.evaluate("""() => { const r = document.activeElement.getBoundingClientRect();
            return {x: r.x, y: r.y, width: r.width, height: r.height}; }""")
        unfocused = None
        for _ in range(20):  # the highlight fades in: looked at until it is drawn
            lit = phone.screenshot(clip=box)
            if unfocused is None:
                phone.keyboard.press("Tab")  # the focus moves on: the same box, unfocused
                assert focus_becomes(phone, lambda now, t=target: now != t)
                phone.wait_for_timeout(500)
                unfocused = phone.screenshot(clip=box)
                phone.keyboard.press("Shift+Tab")
                assert focus_becomes(phone, lambda now, t=target: now == t)
            contrast, count = ring_change(unfocused, lit)
            if count >= 2 * outline(box):
                break
            phone.wait_for_timeout(250)
        # WCAG 2.4.13: an area at least a 2 px line round the control changes by >= 3:1.
        assert count >= 2 * outline(box), (name, contrast, count, outline(box), box)
