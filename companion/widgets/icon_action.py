"""An icon button with a name screen readers (and the browser tests) can find."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft


def icon_action(
    icon: ft.IconData, label: str, on_click: Callable[[Any], Any], *, disabled: bool = False
) -> ft.Control:
    """A 48 px icon button named `label`, with `label` as its tooltip.

    An IconButton alone has no accessible name; the icon's semantics label names the button
    itself, so a tap on the named node works. The tooltip (a long press on a phone) shows the
    same name to the eye and stays out of the semantics, where it would be read out twice.
    """
    return ft.IconButton(
        icon=ft.Icon(icon, semantics_label=label),
        tooltip=ft.Tooltip(message=label, exclude_from_semantics=True),
        on_click=on_click,
        disabled=disabled,
        width=48,
        height=48,
    )
