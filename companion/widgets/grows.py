"""Controls with a least size that their content may exceed (large text, a long word): a box,
and a button whose label pads itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft


def at_least(width: float | None, content: ft.Control, height: float | None = None
             ) -> ft.Control:
    """`content` centred in a box `width` px wide (and `height` high), or as large as `content`
    where that is larger: a fixed size split a figure or a word in two at 200% text ("point /
    s", "− / 1") or cut it. A Stack is as large as its largest child; the empty box is the
    least size."""
    return ft.Stack([ft.Container(width=width, height=height), content],
                    alignment=ft.Alignment.CENTER)


def tall_button(label: str, icon: ft.IconData | None, on_click: Callable[[Any], Any], *,
                kind: type[ft.FilledButton] | type[ft.OutlinedButton] = ft.FilledButton,
                expand: bool | None = None) -> ft.Control:
    """A button (filled, or `kind`) 48 px high or taller: its label wraps, and the button grows
    with it (a fixed 48 px cut a long label's second line off at 200% text). Flet's client
    keeps a button's own padding from the theme's, so the label carries the room itself."""
    return kind(content=ft.Container(ft.Text(label), padding=ft.Padding.symmetric(
        vertical=TALL_PAD)), icon=icon, on_click=on_click, expand=expand)


TALL_PAD = 16  # above and below the label (the button adds none): 48 px for one line
