"""My Favorite Carrera RS as a watcher reads it: the round and trick, the market, each player's
fuel, momentum, trophies and card in this trick, who plays next and which suits are face up, a
tie waiting for the scorekeeper, the last trick's result and the log. Nothing to tap: no card
buttons, fuel stepper, Play or tie buttons. Every figure is the engine's (scoring/carrera.py)."""

from __future__ import annotations

import flet as ft

from companion.games.carrera.parts import (
    game_end,
    header,
    names,
    play_log,
    player_rows,
    tie_rule,
    trick_result,
)
from companion.i18n import _
from companion.session.follow_up import FollowUp
from scoring import carrera


def turn_lines(match: carrera.Match) -> list[str]:
    """Who plays next and the suits already face up in this trick; or the tie being settled."""
    tied = match.pending_tie
    if tied:
        return [_("Trick {trick}: {players} tie at speed {speed}.").format(
                    trick=match.trick_no, players=names(tied), speed=match.speeds[tied[0]]),
                _("Ties: {rule}.").format(rule=tie_rule(match.ties))]
    player = match.current
    first = (_("{player} leads trick {trick}.") if not match.trick
             else _("{player} plays to trick {trick}.")).format(player=player,
                                                                 trick=match.trick_no)
    taken = match.suits_taken
    return [first, _("Face up: {cards}.").format(cards=names(taken)) if taken
            else _("No card face up yet.")]


@ft.component
def CarreraWatch(match: carrera.Match, follow_up: FollowUp) -> ft.Control:
    parts: list[ft.Control] = [header(match), player_rows(match)]
    if match.is_over:
        parts = [game_end(match), *parts]
    else:
        lines = turn_lines(match)
        parts.append(ft.Column([ft.Text(lines[0], size=17, weight=ft.FontWeight.BOLD),
                                *[ft.Text(line, size=14) for line in lines[1:]]],
                               spacing=2, key="turn"))
    parts += [trick_result(match), play_log(match)]
    return ft.Column(parts, spacing=10)

