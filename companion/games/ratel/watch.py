"""Ratel as a watcher reads it: the round, each player's hand, escape and damage or penalty
points, the trick on the table, who is to play and what they must beat, what the last trick or
round did, and the log. Nothing to tap: no count or value keys, no Pass, no result entry, no
hint to the scorekeeper. Every figure is the engine's (scoring/ratel.py)."""

from __future__ import annotations

import flet as ft

from companion.games.ratel.parts import (
    announcement,
    game_end,
    header,
    play_log,
    play_text,
    player_rows,
    trick_box,
)
from companion.i18n import _
from companion.session.follow_up import FollowUp
from scoring import ratel


def turn_line(match: ratel.Match) -> str:
    """Whose play it is, and the play on the table they answer."""
    player = match.current
    if not match.trick:
        return _("{player} leads.").format(player=player)
    top = match.trick[-1]
    return _("{player} to play after {owner}'s {play}.").format(player=player, owner=top["player"],
                                                                 play=play_text(top))


@ft.component
def RatelWatch(match: ratel.Match, follow_up: FollowUp) -> ft.Control:
    if match.is_over:
        return ft.Column([game_end(match), header(match), player_rows(match),
                          announcement(match), play_log(match)], spacing=10,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    parts: list[ft.Control] = [header(match), player_rows(match), announcement(match)]
    if match.trick:
        parts.append(trick_box(match))
    parts.append(ft.Text(turn_line(match), size=17, weight=ft.FontWeight.BOLD, key="turn"))
    parts.append(play_log(match))
    return ft.Column(parts, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
