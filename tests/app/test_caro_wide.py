"""The 4-player Caro grid on a 412 x 915 phone, eight columns wide (wider than the screen): a chip
says how many legal cells are out of view and on which side, and a tap on it scrolls them in; the
bar the cells scroll with leaves the bottom row clear; the final board fits the screen whole.
And a 3-player game (7 x 7) played through to its final board."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from scoring import caro
from tests.support.app.caro import choose, lay
from tests.support.app.caro_grid import cell_boxes
from tests.support.app.crafted import crashes
from tests.support.app.ui import button, open_page, see
from tests.support.app.wire import Wire

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]
WIDE = 412
CELL = 48  # a cell's side on a grid that scrolls (the thumb's width it keeps)


def played(players: int, seed: int, lays: int | None = None) -> caro.Match:
    """A seeded random game of legal lays: `lays` of them, or to its end."""
    match = caro.Match(players=PLAYERS[:players], starter="Ann")
    rng = random.Random(seed)
    while not match.is_over and (lays is None or len(match.history) < lays):
        moves = [(c, cell) for c in caro.COLOURS for cell in sorted(match.options(c))]
        colour, cell = rng.choice(moves)
        # The first caro where the app puts it, so rows and columns count from 1 as on screen.
        match.lay(colour, cell if match.board else (match.area, match.area))
    return match


def wide() -> caro.Match:
    """Eight columns, 25 lays in: black's legal cells are mostly in the rightmost column, which
    a 412 px phone cuts, and some in the leftmost, which scrolling right cuts in turn."""
    return played(4, 87, 25)


def over() -> caro.Match:
    return played(4, 87)


def three_players() -> caro.Match:
    """Three players (a 7 x 7 area), 24 of their 36 caros laid: the browser lays the rest."""
    return played(3, 5, 24)


CRAFTED = True  # a test here sends misshapen scroll reports on purpose (see conftest)
SEEDS = {"wide": wide, "wide, crafted": wide, "over": over, "three players": three_players}


def cell_of(name: str) -> tuple[int, int]:
    return tuple(int(x) for x in re.match(r"row (\d+), column (\d+)", name).groups())


STRIP = """() => [...document.querySelectorAll('flt-semantics-host flt-semantics')]
    .filter(e => e.style.overflowX === 'scroll')
    .map(e => { const r = e.getBoundingClientRect();
                return {left: r.left, right: r.right, bottom: r.bottom}; })"""


def strip(page) -> dict | None:
    """The box the cells scroll sideways in (the semantics tree's scrollable), if they do."""
    boxes = page.evaluate(STRIP)
    assert len(boxes) <= 1
    return boxes[0] if boxes else None


def in_view(page) -> set[tuple[int, int]]:
    """The cells the phone shows whole: a cell cut by the scroll's edge reports only its visible
    part to the semantics tree, and one scrolled away a box outside the strip's."""
    box = strip(page) or {"left": 0, "right": WIDE}
    return {cell_of(b["name"]) for b in cell_boxes(page)
            if b["width"] >= CELL - 1 and box["left"] - 0.5 <= b["left"]
            and b["right"] <= box["right"] + 0.5}


def chip(page, side: str):
    return button(page, re.compile(rf"legal cells? off screen to the {side}"))


def said(chip) -> int:
    """The number of cells a chip says are out of view."""
    name = chip.get_attribute("aria-label") or chip.inner_text()
    return int(re.search(r"(\d+) legal", name).group(1))


def test_a_chip_counts_the_legal_cells_out_of_view_and_a_tap_brings_them_in(app, phone) -> None:
    mirror = wide()
    open_page(phone, f"{app.url}/match/{app.seeded['wide']}")
    see(phone, mirror.history[-1]["text"])
    button(phone, re.compile(r"^Lay black")).click()
    button(phone, re.compile(r"^Lay black, .*selected")).wait_for()
    legal = set(mirror.options("black"))
    right = chip(phone, "right")
    right.wait_for()
    phone.wait_for_timeout(300)
    shown = in_view(phone)
    out = legal - shown
    assert out and said(right) == len(out)
    assert min(c for _, c in out) > max(c for _, c in legal & shown)  # they are on the right
    phone.screenshot(path="/tmp/wide-before.png")
    right.click()
    chip(phone, "left").wait_for()
    phone.wait_for_timeout(400)
    shown = in_view(phone)
    assert out <= shown  # the tap brought every one of them into view
    back = chip(phone, "left")
    left_out = legal - shown
    assert said(back) == len(left_out)
    assert not chip(phone, "right").count()
    phone.screenshot(path="/tmp/wide-after.png")
    back.click()
    chip(phone, "right").wait_for()
    phone.wait_for_timeout(400)
    assert left_out <= in_view(phone)
    phone.screenshot(path="/tmp/wide-back.png")


def test_the_bar_the_cells_scroll_with_leaves_the_bottom_row_clear(app, phone) -> None:
    mirror = wide()
    open_page(phone, f"{app.url}/match/{app.seeded['wide']}")
    see(phone, mirror.history[-1]["text"])
    see(phone, "The grid is wider than the screen: drag it sideways")  # no colour picked yet
    # The grid's bottom row lies under the thumb zone's fold (the bottom bar) at first: scroll
    # the game's part down, as a thumb does, to see the strip whole with its bar.
    phone.mouse.move(WIDE / 2, 600)
    phone.mouse.wheel(0, 2000)
    phone.wait_for_timeout(600)
    box = strip(phone)
    assert box is not None and box["right"] <= WIDE
    bottom = max(b["bottom"] for b in phone.evaluate(CELL_BOTTOMS))
    # The bar is drawn inside the strip along its bottom edge: 8 px, 12 under a mouse pointer.
    assert box["bottom"] - bottom >= 12, (box, bottom)
    light_and_dark(phone, "wide", "The grid is wider than the screen")


def light_and_dark(page, shot: str, sign: str) -> None:
    """Screenshots to look at (kept out of the repository): the page as it is, then reloaded
    in a dark system theme (the app follows it; Flutter reads it as it starts)."""
    page.wait_for_timeout(300)
    page.screenshot(path=f"/tmp/{shot}-light.png")
    page.emulate_media(color_scheme="dark")
    open_page(page, page.url)
    see(page, sign)
    page.wait_for_timeout(500)
    page.screenshot(path=f"/tmp/{shot}-dark.png")
    page.emulate_media(color_scheme="light")


CELL_BOTTOMS = """() => [...document.querySelectorAll('flt-semantics-host [role=button]')]
    .filter(e => (e.getAttribute('aria-label') || e.textContent).trim().startsWith('row '))
    .map(e => ({bottom: e.getBoundingClientRect().bottom}))"""

FINAL_CELLS = """() => [...document.querySelectorAll('flt-semantics-host flt-semantics')]
    .filter(e => !e.querySelector('flt-semantics'))
    .map(e => [(e.getAttribute('aria-label') || e.textContent).trim(), e])
    .filter(([name]) => /^row [^,]+, column /.test(name))
    .map(([name, e]) => { const r = e.getBoundingClientRect();
        return {name, left: r.left, right: r.right, width: r.width,
                button: !!e.closest('[role=button]')}; })"""


def final_board_is_whole(page, mirror: caro.Match, shot: str) -> None:
    """Every laid caro is on screen whole (the rectangle they fill and nothing around it), none
    of them a button, and nothing scrolls sideways."""
    see(page, "Game over")
    page.wait_for_timeout(400)
    cells = page.evaluate(FINAL_CELLS)
    top, left, bottom, right = mirror.bounds
    named = {cell_of(c["name"]) for c in cells}  # (a free cell's empty text may have no node)
    assert set(mirror.board) <= named <= {
        (r, c) for r in range(top, bottom + 1) for c in range(left, right + 1)}
    assert all(0 <= c["left"] and c["right"] <= WIDE for c in cells), cells
    assert not any(c["button"] for c in cells)  # read-only
    assert strip(page) is None
    light_and_dark(page, shot, "Game over")


def test_the_final_board_of_a_four_player_game_fits_the_phone_whole(app, phone) -> None:
    mirror = over()
    top, left, bottom, right = mirror.bounds
    assert 18 + (right - left + 1) * (CELL + 2) > WIDE - 24  # too wide at a thumb a cell
    open_page(phone, f"{app.url}/match/{app.seeded['over']}")
    final_board_is_whole(phone, mirror, "wide-over")


def test_a_three_player_game_plays_to_its_final_board_with_every_legal_cell_seen(
        app, phone) -> None:
    """Three players (a 7 x 7 area) on a 412 px phone: at each turn every legal cell is in view
    or counted by a chip, and the game plays through to a final board whole."""
    mirror = three_players()
    open_page(phone, f"{app.url}/match/{app.seeded['three players']}")
    see(phone, mirror.history[-1]["text"])
    while not mirror.is_over:
        colour, cell = choose(mirror)
        button(phone, re.compile(rf"^Lay {colour}")).click()
        button(phone, re.compile(rf"^Lay {colour}, .*selected")).wait_for()
        phone.wait_for_timeout(200)
        # Every legal cell in view, or the chips count those that are not (a 3-player grid is
        # 8 columns wide, wider than the phone, while both sides of the area are in reach).
        out = set(mirror.options(colour)) - in_view(phone)
        counted = sum(said(chip(phone, side)) for side in ("left", "right")
                      if chip(phone, side).count())
        assert counted == len(out)
        lay(phone, mirror, colour, cell)
    final_board_is_whole(phone, mirror, "three-over")


def test_a_crafted_scroll_report_only_moves_its_own_chip_within_the_grid(app) -> None:
    """A page's scroll reports are clamped to the strip: a huge or negative offset says what a
    real scroll to that edge would, and changes nothing in the match; a report of another kind
    is ignored, and one whose offset is not a number (NaN, text) is refused for its shape
    (companion/session/shapes.py): nothing moves."""
    mid = app.seeded["wide, crafted"]
    stored = Path(app.data) / "matches" / f"{mid}.json"  # read beside the running app
    before = stored.read_bytes()
    wire = Wire(app.port, f"/match/{mid}")
    wire.read(until=5)
    wire.read(until=len(wire.received) + 20, timeout=1.0)
    [black] = [c for c in wire.controls("Semantics")
               if str(c.get("label", "")).startswith("Lay black")]
    wire.event(black["content"]["_i"], "click")
    wire.read(until=len(wire.received) + 1)
    assert "8 legal cells off screen to the right" in str(wire.received)
    [scroller] = [c for c in wire.controls("Row") if c.get("on_scroll")]

    def report(pixels: object, kind: str = "end") -> str:
        before = len(wire.received)
        wire.event(scroller["_i"], "scroll", {
            "event_type": kind, "pixels": pixels, "min_scroll_extent": 0,
            "max_scroll_extent": 80, "viewport_dimension": 368})
        # Until the strip's answer or 2 s of quiet: an unrelated patch (the page's locale
        # subscription, late on a busy machine) may come first.
        while "off screen" not in str(wire.received[before:]):
            seen = len(wire.received)
            wire.read(until=seen + 1, timeout=2.0)
            if len(wire.received) == seen:
                break
        return str(wire.received[before:])

    assert "4 legal cells off screen to the left" in report(1e308)
    assert "off screen" not in report(float("nan"))
    assert "off screen" not in report("lots")
    assert "8 legal cells off screen to the right" in report(0)
    assert "off screen" not in report(80, "update")  # only a scroll's end is heard
    assert "4 legal cells off screen to the left" in report(80)
    assert "8 legal cells off screen to the right" in report(-5.0e9)
    wire.close()
    assert crashes(wire) == []
    assert stored.read_bytes() == before
