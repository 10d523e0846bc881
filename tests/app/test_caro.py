"""A whole 2-player Caro game tapped through in the browser, checked against the engine."""

from __future__ import annotations

import re

from scoring import caro
from tests.support.app.caro import (
    choose,
    expected_names,
    grid_names,
    lay,
    near_reach,
    selected_colour,
)
from tests.support.app.caro_grid import shown_to
from tests.support.app.shell import start_caro
from tests.support.app.ui import assert_buttons_named, button, open_page, see


def test_a_whole_game_scores_as_the_engine_does_and_survives_undo_and_reload(app, phone) -> None:
    start_caro(phone, app.url, "Ann", "Ben")
    mirror = caro.Match(players=["Ann", "Ben"], starter="Ann")
    first = (mirror.area, mirror.area)
    lay(phone, mirror, "red", first)
    see(phone, "Ben to lay")

    colour, cell = choose(mirror)
    lay(phone, mirror, colour, cell)
    # Undo the second lay, check the message and the turn, then lay it again with Redo.
    button(phone, "Undo").click()
    see(phone, "Undone: ")
    see(phone, "Ben to lay")
    button(phone, "Redo").click()
    see(phone, "Redone: ")

    # A refused tap says why and changes nothing.
    illegal = next(c for c in sorted(near_reach(mirror)) if mirror.violations("red", c))
    button(phone, re.compile(r"^Lay red")).click()
    button(phone, re.compile(rf"^row {illegal[0]}, column {illegal[1]}, empty$")).click()
    see(phone, str(mirror.violations("red", illegal)[0]))
    button(phone, "Cancel").click()

    match_url = phone.url
    while not mirror.is_over:
        if len(mirror.history) == 8:
            phone.reload()
            open_page(phone, match_url)
            see(phone, mirror.history[-1]["text"])
        colour, cell = choose(mirror)
        lay(phone, mirror, colour, cell)

    won = " and ".join(mirror.winners)
    see(phone, f"Game over: {won}")
    for i, (name, points) in enumerate(sorted(mirror.scores.items(), key=lambda kv: -kv[1])):
        see(phone, f"{i + 1}. {name}: {points}")
    assert sum(t["points"] for t in mirror.turns if t["player"] == "Ann") == mirror.scores["Ann"]

    losers = mirror.losers
    if len(losers) == 1:
        button(phone, re.compile(r"^Next game")).click()
    else:
        button(phone, f"{losers[0]} starts").click()
    see(phone, f"{losers[0]} lays the first caro")


def test_rule_break_costs_ten_and_a_late_notice_leaves_the_caro_as_laid(app, phone) -> None:
    start_caro(phone, app.url, "Ann", "Ben")
    mirror = caro.Match(players=["Ann", "Ben"], starter="Ann")
    lay(phone, mirror, "red", (6, 6))
    # Ben put a red next to Ann's red: rule 1. Noticed during his turn: -10, lay again. Red has
    # no legal cell for Ben, yet he holds it: it is dimmed, not disabled, and the break is
    # entered with red itself. Ben's turn starts with no colour picked.
    see(phone, "Ben to lay: pick a colour")
    button(phone, re.compile(r"^Lay red, 3 left, no legal cell(\s|$)")).click()
    button(phone, re.compile(r"^Lay red, .*selected")).wait_for()
    button(phone, re.compile(r"^row 6, column 7, empty$")).click()
    see(phone, "Cannot lay red at row 6, column 7")
    see(phone, str(mirror.violations("red", (6, 7))[0]))
    button(phone, "Rule break: −10, lay it again").click()
    mirror.rule_break("red")
    see(phone, mirror.history[-1]["text"])  # "Ben broke a rule with red ...: -10. ... any colour"
    lay(phone, mirror, "black", (6, 7))
    assert mirror.scores["Ben"] == 0  # 10 for the pair, -10 for the break
    see(phone, mirror.history[-1]["text"])
    # Ann lays a white touching only at a corner; it was noticed too late: it stays, scoring 0.
    button(phone, re.compile(r"^Lay white")).click()
    button(phone, re.compile(r"^Lay white, .*selected")).wait_for()
    button(phone, re.compile(r"^row 5, column 5, empty$")).click()
    button(phone, "Leave it as laid (noticed too late)").click()
    mirror.lay("white", (5, 5), force=True)
    see(phone, mirror.history[-1]["text"])
    button(phone, re.compile(r"^row 5, column 5, white")).wait_for()


