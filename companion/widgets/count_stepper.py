"""A − n + stepper for a small count (fuel chips, cards): 48 px buttons with accessible names."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.describe.words import plural
from companion.widgets.icon_action import icon_action


def count_stepper(value: int, low: int, high: int, on_change: Callable[[int], None], *,
                  noun: str, one: str = "", disabled: bool = False) -> ft.Control:
    """`value` between `low` and `high`, shown as "1 point", "10 points" (`one`: the singular,
    by default `noun` without its s); the buttons are "Less <noun>" and "More <noun>"."""
    return ft.Row(
        [
            icon_action(ft.Icons.REMOVE, f"Less {noun}", lambda e: on_change(value - 1),
                        disabled=disabled or value <= low),
            ft.Container(
                content=ft.Text(plural(value, one or noun.removesuffix("s"), noun), size=18,
                                weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
                width=84,
                alignment=ft.Alignment.CENTER,
            ),
            icon_action(ft.Icons.ADD, f"More {noun}", lambda e: on_change(value + 1),
                        disabled=disabled or value >= high),
        ],
        spacing=0,
        tight=True,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
