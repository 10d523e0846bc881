"""Ratel's passes on a 412 x 915 phone: Pass within thumb reach at 3 to 6 players, a trick no one
can beat ended with one tap, and a 6-player match played to its end.

Expected figures are worked out by hand from the rulings (R1-R7). Screenshots go to
/tmp/ratelpass/ for a person to look at.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from scoring import ratel
from tests.support.app.process import PHONE
from tests.support.app.ratel import expect_row, new_match, turn
from tests.support.app.ui import button, open_page, see

PLAYERS = ["Ann", "Ben", "Cleo", "Dan", "Eli", "Fay"]
ALL_PASS = "Nobody can beat it: all pass"


def lead(n: int) -> ratel.Match:
    """A lead after a trick won: the count row and what the last trick did are shown."""
    m = ratel.Match(PLAYERS[:n])
    m.play(1, -2)
    for _ in range(n - 1):
        m.pass_turn()
    return m


def answer(n: int) -> ratel.Match:
    """A trick with two plays and a pass on the table after one trick won; +2 can be beaten."""
    m = lead(n)
    m.play(1, -1)
    m.play(1, 2)
    m.pass_turn()
    return m


def unbeatable(n: int) -> ratel.Match:
    """As `answer`, then +5 on top: nobody can beat it, and the one tap is offered."""
    m = answer(n)
    m.play(1, 5)
    return m


BUILDS = {"lead": lead, "answer": answer, "unbeatable": unbeatable}
SEEDS = {f"{kind}-{n}": (lambda build=build, n=n: build(n))
         for kind, build in BUILDS.items() for n in range(3, 7)}


def shot(page: Page, name: str) -> None:
    page.wait_for_timeout(800)  # a busy machine paints a moment after the semantics tree
    page.screenshot(path=f"/tmp/ratelpass/{name}.png")


def assert_in_thumb_reach(control: Locator, what: str) -> None:
    """On screen without scrolling, 48 px tall at least, and in the lower two thirds of the
    screen, where a thumb reaches holding the phone in one hand (the thumb zone of issue 31)."""
    box = control.bounding_box()
    assert box is not None, f"{what} is not on the page"
    top, bottom = box["y"], box["y"] + box["height"]
    assert box["height"] >= 48, f"{what} is {box['height']} px tall"
    assert 0 <= box["x"] and box["x"] + box["width"] <= PHONE["width"], f"{what}: {box}"
    assert bottom <= PHONE["height"], f"{what} needs scrolling: {box}"
    assert top >= PHONE["height"] / 3, f"{what} sits too high for a thumb: {box}"


@pytest.mark.parametrize("n", range(3, 7))
@pytest.mark.parametrize("kind", BUILDS)
def test_pass_is_within_thumb_reach(app, phone, kind: str, n: int) -> None:
    open_page(phone, f"{app.url}/match/{app.seeded[f'{kind}-{n}']}")
    turn(phone, BUILDS[kind](n).current)
    assert_in_thumb_reach(button(phone, "Pass"), "Pass")
    if kind == "lead":
        expect(button(phone, "Pass")).to_be_disabled()  # R2: the leader plays
    if kind == "unbeatable":
        assert_in_thumb_reach(button(phone, ALL_PASS), ALL_PASS)
    else:
        expect(button(phone, ALL_PASS)).to_have_count(0)
    if n >= 5:
        shot(phone, f"{kind}-{n}")


def lead_play(page: Page, player: str, count: int, value: str) -> None:
    turn(page, player)
    label = "1 card" if count == 1 else f"{count} cards"
    button(page, label).click()
    button(page, f"{label}, selected").wait_for()
    button(page, f"Play {count} x {value}").click()
    expect(page.locator("flt-semantics-host").get_by_text(
        re.compile(rf"^{player} to play$"))).to_have_count(0)


def all_pass(page: Page, why: str, ended: str) -> None:
    """Tap the one tap for everyone's pass, checking where it sits and why it is offered."""
    see(page, why)
    assert_in_thumb_reach(button(page, ALL_PASS), ALL_PASS)
    assert_in_thumb_reach(button(page, "Pass"), "Pass")
    button(page, ALL_PASS).click()
    see(page, ended)


