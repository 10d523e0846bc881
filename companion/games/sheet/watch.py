"""The score sheet as a watcher reads it: the game's name and how it is won, the rounds as they
stand, who won, and the log. Nothing to type or tap."""

from __future__ import annotations

import flet as ft

from companion.games.sheet.parts import game_end, header, log, rounds_list
from companion.i18n import _
from companion.session.follow_up import FollowUp
from scoring import sheet


@ft.component
def SheetWatch(match: sheet.Match, follow_up: FollowUp) -> ft.Control:
    parts: list[ft.Control] = []
    if match.is_over:
        parts.append(game_end(match))
    parts.append(header(match))
    if match.tie_to_settle:
        parts.append(ft.Text(_("The table is deciding the tie."), size=17,
                             weight=ft.FontWeight.BOLD))
    elif not match.is_over:
        parts.append(ft.Text(_("Round {round}").format(round=match.round_no), size=17,
                             weight=ft.FontWeight.BOLD, key="turn"))
    parts += [rounds_list(match), log(match)]
    return ft.Column(parts, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
