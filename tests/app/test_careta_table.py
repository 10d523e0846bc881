"""Careta at the table (issue 14): cards entered without colours that cannot matter, a lie by
invalid allies that says why, chips as large as Caro's, default team names that name their
members, and "ally used this set" gone once the set is over.

Every expected point below is worked out by hand from the rulings (K1-K11 of docs/rulings.md).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.app.careta import new_match, points, seat, tap
from tests.support.app.ui import button, choose_radio, host, open_page, see, text
from tests.support.storage import finished

SHOTS = "/tmp/tablecards-shots"
SEEDS = {"team_won": finished.careta_team_finished}  # Moons (Ben, Dan) win 1-0


CHIP = 48  # px at least: a name line, a 20 px figure line and the chip's padding


def shot(page: Page, name: str) -> None:
    page.wait_for_timeout(500)
    page.screenshot(path=f"{SHOTS}/{name}.png")


def chip_height(page: Page, value: str) -> float:
    """The height of the scoreboard chip showing `value`: one node, named with its figure
    ("Ann, 0/10"), as the semantics tree lays it out."""
    box = text(page, re.compile(rf", {re.escape(value)}(, |$)"), exact=True).first.bounding_box()
    assert box is not None, value
    return box["height"]


@pytest.mark.browser
def test_colours_are_asked_only_where_they_decide_and_a_lie_says_why(app, phone) -> None:
    new_match(phone, app.url, "Ann", "Ben")
    button(phone, "Start match").click()
    tap(phone, re.compile(r"^Start set 1 \(Ann deals\)"), "Set 1 begins")
    # The chips read as large as Caro's (20 px figures, not 13 px): name, figure and padding.
    assert chip_height(phone, "0/10") >= CHIP

    # Game 1, UP: Ben plays card and ally at once and states 11; Ann doubts. A 5 and a 6 are
    # red and yellow: their colours decide whether they are valid allies, so both are asked.
    tap(phone, "UP", "Game 1 of set 1: Ben starts and plays UP.")
    host(phone).get_by_role("switch", name="Card and ally at once").click()
    button(phone, "State 24").wait_for()
    tap(phone, "State 11", "Ben plays a card with an ally and states 11.")
    button(phone, "Doubt Ben's 11").click()
    button(phone, "Ann doubts").click()
    button(phone, "Enter the cards").click()
    button(phone, "Number 5").click()
    see(phone, "Cards shown: 1 of 2")
    button(phone, "Number 6").click()
    see(phone, "Which 5? Its secondary colour (the character) decides whether the two cards are "
               "valid allies.")
    shot(phone, "careta-01-which-5")
    button(phone, "5 red/blue").click()
    see(phone, "Which 6?")
    button(phone, "6 yellow/green").click()
    # K3: 5 red/blue and 6 yellow/green share no colour: a lie though 5 + 6 is the 11 stated.
    tap(phone, "Check the cards", "Ben lied (5 red/blue and 6 yellow/green are not valid allies, "
                                  "though they make 11)")
    shot(phone, "careta-02-lie-says-why")
    points(phone, "Ann", 1)

    # Ann states 7; Ben (out, but he may doubt: K7) doubts; one card: no colour is asked at all.
    tap(phone, "State 7", "Ann plays a card and states 7.")
    button(phone, "Doubt Ann's 7").click()
    button(phone, "Ben doubts").click()
    button(phone, "Enter the cards").click()
    button(phone, "Number 7").click()
    expect(text(phone, "Which 7?")).to_have_count(0)
    expect(button(phone, "7 blue/green")).to_have_count(0)
    expect(button(phone, "Check the cards")).to_be_enabled()
    shot(phone, "careta-03-one-card")
    tap(phone, "Check the cards", "Ben doubts Ann's 7 (showed 7 blue). Ann told the truth: +1.")
    tap(phone, "End game 1", "Game 1 ends. Ann wins with 7: +1.")
    points(phone, "Ann", 3)

    # Games 2 and 3: Ann wins both, truthful. Ben's ally is used for the whole set...
    for game, starter, other, first, second in ((2, "Ann", "Ben", 3, 2),
                                                (3, "Ben", "Ann", 1, 2)):
        tap(phone, "UP", f"Game {game} of set 1: {starter} starts and plays UP.")
        tap(phone, f"State {first}", f"{starter} plays a card and states {first}.")
        tap(phone, f"State {second}", f"{other} plays a card and states {second}.")
        if game == 2:
            seat(phone, "Ben", "states 2 · ally used this set")
        button(phone, "Ann told the truth").click()
        tap(phone, f"End game {game}", f"Game {game} ends. Ann wins with")
    see(phone, "Set 1 is over.")
    points(phone, "Ann", 5)
    # ... and no longer once the set is over: the next set gives everyone an ally again.
    seat(phone, "Ben", "waiting")
    assert chip_height(phone, "5/10") >= CHIP
    shot(phone, "careta-04-set-over")


@pytest.mark.browser
def test_default_team_names_name_their_members(app, phone) -> None:
    new_match(phone, app.url, "Ann", "Ben", "Cleo", "Dan")
    choose_radio(phone, "Teams 2v2")
    # The team rows come from the server: once they show, it has the choice (a Start tapped
    # sooner, on a busy machine, could start the match it knew of, without teams).
    host(phone).get_by_role("textbox", name="Name of team A").wait_for()
    button(phone, "Start match").click()
    see(phone, "Deck Master: Ann")
    # A chip is one node, its name and figure together: "Team A (Ann, Cleo), 0/10".
    chip = text(phone, re.compile(r"^Team A \((\w+), (\w+)\), 0/10$"), exact=True).first
    expect(chip).to_be_visible()
    members = re.match(r"^Team A \((\w+), (\w+)\)", chip.inner_text())
    assert members is not None and "Ann" in members.groups()
    shot(phone, "careta-05-team-chips")
    button(phone, "Big scoreboard").click()
    see(phone, re.compile(r"^Team A \(\w+, \w+\): 0/10"))
    see(phone, re.compile(r"^Team B \(\w+, \w+\): 0/10"))
    shot(phone, "careta-06-team-board")

    # A single 0 doubted: its suit does not count, so none is asked; the card shows colourless.
    button(phone, "Back").click() if button(phone, "Back").count() else None
    tap(phone, re.compile(r"^Start set 1 \(Ann deals\)"), "Set 1 begins")
    tap(phone, "UP", "Game 1 of set 1: Ben starts and plays UP.")
    tap(phone, "State 0", "Ben plays a card and states 0.")
    button(phone, "Doubt Ben's 0").click()
    button(phone, "Ann doubts").click()
    button(phone, "Enter the cards").click()
    button(phone, "Number 0").click()
    expect(text(phone, "Which 0?")).to_have_count(0)
    tap(phone, "Check the cards", "Ann doubts Ben's 0 (showed a 0). Ben told the truth: +1 for "
                                  "Team B.")
    expect(text(phone, re.compile(r"^Team B \(Ben, Dan\), 1/10(, ahead)?$"),
                exact=True)).to_be_visible()
    shot(phone, "careta-07-zero-shown")


@pytest.mark.browser
def test_a_team_win_marks_the_teams_row_and_names_the_team(app, phone) -> None:
    board = f"{app.url}/match/{app.seeded['team_won']}"
    open_page(phone, f"{board}/board")
    see(phone, "Game over: Moons (Ben, Dan) wins!")
    row = phone.locator("[flt-semantics-identifier='board-row-Moons (Ben, Dan)']")
    expect(row).to_contain_text("Moons (Ben, Dan): 1/1, winner")
    other = phone.locator("[flt-semantics-identifier='board-row-Suns (Ann, Cleo)']")
    expect(other).to_contain_text("Suns (Ann, Cleo): 0/1")
    expect(other).not_to_contain_text("winner")
    shot(phone, "careta-08-team-won-board")

    # The game-over screen: the team's chip wears the trophy, the headline names the team.
    open_page(phone, board)
    see(phone, "Moons wins the match! (Ben, Dan)")
    see(phone, "1 point, target 1.")
    # The trophy is the winning team's chip's, said with its name (one node a chip).
    expect(text(phone, re.compile(r", winner$"), exact=True)).to_have_count(1)
    expect(text(phone, re.compile(r"^Moons \(Ben, Dan\), .*, winner$"),
                exact=True)).to_have_count(1)
    phone.wait_for_timeout(2000)  # the canvas paints a moment after the semantics tree
    shot(phone, "careta-09-team-won-match")

    # History: the row says the team won, not only its players.
    open_page(phone, f"{app.url}/history")
    row = button(phone, re.compile(r"^Open Careta: Ann, Ben, Cleo, Dan"))
    expect(row).to_have_accessible_name(re.compile(r"Won by Moons \(Ben, Dan\): "))
    shot(phone, "careta-10-team-won-history")
