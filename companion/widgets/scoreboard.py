"""The running standings every match screen shows: one chip per player, the current one marked."""

from __future__ import annotations

import flet as ft


def scoreboard(standings: list[tuple[str, str]], *, current: str | None = None,
               winners: list[str] | None = None) -> ft.Control:
    """Players with what they have; the one to act outlined, winners crowned."""
    chips = []
    for name, value in standings:
        is_current = name == current
        crown = winners is not None and name in winners
        chips.append(
            ft.Container(
                content=ft.Column(
                    [
                        ft.Text(("★ " if crown else "") + name, size=13, no_wrap=True,
                                overflow=ft.TextOverflow.ELLIPSIS,
                                weight=ft.FontWeight.BOLD if is_current else None),
                        ft.Text(value, size=20, weight=ft.FontWeight.BOLD),
                    ],
                    spacing=0,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                border_radius=10,
                bgcolor=ft.Colors.PRIMARY_CONTAINER if is_current else ft.Colors.SURFACE_CONTAINER,
                border=ft.Border.all(2, ft.Colors.PRIMARY) if is_current else None,
                expand=True,
            )
        )
    return ft.Row(chips, spacing=6)
