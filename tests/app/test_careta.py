"""Careta as a table plays it: a whole set with a Cause, doubts, allies, an unmasking and a tie,
then Undo and a reload; and a team match created with the teams seated alternately.

Every expected point below is worked out by hand from the rulings (K1-K11 of docs/rulings.md), not
read back from the engine.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from companion.games.careta.options import create
from companion.games.careta.seats import seat_line
from scoring import careta
from scoring.core import RuleViolation
from tests.support.app.careta import new_match, points, seat, tap
from tests.support.app.caro_grid import shown_to
from tests.support.app.ui import (
    assert_buttons_named,
    button,
    choose_radio,
    host,
    open_page,
    see,
    text,
    type_into,
)

# Each browser test checks the new-match screen's tap targets as a first-time user sees it: on a
# data folder with other matches the shared player picker adds a chip per past player (40 px tall,
# under Careta's 48), so each gets an app of its own.
pytestmark = pytest.mark.own_app

SHOTS = os.environ.get("CARETA_SHOTS")  # a folder: keep phone-size screenshots while working


# Not Careta's, so not held to its 48 px here: the app bar's Back (40) and the shared player
# picker's name field (46).
OTHERS = ("Back", "Player name")


def assert_tap_targets(page: Page) -> None:
    """Everything tappable that is wholly on screen is at least 48 px tall (a node cut by the
    edges of the scrolling area, under the app bar or above the page's 12 px padding, reads
    shorter, so it is left for another state)."""
    page.wait_for_timeout(400)  # let a panel finish opening
    # The scrolling area ends above the bottom bar on a match screen (issue 31's thumb zone:
    # shown_to, its padding already taken off), elsewhere at the screen's bottom edge less the
    # page's 12 px padding; a node ending within 2 px of that edge is cut by it.
    edge = shown_to(page)
    if not host(page).get_by_role("button", name="Undo", exact=True).count():
        edge -= 12
    low = page.evaluate("""(bottom) => {
        return [...document.querySelectorAll('flt-semantics-host :is([role=button], [role=switch],'
                + ' [role=radio], [role=textbox], input, textarea)')]
            .map(e => [(e.getAttribute('aria-label') || e.textContent).trim(),
                       e.getBoundingClientRect()])
            .filter(([, r]) => r.width > 0 && r.top > 70 && r.bottom < bottom - 2
                               && r.height < 47.5)
            .map(([name, r]) => `${name}: ${Math.round(r.height)} px`)}""", edge)
    low = [x for x in low if x.split(": ")[0] not in OTHERS]
    assert not low, f"tappable controls under 48 px tall: {low}"


def shot(page: Page, name: str) -> None:
    """At each state worth a screenshot, also check that every button has a name of its own and
    is tall enough to tap."""
    assert_buttons_named(page)
    assert_tap_targets(page)
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.wait_for_timeout(500)
        page.screenshot(path=f"{SHOTS}/{name}.png")


def test_create_applies_the_options_and_the_alternate_seating() -> None:
    values = {"target": 12, "rotate": True, "layout": "2v2", "team_names": ["Suns", ""],
              "assign": {"Ben": 0, "Cleo": 1}, "alternate": True}
    match = create(["Ann", "Ben", "Cleo", "Dan"], "Dan", values)
    assert match.players == ["Ann", "Cleo", "Ben", "Dan"]  # K10: teammates apart
    # A team left unnamed is kept as its letter, a value each device says ("Team B").
    assert match.teams == {"Suns": ["Ann", "Ben"], "B": ["Cleo", "Dan"]}
    assert match.unnamed_teams == ["B"] and str(match.side_name("B")) == "Team B"
    assert (match.deck_master, match.target, match.rotate_deck_master) == ("Dan", 12, True)
    plain = create(["Ann", "Ben", "Cleo"], "Ben", {"target": 10})
    assert (plain.players, plain.teams, plain.deck_master) == (["Ann", "Ben", "Cleo"], None, "Ben")


def test_teams_that_do_not_fit_are_refused_with_a_reason() -> None:
    with pytest.raises(RuleViolation, match="2v2 is for 4 players; you have 5"):
        create(["Ann", "Ben", "Cleo", "Dan", "Eve"], "Ann", {"layout": "2v2"})
    with pytest.raises(RuleViolation, match="Two teams are called “suns”"):
        create(["Ann", "Ben", "Cleo", "Dan"], "Ann", {"layout": "2v2",
                                                     "team_names": ["Suns", "suns"]})


def test_a_seat_reads_as_the_table_says_it() -> None:
    match = careta.Match(["Ann", "Ben", "Cleo"])
    match.start_set()
    match.start_game(careta.DOWN)
    assert seat_line(match, "Ben") == "Ben: to play"
    match.play("Ben", -3, with_ally=True)
    match.doubt(["Ann"], False)
    match.play("Cleo", careta.PASS)
    assert seat_line(match, "Ben") == (
        "Ben: states \u22123 with an ally · unmasked, out of this game · ally used this set")
    assert seat_line(match, "Cleo") == "Cleo: PASS"
    assert seat_line(match, "Ann") == "Ann: to play"


TARGET = re.compile(r"^\d+ points?$")  # the target stepper's value


def target_down_to(page: Page, n: int) -> None:
    """Tap "Less points" one step at a time (each waits for the new value) down to `n`."""
    value = text(page, TARGET)
    current = int(value.inner_text().split()[0])
    for k in range(current - 1, n - 1, -1):
        button(page, "Less points").click()
        expect(value).to_have_text(f"{k} point" if k == 1 else f"{k} points")


def test_a_set_with_a_cause_doubts_an_ally_an_unmasking_and_a_tie(app, phone) -> None:
    new_match(phone, app.url, "Ann", "Ben", "Cleo")
    shot(phone, "01-new-match")
    button(phone, "Start match").click()
    see(phone, "Deck Master: Ann · first to 10")
    tap(phone, re.compile(r"^Start set 1 \(Ann deals\)"), "Set 1 begins")
    see(phone, "Ben starts game 1: UP or DOWN?")  # K4: the player after the Deck Master

    # K9: Cleo claims Cause before her first card; Ann doubts; the 4 cards decide (one per suit).
    button(phone, "Cause for Cleo").click()
    expect(button(phone, "Cleo doubts")).to_be_disabled()
    nobody = button(phone, "Nobody doubts Cleo")
    expect(nobody).to_be_enabled()
    button(phone, "Ann doubts").click()
    expect(nobody).to_be_disabled()  # a tap on it would drop Ann's doubt
    button(phone, "Ann doubts").click()
    expect(nobody).to_be_enabled()
    button(phone, "Ann doubts").click()
    expect(nobody).to_be_disabled()
    button(phone, "Enter the 4 cards").click()
    for number in (1, 2, 3, 4):  # K9: suits count, secondary colours never: none is asked
        button(phone, f"Number {number}").click()
        see(phone, f"Cards shown: {number} of 4")  # the picker is drawn anew before the next tap
    expect(text(phone, "Its secondary colour")).to_have_count(0)
    expect(button(phone, "Check the cards")).to_be_enabled()
    shot(phone, "02-cause-cards")
    tap(phone, "Check the cards", "Cleo had Cause: +2.")
    points(phone, "Cleo", 2)

    # Game 1, UP. Ben states 7; Ann and Cleo doubt; it was a lie: the first doubter after Ben in
    # turn order (Cleo) scores, Ben has no point to lose and is out (K7).
    tap(phone, "UP", "Game 1 of set 1: Ben starts and plays UP.")
    expect(button(phone, "Cause for Ben")).to_be_visible()
    tap(phone, "State 7", "Ben plays a card and states 7.")
    expect(button(phone, "Cause for Ben")).to_have_count(0)  # K9: too late after a card
    button(phone, "Doubt Ben's 7").click()
    expect(button(phone, "Ben doubts")).to_be_disabled()
    button(phone, "Ann doubts").click()
    button(phone, "Cleo doubts").click()
    shot(phone, "03-doubt")
    tap(phone, "Lied", "Cleo unmasked Ben: +1.")
    seat(phone, "Ben", "states 7 · unmasked, out of this game")
    points(phone, "Cleo", 3)
    points(phone, "Ben", 0)
    tap(phone, "State 9", "Cleo plays a card and states 9.")
    tap(phone, "PASS", "Ann plays a card and says PASS.")
    # K6: Cleo leads alone and may wait; nobody else may play an ally.
    see(phone, "Cleo leads with 9 and may wait")
    expect(button(phone, "Ally for Ann")).to_have_count(0)
    # K8: the winner is unmasked: a lie wins the deception point too.
    see(phone, "Cleo wins with 9: +1.")
    expect(button(phone, "End game 1")).to_be_disabled()
    button(phone, "Cleo lied").click()
    shot(phone, "04-end-game")
    tap(phone, "End game 1", "Won with deception: +1.")
    points(phone, "Cleo", 5)

    # Game 2, DOWN, started by Cleo. Cleo and Ann tie at 3; Cleo declines, Ann adds an ally (-2);
    # Ben doubts and the cards (5 red/blue, 7 blue/green: valid allies, -2) prove her truthful.
    tap(phone, "DOWN", "Game 2 of set 1: Cleo starts and plays DOWN.")
    tap(phone, "State 3", "Cleo plays a card and states 3.")
    tap(phone, "State 3", "Ann plays a card and states 3.")
    tap(phone, "State 5", "the ally phase begins")
    see(phone, "Cleo decides next.")  # tied leaders must choose (K6)
    tap(phone, "No ally for Cleo", "Cleo plays no ally in this game.")
    see(phone, "Ann decides next.")
    button(phone, "Ally for Ann").click()
    shot(phone, "05-ally-pad")
    expect(button(phone, "Ally total 1")).to_have_count(0)  # K2: DOWN with an ally is -12..0
    tap(phone, "Ally total \u22122", "Ann plays an ally: 3 becomes \u22122.")
    seat(phone, "Ann", "states \u22122 with an ally · ally used this set")
    button(phone, "Doubt Ann's \u22122").click()
    button(phone, "Ben doubts").click()
    button(phone, "Enter the cards").click()
    button(phone, "Number 5").click()
    see(phone, "Cards shown: 1 of 2")
    button(phone, "Number 7").click()
    # A red 5 and a blue 7: only the colours decide whether they are valid allies (K3). Once
    # the 5 is red/blue it matches the 7's suit, so the 7's colour is never asked.
    see(phone, "Which 5? Its secondary colour (the character) decides whether the two cards "
               "are valid allies.")
    expect(button(phone, "Check the cards")).to_be_disabled()
    shot(phone, "05b-card-picker")
    button(phone, "5 red/blue").click()
    expect(text(phone, "Which 7?")).to_have_count(0)
    tap(phone, "Check the cards", "Ann told the truth: +1.")
    see(phone, "Ben doubts Ann's \u22122 (showed 5 red/blue and 7 blue).")
    points(phone, "Ann", 1)
    see(phone, "The winning play was already shown truthful")  # nothing left to unmask
    see(phone, "Ending the game now means Ben plays no ally.")
    tap(phone, "End game 2", "Game 2 ends. Ann wins with \u22122: +1.")
    points(phone, "Ann", 2)

    # Game 3, UP, started by Ann. Ben plays card and ally at once; Ann and Ben tie at 10: no point.
    tap(phone, "UP", "Game 3 of set 1: Ann starts and plays UP.")
    tap(phone, "State 10", "Ann plays a card and states 10.")
    host(phone).get_by_role("switch", name="Card and ally at once").click()
    button(phone, "State 24").wait_for()  # K2: card and ally UP, 0..24
    tap(phone, "State 10", "Ben plays a card with an ally and states 10.")
    tap(phone, "State 4", "Cleo plays a card and states 4.")
    see(phone, "Ann and Ben tie at 10: no point to anyone.")
    expect(button(phone, "Ann told the truth")).to_have_count(0)  # K8: no unmasking for a tie
    tap(phone, "End game 3", "Ann and Ben tie at 10: no point. Set 1 is over.")
    shot(phone, "06-set-over")
    points(phone, "Ann", 2)
    points(phone, "Ben", 0)
    points(phone, "Cleo", 5)

    # Undo once: the game is open again, the tie not yet recorded; End game records it again.
    tap(phone, "Undo", "Undone: Game 3 ends.")
    see(phone, "Ann and Ben tie at 10: no point to anyone.")
    tap(phone, "End game 3", "Set 1 is over.")
    see(phone, "Start set 2 (Ann deals)")

    # A reload loses nothing: points, seats and the log are as they were.
    match_url = phone.url
    phone.reload()
    open_page(phone, match_url)
    see(phone, "Start set 2 (Ann deals)")
    points(phone, "Ann", 2)
    points(phone, "Ben", 0)
    points(phone, "Cleo", 5)
    button(phone, re.compile(r"^Show the log \(")).click()  # folded until asked for
    see(phone, "Cleo claims Cause; Ann doubts (showed 1 red, 2 yellow, 3 blue and 4 green)")
    see(phone, "Game 1 ends. Cleo wins with 9: +1. Unmasked, Cleo lied. Won with deception")
    phone.wait_for_timeout(300)
    width = phone.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 412, f"the page scrolls sideways ({width} px)"


def test_new_match_messages_follow_the_input_and_team_names_are_checked_by_field(
        app, phone) -> None:
    open_page(phone, app.url)
    button(phone, "New Careta match").click()
    button(phone, "Start match").click()
    see(phone, "This game is for 2 to 8 players, not 0.")
    for n, name in enumerate(("Ann", "Ben", "Cleo", "Dan"), start=1):
        type_into(phone, "Player name", name)
        phone.keyboard.press("Enter")
        see(phone, f"{n}.")
    expect(text(phone, "This game is for 2 to 8 players")).to_have_count(0)

    target_down_to(phone, 1)
    expect(text(phone, TARGET)).to_have_text("1 point")  # not "1 points"
    expect(button(phone, "Less points")).to_be_disabled()
    button(phone, "More points").click()
    expect(text(phone, TARGET)).to_have_text("2 points")
    target_down_to(phone, 1)

    choose_radio(phone, "Teams 2v2")
    type_into(phone, "Name of team A", "Suns")
    type_into(phone, "Name of team B", "suns")
    clash = "Two teams are called “suns”."  # the engine's reason, on team B's field as typed
    see(phone, clash)
    # The A/B rows stay while the names clash, named by letter so each is still its own.
    expect(button(phone, "Cleo in team B")).to_be_visible()
    button(phone, "Start match").click()
    expect(text(phone, clash)).to_have_count(2)  # Start meets the same reason: the field's, said
    assert "/new/careta" in phone.url
    shot(phone, "10-team-names-clash")
    type_into(phone, "Name of team B", "Moons")
    expect(text(phone, clash)).to_have_count(0)
    expect(button(phone, "Cleo in Moons")).to_be_visible()
    see(phone, "Seating (turn order): Ann (A), Ben (B), Cleo (A), Dan (B)")

    # Too many players for 2v2: the radio says what it needs, Start says it once.
    type_into(phone, "Player name", "Eve")
    phone.keyboard.press("Enter")
    see(phone, "5.")
    host(phone).get_by_role("radio", name="Teams 2v2 (for 4 players)").wait_for()
    see(phone, "Pick teams that fit 5 players, or No teams.")
    button(phone, "Start match").click()
    see(phone, "2v2 is for 4 players; you have 5.")
    expect(text(phone, "2v2 is for 4 players")).to_have_count(1)
    button(phone, "Remove Eve").click()
    expect(text(phone, "2v2 is for 4 players")).to_have_count(0)
    shot(phone, "11-new-match-fixed")
    button(phone, "Start match").click()
    see(phone, "Deck Master: Ann · first to 1")


def test_teams_seated_alternately_score_together_and_reach_a_lower_target(app, phone) -> None:
    new_match(phone, app.url, "Ann", "Ben", "Cleo", "Dan")
    choose_radio(phone, "Dan")  # the Deck Master
    target_down_to(phone, 2)
    choose_radio(phone, "Teams 2v2")
    type_into(phone, "Name of team A", "Suns")
    type_into(phone, "Name of team B", "Moons")
    button(phone, "Ben in Suns").click()
    button(phone, "Cleo in Moons").click()
    see(phone, "Seating (turn order): Ann (A), Ben (A), Cleo (B), Dan (B)")
    see(phone, "Teammates sit side by side")
    button(phone, "Seat teammates alternately").click()
    see(phone, "Seating (turn order): Ann (A), Cleo (B), Ben (A), Dan (B)")
    shot(phone, "07-team-options")
    button(phone, "Start match").click()

    tap(phone, re.compile(r"^Start set 1 \(Dan deals\)"), "Set 1 begins")
    see(phone, "Ann starts game 1: UP or DOWN?")  # after Dan in the new seating (K4, K10)
    tap(phone, "UP", "Game 1 of set 1: Ann starts and plays UP.")
    tap(phone, "State 8", "Ann plays a card and states 8.")
    button(phone, "Doubt Ann's 8").click()
    expect(button(phone, "Ben doubts")).to_be_disabled()  # K10: not a teammate
    button(phone, "Dan doubts").click()
    tap(phone, "Truthful", "Ann told the truth: +1 for Suns.")
    points(phone, "Suns", 1, target=2)
    tap(phone, "State 5", "Cleo plays a card and states 5.")
    tap(phone, "State 8", "Ben plays a card and states 8.")
    tap(phone, "State 2", "Dan plays a card and states 2.")
    # K10: teammates tied for the win score the game point for their team; Ann was shown
    # truthful, so no deception point is possible and nobody is asked to unmask.
    see(phone, "Ann and Ben tie at 8, all Suns: the game point goes to Suns.")
    shot(phone, "08-team-tie")
    tap(phone, "End game 1", "Suns (Ann, Ben) wins the match with 2 points.")
    see(phone, "Suns wins the match! (Ann, Ben)")  # K11: the target was 2
    points(phone, "Suns", 2, target=2)
    points(phone, "Moons", 0, target=2)
    expect(button(phone, "State 0")).to_have_count(0)
    shot(phone, "09-match-over")
