"""The line a device without the PIN sees (--lan): it follows live, and says how to keep score."""

from __future__ import annotations

import flet as ft


def following_banner(keeps_score: bool) -> list[ft.Control]:
    """Nothing for a scorekeeper; for anyone else, a banner with a way to enter the PIN."""
    if keeps_score:
        return []
    page = ft.context.page
    return [ft.Container(
        content=ft.Row(
            [
                ft.Icon(ft.Icons.VISIBILITY, size=20),
                ft.Text("Following live. Keeping score needs the PIN.", expand=True, size=14),
                ft.TextButton("Enter PIN", height=48, on_click=lambda e: page.navigate("/share")),
            ],
        ),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, border_radius=8,
        padding=ft.Padding.only(left=12, right=4),
    )]
