"""The Caro tap grid: laid caros, the cells still in reach, and what each legal cell scores.

A tap re-renders only the rows whose look changed: each row is a memoized component keyed by its
row number, whose arguments are plain data (one tuple per cell) and the same tap callback every
render, so Flet skips rendering and diffing every unchanged row.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.games.caro_look import FILL, INK, LETTER
from scoring import caro

Cell = tuple[int, int]
LABEL = 18  # width of the row-number column and height of the column-number row
MAX_CELL = 56
GAP = 2


# One cell as plain data: (column, laid colour, last laid, points, doubled, marked), or None
# for a spot inside the drawn rectangle where no caro can go.
CellLook = tuple[int, str | None, bool, int | None, bool, bool] | None


def _cell(row: int, look: CellLook, on_tap: Callable[[Cell], None]) -> ft.Control:
    if look is None:
        return ft.Container(expand=True)
    col, laid, last, points, double, marked = look
    border = ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)
    content = None
    bgcolor = None
    if laid:
        bgcolor = FILL[laid]
        content = ft.Text(LETTER[laid], color=INK[laid], size=16, weight=ft.FontWeight.BOLD)
        border = ft.Border.all(4 if last else 1, ft.Colors.AMBER if last else "#616161")
        label = f"cell {row},{col} {laid}" + (" (last laid)" if last else "")
    elif points is not None:
        content = ft.Text(("x2 " if double else "") + f"{points}", size=12, no_wrap=True,
                          weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY_CONTAINER)
        bgcolor = ft.Colors.PRIMARY_CONTAINER
        border = ft.Border.all(2, ft.Colors.PRIMARY)
        label = f"cell {row},{col} scores {points}"
    else:
        label = f"cell {row},{col}"
    if marked:
        border = ft.Border.all(3, ft.Colors.ERROR)
    return ft.Semantics(
        label=label,
        button=True,
        expand=True,
        content=ft.Container(
            expand=True,
            bgcolor=bgcolor,
            border=border,
            border_radius=4,
            alignment=ft.Alignment.CENTER,
            content=content,
            on_click=lambda e: on_tap((row, col)),
        ),
    )


@ft.component
def _Row(row: int, looks: tuple[CellLook, ...], size: int, width: float,
         on_tap: Callable[[Cell], None]) -> ft.Control:
    label = ft.Container(width=LABEL, alignment=ft.Alignment.CENTER,
                         content=ft.Text(str(row), size=10, color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Row([label, *(_cell(row, look, on_tap) for look in looks)], spacing=GAP,
                  height=size, width=width, vertical_alignment=ft.CrossAxisAlignment.STRETCH)


@ft.component
def _Header(cols: tuple[int, ...], width: float) -> ft.Control:
    number = ft.TextStyle(size=10, color=ft.Colors.ON_SURFACE_VARIANT)
    return ft.Row(
        [ft.Container(width=LABEL)]
        + [ft.Container(expand=True, height=LABEL, alignment=ft.Alignment.CENTER,
                        content=ft.Text(str(c), style=number)) for c in cols],
        spacing=GAP,
        width=width,
    )


# A row whose cells look the same as last time is not rendered or diffed again.
CaroRow = ft.memo(_Row)
CaroHeader = ft.memo(_Header)


@ft.component
def CaroGrid(match: caro.Match, colour: str | None, points: dict[Cell, int], version: int,
             width: float, on_tap: Callable[[Cell], None], first_cell: Cell,
             marked: Cell | None) -> ft.Control:
    """`points`: the legal cells of `colour` with what each scores (the screen's `options`)."""
    latest_tap = ft.use_ref(None)  # (a callable initial value would be called)
    latest_tap.current = on_tap
    stable_tap = ft.use_callback(lambda cell: latest_tap.current(cell), [])
    if match.board:
        cells = set(match.board) | set(match.cells_in_reach())
    else:
        cells = {first_cell}
        points = {first_cell: 10} if colour else {}
    double = colour is not None and bool(match.board) and match.is_last(colour)
    rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
    cols = tuple(range(min(c for _, c in cells), max(c for _, c in cells) + 1))
    size = int(min(MAX_CELL, (width - LABEL) / len(cols) - GAP))
    row_width = LABEL + len(cols) * (size + GAP)
    board, last = match.board, match.last_cell
    lines: list[ft.Control] = [CaroHeader(cols, row_width, key="header")]
    for r in rows:
        looks = tuple(
            (c, board.get((r, c)), (r, c) == last, points.get((r, c)), double, (r, c) == marked)
            if (r, c) in cells else None
            for c in cols
        )
        lines.append(CaroRow(r, looks, size, row_width, stable_tap, key=f"row{r}"))
    return ft.Row([ft.Column(lines, spacing=GAP)], alignment=ft.MainAxisAlignment.CENTER)