def expected_colour(mirror: caro.Match) -> str | None:
    """The colour a turn opens on: the only one with a legal cell, else none."""
    layable = [c for c in caro.COLOURS if mirror.options(c)]
    return mirror.must_relay or (layable[0] if len(layable) == 1 else None)


def leave_as_laid(page, mirror: caro.Match, colour: str, cell: tuple[int, int], reason: str,
                  turn: str) -> None:
    """Tap a cell the selected `colour` may not go on, check the refusal names `reason`, and
    record it as laid, noticed too late (C9): the turn reads `turn`, the cell shows the caro."""
    r, c = cell
    button(page, f"row {r}, column {c}, empty").click()
    see(page, f"Cannot lay {colour} at row {r}, column {c}")
    see(page, reason)
    button(page, "Leave it as laid (noticed too late)").click()
    mirror.lay(colour, cell, force=True, player=mirror.current)
    assert mirror.history[-1]["text"] == turn
    see(page, turn)
    button(page, f"row {r}, column {c}, {colour}, laid last").wait_for()


def downward(mirror: caro.Match) -> tuple[str, tuple[int, int]]:
    """A legal lay on the lowest row that has one: the rows at the top drop out of reach."""
    moves = [(cell[0], -mirror.options(c)[cell], c, cell)
             for c in caro.COLOURS for cell in mirror.options(c)]
    _, _, colour, cell = max(moves)
    return colour, cell


def six_lays_downward() -> caro.Match:
    """Ann's red in the middle, then five lays each on the lowest row that has one."""
    m = caro.Match(players=["Ann", "Ben"], starter="Ann")
    m.lay("red", (m.area, m.area))
    for _ in range(5):
        m.lay(*downward(m))
    return m


def open_seeded(page, app, name: str, build) -> caro.Match:
    """Open the match seeded as `name` by its route; return a mirror engine built the same way."""
    mirror = build()
    open_page(page, f"{app.url}/match/{app.seeded[name]}")
    see(page, mirror.history[-1]["text"])
    return mirror


def test_every_cell_matches_the_engine_after_undo_and_redo(app, phone) -> None:
    """The grid re-sends only the cells whose look changed, and keeps its rows when rows come and
    go at the top: after each Undo and Redo every cell must show what the engine says (laid
    colour, last laid, legal and its points), and a tap must still reach the cell tapped."""
    mirror = open_seeded(phone, app, "six lays downward", six_lays_downward)
    for step in ("Undo", "Undo", "Undo", "Redo", "Redo", "Undo", "Redo", "Redo", "Undo"):
        text = mirror.history[-1]["text"]
        getattr(mirror, step.lower())()
        button(phone, step).click()
        see(phone, f"{step}ne: {text if step == 'Undo' else mirror.history[-1]['text']}")
        colour = selected_colour(phone)
        assert colour == expected_colour(mirror), step
        assert grid_names(phone) == expected_names(mirror, colour), step
        assert_buttons_named(phone)
        # The turn list (one text, a line a turn) shows the latest turns, newest first.
        expected = "\n".join(e["text"] for e in reversed(mirror.history[-8:]))
        shown = phone.evaluate(
            "() => [...document.querySelectorAll('flt-semantics-host flt-semantics')]"
            ".map(e => (e.getAttribute('aria-label') || e.textContent).trim())")
        assert expected in shown, step
    for _ in range(3):  # each lay checks the turn text, which names the cell tapped
        lay(phone, mirror, *downward(mirror))


