"""How Careta's cards look on screen: suit colour as the face, secondary colour as a thick rim,
and always the card's name in words, so colour-blind players read the same thing."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from companion.i18n import _, say
from scoring import careta

FILL = {"red": "#C62828", "yellow": "#F9A825", "blue": "#1565C0", "green": "#2E7D32"}
INK = {"red": "#FFFFFF", "yellow": "#000000", "blue": "#FFFFFF", "green": "#FFFFFF"}
TRICK_FILL = "#37474F"


def stated_text(stated: int | str | None) -> str:
    """A stated score as the table says it: PASS, or the number (negative DOWN with an ally)."""
    return say(careta.PASS_WORD) if stated == careta.PASS else say(stated)


def card_chip(card: careta.Card, size: int = 34) -> ft.Control:
    """A small card: the suit fills it, the secondary colour rims it; named as the engine names it
    ("5 red/blue", "0 green", "the Trick Card")."""
    if card.trick:
        face, ink, rim, text = TRICK_FILL, "#FFFFFF", "#B0BEC5", _("T")
    elif card.suit is None:  # a 0 entered without its suit (it did not count): no colour
        face, ink, rim, text = "#9E9E9E", "#000000", "#FFFFFF", "0"
    else:
        face, ink = FILL[card.suit], INK[card.suit]
        rim = FILL[card.secondary] if card.secondary else "#FFFFFF"
        text = str(card.number)
    return ft.Semantics(
        label=say(card.phrase),
        exclude_semantics=True,
        content=ft.Container(
            width=size,
            height=int(size * 1.35),
            bgcolor=face,
            border=ft.Border.all(4, rim),
            border_radius=5,
            alignment=ft.Alignment.CENTER,
            content=ft.Text(text, size=size * 0.42, color=ink, weight=ft.FontWeight.BOLD),
        ),
    )


def cards_row(cards: Sequence[careta.Card], size: int = 30) -> ft.Control:
    """Cards side by side, each with its name under it (the rim alone is easy to miss)."""
    return ft.Row(
        [
            ft.Column(
                [card_chip(c, size), ft.Text(say(c.label), size=11)],
                spacing=2,
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            )
            for c in cards
        ],
        spacing=8,
        wrap=True,
    )


def panel(controls: list[ft.Control], *, tone: str = "plain") -> ft.Control:
    """A rounded box around one step of the table's work (a doubt, a Cause, the end of a game)."""
    colours = {
        "plain": (None, ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)),
        "ask": (ft.Colors.SECONDARY_CONTAINER, None),
        "result": (ft.Colors.SURFACE_CONTAINER_HIGH, None),
        "win": (ft.Colors.TERTIARY_CONTAINER, None),
    }
    bgcolor, border = colours[tone]
    return ft.Container(
        bgcolor=bgcolor,
        border=border,
        border_radius=10,
        padding=10,
        content=ft.Column(controls, spacing=8),
    )



def title(text: str, size: int = 17) -> ft.Control:
    return ft.Text(text, size=size, weight=ft.FontWeight.BOLD)


def note(text: str) -> ft.Control:
    return ft.Text(text, size=13, color=ft.Colors.ON_SURFACE_VARIANT)


def toggle(label: str, text: str, on: bool, on_click, *, disabled: bool = False,
           width: int | None = None) -> ft.Control:
    """A tappable chip that is on or off (a doubter, a team): named `label`, 48 px tall."""
    return ft.Semantics(
        label=label,
        button=True,
        selected=on,
        disabled=disabled,
        content=ft.Container(
            ink=True,  # a tab stop, acting on Enter and Space
            # No alignment: an aligned Container fills its parent's width (a Wrap's whole row).
            content=ft.Row(
                [ft.Text(text, size=15, weight=ft.FontWeight.BOLD if on else None,
                         color=ft.Colors.ON_PRIMARY if on else None, semantics_label="")],
                tight=True,
                alignment=ft.MainAxisAlignment.CENTER,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            height=48,
            width=width,
            padding=ft.Padding.symmetric(horizontal=14),
            border_radius=24,
            bgcolor=ft.Colors.PRIMARY if on else None,
            border=ft.Border.all(1 if not on else 2,
                                 ft.Colors.OUTLINE if not on else ft.Colors.PRIMARY),
            opacity=0.35 if disabled else 1.0,
            on_click=None if disabled else on_click,
        ),
    )
