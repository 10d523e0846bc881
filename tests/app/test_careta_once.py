"""Careta says a game's result once, where the eye goes (the Last game panel: End game leaves the
message line quiet, the log starts folded), and the pad stays in the first screen with 8 players;
unmasking by cards shows the verdict and the points as the cards are entered, before the one
End game button; a five-player match to 10 in the browser, with a false Cause and several
doubters at once; the Big scoreboard's cards in hand. Points worked out by hand (K7-K11)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from scoring import careta
from tests.support.app.careta import points, tap
from tests.support.app.caro_grid import shown_to
from tests.support.app.ui import button, host, open_page, see, text
from tests.support.scoring.careta_match_to_ten import to_nine

SHOTS = "/tmp/careta-once-shots"
EIGHT = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana"]
SCREEN = 915  # the phone's height (tests/app/conftest.PHONE)
NEXT_ALLY = "No ally for Ben"  # the first after the Deck Master decides next (K6)


def eight_all_played() -> careta.Match:
    """Game 1, UP, every card down: Eve leads alone with 12 (Ben 3 ... Ann 10)."""
    m = careta.Match(EIGHT)
    m.start_set()
    m.start_game("up")
    for i, p in enumerate(EIGHT[1:] + EIGHT[:1]):
        m.play(p, 12 if p == "Eve" else 3 + i)
    return m


def ben_with_an_ally() -> careta.Match:
    """Game 1, UP: Ben plays card and ally at once and states 11; the others less."""
    m = careta.Match(["Ann", "Ben", "Cleo", "Dan", "Eve"])
    m.start_set()
    m.start_game("up")
    m.play("Ben", 11, with_ally=True)
    for p, s in (("Cleo", 3), ("Dan", 4), ("Eve", 5), ("Ann", 6)):
        m.play(p, s)
    return m


SEEDS = {"eight": eight_all_played, "ally": ben_with_an_ally, "nine": to_nine}


def shot(page: Page, name: str) -> None:
    page.wait_for_timeout(500)
    page.screenshot(path=f"{SHOTS}/{name}.png")


def times_said(page: Page, sentence: str) -> int:
    """How many times the page's text (the semantics tree) holds `sentence`."""
    return host(page).inner_text().count(sentence)


def to_top(page: Page) -> None:
    """Scroll the match screen back to its top, as a thumb does, before measuring."""
    page.mouse.move(200, 500)
    for _ in range(6):
        page.mouse.wheel(0, -3000)
    page.wait_for_timeout(500)


def bottom_of(page: Page, name: str) -> float:
    box = button(page, name).bounding_box()
    assert box is not None, name
    return box["y"] + box["height"]


def assert_whole_in_view(page: Page, name: str) -> None:
    """The button shows whole above the bottom bar, unscrolled (a button the scroller's edge
    cuts has a shorter box: every button here is 48 px tall or more)."""
    box = button(page, name).bounding_box()
    assert box is not None, name
    assert box["height"] >= 47.5 and box["y"] + box["height"] <= shown_to(page), (name, box)


def test_a_result_is_said_once_and_the_pad_starts_in_the_first_screen(app, phone) -> None:
    open_page(phone, f"{app.url}/match/{app.seeded['eight']}")
    # The ally phase's turn, unscrolled, above the bottom bar with 8 players (issue 31's thumb
    # zone): who decides next, the verdict and End game; the other players' rows come after.
    see(phone, "Eve lied with the Trick Card")
    for name in (NEXT_ALLY, "Eve lied with the Trick Card", "End game 1"):
        assert_whole_in_view(phone, name)
    button(phone, "Eve lied with the Trick Card").click()
    see(phone, "Ending game 1 now gives Eve +3.")  # before End game: K8's three points
    assert_whole_in_view(phone, "End game 1")
    button(phone, "End game 1").click()
    result = ("Game 1 ends. Eve wins with 12: +1. Unmasked, Eve lied with the Trick Card. "
              "Won with deception: +1. The Trick Card: +1.")
    see(phone, result)
    see(phone, "Show the log (11 actions, newest first)")  # folded: the result is not repeated
    points(phone, "Eve", 3)
    assert times_said(phone, result) == 1
    # Undone and redone, the result is still said once (Redo's message line says "Redone.").
    button(phone, "Undo").click()
    see(phone, "Undone: " + result)
    points(phone, "Eve", 0)
    button(phone, "Redo").click()
    see(phone, "Redone.")
    points(phone, "Eve", 3)
    assert times_said(phone, result) == 1
    to_top(phone)
    shot(phone, "01-result-once")
    assert bottom_of(phone, "UP") <= SCREEN  # the next game's choice, in the first screen
    tap(phone, "DOWN", "Game 2 of set 1: Cleo starts and plays DOWN.")
    to_top(phone)
    assert bottom_of(phone, "State 0") <= SCREEN  # and the pad's first keys
    assert times_said(phone, result) == 0  # the Last game panel goes once the next game starts
    shot(phone, "02-pad-in-view")

    # The log unfolds on a tap, newest first.
    button(phone, re.compile(r"^Show the log \(12 actions")).click()
    see(phone, "Game 2 of set 1: Cleo starts and plays DOWN.")
    expect(text(phone, result)).to_have_count(1)