def test_a_colour_with_no_legal_cell_can_be_left_as_laid_and_is_named_in_the_turn(
        app, phone) -> None:
    """C9: Ben laid red next to Ann's red and it was noticed too late. Red has no legal cell for
    him, yet he holds it: the bar lets him pick it (dimmed, with a line saying what a tap does),
    and the turn is recorded as red, scoring 0 (a same-colour pair)."""
    start_caro(phone, app.url, "Ann", "Ben")
    mirror = caro.Match(players=["Ann", "Ben"], starter="Ann")
    lay(phone, mirror, "red", (6, 6))
    assert mirror.options("red") == {} and mirror.remaining("Ben")["red"] == 3
    # Several colours have a legal cell: the turn starts with none picked.
    see(phone, "Ben to lay: pick a colour")
    assert selected_colour(phone) is None
    see(phone, "Dimmed colours have no legal cell")
    button(phone, re.compile(r"^Lay red, 3 left, no legal cell(\s|$)")).click()
    button(phone, re.compile(r"^Lay red, 3 left, no legal cell, selected(\s|$)")).wait_for()
    see(phone, "No legal cell for red: tap where Ben laid it to record a rule break or a lay "
               "noticed too late.")
    assert grid_names(phone) == expected_names(mirror, "red")  # no cell offers red a score
    leave_as_laid(phone, mirror, "red", (6, 5),
                  "Rule 1: red cannot go next to the red at row 6, column 6.",
                  "Ben laid red at row 6, column 5, recorded as it lies (rule 6): 0.")
    assert mirror.turns[-1]["colour"] == "red" and mirror.turns[-1]["points"] == 0
    assert mirror.scores == {"Ann": 10, "Ben": 0} and mirror.remaining("Ben")["red"] == 2
    # Ann's turn does not open on Ben's dimmed red: on no colour, or the only one she can lay.
    see(phone, "Ann to lay")
    first = expected_colour(mirror)
    phone.wait_for_timeout(300)
    assert selected_colour(phone) == first
    assert grid_names(phone) == expected_names(mirror, first)


# An L of caros that fills the 6 x 6 area of a 2-player game: rows and columns 6 to 11.
L_SHAPE = [(6, c) for c in range(7, 12)] + [(r, 6) for r in range(7, 12)]


def area_filled_by_an_l() -> caro.Match:
    """Ann's red at 6,6, then the L_SHAPE, each with the first colour that may go there."""
    m = caro.Match(players=["Ann", "Ben"], starter="Ann")
    m.lay("red", (6, 6))
    for cell in L_SHAPE:
        m.lay(next(c for c in caro.COLOURS if cell in m.options(c)), cell)
    return m


