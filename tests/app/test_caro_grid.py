"""The Caro grid on a 412 x 915 phone: thumb-sized cells at every stage of 2-, 3- and 4-player
games, measured on the semantics tree (the boxes a tap lands in), and only the cells that can
matter drawn: the laid caros and one ring of cells around them, within the area."""

from __future__ import annotations

import re

import pytest

from scoring import caro
from tests.support.app.caro import lay
from tests.support.app.caro_grid import cell_boxes, shown_to
from tests.support.app.shell import start_caro
from tests.support.app.ui import button, open_page, see

pytestmark = pytest.mark.browser

THUMB = 44  # the floor for a tap target, in CSS px (the grid aims at 48)
PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]


def near(mirror: caro.Match) -> set[tuple[int, int]]:
    """What the grid should draw: the laid caros and the cells in reach within one ring around
    their bounding box (worked out here from the engine's bounds and reach, not the grid's)."""
    top, left, bottom, right = mirror.bounds
    return set(mirror.board) | {(r, c) for r, c in mirror.cells_in_reach()
                                if top - 1 <= r <= bottom + 1 and left - 1 <= c <= right + 1}


def check_cells(page, mirror: caro.Match, shot: str | None = None) -> list[dict]:
    """The grid shows exactly `near(mirror)`, every legal cell of the selected colour among
    them, each cell at least THUMB px both ways; returns the boxes."""
    page.wait_for_timeout(300)  # let the last frame's semantics settle
    boxes = cell_boxes(page)
    shown = {tuple(int(x) for x in re.match(r"row (\d+), column (\d+)", b["name"]).groups())
             for b in boxes}
    assert shown == (near(mirror) if mirror.board else {(mirror.area, mirror.area)})
    colour = chosen(page)
    if mirror.board and colour:
        assert set(mirror.options(colour)) <= shown
    # A cell cut by the edge of the sideways scroll (the page's 10 px margin) shows only its
    # visible part: it is measured across only where no edge cuts it (a tap scrolls it in).
    # Likewise a cell the lower edge of the game's part cuts (above the bottom bar).
    edge = page.evaluate("() => window.innerWidth") - 12
    low = shown_to(page) - 12
    small = [b for b in boxes if b["height"] < THUMB and b["bottom"] < low
             or b["width"] < THUMB and 12 < b["left"] and b["right"] < edge]
    assert not small, f"cells smaller than {THUMB} px: {small[:3]}"
    assert max(b["width"] for b in boxes) >= THUMB
    if shot:
        page.screenshot(path=f"/tmp/grid-{shot}.png")
    return boxes


def chosen(page) -> str | None:
    """The colour the colour bar has selected, if any ("red" from "Lay red, 3 left, selected")."""
    name = page.evaluate("""() => [...document.querySelectorAll(
        'flt-semantics-host [role=button]')].map(e => e.getAttribute('aria-label')
        || e.textContent).find(n => /^Lay \\w+, .*selected/.test(n))""")
    return name.split()[1].rstrip(",") if name else None


def leftmost(mirror: caro.Match, right: bool = False) -> tuple[str, tuple[int, int]]:
    """A legal lay on the leftmost (or rightmost) column that has one: the caros spread
    sideways."""
    moves = [(cell[1] * (-1 if right else 1), cell[0], colour, cell)
             for colour in caro.COLOURS for cell in mirror.options(colour)]
    _, _, colour, cell = min(moves)
    return colour, cell


@pytest.mark.parametrize("count", [2, 3])
def test_cells_are_thumb_sized_from_the_first_caro_on(app, phone, count: int) -> None:
    names = PLAYERS[:count]
    start_caro(phone, app.url, *names)
    mirror = caro.Match(players=names, starter=names[0])
    check_cells(phone, mirror, f"{count}p-start")
    lay(phone, mirror, "red", (mirror.area, mirror.area))
    boxes = check_cells(phone, mirror, f"{count}p-first")
    assert len(boxes) == 9  # the first caro and its ring, where there were 11 x 11 or more
    for _ in range(6):
        lay(phone, mirror, *leftmost(mirror))
        check_cells(phone, mirror)
    check_cells(phone, mirror, f"{count}p-seven")


def test_a_whole_four_player_game_keeps_thumb_sized_cells_and_scrolls_sideways(
        app, phone) -> None:
    """Four players lay all 48 caros, spreading sideways until the cells no longer fit the
    phone's width: they keep their size, the grid scrolls, and the cells beyond the screen's
    edge still take a tap (the game plays to its end as the engine says)."""
    start_caro(phone, app.url, *PLAYERS)
    mirror = caro.Match(players=PLAYERS, starter="Ann")
    check_cells(phone, mirror, "4p-start")
    lay(phone, mirror, "red", (mirror.area, mirror.area))
    assert len(check_cells(phone, mirror, "4p-first")) == 9
    columns = 0
    while not mirror.is_over:
        # Mostly leftwards, every third lay rightwards: cells on both sides of the screen.
        lay(phone, mirror, *leftmost(mirror, right=len(mirror.board) % 3 == 0))
        if not mirror.is_over:
            boxes = check_cells(phone, mirror)
            columns = max(columns, len({re.match(r"row \d+, column (\d+)", b["name"]).group(1)
                                        for b in boxes}))
        if len(mirror.board) in (12, 30):
            phone.screenshot(path=f"/tmp/grid-4p-{len(mirror.board)}.png")
    # The grid grew wider than the phone (18 px of row numbers, 48 px cells, 2 px gaps), and
    # every lay still landed on the cell tapped (each lay checks the turn that names it).
    assert 18 + columns * 50 > 412
    see(phone, "Game over")
    phone.screenshot(path="/tmp/grid-4p-over.png")


