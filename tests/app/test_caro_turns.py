"""Caro turn by turn at the table: each turn starts with no colour picked (or the only one that can
be laid), the scoreboard keeps seating order, the heading says what the engine counted, and the
games of one sitting form a series with running totals; History shows the final scores."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page, expect

from scoring import caro
from tests.support.app.caro import (
    at,
    board_names,
    expected_names,
    grid_names,
    lay,
    near_reach,
    selected_colour,
)
from tests.support.app.process import AppProcess
from tests.support.app.shell import start_caro
from tests.support.app.ui import button, host, open_page, see

pytestmark = [pytest.mark.browser, pytest.mark.own_app]  # seeds by stopping the app
SHOTS = "/tmp/caroturn-shots"


def seed(app: AppProcess, *matches: caro.Match) -> list[str]:
    """Store `matches` as the app's own (stopped meanwhile); their ids."""
    with app.stopped_store() as store:
        return [store.create(m) for m in matches]


def random_game(players: list[str], seed_no: int, stop=lambda m: False, series=None
                ) -> caro.Match:
    """A seeded random game of legal lays (the first a red at 0,0), played until `stop(match)`
    or its end."""
    rng = random.Random(seed_no)
    m = caro.Match(players, series=series)
    while not m.is_over and not stop(m):
        moves = [(c, cell) for c in caro.COLOURS for cell in sorted(m.options(c))]
        colour, cell = rng.choice(moves if m.board else [("red", (0, 0))])
        m.lay(colour, cell)
    return m


def chip_order(page: Page, names: list[str]) -> list[str]:
    """The players' names as the scoreboard chips show them, left to right, top to bottom (each
    chip is one node, read "Ann, 10 points")."""
    boxes = []
    for name in names:
        box = host(page).get_by_text(re.compile(rf"^{name}, ")).first.bounding_box()
        assert box is not None, name
        boxes.append((round(box["y"] / 20), box["x"], name))
    return [name for _, _, name in sorted(boxes)]


def test_each_turn_starts_with_no_colour_and_a_tap_without_one_lays_nothing(app, phone) -> None:
    start_caro(phone, app.url, "Ann", "Ben")
    mirror = caro.Match(players=["Ann", "Ben"], starter="Ann")
    see(phone, "Ann lays the first caro: pick its colour")
    assert selected_colour(phone) is None
    # A tap on the table before a colour is picked says so and lays nothing.
    button(phone, re.compile(r"^row 6, column 6, empty$")).click()
    see(phone, "Pick a colour first: tap the colour Ann laid, then the cell.")
    expect(button(phone, re.compile(r"^row 6, column 6, (?!empty$)"))).to_have_count(0)
    phone.screenshot(path=f"{SHOTS}/no-colour-first.png")
    lay(phone, mirror, "red", (6, 6))
    # Ben's turn: Ann's red is not carried over (it has no legal cell for Ben anyway), nor is
    # any other colour picked for him.
    see(phone, "Ben to lay: pick a colour")
    assert selected_colour(phone) is None
    assert grid_names(phone) == expected_names(mirror, None)  # no cell offers a score yet
    button(phone, re.compile(r"^Lay black")).click()
    see(phone, "Ben to lay black")
    phone.wait_for_timeout(500)
    phone.screenshot(path=f"{SHOTS}/black-picked.png")
    cell = max(mirror.options("black"), key=lambda c: (mirror.options("black")[c], c))
    button(phone, re.compile(rf"^row {at(cell[0])}, column {at(cell[1])}, empty; \w+ scores")
           ).click()
    mirror.lay("black", cell)
    see(phone, mirror.history[-1]["text"])
    # Ann's turn: Ben's black, which Ann could lay too, is not picked for her.
    see(phone, "Ann to lay: pick a colour")
    assert mirror.options("black") and selected_colour(phone) is None
    # Undo gives Ben his turn back with no colour picked either.
    button(phone, "Undo").click()
    see(phone, "Ben to lay: pick a colour")
    assert selected_colour(phone) is None


