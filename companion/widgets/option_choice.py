"""One new-match option chosen among a few: its heading, a line about it, and a radio a choice.

Every game's options (Carrera's ties, Ratel's kind of game, Careta's teams) ask this way, so they
look alike and each choice is a full tap target. A choice's label wraps within the screen: Flet's
Radio draws its own label on one line (a German label ran off a 412 px phone), so each row is a
label-less Radio beside a Text that wraps, the row's semantics merged as Flet's own labelled
Radio merges them (a screen reader, and a test, finds one radio named by the label)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from companion.session.shapes import offered

TAP = 48  # the least height of anything tappable


def choice_row(value: str, label: str, on_pick: Callable[[str], None]) -> ft.Control:
    """The radio of `value` inside a RadioGroup, its `label` wrapping beside it; a tap anywhere on
    the row picks it (on the radio itself the group's change does, once)."""
    return ft.MergeSemantics(
        content=ft.Container(
            content=ft.Row(
                [ft.Radio(value=value, height=TAP),
                 ft.Text(label, expand=True)],
                spacing=0,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            on_click=lambda e: on_pick(value),
        ),
    )


def option_choice(heading: str, choices: Sequence[tuple[str, str]], value: str,
                  on_pick: Callable[[str], None], *, about: str = "") -> list[ft.Control]:
    """The heading, `about` (when given) and a radio for each (value, label) of `choices`;
    `on_pick` gets the value picked."""
    parts: list[ft.Control] = [ft.Text(heading, weight=ft.FontWeight.BOLD)]

    def picked(value: str | None) -> None:
        if value is not None:  # no radio sends another: a crafted message, refused unsaid
            on_pick(value)

    if about:
        parts.append(ft.Text(about, size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    parts.append(ft.RadioGroup(
        value=value,
        on_change=lambda e: picked(offered(e.control.value, [v for v, _ in choices])),
        content=ft.Column([choice_row(v, label, on_pick) for v, label in choices], spacing=0),
    ))
    return parts