def test_a_caro_laid_outside_a_full_area_square_can_be_left_as_laid(app, phone) -> None:
    """Once the caros fill the area square, the grid can still show one ring of cells around
    them: a caro laid outside the area and noticed too late has a cell to tap (C9)."""
    mirror = open_seeded(phone, app, "area filled by an L", area_filled_by_an_l)
    assert mirror.bounds == (6, 6, 11, 11) and mirror.current == "Ben"
    assert (5, 6) not in mirror.cells_in_reach() and (6, 12) not in mirror.cells_in_reach()
    assert mirror.remaining("Ben")["black"] == 0
    button(phone, re.compile(r"^Lay black, 0 left(\s|$)")).wait_for()
    assert phone.evaluate("""() => [...document.querySelectorAll(
        'flt-semantics-host [role=button]')].find(e => (e.getAttribute('aria-label')
        || e.textContent).startsWith('Lay black')).getAttribute('aria-disabled')""") == "true"
    button(phone, re.compile(r"^Lay white")).click()
    button(phone, re.compile(r"^Lay white, .*selected")).wait_for()
    # The cells beyond the area are drawn only when asked for.
    assert grid_names(phone) == expected_names(mirror, "white")
    assert "row 5, column 6, empty" not in grid_names(phone)
    button(phone, "A caro lies elsewhere? Show more cells").click()
    button(phone, "Show only the cells next to the caros").wait_for()
    names = grid_names(phone)
    assert names == expected_names(mirror, "white", outside=True)
    assert {f"row {r}, column {c}, empty"
            for r, c in ((5, 5), (5, 6), (6, 12), (12, 7), (12, 5))} <= names
    assert "row 4, column 6, empty" not in names
    assert "row 6, column 13, empty" not in names
    # Ben laid white above Ann's first red, outside the 6 x 6 square; noticed too late.
    leave_as_laid(phone, mirror, "white", (5, 6),
                  "Playing area: with 2 players the caros must fit in 6 x 6; white at row 5, "
                  "column 6 would make the table 7 rows tall.",
                  "Ben laid white at row 5, column 6, recorded as it lies (rule 6): 6.")
    assert mirror.bounds == (5, 6, 11, 11) and mirror.scores["Ben"] == 60 + 6
    see(phone, "Ann to lay")
    colour = selected_colour(phone)
    assert colour == expected_colour(mirror)
    assert grid_names(phone) == expected_names(mirror, colour)  # hidden again after the lay
    button(phone, "A caro lies elsewhere? Show more cells").click()
    button(phone, "Show only the cells next to the caros").wait_for()
    assert grid_names(phone) == expected_names(mirror, colour, outside=True)
    assert "row 4, column 6, empty" in grid_names(phone)  # the ring follows the caro laid outside


# Late states the tests above open by route, stored before the app starts (the whole game test
# taps every lay of a match through the grid).
SEEDS = {"six lays downward": six_lays_downward, "area filled by an L": area_filled_by_an_l}


def cell_boxes(page) -> list[dict]:
    return page.evaluate("""() => [...document.querySelectorAll(
        'flt-semantics-host [role=button]')].filter(e => (e.getAttribute('aria-label')
        || e.textContent).trim().startsWith('row ')).map(e => {
            const r = e.getBoundingClientRect();
            return {right: r.right, width: r.width, height: r.height, bottom: r.bottom}; })""")


def test_the_grid_fits_the_width_again_after_a_resize(app, phone) -> None:
    """Turning a phone or resizing a window sizes the cells to the new width at once, never
    below a thumb's 48 px: on a phone the whole area's 11 columns scroll sideways instead."""
    phone.set_viewport_size({"width": 1280, "height": 800})
    start_caro(phone, app.url, "Ann", "Ben")
    mirror = caro.Match(players=["Ann", "Ben"], starter="Ann")
    lay(phone, mirror, "red", (mirror.area, mirror.area))
    button(phone, "A caro lies elsewhere? Show more cells").click()
    button(phone, "Show only the cells next to the caros").wait_for()
    wide = max(box["width"] for box in cell_boxes(phone))
    phone.set_viewport_size({"width": 412, "height": 915})
    phone.wait_for_function("""() => { const cells = [...document.querySelectorAll(
        'flt-semantics-host [role=button]')].filter(e => (e.getAttribute('aria-label')
        || e.textContent).trim().startsWith('row '));
        return cells.length == 121 && cells.every(e => e.getBoundingClientRect().height < 50)
        }""", timeout=10_000)
    narrow = cell_boxes(phone)
    assert len(narrow) == len(expected_names(mirror, "black", outside=True)) and wide > 50
    assert max(box["width"] for box in narrow) < wide
    # The whole reach is taller than the phone (the 48 px line above the grid, which says it
    # scrolls sideways, pushes it down): the page's bottom edge cuts the last row, as the
    # sideways edge cuts the last column; a cut cell is not measured for height.
    bottom = shown_to(phone)
    whole = [box for box in narrow if box["bottom"] < bottom - 12]
    assert len(whole) >= len(narrow) // 2
    assert min(box["height"] for box in whole) >= 48, [b for b in whole if b["height"] < 48][:3]
    assert max(box["right"] for box in narrow) > 412  # scrolled sideways, not shrunk
