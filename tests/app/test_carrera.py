"""My Favorite Carrera RS as a table plays it: cards tapped in, figures checked against the rules.

Every expected figure below is worked out by hand from the rulings (M1-M9 of docs/rulings.md), not
read back from the engine.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from scoring import carrera
from tests.support.app.carrera import expect_pool, expect_row, new_match, play
from tests.support.app.ui import (
    button,
    host,
    open_page,
    see,
    text,
)


def test_a_round_with_a_refill_a_one_a_two_and_a_tie(app, phone) -> None:
    new_match(phone, app.url, "Ann", "Ben", "Cleo")
    see(phone, "Round 1 · trick 1 of 6 · Ann leads")
    expect_pool(phone, 0, 0)
    for name in ("Ann", "Ben", "Cleo"):  # M1: 5 chips each, nothing else yet
        expect_row(phone, name, "5 fuel, 0 momentum, 0 trophies")
    # Trick 1, Ann leads. Every button says the speed it plays at: 4A + 2 = 6 (M3).
    expect(button(phone, "Play 4A with 2 fuel, speed 6")).to_have_count(1)
    expect(button(phone, "Play 3 with no fuel, speed 3")).to_have_count(1)
    play(phone, "3")
    see(phone, "Ann played it face up: no second 3 in this trick")  # M2: no second 3
    button(phone, "Card 3, face up already").click()  # greyed, and says why when tapped
    see(phone, "Ann already played a 3 face up in this trick")
    see(phone, "Ben plays to trick 1")
    play(phone, "5", 3)  # Ben: 5 + 3 = 8
    play(phone, "4A", 1)  # Cleo: 4 + 1 = 5
    see(phone, "Round 1, trick 1: Ben wins")
    see(phone, "Ben played 5: 5 + 3 fuel = speed 8")
    see(phone, "Chips: 4 chips of fuel to the market.")  # M6: 0 + 3 + 1, nobody face down
    expect_pool(phone, 4, 0)
    expect_row(phone, "Ben", "2 fuel, 1 momentum, 0 trophies")  # M5: momentum to the winner
    see(phone, "Round 1 · trick 2 of 6 · Ben leads")

    # Trick 2: Ben face down; Cleo's 2 takes a market chip (M4); Ann's 1 ties Cleo at 4.
    play(phone, "down")
    see(phone, "Cleo holds 4 fuel chips.")
    see(phone, "A 2 takes the market's chip: up to 5 fuel on it.")
    expect(button(phone, "Play 2 with 5 fuel, speed 7")).to_have_count(1)
    expect(button(phone, "Play 3 with 5 fuel, speed 8")).to_have_count(0)  # 4 in her supply
    play(phone, "2", 2)
    expect_pool(phone, 3, 0)  # one chip left the market with the 2
    expect_row(phone, "Cleo", "3 fuel, 0 momentum, 0 trophies; played 2 with 2 fuel, speed 4")
    play(phone, "1", 3)  # Ann: 1 + 3 = 4
    see(phone, "Trick 2: Cleo and Ann tie at speed 4.")
    expect(button(phone, "Play face down")).to_have_count(0)  # M5: the table decides
    button(phone, "Ann wins the trick").click()
    see(phone, "Round 1, trick 2: Ann wins")
    # M6: 2 + 3 fuel to the market (3 + 5 = 8); Ben, alone face down, takes it all: 3 fit
    # (2 -> 5), 5 are over capacity and discarded; the market is empty.
    see(phone, "Ben, face down, refills 3 chips (5 over capacity discarded)")
    expect_pool(phone, 0, 5)
    expect_row(phone, "Ben", "5 fuel, 1 momentum, 0 trophies")
    expect_row(phone, "Ann", "2 fuel, 1 momentum, 0 trophies")
    see(phone, "Round 1 · trick 3 of 6 · Ann leads")

    # Trick 3: Ann's 5 runs at 5 + 1 momentum = 6 until Ben's 1 zeroes it (M3).
    play(phone, "5")
    expect_row(phone, "Ann", "2 fuel, 1 momentum, 0 trophies; played 5 with 0 fuel, speed 6")
    play(phone, "1", 1)  # Ben: 1 + 1 + 1 momentum = 3
    expect_row(phone, "Ann", "2 fuel, 1 momentum, 0 trophies; played 5 with 0 fuel, speed 1")
    expect(button(phone, "Card 1, face up already")).to_have_count(1)
    expect(button(phone, "Card 5, face up already")).to_have_count(1)
    see(phone, "A 1 is face up: 4A, 4B and 5 count rank 0")
    expect(button(phone, "Play 4A with no fuel, speed 0")).to_have_count(1)
    play(phone, "3", 1)  # Cleo: 3 + 1 = 4 wins
    see(phone, "Round 1, trick 3: Cleo wins")
    expect_pool(phone, 2, 5)
    expect_row(phone, "Cleo", "2 fuel, 1 momentum, 0 trophies")

    # Undo once: Cleo's card comes back, with its fuel; the trick waits for her again.
    button(phone, re.compile(r"^Undo")).click()
    see(phone, "Undone: Cleo plays a 3 with 1 fuel")
    see(phone, "Cleo plays to trick 3")
    expect_pool(phone, 0, 5)
    expect_row(phone, "Cleo", "3 fuel, 0 momentum, 0 trophies")
    play(phone, "3", 1)
    see(phone, "Round 1, trick 3: Cleo wins")

    # A reload loses nothing.
    match_url = phone.url
    phone.reload()
    open_page(phone, match_url)
    see(phone, "Round 1 · trick 4 of 6 · Cleo leads")
    expect_pool(phone, 2, 5)
    expect_row(phone, "Ann", "2 fuel, 1 momentum, 0 trophies")
    expect_row(phone, "Ben", "4 fuel, 1 momentum, 0 trophies")
    expect_row(phone, "Cleo", "2 fuel, 1 momentum, 0 trophies")
    see(phone, "Round 1, trick 3: Cleo wins")

    # Trick 4: Ben's 2 takes a chip with no fuel on it (4 + 1 = 5 kept).
    play(phone, "4B")  # Cleo: 4 + 1 = 5
    play(phone, "3")  # Ann: 3 + 1 = 4
    play(phone, "2")  # Ben: 2 + 1 = 3
    see(phone, "Round 1, trick 4: Cleo wins")
    expect_pool(phone, 1, 5)
    expect_row(phone, "Ben", "5 fuel, 1 momentum, 0 trophies")

    # Trick 5: Cleo face down gets the market's one chip.
    play(phone, "down")
    play(phone, "5")  # Ann: 5 + 1 = 6
    play(phone, "4A")  # Ben: 4 + 1 = 5
    see(phone, "Round 1, trick 5: Ann wins")
    see(phone, "Cleo, face down, refills 1 chip")
    expect_pool(phone, 0, 5)
    expect_row(phone, "Cleo", "3 fuel, 2 momentum, 0 trophies")

    # Trick 6, the trophy trick: Ann 1 + 2 = 3, Ben 3 + 1 + 1 = 5, Cleo's 5 zeroed: 0 + 1 + 2 = 3.
    play(phone, "1")
    play(phone, "3", 1)
    play(phone, "5", 1)
    see(phone, "Round 1, trick 6: Ben wins")
    see(phone, "Ben takes a trophy.")
    see(phone, "Round 2 · trick 1 of 6 · Ben leads")
    expect_pool(phone, 2, 5)
    # M7: momentum goes back, supplies carry over; M9: 2 + 4 + 2 + 2 market + 5 discarded = 15.
    expect_row(phone, "Ann", "2 fuel, 0 momentum, 0 trophies")
    expect_row(phone, "Ben", "4 fuel, 0 momentum, 1 trophy")
    expect_row(phone, "Cleo", "2 fuel, 0 momentum, 0 trophies")
    phone.wait_for_timeout(300)
    width = phone.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 412, f"the page scrolls sideways ({width} px)"


def test_options_lead_and_earliest_played_tie_rule(app, phone) -> None:
    new_match(phone, app.url, "Ann", "Ben", "Cleo", "Dan", lead="Ben",
              ties="Earliest played wins")
    see(phone, "Round 1 · trick 1 of 6 · Ben leads")
    see(phone, "Ties: the card played earliest wins")
    play(phone, "3", 1)  # Ben 4
    play(phone, "4A")  # Cleo 4
    play(phone, "down")  # Dan
    play(phone, "2")  # Ann: the market is empty, so no chip: 2
    see(phone, "Round 1, trick 1: Ben wins")
    see(phone, "Tie at speed 4 between Ben and Cleo: the card played earliest wins.")
    # 1 chip to the market; Dan's share (1) does not fit a full supply: discarded.
    see(phone, "Dan, face down, refills 0 chips (1 over capacity discarded)")
    expect_pool(phone, 0, 1)
    host(phone).get_by_role("button", name=re.compile(r"^Rules")).click()
    see(phone, "My Favorite Carrera RS in short")
    see(phone, "earliest played wins")


def one_card_from_the_end() -> carrera.Match:
    """Round 2, trick 6: the lead (Ann) won every trick with a 5; Cleo is still to play."""
    match = carrera.Match(["Ann", "Ben", "Cleo"])
    for _round in range(2):
        for _trick in range(6):
            lead = match.current
            match.play("5")  # the lead wins every trick
            match.play(carrera.FACE_DOWN)
            if not (_round == 1 and _trick == 5):
                match.play(carrera.FACE_DOWN)
            assert match.lead == lead
    return match


SEEDS = {"one card from the end": one_card_from_the_end}


def test_the_second_trophy_ends_the_game(app, phone) -> None:
    mid = app.seeded["one card from the end"]  # as if played on this device
    open_page(phone, f"{app.url}/match/{mid}")
    see(phone, "Round 2 · trick 6 of 6 · Ann leads")
    expect_row(phone, "Ann", "5 fuel, 5 momentum, 1 trophy; played 5 with 0 fuel, speed 10")
    play(phone, "down")
    see(phone, "Ann wins the game!")
    see(phone, "Ann takes a second trophy and wins the game!")
    see(phone, "Round 2 · trick 6 of 6 · game over")
    expect(button(phone, "Play face down")).to_have_count(0)
    button(phone, re.compile(r"^Undo")).click()
    see(phone, "Cleo plays to trick 6")
    expect(text(phone, "Ann wins the game!")).to_have_count(0)
