"""Ratel as a table plays it: plays and passes tapped in, a round entered as its result only.

Every expected figure below is worked out by hand from the rulings (R1-R7 of docs/rulings.md), not
read back from the engine.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.support.app.ratel import expect_row, new_match, turn
from tests.support.app.ui import (
    assert_buttons_named,
    button,
    choose_radio,
    go_to,
    host,
    open_page,
    see,
    text,
    type_into,
)

STANDARD = "Standard: 2 damage loses"
PENALTY = "Penalty points: cards left in hand count"


def play(page: Page, player: str, count: int, value: str) -> None:
    """`player` picks the count (only a leader has the count row) and taps the value."""
    turn(page, player)
    label = "1 card" if count == 1 else f"{count} cards"
    if button(page, label).count():
        button(page, label).click()
        button(page, f"{label}, selected").wait_for()
    button(page, f"Play {count} x {value}").click()


def pass_turn(page: Page, player: str) -> None:
    turn(page, player)
    button(page, "Pass").click()


def test_a_round_trick_by_trick_then_a_round_by_result(app, phone) -> None:
    # The penalty limit is offered only for the penalty game.
    open_page(phone, app.url)
    button(phone, "New Ratel match").click()
    expect(host(phone).get_by_role("radio", name=STANDARD)).to_be_checked()
    expect(button(phone, "More penalty points")).to_have_count(0)
    choose_radio(phone, PENALTY)
    see(phone, "15 penalty points")
    choose_radio(phone, STANDARD)
    expect(button(phone, "More penalty points")).to_have_count(0)

    new_match(phone, app.url, "Ann", "Ben", "Cleo")
    see(phone, "Round 1 · Ann leads")
    see(phone, "Standard game: 2 damage loses")
    for name in ("Ben", "Cleo"):  # R1: 10 cards each, no damage yet
        expect_row(phone, name, "10 cards, 0 of 2 damage")
    expect_row(phone, "Ann", "10 cards, 0 of 2 damage; leads; to play")
    expect(button(phone, "Pass")).to_be_disabled()  # R2: the leader of an empty trick plays

    # Trick 1: -1, +2, +3, two passes: Cleo wins with +3 and takes 2 of the 2 other cards (R3).
    leader_at = button(phone, "Play 1 x +5").bounding_box()
    play(phone, "Ann", 1, "−1")
    see(phone, "Beat Ann's 1 x −1 with 1 card of a higher value, or pass.")
    assert_buttons_named(phone)  # the count and value buttons are one named node each
    for value in ("−5", "−2", "−1"):  # only higher values may follow
        expect(button(phone, f"Play 1 x {value}")).to_be_disabled()
    # The count is fixed by the lead (R2): shown picked, none tappable, and the card buttons
    # stay where the leader's were (the round's first play took away the entry switch, above
    # the pad before, and the count row went: the cards jumped up to 122 px).
    expect(button(phone, "1 card, selected")).to_be_disabled()
    expect(button(phone, "2 cards")).to_be_disabled()
    assert button(phone, "Play 1 x +5").bounding_box()["y"] == leader_at["y"]
    play(phone, "Ben", 1, "+2")
    play(phone, "Cleo", 1, "+3")
    expect_row(phone, "Ben", "9 cards, 0 of 2 damage; played 1 x +2")
    see(phone, "Trick so far (3 cards on the table)")
    pass_turn(phone, "Ann")
    expect_row(phone, "Ann", "9 cards, 0 of 2 damage; leads; passed")
    pass_turn(phone, "Ben")
    see(phone, "Cleo wins with +3 and takes 2 cards.")
    see(phone, "Cleo leads the next trick.")
    expect_row(phone, "Cleo", "11 cards, 0 of 2 damage; leads; to play")
    expect_row(phone, "Ann", "9 cards, 0 of 2 damage")
    expect_row(phone, "Ben", "9 cards, 0 of 2 damage")

    # Trick 2: Cleo 5 x -5 and everyone passes: she discards 5 (11 - 5 - 5 = 1).
    play(phone, "Cleo", 5, "−5")
    expect_row(phone, "Cleo", "6 cards, 0 of 2 damage; leads; played 5 x −5")
    pass_turn(phone, "Ann")
    expect_row(phone, "Ann", "9 cards, 0 of 2 damage; passed")
    pass_turn(phone, "Ben")
    see(phone, "Cleo wins with −5 and discards 5 cards.")
    expect_row(phone, "Cleo", "1 card, 0 of 2 damage; leads; to play")

    # Trick 3: Cleo plays her last card; the others pass; +5 finds nothing to take; she escapes
    # and Ann, next in turn with cards, leads (R4).
    expect(button(phone, "2 cards")).to_be_disabled()  # she holds 1 card
    play(phone, "Cleo", 1, "+5")
    see(phone, "Cleo plays 1 x +5 and has no cards left.")
    see(phone, "Nobody can beat Cleo's 1 x +5: nothing beats +5. One tap passes for Ann and Ben.")
    pass_turn(phone, "Ann")
    expect_row(phone, "Ann", "9 cards, 0 of 2 damage; passed")
    pass_turn(phone, "Ben")
    see(phone, "Cleo wins with +5 and has no cards to take.")
    see(phone, "Cleo escapes!")
    see(phone, "Ann leads the next trick.")
    see(phone, "Round 1 · Ann leads")
    see(phone, "Escaped: Cleo")
    expect_row(phone, "Cleo", "escaped 1st, 0 of 2 damage")

    # Trick 4: Ann 3 x -4, Ben 3 x -2, Ann passes: Ben discards 2 (9 - 3 - 2 = 4).
    play(phone, "Ann", 3, "−4")
    expect_row(phone, "Ann", "6 cards, 0 of 2 damage; leads; played 3 x −4")
    play(phone, "Ben", 3, "−2")
    pass_turn(phone, "Ann")
    see(phone, "Ben wins with −2 and discards 2 cards.")
    expect_row(phone, "Ben", "4 cards, 0 of 2 damage; leads; to play")

    # Undo once: the trick comes back with Ben's 3 x -2 on top and Ann to play.
    button(phone, "Undo").click()
    see(phone, "Undone: Ann passes. Ben wins the trick with 3 x −2 and discards 2 cards.")
    expect_row(phone, "Ann", "6 cards, 0 of 2 damage; leads; to play")
    expect_row(phone, "Ben", "6 cards, 0 of 2 damage; played 3 x −2")
    see(phone, "Trick so far (6 cards on the table)")
    pass_turn(phone, "Ann")
    expect_row(phone, "Ben", "4 cards, 0 of 2 damage; leads; to play")

    # A reload loses nothing.
    match_url = phone.url
    phone.reload()
    open_page(phone, match_url)
    see(phone, "Round 1 · Ben leads")
    see(phone, "Ben wins with −2 and discards 2 cards.")
    expect_row(phone, "Ann", "6 cards, 0 of 2 damage")
    expect_row(phone, "Ben", "4 cards, 0 of 2 damage; leads; to play")
    expect_row(phone, "Cleo", "escaped 1st, 0 of 2 damage")

    # Trick 5: Ben plays his last 4 cards; Ann (6 cards) passes; Ben escapes, Ann is the last
    # one holding cards: 1 damage, and she leads round 2 (R5).
    play(phone, "Ben", 4, "−3")
    expect_row(phone, "Ann", "6 cards, 0 of 2 damage; to play")
    pass_turn(phone, "Ann")
    see(phone, "Ben wins with −3 and has no cards to discard.")
    see(phone, "Ben escapes!")
    see(phone, "Round 1 is over. Ann takes 1 damage (1 in total).")
    see(phone, "Round 2: everyone has 10 cards again; Ann leads.")
    see(phone, "Round 2 · Ann leads")
    expect_row(phone, "Ann", "10 cards, 1 of 2 damage; leads; to play")
    expect_row(phone, "Ben", "10 cards, 0 of 2 damage")
    expect_row(phone, "Cleo", "10 cards, 0 of 2 damage")
    phone.wait_for_timeout(300)
    width = phone.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 412, f"the page scrolls sideways ({width} px)"

    # Round 2 entered as its result only (R7): Ben, then Cleo escaped; Ann takes her second
    # damage and loses.
    button(phone, "Enter result only").click()
    see(phone, "Tap the players in the order they escaped")
    expect(button(phone, "Record round 2")).to_be_disabled()
    button(phone, "Ben escaped 1st").click()
    button(phone, "Cleo escaped 2nd").click()
    see(phone, "Ann is left holding cards and takes the damage.")
    button(phone, "Record round 2").click()
    see(phone, "Game over: Ann loses!")
    see(phone, "Ben and Cleo win.")
    see(phone, "Round 2 is over. Ann takes 1 damage (2 in total).")
    expect_row(phone, "Ann", "2 of 2 damage")
    expect(button(phone, "Pass")).to_have_count(0)

    phone.reload()
    open_page(phone, match_url)
    see(phone, "Game over: Ann loses!")
    see(phone, "Round 2 · game over")


def test_penalty_points_tracked_then_entered_as_results(app, phone) -> None:
    new_match(phone, app.url, "Ann", "Ben", starter="Ben", mode=PENALTY, limit_steps=-3)
    see(phone, "Round 1 · Ben leads")
    see(phone, "Penalty points: the game ends when anyone reaches 12")
    expect_row(phone, "Ann", "10 cards, 0 of 12 penalty points")

    # Round 1 tracked: Ben 6 x -5, Ann passes: Ben discards his last 4 and goes out, so the
    # round ends at once and Ann scores her 10 cards (R6); Ben leads round 2.
    play(phone, "Ben", 6, "−5")
    expect_row(phone, "Ben", "4 cards, 0 of 12 penalty points; leads; played 6 x −5")
    pass_turn(phone, "Ann")
    see(phone, "Ben wins with −5 and discards 4 cards.")
    see(phone, "Ben escapes!")
    see(phone, "Round 1 is over. Penalty points: Ann +10.")
    see(phone, "Round 2 · Ben leads")
    expect_row(phone, "Ann", "10 cards, 10 of 12 penalty points")
    expect_row(phone, "Ben", "10 cards, 0 of 12 penalty points; leads; to play")

    # Round 2 by result: Ann went out, Ben holds 7 cards.
    button(phone, "Enter result only").click()
    expect(button(phone, "Record round 2")).to_be_disabled()
    choose_radio(phone, "Ann went out")
    see(phone, "Type the cards left in every other hand.")
    type_into(phone, "Ben's cards left", "7")
    see(phone, "Penalty points: Ben +7.")
    button(phone, "Record round 2").click()
    see(phone, "Round 2 is over. Penalty points: Ben +7.")
    see(phone, "Round 3 · Ann leads")
    expect_row(phone, "Ben", "10 cards, 7 of 12 penalty points")

    # Round 3 by result (the choice stays for the next round, and after a reload): Ben went
    # out, Ann's 2 cards take her to 12, the limit: Ben wins.
    see(phone, "Round 3 result")
    match_url = phone.url
    phone.reload()
    open_page(phone, match_url)
    see(phone, "Round 3 result")
    choose_radio(phone, "Ben went out")
    # A hand the deal cannot produce is refused as it is typed (20 cards dealt, the trick that
    # ended the round discarded at least one): Record stays off and nothing is recorded.
    type_into(phone, "Ann's cards left", "40")
    see(phone, "Ann's hand must be a whole number of cards from 0 to 19, not 40.")
    expect(button(phone, "Record round 3")).to_be_disabled()
    # Said right under the fields it is about, above the button (issue 31)
    why = text(phone, "Ann's hand must be a whole number").first.bounding_box()
    last_field = host(phone).get_by_role("textbox", name="Ann's cards left").bounding_box()
    record = button(phone, "Record round 3").bounding_box()
    assert last_field["y"] + last_field["height"] <= why["y"] < record["y"], (last_field, why,
                                                                               record)
    phone.wait_for_timeout(500)
    phone.screenshot(path=str(app.data.parent / "ratel-penalty-refused.png"))
    type_into(phone, "Ann's cards left", "2")
    see(phone, "Penalty points: Ann +2.")
    button(phone, "Record round 3").click()
    see(phone, "Game over: Ben wins!")
    see(phone, "Ann loses.")
    expect_row(phone, "Ann", "12 of 12 penalty points")
    expect_row(phone, "Ben", "7 of 12 penalty points")
    phone.wait_for_timeout(500)
    phone.screenshot(path=str(app.data.parent / "ratel-penalty-end.png"))


@pytest.mark.browser
def test_a_result_only_round_where_the_last_escape_together_and_the_variant_in_lists(
        app, phone) -> None:
    new_match(phone, app.url, "Ann", "Ben", "Cleo", mode="Short game: 1 damage loses")
    match_url = phone.url
    button(phone, "Enter result only").click()
    button(phone, "Ben escaped 1st").click()
    button(phone, "Cleo escaped 2nd").click()
    see(phone, "Ann is left holding cards and takes the damage.")
    # R5: Cleo and Ann shed their last cards in one trick, which Cleo won: nobody takes damage.
    choose_radio(phone, "The last 2 escaped together (Cleo first)")
    see(phone, "Cleo and Ann escaped in one trick: nobody takes damage; Cleo won it and leads.")
    phone.wait_for_timeout(300)
    width = phone.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 412, f"the page scrolls sideways ({width} px)"
    phone.wait_for_timeout(500)
    phone.screenshot(path=str(app.data.parent / "ratel-together.png"))
    button(phone, "Record round 1").click()
    see(phone, "The last players escaped together: nobody takes damage.")
    see(phone, "Round 2 · Cleo leads")
    for name in ("Ann", "Ben"):
        expect_row(phone, name, "10 cards, 0 of 1 damage")

    # Continue (Home) and History say which way each match is played.
    open_page(phone, app.url)
    see(phone, "Ratel (short game): Ann, Ben, Cleo")
    open_page(phone, match_url)
    button(phone, "Enter result only").click()
    button(phone, "Ann escaped 1st").click()
    button(phone, "Ben escaped 2nd").click()
    button(phone, "Record round 2").click()
    see(phone, "Game over: Cleo loses!")
    open_page(phone, app.url)
    go_to(phone, "History", "Export all as JSON")
    see(phone, "Ratel (short game): Ann, Ben, Cleo")
    phone.wait_for_timeout(500)
    phone.screenshot(path=str(app.data.parent / "ratel-history.png"))
