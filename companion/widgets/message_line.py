"""The line where the last action's outcome, or a refused action's reason, appears."""

from __future__ import annotations

import flet as ft

from companion.widgets.why import why_link


def message_line(text: str, *, error: bool = False, ruling: str | None = None) -> ft.Control:
    """A banner under the scoreboard: red with an icon when something was refused; with a
    "Why?" link to the rules sheet when what it says applies a ruling (`ruling`: "K6")."""
    if not text:
        return ft.Container(height=0)
    colour = ft.Colors.ERROR if error else ft.Colors.ON_SECONDARY_CONTAINER
    return ft.Container(
        content=ft.Row(
            [
                ft.Icon(ft.Icons.ERROR_OUTLINE if error else ft.Icons.CHECK_CIRCLE_OUTLINE,
                        color=colour, size=20),
                ft.Text(text, color=colour, expand=True, size=15, selectable=False),
                *why_link(ruling),
            ],
            vertical_alignment=ft.CrossAxisAlignment.START,
        ),
        bgcolor=ft.Colors.ERROR_CONTAINER if error else ft.Colors.SECONDARY_CONTAINER,
        border_radius=8,
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
    )
