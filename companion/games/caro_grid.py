"""The Caro tap grid: laid caros, the cells still in reach, and what each legal cell scores."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.games.caro_look import FILL, INK, LETTER
from scoring import caro

Cell = tuple[int, int]
LABEL = 18  # width of the row-number column and height of the column-number row
MAX_CELL = 56


def _cell(match: caro.Match, cell: Cell, size: int, points: dict[Cell, int], colour: str | None,
          marked: Cell | None, on_tap: Callable[[Cell], None]) -> ft.Control:
    laid = match.board.get(cell)
    row, col = cell
    border = ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)
    content = None
    bgcolor = None
    if laid:
        bgcolor = FILL[laid]
        last = cell == match.last_cell
        content = ft.Text(LETTER[laid], color=INK[laid], size=size * 0.42,
                          weight=ft.FontWeight.BOLD)
        border = ft.Border.all(4 if last else 1, ft.Colors.AMBER if last else "#616161")
        label = f"cell {row},{col} {laid}" + (" (last laid)" if last else "")
    elif cell in points:
        double = colour is not None and match.is_last(colour) and bool(match.board)
        content = ft.Text(("x2 " if double else "") + f"{points[cell]}", size=size * 0.3,
                          weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY_CONTAINER)
        bgcolor = ft.Colors.PRIMARY_CONTAINER
        border = ft.Border.all(2, ft.Colors.PRIMARY)
        label = f"cell {row},{col} scores {points[cell]}"
    else:
        label = f"cell {row},{col}"
    if cell == marked:
        border = ft.Border.all(3, ft.Colors.ERROR)
    return ft.Semantics(
        label=label,
        button=True,
        content=ft.Container(
            width=size,
            height=size,
            bgcolor=bgcolor,
            border=border,
            border_radius=4,
            alignment=ft.Alignment.CENTER,
            content=content,
            on_click=lambda e: on_tap(cell),
        ),
    )


@ft.component
def CaroGrid(match: caro.Match, colour: str | None, version: int, width: float,
             on_tap: Callable[[Cell], None], first_cell: Cell, marked: Cell | None) -> ft.Control:
    if match.board:
        cells = set(match.board) | set(match.cells_in_reach())
        points = match.options(colour) if colour else {}
    else:
        cells = {first_cell}
        points = {first_cell: 10} if colour else {}
    rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
    cols = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
    gap = 2
    size = int(min(MAX_CELL, (width - LABEL) / len(cols) - gap))
    number = ft.TextStyle(size=10, color=ft.Colors.ON_SURFACE_VARIANT)
    header = ft.Row(
        [ft.Container(width=LABEL)]
        + [ft.Container(width=size, height=LABEL, alignment=ft.Alignment.CENTER,
                        content=ft.Text(str(c), style=number)) for c in cols],
        spacing=gap,
    )
    lines: list[ft.Control] = [header]
    for r in rows:
        line: list[ft.Control] = [ft.Container(width=LABEL, height=size,
                                               alignment=ft.Alignment.CENTER,
                                               content=ft.Text(str(r), style=number))]
        for c in cols:
            if (r, c) in cells:
                line.append(_cell(match, (r, c), size, points, colour, marked, on_tap))
            else:
                line.append(ft.Container(width=size, height=size))
        lines.append(ft.Row(line, spacing=gap))
    return ft.Row([ft.Column(lines, spacing=gap)], alignment=ft.MainAxisAlignment.CENTER)