def test_the_only_colour_that_can_be_laid_is_picked_for_the_player(app, phone) -> None:
    def one_colour(m: caro.Match) -> bool:
        return bool(m.board) and sum(bool(m.options(c)) for c in caro.COLOURS) == 1

    match = random_game(["Ann", "Ben"], 0, stop=one_colour)
    assert one_colour(match) and not match.is_over
    only = next(c for c in caro.COLOURS if match.options(c))
    (mid,) = seed(app, match)
    open_page(phone, f"{app.url}/match/{mid}")
    see(phone, f"{match.current} to lay {only}")
    button(phone, re.compile(rf"^Lay {only}, .*selected")).wait_for()
    assert grid_names(phone) == expected_names(match, only)
    phone.wait_for_timeout(500)
    phone.screenshot(path=f"{SHOTS}/only-colour.png")


def test_the_scoreboard_keeps_seating_order_and_stars_the_leader(app, phone) -> None:
    start_caro(phone, app.url, "Ann", "Ben", "Cleo")
    mirror = caro.Match(players=["Ann", "Ben", "Cleo"], starter="Ann")
    lay(phone, mirror, "red", (7, 7))
    # Lay the best cell each turn until a later seat leads: a board sorted by score would now
    # put that player first.
    while sorted(mirror.players, key=lambda p: -mirror.scores[p]) == mirror.players:
        assert len(mirror.events) < 12
        colour, cell = max(((c, cell) for c in caro.COLOURS for cell in mirror.options(c)),
                           key=lambda m: (mirror.options(m[0])[m[1]], m))
        lay(phone, mirror, colour, cell)
    assert chip_order(phone, mirror.players) == ["Ann", "Ben", "Cleo"]
    # The leaders' chips carry a star (read out as "ahead"), without moving.
    assert mirror.ahead
    expect(host(phone).get_by_text(re.compile(r", ahead$"))).to_have_count(len(mirror.ahead))
    phone.wait_for_timeout(500)
    phone.screenshot(path=f"{SHOTS}/seat-order.png")
    # The Big scoreboard lists the same order, the leader said in the row's name.
    button(phone, "Big scoreboard").click()
    rows = [host(phone).get_by_text(re.compile(rf"^{name}: ")).first for name in mirror.players]
    names = [f"{p}: {mirror.scores[p]}" for p in mirror.players]
    leader = mirror.ahead[0]
    host(phone).get_by_text(f"{leader}: {mirror.scores[leader]}, ahead").wait_for()
    ys = [row.bounding_box()["y"] for row in rows]
    assert ys == sorted(ys), names
    phone.wait_for_timeout(500)
    phone.screenshot(path=f"{SHOTS}/big-board.png")


def test_two_rule_breaks_say_minus_twenty_and_a_pass_is_said_only_on_its_turn(app, phone) -> None:
    start_caro(phone, app.url, "Ann", "Ben")
    mirror = caro.Match(players=["Ann", "Ben"], starter="Ann")
    lay(phone, mirror, "red", (6, 6))
    # Ben lays black where it cannot go, twice in one turn: -10 and -10, both counted.
    bad = next(c for c in sorted(near_reach(mirror)) if mirror.violations("black", c))
    for counted in ("−10", "−20"):
        button(phone, re.compile(r"^Lay black")).click()
        button(phone, re.compile(r"^Lay black, .*selected")).wait_for()
        button(phone, f"row {at(bad[0])}, column {at(bad[1])}, empty").click()
        button(phone, "Rule break: −10, lay it again").click()
        mirror.rule_break("black")
        see(phone, f"Ben must lay black again (rule 5: {counted} already counted)")
    assert mirror.pending_penalty == -20 and mirror.scores["Ben"] == -20
    host(phone).get_by_text("Ben, −20 points", exact=True).wait_for()  # the chip says the same
    phone.wait_for_timeout(500)
    phone.screenshot(path=f"{SHOTS}/two-breaks.png")


