"""The seats in turn order: each player's stated score or PASS, their ally, whether they are out,
what they showed, and a Cause button while they may still claim it. Everything comes from
`Match.player_state`."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.games.careta.look import cards_row, stated_text
from companion.i18n import _, say
from scoring import careta


def _verdict(revealed: str) -> str:
    return {careta.TRUTHFUL: _("shown truthful"), careta.LIED: _("shown lying"),
            careta.TRICK_SHOWN: _("shown lying with the Trick Card")}[revealed]


def turn_order(match: careta.Match) -> list[str]:
    """Seats from this game's starter (or the next game's), else in seating order."""
    first = match.starter
    if first is None:
        return list(match.players)
    i = match.players.index(first)
    return match.players[i:] + match.players[:i]


def seat_line(match: careta.Match, player: str) -> str:
    """One line a person reads aloud: "Ann: states 14 with an ally · out of this game"."""
    s = match.player_state(player)
    in_game = match.direction is not None
    if s.stated is None:
        if player == match.current:
            what = _("to play")
        elif in_game and s.eliminated:
            what = _("no card")
        else:
            what = _("no card yet") if in_game else _("waiting")
    elif s.stated == careta.PASS:
        what = say(careta.PASS_WORD)
    elif s.with_ally:
        what = _("states {stated} with an ally").format(stated=stated_text(s.stated))
    else:
        what = _("states {stated}").format(stated=stated_text(s.stated))
    parts = [what]
    if s.eliminated:
        parts.append(_("unmasked, out of this game"))
    elif s.revealed:
        parts.append(_verdict(s.revealed))
    if s.declined:
        parts.append(_("no ally this game"))
    if s.ally_used:
        parts.append(_("ally used this set"))
    return _("{player}: {state}").format(player=player, state=" · ".join(parts))


def _badges(match: careta.Match, player: str) -> list[str]:
    badges = []
    team = match.team_of(player)
    if team:
        badges.append(say(match.side_name(team)))  # a team left unnamed: "Equipo A"
    if player == match.starter:
        badges.append(_("starts") if match.direction is None
                      else _("started, {direction}").format(
                          direction=say(careta.DIRECTION_WORDS[match.direction])))
    if player == match.deck_master and match.phase != "match-over":
        badges.append(say(careta.DECK_MASTER_WORD))
    return badges


def seats(match: careta.Match, on_cause: Callable[[str], None]) -> ft.Control:
    """One row per player in turn order; the one to act is outlined."""
    active = match.current if match.phase == "card-round" else match.ally_next
    rows: list[ft.Control] = []
    for p in turn_order(match):
        s = match.player_state(p)
        on = p == active
        lines: list[ft.Control] = [
            ft.Text(seat_line(match, p), size=15,
                    weight=ft.FontWeight.BOLD if on else None,
                    color=ft.Colors.ERROR if s.eliminated else None),
        ]
        badges = _badges(match, p)
        if badges:
            lines.append(ft.Text(" · ".join(badges), size=12,
                                 color=ft.Colors.ON_SURFACE_VARIANT))
        if s.shown:
            lines.append(cards_row(s.shown, size=24))
        row: list[ft.Control] = [ft.Column(lines, spacing=2, expand=True)]
        if s.may_cause:
            row.append(ft.OutlinedButton(
                content=ft.Text(say(careta.CAUSE_WORD),
                                semantics_label=_("Cause for {player}").format(player=p)),
                height=48, on_click=lambda e, p=p: on_cause(p)))
        rows.append(
            ft.Container(
                padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                border_radius=8,
                bgcolor=ft.Colors.PRIMARY_CONTAINER if on else None,
                border=ft.Border.all(2, ft.Colors.PRIMARY) if on
                else ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                content=ft.Row(row, spacing=6,
                               vertical_alignment=ft.CrossAxisAlignment.CENTER),
            )
        )
    return ft.Column(rows, spacing=4)
