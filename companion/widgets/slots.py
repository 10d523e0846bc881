"""A count drawn as a row of round slots, the first `filled` of them coloured (Carrera's fuel
chips, Ratel's damage): an empty slot stays an outline, so the room left reads at a glance."""

from __future__ import annotations

import flet as ft


def slots(filled: int, count: int, *, fill: str, rim: str, size: int = 13, spacing: int = 2,
          empty_rim: str = ft.Colors.OUTLINE_VARIANT) -> ft.Control:
    """`count` slots of `size` px, the first `filled` in `fill` with a 2 px `rim`."""
    return ft.Row(
        [
            ft.Container(
                width=size,
                height=size,
                border_radius=size,
                bgcolor=fill if i < filled else None,
                border=ft.Border.all(2 if i < filled else 1, rim if i < filled else empty_rim),
            )
            for i in range(count)
        ],
        spacing=spacing,
        tight=True,
    )
