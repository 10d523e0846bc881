"""The panel at the top of a finished match: a trophy and who won, large, then the game's own lines
(the final figures, how it was won) and any buttons (Caro's next game). Every game ends with it,
so a finished match looks the same whichever game it was; the words are the game's."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

INK = ft.Colors.ON_TERTIARY_CONTAINER


def game_over(headline: str, lines: Sequence[str] = (), *,
              actions: Sequence[ft.Control] = (), won: bool = True) -> ft.Control:
    """`headline` beside a trophy, each of `lines` under it, then `actions` as they are.
    `won`: the headline names who won; one that names who lost (Ratel's damage game ends on a
    loser) sits beside a finish flag instead, not a trophy."""
    return ft.Container(
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        border_radius=12,
        padding=14,
        content=ft.Column(
            [
                ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS if won else ft.Icons.SPORTS_SCORE, size=34,
                                color=ft.Colors.AMBER_800 if won else INK),
                        ft.Text(headline, size=22, weight=ft.FontWeight.BOLD, color=INK,
                                expand=True)],
                       spacing=6),
                *[ft.Text(line, size=15, color=INK) for line in lines],
                *actions,
            ],
            spacing=6,
        ),
    )
