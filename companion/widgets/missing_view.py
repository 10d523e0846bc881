"""The view a match screen shows when its match cannot be opened."""

from __future__ import annotations

import flet as ft


def missing_view(route: str, why: str) -> ft.View:
    """A view at `route` saying `why`, with a way home."""
    page = ft.context.page
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=ft.Text("Match not found")),
        controls=[ft.Text(why), ft.Button("Home", on_click=lambda e: page.navigate("/"))],
        padding=12,
    )
