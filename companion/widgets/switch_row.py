"""A switch with its label beside it, the label wrapping within the screen.

Flet's Switch draws its own label on one line (Settings' "Keep the screen on during a match" ran
off a 412 px phone in German and Japanese), so this is a label-less Switch beside a Text that
wraps, a full tap target, the row's semantics merged as Flet's own labelled Switch merges them
(a screen reader, and a test, finds one switch named by the label), as option_choice.py does
for a radio."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.widgets.option_choice import TAP


def switch_row(label: str, value: bool, on_change: Callable[[bool], None]) -> ft.Control:
    """The switch showing `value`, `label` wrapping beside it; a tap anywhere on the row turns
    it over (on the switch itself its own change does, once) and `on_change` gets the new
    value."""
    return ft.MergeSemantics(
        content=ft.Container(
            content=ft.Row(
                [ft.Switch(value=value, height=TAP,
                           on_change=lambda e: on_change(bool(e.control.value))),
                 ft.Text(label, expand=True)],
                spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            on_click=lambda e: on_change(not value),
        ),
    )
