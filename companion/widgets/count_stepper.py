"""A − n + stepper for a small count (fuel chips, cards): 48 px buttons with accessible names."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.describe.words import amount, counted
from companion.i18n import _
from companion.widgets.grows import at_least
from companion.widgets.icon_action import icon_action
from scoring.core import Unit


def count_stepper(value: int, low: int, high: int, on_change: Callable[[int], None], *,
                  unit: Unit | str = "", noun: str = "", one: str = "",
                  disabled: bool = False) -> ft.Control:
    """`value` between `low` and `high` of `unit` (what a score counts, as a game declares it:
    `Match.UNITS`, or its code), shown as "1 point", "10 points" in the session's language; the
    buttons are "Less points" and "More points". `noun` is the older name of `unit` (`one` is no
    longer needed: each language's catalog has its forms)."""
    unit = unit or noun
    what = counted(unit)
    return ft.Row(
        [
            icon_action(ft.Icons.REMOVE, _("Less {what}").format(what=what),
                        lambda e: on_change(value - 1),
                        disabled=disabled or value <= low),
            # 84 px at least, wider for a longer word or larger text (never split: "point / s")
            at_least(84, ft.Text(amount(unit, value), size=18, no_wrap=True,
                                 weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER)),
            icon_action(ft.Icons.ADD, _("More {what}").format(what=what),
                        lambda e: on_change(value + 1),
                        disabled=disabled or value >= high),
        ],
        spacing=0,
        tight=True,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
