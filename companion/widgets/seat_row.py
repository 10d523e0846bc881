"""One player's line in a game screen's list of seats, outlined when it is their turn."""

from __future__ import annotations

import flet as ft


def seat_row(label: str, cells: list[ft.Control], *, current: bool,
             padding: ft.Padding | None = None) -> ft.Control:
    """A row of `cells`, read out as the one sentence `label` (its parts are not read again)."""
    return ft.Semantics(
        label=label,
        exclude_semantics=True,
        content=ft.Container(
            padding=padding or ft.Padding.symmetric(horizontal=8, vertical=6),
            border_radius=8,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if current else None,
            border=ft.Border.all(2, ft.Colors.PRIMARY) if current
            else ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            content=ft.Row(cells, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        ),
    )
