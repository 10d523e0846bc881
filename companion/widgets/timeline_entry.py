"""One step of a match's timeline: its number, what happened, its effect; tap to see the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.describe.progress import Step
from companion.describe.words import figure
from companion.i18n import _


def effect_chip(text: str) -> ft.Control:
    return ft.Container(
        content=ft.Text(text, size=13, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_SECONDARY_CONTAINER),
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        border_radius=6,
        padding=ft.Padding.symmetric(horizontal=6, vertical=2),
    )


def timeline_entry(step: Step, on_open: Callable[[Any], Any], *, latest: bool = False
                   ) -> ft.Control:
    """A button named "Step N" followed by the step's text and effects."""
    body: list[ft.Control] = [ft.Text(step.text, size=14)]
    if step.effects:
        body.append(ft.Row([effect_chip(e) for e in step.effects], wrap=True, spacing=4,
                           run_spacing=4))
    return ft.Semantics(
        label=_("Step {n}").format(n=figure(step.number)),
        button=True,
        content=ft.Container(
            content=ft.Row(
                [
                    ft.Container(
                        # the number is in the button's name already: not read out twice
                        content=ft.Text(
                            figure(step.number), size=12, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.ON_PRIMARY if latest
                            else ft.Colors.ON_SURFACE_VARIANT, semantics_label=""),
                        width=34,
                        height=34,
                        border_radius=17,
                        alignment=ft.Alignment.CENTER,
                        bgcolor=ft.Colors.PRIMARY if latest else ft.Colors.SURFACE_CONTAINER_HIGH,
                    ),
                    ft.Column(body, spacing=4, expand=True),
                    ft.Icon(ft.Icons.CHEVRON_RIGHT, size=20, color=ft.Colors.ON_SURFACE_VARIANT),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
                spacing=10,
            ),
            padding=ft.Padding.symmetric(horizontal=8, vertical=8),
            border_radius=10,
            on_click=on_open,
            ink=True,
        ),
    )