def test_more_cells_on_request_for_a_caro_laid_away_from_the_others(app, phone) -> None:
    """A caro laid two cells away from the others (against the rules, noticed too late) lies on
    a cell the grid leaves out by default: "Show more cells" draws the rest of the area (thumb
    sized, scrolling sideways), and the lay is recorded as it lies (C9)."""
    start_caro(phone, app.url, "Ann", "Ben")
    mirror = caro.Match(players=["Ann", "Ben"], starter="Ann")
    lay(phone, mirror, "red", (6, 6))
    assert "row 6, column 8, empty" not in {b["name"] for b in cell_boxes(phone)}
    button(phone, "A caro lies elsewhere? Show more cells").click()
    button(phone, "Show only the cells next to the caros").wait_for()
    boxes = cell_boxes(phone)
    assert len(boxes) == len(mirror.cells_in_reach()) + 1  # the whole 11 x 11 reach
    # (The whole reach is taller than the game's part of the screen: its edge cuts the last rows.)
    bottom = shown_to(phone)
    assert all(b["height"] >= THUMB for b in boxes if b["bottom"] < bottom - 12), [
        b for b in boxes if b["height"] < THUMB][:3]
    phone.screenshot(path="/tmp/grid-more.png")
    button(phone, re.compile(r"^Lay black")).click()
    button(phone, re.compile(r"^Lay black, .*selected")).wait_for()
    button(phone, "row 6, column 8, empty").click()
    see(phone, "Cannot lay black at row 6, column 8")
    button(phone, "Leave it as laid (noticed too late)").click()
    mirror.lay("black", (6, 8), force=True)
    see(phone, mirror.history[-1]["text"])
    button(phone, "row 6, column 8, black, laid last").wait_for()
    check_cells(phone, mirror, "more-after")  # back to the cells next to the caros


def spread_sideways() -> caro.Match:
    """Four players, 20 caros: a first caro, then mostly leftwards and every third rightwards,
    wider than a phone's 412 px at 48 px a cell."""
    m = caro.Match(players=PLAYERS, starter="Ann")
    m.lay("red", (m.area, m.area))
    while len(m.board) < 20:
        m.lay(*leftmost(m, right=len(m.board) % 3 == 0))
    return m


SEEDS = {"spread sideways": spread_sideways}

NUMBER_BOXES = """() => [...document.querySelectorAll('flt-semantics-host flt-semantics')]
    .filter(e => !e.querySelector('flt-semantics'))
    .map(e => [(e.getAttribute('aria-label') || e.textContent).trim(),
               e.getBoundingClientRect()])
    .filter(([name]) => /^(row|column|cell) -?\\d/.test(name))
    .map(([name, r]) => [name, {left: r.left, middle: r.top + r.height / 2, width: r.width,
                                height: r.height}])"""


def test_the_row_numbers_stay_in_view_while_the_cells_scroll_sideways(app, phone) -> None:
    """A grid wider than the phone scrolls its cells sideways under their column numbers; the
    row numbers stay at the left edge, each beside its row."""
    mirror = spread_sideways()
    open_page(phone, f"{app.url}/match/{app.seeded['spread sideways']}")
    see(phone, mirror.history[-1]["text"])
    phone.wait_for_timeout(300)
    before = dict(phone.evaluate(NUMBER_BOXES))
    columns = {re.match(r"row \d+, column (\d+)", n).group(1) for n in before
               if ", column " in n}
    assert 18 + len(columns) * 50 > 412  # wider than the phone: it scrolls
    # A row the grid's lower edge cuts (above the bottom bar; a swipe brings it up) is left out.
    whole = max(box["height"] for n, box in before.items() if ", column " in n)
    rows = sorted(n for n in before if n.startswith("row ") and ", column " not in n
                  and all(box["height"] > whole - 1 for c, box in before.items()
                          if c.startswith(f"{n}, column ")))
    assert rows, "no row numbers in the semantics tree"
    for name in rows:  # each row number sits beside its row's cells, left of all of them
        cells = [box for n, box in before.items() if n.startswith(f"row {name[4:]}, column ")]
        assert cells and all(abs(b["middle"] - before[name]["middle"]) < 2 for b in cells), name
        assert all(before[name]["left"] < b["left"] for b in cells), name
    phone.mouse.move(250, before[rows[0]]["middle"])
    phone.mouse.wheel(400, 0)
    phone.wait_for_timeout(600)
    after = dict(phone.evaluate(NUMBER_BOXES))
    moved = {n: before[n]["left"] - after[n]["left"] for n in before if n in after}
    cell_shift = {round(d) for n, d in moved.items() if n.startswith(("cell", "column"))
                  and after[n]["width"] == before[n]["width"]}  # not cut by the scroll's edge
    assert len(cell_shift) == 1 and cell_shift.pop() > 20, moved  # cells and columns scrolled
    assert all(moved[n] == 0 for n in rows), moved  # the row numbers did not
    phone.screenshot(path="/tmp/grid-rows-fixed.png")
