"""The timeline and the chart of a match, finished and live, as a player opens them.

The matches are seeded into the data folder before the app starts (SEEDS, as if played on this
device); every figure below is worked out by hand from the script that seeds them.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from scoring import carrera
from tests.support.app.ui import assert_buttons_named, button, open_page, see, text


def won_by_the_lead() -> carrera.Match:
    """Ann leads a 5 in every trick and wins it; Ben and Cleo play face down: 36 steps, Ann
    takes a trophy at step 18 and the second, and the game, at step 36; nobody spends fuel."""
    m = carrera.Match(["Ann", "Ben", "Cleo"])
    for _ in range(12):
        m.play("5")
        m.play(carrera.FACE_DOWN)
        m.play(carrera.FACE_DOWN)
    return m


def one_card_played() -> carrera.Match:
    m = carrera.Match(["Ann", "Ben", "Cleo"])
    m.play("3", 2)  # Ann: 3 + 2 fuel = 5
    return m


SEEDS = {"finished": won_by_the_lead, "live": one_card_played}


def step(page: Page, number: int):
    return button(page, re.compile(rf"^Step {number}\b"))


def test_a_finished_match_timeline_past_table_and_chart(app, phone) -> None:
    mid = app.seeded["finished"]
    open_page(phone, f"{app.url}/match/{mid}")
    see(phone, "Ann wins the game!")
    button(phone, "Timeline").click()

    # Newest first, grouped by trick; each step in words with its effect on the scoreboard.
    see(phone, "36 steps finished, newest first.")
    assert_buttons_named(phone)
    see(phone, "Round 2 · trick 6")
    see(phone, "steps 34–36")
    expect(step(phone, 36)).to_contain_text("Ann takes a second trophy and wins the game!")
    expect(step(phone, 36)).to_contain_text("Ann +1 trophy")
    expect(step(phone, 35)).to_contain_text("Ben plays face down.")
    boxes = [step(phone, n).bounding_box() for n in (36, 35, 34)]
    assert boxes[0]["y"] < boxes[1]["y"] < boxes[2]["y"], "newest first"

    # A tap shows the table as it was after that step: its scoreboard and the game's read-only
    # watch view, on the scorekeeper's phone too: no pad to play on.
    step(phone, 34).click()
    see(phone, "After step 34 of 36")
    see(phone, "Step 34: the table as it was (read-only)")
    see(phone, "Ann plays a 5: speed 10.")  # 5 + 5 momentum
    see(phone, "Round 2 · trick 6 of 6 · Ann leads")
    see(phone, "Ben plays to trick 6")
    see(phone, "1 trophy, 5 fuel")  # Ann has round 1's trophy only
    expect(text(phone, "Ann wins the game!")).to_have_count(0)
    expect(button(phone, re.compile(r"^Play "))).to_have_count(0)
    button(phone, "Earlier step").click()
    see(phone, "After step 33 of 36")
    see(phone, "Round 2, trick 5: Ann wins")  # step 33 ended trick 5
    see(phone, "Ann leads trick 6")
    button(phone, "Back to the match").click()
    see(phone, "Ann wins the game!")
    expect(button(phone, "Undo")).to_be_enabled()

    # The chart: trophies and fuel per player, with a legend of names and values.
    button(phone, "Timeline").click()
    see(phone, "36 steps finished")
    button(phone, "Chart").click()
    see(phone, "After 36 steps (finished).")
    for title in ("Trophies", "Fuel"):
        expect(text(phone, title, exact=True)).to_have_count(1)
    for legend in ("Ann: 2", "Ben: 0", "Cleo: 0", "Ann: 5", "Ben: 5", "Cleo: 5"):
        expect(text(phone, legend, exact=True)).to_have_count(1)
    # The charts' semantics: their label, then the axis labels Flutter drew (steps 0-30, and
    # trophies 0-2 or fuel 0-5), in a box as wide as the phone allows.
    for label, values in (("Trophies chart over 36 steps: Ann 2, Ben 0, Cleo 0", "0 1 2"),
                          ("Fuel chart over 36 steps: Ann 5, Ben 5, Cleo 5", "0 1 2 3 4 5")):
        chart = text(phone, label)
        expect(chart).to_have_count(1)
        expect(chart).to_have_text(re.compile(rf"^{label}\s+0\s+10\s+20\s+30\s+Step\s+"
                                              + r"\s+".join(values.split())))
        box = chart.bounding_box()
        assert box["width"] >= 360 and box["height"] >= 200, box
    width = phone.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 412, f"the page scrolls sideways ({width} px)"


def test_a_live_match_timeline_follows_play(app, phone) -> None:
    mid = app.seeded["live"]
    open_page(phone, f"{app.url}/match/{mid}")
    see(phone, "Ben plays to trick 1")
    go = button(phone, re.compile(r"^Play 4A with no fuel, speed"))  # one tap plays it
    go.click()
    go.wait_for(state="detached")

    button(phone, "Timeline").click()
    see(phone, "2 steps so far, newest first.")
    see(phone, "Round 1 · trick 1")
    expect(step(phone, 2)).to_contain_text("Ben plays a 4A: speed 4.")
    expect(step(phone, 1)).to_contain_text("Ann −2 fuel")
    button(phone, "Chart").click()
    see(phone, "After 2 steps.")
    for legend in ("Ann: 0", "Ann: 3", "Ben: 5", "Cleo: 5"):
        expect(text(phone, legend, exact=True)).to_have_count(1)
    # A step that is not (or no longer) in the match says so.
    open_page(phone, f"{app.url}/match/{mid}/timeline/9")
    see(phone, "This match has no step 9")
