"""Carrera at one tap per card: a trick of four players is four taps, fuel or not, counted from
the clicks the app's trace shows it received (tests/support/app/trace.py); a one-tap play undoes
like any other; and the "Last played wins" tie option decides a trick in play order (M5).

Every expected figure is worked out by hand from the rulings (M1-M9 of docs/rulings.md).
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.support.app.carrera import expect_pool, expect_row, new_match, play, play_button
from tests.support.app.trace import Trace
from tests.support.app.ui import button, see

Plays = list[tuple[str, int]]


def taps_before(plays: Plays) -> int:
    """What the same trick took on the screen this one replaced: the card, one tap per fuel
    chip on the stepper, then "Play X with N fuel"."""
    return sum(2 + fuel for _card, fuel in plays)


def clicks(trace: Trace) -> int:
    """The clicks the app read since `trace` was made: the taps that reached it."""
    return sum(" read event click on " in line for line in trace.lines())


def play_trick(page: Page, plays: Plays) -> int:
    """Play a whole trick, one play per player; the taps it took."""
    trace = Trace(page)
    assert trace.available, "the tap count needs the app's trace"
    for card, fuel in plays:
        play(page, card, fuel)
    return clicks(trace)


def test_four_taps_a_trick_with_fuel_and_last_played_wins_a_tie(app, phone) -> None:
    new_match(phone, app.url, "Ann", "Ben", "Cleo", "Dan", lead="Cleo", ties="Last played wins")
    see(phone, "Ties: the card played last wins")

    # Cleo 3 + 1 = 4 and Dan's 4A = 4 tie; Ann face down; Ben's 2 (empty market, M4) = 2.
    first: Plays = [("3", 1), ("4A", 0), ("down", 0), ("2", 0)]
    assert play_trick(phone, first) == len(first) == 4
    assert taps_before(first) == 9
    see(phone, "Round 1, trick 1: Dan wins")  # M5: Dan played after Cleo
    see(phone, "Tie at speed 4 between Cleo and Dan: the card played last wins.")
    # M6: Cleo's chip goes to the market, then to Ann's full supply: discarded.
    see(phone, "Ann, face down, refills 0 chips (1 over capacity discarded)")
    expect_pool(phone, 0, 1)
    expect_row(phone, "Dan", "5 fuel, 1 momentum, 0 trophies")
    expect_row(phone, "Cleo", "4 fuel, 0 momentum, 0 trophies")
    see(phone, "Round 1 · trick 2 of 6 · Dan leads")

    # A one-tap play with fuel undoes whole: the card, its fuel and the turn come back.
    expect(play_button(phone, "5", 2)).to_have_accessible_name("Play 5 with 2 fuel, speed 8")
    play(phone, "5", 2)  # 5 + 2 fuel + 1 momentum
    expect_row(phone, "Dan", "3 fuel, 1 momentum, 0 trophies; played 5 with 2 fuel, speed 8")
    button(phone, re.compile(r"^Undo")).click()
    see(phone, "Undone: Dan plays a 5 with 2 fuel: speed 8.")
    see(phone, "Dan leads trick 2")
    expect_row(phone, "Dan", "5 fuel, 1 momentum, 0 trophies")
    expect(play_button(phone, "5", 2)).to_have_count(1)

    # The trick again, fuel on three cards: still one tap each.
    second: Plays = [("5", 2), ("4A", 1), ("3", 0), ("2", 3)]  # Dan 8, Ann 5, Ben 3, Cleo 5
    assert play_trick(phone, second) == 4
    assert taps_before(second) == 14
    see(phone, "Round 1, trick 2: Dan wins")
    see(phone, "Chips: 6 chips of fuel to the market.")
    expect_pool(phone, 6, 1)
    expect_row(phone, "Dan", "3 fuel, 2 momentum, 0 trophies")
    expect_row(phone, "Cleo", "1 fuel, 0 momentum, 0 trophies")
