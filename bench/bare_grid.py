"""The floor for bench/ui_latency.py: the least a Flet page can do to update a Caro-sized grid.

An 11 x 11 grid of tappable cells, each a Container named by its Text (as the app's cells are),
and an "Add" button whose tap changes the number on 18 cells, about what an Undo of a mid-game
Caro lay changes. Unchanged cells are handed to Flet as the very same objects (the app's own
best case), so nothing but the 17 cells is rebuilt or diffed. No storage, no rules, no frame.
"""

import sys

import flet as ft

SIZE = 11
kept: dict[tuple[int, int], tuple[int, ft.Control]] = {}


def value(r: int, c: int, count: int) -> int:
    """Every seventh cell (18 of 121) shows a number that changes with each tap."""
    return (r + c + (count if (r * SIZE + c) % 7 == 0 else 0)) % 30


def cell(r: int, c: int, count: int) -> ft.Control:
    v = value(r, c, count)
    if (r, c) not in kept or kept[r, c][0] != v:
        kept[r, c] = (v, ft.Container(
            expand=True, bgcolor=ft.Colors.PRIMARY_CONTAINER, border_radius=4,
            alignment=ft.Alignment.CENTER, on_click=lambda e: None,
            content=ft.Text(str(v), size=12, semantics_label=f"cell {r},{c} scores {v}")))
    return kept[r, c][1]


@ft.component
def Grid() -> ft.Control:
    count, set_count = ft.use_state(0)
    rows = [ft.Row([cell(r, c, count) for c in range(SIZE)], spacing=2, height=32)
            for r in range(SIZE)]
    return ft.Column([ft.Text(f"count {count}"),
                      ft.Button("Add", on_click=lambda e: set_count(count + 1)),
                      ft.Column(rows, spacing=2)])


def main(page: ft.Page) -> None:
    page.render(Grid)


if __name__ == "__main__":
    ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
