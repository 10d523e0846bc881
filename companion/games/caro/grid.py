"""The Caro tap grid: laid caros, the cells still in reach, and what each legal cell scores.

On request (`outside`) the grid also draws the free cells next to a laid caro, at an edge or a
corner, that lie outside the playing area: once the caros fill the area in a direction, a caro
laid beyond it still has a cell to tap, which the screen refuses with its reasons and can record
as laid, noticed too late (C9). They are not drawn by default: they would shrink every cell for
a rare mistake.

A tap re-sends only the cells whose look changed. The grid keeps the control it built for each
cell and row together with the plain data (one tuple per cell) it was built from, and hands Flet
the very same object again while that data is unchanged: Flet's diff skips an object it has
already sent in one identity check, where rebuilding and diffing all 121 cells of a mid-game grid
took most of the server's time per tap. Rows are keyed, so a row more or less keeps the others;
a column more or another width starts the cache afresh, so a kept control only ever returns to
the place it was built for.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.games.caro.look import FILL, INK, LETTER
from scoring import caro

Cell = tuple[int, int]
LABEL = 18  # width of the row-number column and height of the column-number row
MAX_CELL = 56
GAP = 2


# One cell as plain data: (column, laid colour, last laid, points, points doubled, marked), or None
# for a spot inside the drawn rectangle where no caro can go.
CellLook = tuple[int, str | None, bool, int | None, bool, bool] | None


# Borders are shared: a rebuilt cell whose border kind did not change hands Flet the same object,
# which its diff skips at once.
EMPTY = ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)
LAID = ft.Border.all(2, "#9E9E9E")  # mid grey: a black caro stands out in the dark theme too
LAST = ft.Border.all(4, ft.Colors.AMBER)
LEGAL = ft.Border.all(2, ft.Colors.PRIMARY)
MARKED = ft.Border.all(3, ft.Colors.ERROR)


def _cell(row: int, look: CellLook, on_tap: Callable[[Cell], None]) -> ft.Control:
    if look is None:
        return ft.Container(expand=True)
    col, laid, last, points, double, marked = look
    border = EMPTY
    bgcolor = None
    if laid:
        bgcolor = FILL[laid]
        name = f"cell {row},{col} {laid}" + (" (last laid)" if last else "")
        text = ft.Text(LETTER[laid], color=INK[laid], size=16, weight=ft.FontWeight.BOLD,
                       semantics_label=name)
        border = LAST if last else LAID
    elif points is not None:
        text = ft.Text(("x2 " if double else "") + f"{points}", size=12, no_wrap=True,
                       weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY_CONTAINER,
                       semantics_label=f"cell {row},{col} scores {points}")
        bgcolor = ft.Colors.PRIMARY_CONTAINER
        border = LEGAL
    else:
        text = ft.Text("", semantics_label=f"cell {row},{col}")
    # A tappable Container is a button to screen readers, named by its text's label: two
    # controls a cell, where a Semantics wrapper made three.
    return ft.Container(
        expand=True,
        bgcolor=bgcolor,
        border=MARKED if marked else border,
        border_radius=4,
        alignment=ft.Alignment.CENTER,
        content=text,
        on_click=lambda e: on_tap((row, col)),
    )


def _label(row: int) -> ft.Control:
    return ft.Container(width=LABEL, alignment=ft.Alignment.CENTER,
                        content=ft.Text(str(row), size=10, color=ft.Colors.ON_SURFACE_VARIANT))


def _row(row: int, cols: tuple[int, ...], looks: tuple[CellLook, ...], size: int, width: float,
         label: ft.Control, cell: Callable[[Cell, CellLook], ft.Control]) -> ft.Control:
    return ft.Row([label, *(cell((row, col), look) for col, look in zip(cols, looks, strict=True))],
                  key=f"row {row}", spacing=GAP, height=size, width=width,
                  vertical_alignment=ft.CrossAxisAlignment.STRETCH)


def _header(cols: tuple[int, ...], width: float) -> ft.Control:
    number = ft.TextStyle(size=10, color=ft.Colors.ON_SURFACE_VARIANT)
    return ft.Row(
        [ft.Container(width=LABEL)]
        + [ft.Container(expand=True, height=LABEL, alignment=ft.Alignment.CENTER,
                        content=ft.Text(str(c), style=number)) for c in cols],
        key="header",
        spacing=GAP,
        width=width,
    )


def outside_area(match: caro.Match) -> frozenset[Cell]:
    """The free cells next to a laid caro, at an edge or a corner, outside the playing area:
    where a caro could lie that was laid against the area rule and noticed too late (C9)."""
    board, reach = match.board, set(match.cells_in_reach())
    return frozenset((r + dr, c + dc) for r, c in board for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if (r + dr, c + dc) not in board and (r + dr, c + dc) not in reach)


class _Kept:
    """The controls last built for one grid shape, each with the data it was built from."""

    def __init__(self, shape: object) -> None:
        self.shape = shape
        self.built: dict[object, tuple[object, ft.Control]] = {}

    def get(self, place: object, data: object, build: Callable[..., ft.Control],
            *args: object) -> ft.Control:
        """The control last built at `place` if it was built from equal `data`, else
        `build(*args)`."""
        kept = self.built.get(place)
        if kept is not None and kept[0] == data:
            return kept[1]
        control = build(*args)
        self.built[place] = (data, control)
        return control


@ft.component
def CaroGrid(match: caro.Match, colour: str | None, points: dict[Cell, int], version: int,
             width: float, on_tap: Callable[[Cell], None], first_cell: Cell,
             marked: Cell | None, outside: frozenset[Cell] = frozenset()) -> ft.Control:
    """`points`: the legal cells of `colour` with what each scores (the screen's `options`);
    `outside`: cells beyond the playing area to draw as well (see `outside_area`)."""
    latest_tap = ft.use_ref(None)  # (a callable initial value would be called)
    latest_tap.current = on_tap
    stable_tap = ft.use_callback(lambda cell: latest_tap.current(cell), [])
    kept_ref = ft.use_ref(None)
    if match.board:
        cells = set(match.board) | set(match.cells_in_reach()) | outside
    else:
        cells = {first_cell}
        # The engine offers the first caro at (0, 0), the screen draws it at first_cell (C2:
        # it may go anywhere); what it scores is the engine's to say.
        points = {first_cell: match.points(colour, first_cell)} if colour and points else {}
    double = colour is not None and match.doubles(colour)
    rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
    cols = tuple(range(min(c for _, c in cells), max(c for _, c in cells) + 1))
    size = int(min(MAX_CELL, (width - LABEL) / len(cols) - GAP))
    row_width = LABEL + len(cols) * (size + GAP)
    shape = (cols, size, row_width)  # rows are keyed: a row more or less keeps the others
    if kept_ref.current is None or kept_ref.current.shape != shape:
        kept_ref.current = _Kept(shape)
    kept: _Kept = kept_ref.current

    def cell(place: Cell, look: CellLook) -> ft.Control:
        return kept.get(place, look, _cell, place[0], look, stable_tap)

    board, last = match.board, match.last_cell
    lines: list[ft.Control] = [kept.get("header", None, _header, cols, row_width)]
    for r in rows:
        looks = tuple(
            (c, board.get((r, c)), (r, c) == last, points.get((r, c)),
             double and (r, c) in points, (r, c) == marked)
            if (r, c) in cells else None
            for c in cols
        )
        label = kept.get(("label", r), None, _label, r)
        lines.append(kept.get(r, looks, _row, r, cols, looks, size, row_width, label, cell))
    return ft.Row([ft.Column(lines, spacing=GAP)], alignment=ft.MainAxisAlignment.CENTER)
