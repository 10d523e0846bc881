"""How caros look on screen: four colours that also differ by letter, for colour-blind players."""

from __future__ import annotations

import flet as ft

from companion.i18n import pgettext
from companion.widgets.grows import at_least

FILL = {"red": "#C62828", "black": "#212121", "grey": "#8E8E8E", "white": "#FAFAFA"}
INK = {"red": "#FFFFFF", "black": "#FFFFFF", "grey": "#000000", "white": "#000000"}
LETTER = {"red": "R", "black": "B", "grey": "G", "white": "W"}  # in English: see `letter`


def letter(colour: str) -> str:
    """The letter on a caro, the first of its colour's name in the table's language (glossary
    "caro letter", scoring.caro.GLOSSARY): one literal call per colour, for the catalogs."""
    if colour == "red":
        return pgettext("caro letter", "R")
    if colour == "black":
        return pgettext("caro letter", "B")
    if colour == "grey":
        return pgettext("caro letter", "G")
    if colour == "white":
        return pgettext("caro letter", "W")
    raise KeyError(colour)


def swatch(colour: str, size: int) -> ft.Control:
    """A small caro: the colour's fill with its letter, `size` px square or larger where the
    letter needs it (large text: a fixed square cut the letter)."""
    return ft.Container(
        bgcolor=FILL[colour],
        border=ft.Border.all(1, "#616161"),
        border_radius=3,
        content=at_least(size - 2, ft.Text(letter(colour), color=INK[colour],
                                           size=max(9, size // 2), weight=ft.FontWeight.BOLD),
                         height=size - 2),  # inside the 1 px border
    )