def test_six_players_play_a_short_game_to_its_end_with_one_tap_tricks(app, phone) -> None:
    # Each trick is one nobody can beat, so every trick takes one tap for all the passes.
    new_match(phone, app.url, *PLAYERS, mode="Short game: 1 damage loses")
    see(phone, "Round 1 · Ann leads")

    # Ann: 5 x +5 (nothing beats it), then 5 x +4 (only one +5 may still be in a hand).
    lead_play(phone, "Ann", 5, "+5")
    see(phone, "Nobody can beat Ann's 5 x +5: nothing beats +5. One tap passes for Ben, Cleo, "
               "Dan, Eli and Fay.")
    shot(phone, "match-6-unbeatable")
    all_pass(phone, "nothing beats +5", "Ann wins with +5 and has no cards to take.")
    expect_row(phone, "Ann", "5 cards, 0 of 1 damage; leads; to play")
    lead_play(phone, "Ann", 5, "+4")
    all_pass(phone, "no higher value has 5 copies left (+5: 1 left)",
             "Ann wins with +4 and has no cards to take.")
    see(phone, "Ann escapes!")
    see(phone, "Ben leads the next trick.")
    # Undo takes back the whole trick's passes in one step, and Redo puts them back.
    button(phone, "Undo").click()
    see(phone, "Undone: Ben, Cleo, Dan, Eli and Fay pass: nobody can beat Ann's 5 x +4")
    expect_row(phone, "Ann", "0 cards, 0 of 1 damage; leads; played 5 x +4")
    button(phone, "Redo").click()
    see(phone, "Ann escapes!")
    expect_row(phone, "Ann", "escaped 1st, 0 of 1 damage")

    # Ben: 5 x +3 and 5 x +2; Cleo: 5 x +1 and 5 x -1: one copy of each higher value is left.
    for player, first, second in (("Ben", "+3", "+2"), ("Cleo", "+1", "−1")):
        lead_play(phone, player, 5, first)
        all_pass(phone, "no higher value has 5 copies left",
                 f"{player} wins with {first} and has no cards to take.")
        lead_play(phone, player, 5, second)
        all_pass(phone, "no higher value has 5 copies left", f"{player} escapes!")
    # Dan: 5 x -2, discards 2 (3 left); 3 x -3 beats nothing left and he escapes.
    lead_play(phone, "Dan", 5, "−2")
    all_pass(phone, "no higher value has 5 copies left", "Dan wins with −2 and discards 2 cards.")
    lead_play(phone, "Dan", 3, "−3")
    all_pass(phone, "no higher value has 3 copies left", "Dan escapes!")
    # Eli: 6 x -4; -3 has three copies left, the rest one: Fay, the only one to answer, cannot
    # beat it and her Pass is the one tap (no second button doing the same). Eli discards his
    # last 4 and escapes; Fay, the last holding cards, takes the damage that loses (R5).
    lead_play(phone, "Eli", 6, "−4")
    see(phone, "Fay cannot beat Eli's 6 x −4: no higher value has 6 copies left (at most 3 of "
               "any). Pass.")
    expect(button(phone, ALL_PASS)).to_have_count(0)
    assert_in_thumb_reach(button(phone, "Pass"), "Pass")
    shot(phone, "match-6-last-answer")
    button(phone, "Pass").click()
    see(phone, "Eli wins with −4 and discards 4 cards.")
    see(phone, "Round 1 is over. Fay takes 1 damage (1 in total).")
    see(phone, "Game over: Fay loses!")
    expect(button(phone, "Pass")).to_have_count(0)
    shot(phone, "match-6-over")