def test_a_pass_is_said_while_it_is_news_not_when_the_turn_comes_round_again(app, phone) -> None:
    # Seed 219 (found by search): after 33 lays Ann cannot lay and is skipped; two lays later
    # it is her turn again.
    whole = random_game(["Ann", "Ben", "Cleo"], 219,
                        stop=lambda m: len(m.passed) == 1 and m.current == "Ann")
    assert len(whole.events) == 1 + 35 and whole.passed == ["Ann"] and not whole.is_over
    match = caro.Match.replay(whole.events[:1 + 33])
    assert match.just_passed == ["Ann"] and match.current == "Ben"
    (mid,) = seed(app, match)
    open_page(phone, f"{app.url}/match/{mid}")
    see(phone, "Ann passed (no legal cell).")
    see(phone, "Ben to lay")
    phone.wait_for_timeout(500)
    phone.screenshot(path=f"{SHOTS}/passed.png")
    mirror = caro.Match.replay(match.events)
    for event in whole.events[1 + 33:]:  # Ben's lay, then Cleo's
        lay(phone, mirror, event["colour"], tuple(event["cell"]))
    see(phone, "Ann to lay")
    expect(host(phone).get_by_text("passed (no legal cell)")).to_have_count(0)


def test_next_games_form_a_series_and_history_shows_scores(app, phone) -> None:
    first = random_game(["Ann", "Ben"], 3)
    losers = first.losers
    (mid,) = seed(app, first)
    open_page(phone, f"{app.url}/match/{mid}")
    see(phone, "Game over")
    # The final board stays in view under the result, read-only: its cells are no buttons.
    final = board_names(phone)
    assert set(final) >= {f"row {at(r)}, column {at(c)}, {colour}" for (r, c), colour
                          in first.board.items() if (r, c) != first.last_cell}
    assert not any(final.values()) and not grid_names(phone)
    phone.wait_for_timeout(500)  # (a full-page screenshot would resize Flutter's page)
    phone.screenshot(path=f"{SHOTS}/game-over.png")
    if len(losers) == 1:
        button(phone, f"Next game ({losers[0]} starts)").click()
    else:
        button(phone, f"{losers[0]} starts").click()
    see(phone, f"{losers[0]} lays the first caro")
    totals = first.scores
    see(phone, f"Game 2 of the series · totals Ann {totals['Ann']} and Ben {totals['Ben']}")
    mirror = first.next_game(losers[0])
    lay(phone, mirror, "red", (6, 6))
    running = " and ".join(f"{p} {t}" for p, t in mirror.series_totals.items())
    see(phone, f"Game 2 of the series · totals {running}")
    phone.wait_for_timeout(500)
    phone.screenshot(path=f"{SHOTS}/series.png")
    # History: the finished game with its final scores, not only who won.
    open_page(phone, f"{app.url}/history")
    won = ", ".join(first.winners)
    row = re.compile(rf"Won by {won}: Ann {totals['Ann']} · Ben {totals['Ben']}")
    button(phone, row).wait_for()
    phone.wait_for_timeout(500)
    phone.screenshot(path=f"{SHOTS}/history.png")


def test_a_finished_later_game_keeps_the_series_totals_on_its_end_screen(app, phone) -> None:
    first = random_game(["Ann", "Ben"], 3)
    second = random_game(["Ann", "Ben"], 4, series={"game": 2, "totals": first.scores})
    assert second.is_over
    (mid,) = seed(app, second)
    open_page(phone, f"{app.url}/match/{mid}")
    see(phone, "Game over")
    totals = second.series_totals
    see(phone, f"Game 2 of the series · totals Ann {totals['Ann']} and Ben {totals['Ben']}")
    phone.wait_for_timeout(500)
    phone.screenshot(path=f"{SHOTS}/series-over.png")
