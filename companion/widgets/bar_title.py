"""An app bar's title, whole on a phone (issue 31): a long one ("Nueva partida: Hoja de
puntuación", "My Favorite Carrera RS: Regeln") takes two lines at a smaller size instead of being
cut with "…" beside the bar's buttons."""

from __future__ import annotations

import flet as ft

ONE_LINE = 16  # characters a 360 px phone's bar shows whole at the title's own size, buttons beside
SMALLER = 18  # px, for a title of more: two lines of it fit the bar's 56 px


def bar_title(text: str) -> ft.Text:
    if len(text) <= ONE_LINE:
        return ft.Text(text, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)
    return ft.Text(text, size=SMALLER, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS)
