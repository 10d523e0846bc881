"""Helpers of tests/app/test_caro.py that other tests share: at, board_names, choose,
expected_names, grid_names, lay, near_reach, selected_colour."""

from __future__ import annotations

import re

from scoring import caro
from tests.support.app.trace import tap_until
from tests.support.app.ui import button, see


def at(n: int) -> str:
    """A row or column number as the screen writes it: a negative one with the minus sign."""
    return str(n).replace("-", "\u2212")


def lay(page, mirror: caro.Match, colour: str, cell: tuple[int, int]) -> None:
    """Tap the colour, then the cell, as the scorekeeper does; the mirror engine does the same."""
    player = mirror.current
    button(page, re.compile(rf"^Lay {colour}")).click()
    picked = button(page, re.compile(rf"^Lay {colour}, .*selected"))
    picked.wait_for()
    target = button(page, re.compile(
        rf"^row {at(cell[0])}, column {at(cell[1])}, empty; \w+ scores"))
    mirror.lay(colour, cell, player=player)
    said = mirror.history[-1]["text"]
    # Tapped again only while the trace shows the tap never reached the app (a busy machine
    # loses a tap on a cell the grid is still scrolling to: Flutter takes it as stopping the
    # scroll), and while the cell still offers the lay and the colour is still picked.
    tap_until(page, target.click, lambda ms: see(page, said, timeout=ms),
              may_retry=lambda: bool(target.count() and picked.count()))


def choose(mirror: caro.Match) -> tuple[str, tuple[int, int]]:
    """A legal lay: the highest-scoring cell of the first colour that has one (deterministic)."""
    for colour in caro.COLOURS:
        options = mirror.options(colour)
        if options:
            cell = max(sorted(options), key=lambda c: options[c])
            return colour, cell
    raise AssertionError("nobody can lay, yet the game is not over")


def grid_names(page) -> set[str]:
    """The names of every cell button the page shows."""
    return set(page.evaluate("""() => [...document.querySelectorAll(
        'flt-semantics-host [role=button]')].map(e => (e.getAttribute('aria-label')
        || e.textContent).trim()).filter(n => n.startsWith('row '))"""))


def board_names(page) -> dict[str, bool]:
    """The final board's cell names (innermost nodes named "row ..., column ..."), each with
    whether it sits in a button (the final board is read-only: none should)."""
    return dict(page.evaluate("""() => [...document.querySelectorAll(
        'flt-semantics-host flt-semantics')].filter(e => !e.querySelector('flt-semantics'))
        .map(e => [(e.getAttribute('aria-label') || e.textContent).trim(),
                   !!e.closest('[role=button]')])
        .filter(([n]) => /^row [^,]+, column /.test(n))"""))


def ring(mirror: caro.Match) -> set[tuple[int, int]]:
    """The free cells next to a laid caro at an edge or a corner, inside the area or not."""
    board = mirror.board
    return {(r + dr, c + dc) for r, c in board for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (r + dr, c + dc) not in board}


def selected_colour(page) -> str | None:
    """The colour the colour bar has selected ("red" from "Lay red, 3 left, selected"), or None
    (a turn starts with none unless only one colour has a legal cell)."""
    name = page.evaluate("""() => [...document.querySelectorAll(
        'flt-semantics-host [role=button]')].map(e => e.getAttribute('aria-label')
        || e.textContent).find(n => /^Lay \\w+, .*selected/.test(n))""")
    return name.split()[1].rstrip(",") if name else None


def near_reach(mirror: caro.Match) -> set[tuple[int, int]]:
    """The free cells the grid draws by default: those in reach within one ring around the
    laid caros' bounding box."""
    top, left, bottom, right = mirror.bounds
    return {(r, c) for r, c in mirror.cells_in_reach()
            if top - 1 <= r <= bottom + 1 and left - 1 <= c <= right + 1}


def expected_names(mirror: caro.Match, colour: str | None, outside: bool = False) -> set[str]:
    """The cell names the grid shows: the cells in reach within one ring around the caros, or
    with `outside` (more cells asked for) every cell in reach and the ring beyond the area
    (a negative row or column written with the minus sign, as the screen writes it)."""
    cells = near_reach(mirror) | (set(mirror.cells_in_reach()) | ring(mirror) if outside else set())
    names = {f"row {at(r)}, column {at(c)}, empty" for r, c in cells}
    for (r, c), p in (mirror.options(colour) if colour else {}).items():
        names.discard(f"row {at(r)}, column {at(c)}, empty")
        names.add(f"row {at(r)}, column {at(c)}, empty; {colour} scores {p} here")
    for (r, c), laid in mirror.board.items():
        names.add(f"row {at(r)}, column {at(c)}, {laid}"
                  + (", laid last" if (r, c) == mirror.last_cell else ""))
    return names
