"""The big scoreboard: the standings in figures large enough to read from across the table.

It follows the match live, whoever changes it, and changes nothing itself: anyone may open it.
"""

from __future__ import annotations

import re

import flet as ft

from companion.describe.words import names
from companion.games import GAME_UIS
from companion.session.context import use_services
from companion.session.follow import use_followed_match
from companion.widgets.missing_view import open_table
from scoring.core import Match

FIGURE = re.compile(r"^(-?\d+)\s*(.*)$")


def _last_text(match: Match) -> str:
    history = match.history
    return history[-1]["text"] if history else "No action yet."


def _row(name: str, value: str, *, current: bool, won: bool, leads: bool = False) -> ft.Control:
    """One player: name on the left, the figure as large as the row allows on the right."""
    found = FIGURE.match(value)
    figure, rest = (found.group(1), found.group(2)) if found else (value, "")
    name_line: list[ft.Control] = []
    if won:
        name_line.append(ft.Icon(ft.Icons.EMOJI_EVENTS, size=30, color=ft.Colors.AMBER_800))
    elif leads:  # the rows keep seating order; the leaders are starred instead
        name_line.append(ft.Icon(ft.Icons.STAR, size=30, color=ft.Colors.AMBER_800))
    name_line.append(ft.Text(name, size=28, weight=ft.FontWeight.BOLD, no_wrap=True,
                             overflow=ft.TextOverflow.ELLIPSIS, expand=True))
    left = [ft.Row(name_line, spacing=6)]
    if rest:
        left.append(ft.Text(rest, size=18, color=ft.Colors.ON_SURFACE_VARIANT))
    if current:
        left.append(ft.Text("to play", size=16, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.PRIMARY))
    return ft.Semantics(
        label=f"{name}: {value}" + (", to play" if current else "") + (", winner" if won else "")
        + (", leads" if leads else ""),
        content=ft.Container(
            content=ft.Row(
                [
                    ft.Column(left, spacing=0, expand=True),
                    ft.Text(figure, size=64 if len(figure) <= 4 else 40,
                            weight=ft.FontWeight.BOLD, no_wrap=True),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            padding=ft.Padding.symmetric(horizontal=16, vertical=8),
            border_radius=16,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if current else ft.Colors.SURFACE_CONTAINER,
            border=ft.Border.all(4, ft.Colors.PRIMARY if current else ft.Colors.TRANSPARENT),
        ),
    )


@ft.component
def BoardScreen() -> ft.View:
    services = use_services()
    mid = ft.use_route_params().get("id", "")
    use_followed_match(mid)
    table, missing = open_table(services.tables, mid, f"/match/{mid}/board")
    if missing:
        return missing
    match = table.match
    ui = GAME_UIS[match.GAME]
    winners = match.winners if match.is_over else []
    current = None if match.is_over else match.current
    ahead = [] if match.is_over else match.ahead
    rows = [_row(name, value, current=name == current, won=name in winners, leads=name in ahead)
            for name, value in match.standings()]
    if match.is_over:
        won = names(winners)
        head = f"Game over: {won} {'win' if len(winners) > 1 else 'wins'}!" if won else "Game over"
    else:
        head = f"{current} to play" if current else ui.title
    return ft.View(
        route=f"/match/{mid}/board",
        appbar=ft.AppBar(title=ft.Text(ui.title)),
        scroll=ft.ScrollMode.AUTO,
        padding=12,
        controls=[
            ft.Column(
                [
                    ft.Text(head, size=30, weight=ft.FontWeight.BOLD,
                            text_align=ft.TextAlign.CENTER),
                    *rows,
                    ft.Container(
                        content=ft.Text(_last_text(match), size=20),
                        bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12, padding=14,
                    ),
                ],
                spacing=10,
                horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            )
        ],
    )
