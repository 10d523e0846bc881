"""The Caro tap grid: laid caros, the cells still in reach, and what each legal cell scores.

A tap re-renders only the cells whose look changed: each cell is a memoized component keyed by
its coordinates, with plain arguments and the same tap callback every render, and Flutter sizes
the cells (they share each row's width), so a grid that grows or shrinks by a column does not
re-render every cell, and Flet skips diffing the rest.
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


@ft.component
def _Cell(row: int, col: int, laid: str | None, last: bool, points: int | None, double: bool,
          marked: bool, on_tap: Callable[[Cell], None]) -> ft.Control:
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


CaroCell = ft.memo(_Cell)


@ft.component
def CaroGrid(match: caro.Match, colour: str | None, version: int, width: float,
             on_tap: Callable[[Cell], None], first_cell: Cell, marked: Cell | None) -> ft.Control:
    latest_tap = ft.use_ref(None)  # (a callable initial value would be called)
    latest_tap.current = on_tap
    stable_tap = ft.use_callback(lambda cell: latest_tap.current(cell), [])
    if match.board:
        cells = set(match.board) | set(match.cells_in_reach())
        points = match.options(colour) if colour else {}
    else:
        cells = {first_cell}
        points = {first_cell: 10} if colour else {}
    double = colour is not None and bool(match.board) and match.is_last(colour)
    rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
    cols = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
    size = int(min(MAX_CELL, (width - LABEL) / len(cols) - GAP))
    number = ft.TextStyle(size=10, color=ft.Colors.ON_SURFACE_VARIANT)
    row_width = LABEL + len(cols) * (size + GAP)
    header = ft.Row(
        [ft.Container(width=LABEL, key="corner")]
        + [ft.Container(expand=True, height=LABEL, alignment=ft.Alignment.CENTER, key=f"c{c}",
                        content=ft.Text(str(c), style=number)) for c in cols],
        spacing=GAP,
        width=row_width,
        key="header",
    )
    lines: list[ft.Control] = [header]
    for r in rows:
        line: list[ft.Control] = [ft.Container(width=LABEL, alignment=ft.Alignment.CENTER,
                                               content=ft.Text(str(r), style=number),
                                               key=f"r{r}")]
        for c in cols:
            if (r, c) in cells:
                line.append(CaroCell(r, c, match.board.get((r, c)), (r, c) == match.last_cell,
                                     points.get((r, c)), double, (r, c) == marked, stable_tap,
                                     key=f"{r},{c}"))
            else:
                line.append(ft.Container(expand=True, key=f"e{r},{c}"))
        lines.append(ft.Row(line, spacing=GAP, height=size, width=row_width, key=f"row{r}",
                            vertical_alignment=ft.CrossAxisAlignment.STRETCH))
    return ft.Row([ft.Column(lines, spacing=GAP)], alignment=ft.MainAxisAlignment.CENTER)
