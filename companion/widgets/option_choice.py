"""One new-match option chosen among a few: its heading, a line about it, and a radio a choice.

Every game's options (Carrera's ties, Ratel's kind of game, Careta's teams) ask this way, so they
look alike and each radio is a full tap target."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

TAP = 48  # the least height of anything tappable


def option_choice(heading: str, choices: Sequence[tuple[str, str]], value: str,
                  on_pick: Callable[[str], None], *, about: str = "") -> list[ft.Control]:
    """The heading, `about` (when given) and a radio for each (value, label) of `choices`;
    `on_pick` gets the value picked."""
    parts: list[ft.Control] = [ft.Text(heading, weight=ft.FontWeight.BOLD)]
    if about:
        parts.append(ft.Text(about, size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    parts.append(ft.RadioGroup(
        value=value,
        on_change=lambda e: on_pick(e.control.value),
        content=ft.Column([ft.Radio(value=v, label=label, height=TAP) for v, label in choices],
                          spacing=0),
    ))
    return parts
