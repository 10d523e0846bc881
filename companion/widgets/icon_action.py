"""An icon button with a name screen readers (and the browser tests) can find."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft


def icon_action(
    icon: ft.IconData, label: str, on_click: Callable[[Any], Any], *, disabled: bool = False
) -> ft.Control:
    """A 48 px icon button named `label` (an IconButton alone has no accessible name)."""
    return ft.Semantics(
        label=label,
        button=True,
        disabled=disabled,
        content=ft.IconButton(
            # No tooltip: it would be read out again after the label ("Undo Undo").
            icon=icon, on_click=on_click, disabled=disabled, width=48, height=48
        ),
    )