def test_unmasking_by_cards_shows_the_verdict_before_the_one_end_game_button(app,
                                                                             phone) -> None:
    open_page(phone, f"{app.url}/match/{app.seeded['ally']}")
    end = button(phone, "End game 1")
    button(phone, "Enter Ben's cards").click()
    see(phone, "Enter 2 more cards to see the verdict.")
    expect(end).to_be_disabled()
    button(phone, "Number 5").click()
    see(phone, "Enter 1 more card to see the verdict.")
    button(phone, "Number 6").click()
    see(phone, "The colours decide it: pick them above.")  # K3: red and yellow
    expect(end).to_be_disabled()
    button(phone, "5 red/blue").click()
    button(phone, "6 yellow/green").click()
    lie = ("A lie: 5 red/blue and 6 yellow/green are not valid allies, though they "
           "make 11.")
    see(phone, lie)
    see(phone, "Ending game 1 now gives Ben +2.")  # the game point and deception (K8)
    expect(end).to_be_enabled()
    verdict = text(phone, lie).bounding_box()
    commit = end.bounding_box()
    assert verdict is not None and commit is not None and verdict["y"] < commit["y"]
    # One button commits, with one wording: no "These are Ben's cards" step before it.
    expect(host(phone).get_by_role("button", name=re.compile("Ben's cards|Check the cards"))
           ).to_have_count(0)
    expect(host(phone).get_by_role("button", name=re.compile(r"^End game"))).to_have_count(1)
    shot(phone, "03-verdict-a-lie")

    # Another 6 makes valid allies (blue): the verdict follows the cards.
    button(phone, "Remove 6 yellow/green").click()
    expect(text(phone, lie)).to_have_count(0)
    expect(end).to_be_disabled()
    button(phone, "Number 6").click()
    button(phone, "6 yellow/blue").click()
    see(phone, "Truthful: the cards make 11.")
    see(phone, "Ending game 1 now gives Ben +1.")
    shot(phone, "04-verdict-truthful")
    end.click()
    result = "Game 1 ends. Ben wins with 11: +1. Unmasked, Ben told the truth."
    see(phone, result)
    points(phone, "Ben", 1)
    assert times_said(phone, result) == 1


def test_a_false_cause_and_several_doubters_end_a_match_at_10(app, phone) -> None:
    """The last set of tests/scoring/test_careta_match_to_ten, tapped: Ann 1, Ben 9, Cleo 1,
    Dan 6, Eve 0 before it."""
    match_url = f"{app.url}/match/{app.seeded['nine']}"
    open_page(phone, match_url)
    points(phone, "Ben", 9)
    tap(phone, re.compile(r"^Start set 3 \(Ann deals\)"), "Set 3 begins")
    # K9: Cleo's Cause, doubted by Ann, Dan and Eve at once: no Cause. Cleo loses her point;
    # Dan, the first doubter after her in turn order, +1.
    button(phone, "Cause for Cleo").click()
    for p in ("Ann", "Dan", "Eve"):
        button(phone, f"{p} doubts").click()
    tap(phone, "No Cause", "Cleo had no Cause: \u22121. Dan unmasked Cleo: +1.")
    points(phone, "Cleo", 0)
    points(phone, "Dan", 7)

    tap(phone, "UP", "Game 1 of set 3: Ben starts and plays UP.")
    tap(phone, "State 12", "Ben plays a card and states 12.")
    # The Big scoreboard: each player's cards in hand during the set.
    button(phone, "Big scoreboard").click()
    row = phone.locator("[flt-semantics-identifier='board-row-Ben']")
    expect(row).to_contain_text("Ben: 9/10, 3 cards in hand")
    expect(phone.locator("[flt-semantics-identifier='board-row-Cleo']")).to_contain_text(
        "Cleo: 0/10, 4 cards in hand")
    shot(phone, "05-board-cards-in-hand")
    open_page(phone, match_url)

    # K7: Dan, Ann and Cleo doubt Ben's 12 at once; it was true: Ben +1 reaches 10 (K11).
    button(phone, "Doubt Ben's 12").click()
    for p in ("Dan", "Ann", "Cleo"):
        button(phone, f"{p} doubts").click()
    done = "Ben told the truth: +1. Ben wins the match with 10 points."
    tap(phone, "Truthful", done)
    see(phone, "Ben wins the match!")
    points(phone, "Ben", 10)
    assert times_said(phone, done) == 1
    expect(button(phone, "State 3")).to_have_count(0)  # no pad once the match is over
    shot(phone, "06-match-over")
