"""My Favorite Carrera RS at the table: each card as it is played, with its fuel, in one tap
(plays.py); the app works out the speeds, the winner, the market and refills, the trophies and
the end of the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.games import GameUI
from companion.games.carrera.parts import (
    game_end,
    header,
    names,
    play_log,
    player_rows,
    trick_result,
)
from companion.games.carrera.plays import play_pad
from companion.i18n import N_, _
from companion.session.follow_up import FollowUp
from companion.widgets.option_choice import option_choice
from scoring import carrera
from scoring.core import Match
from scoring.said import term


def tie_prompt(match: carrera.Match, act: Callable[..., bool]) -> ft.Control:
    """M5 with ties="ask": the trick waits for the scorekeeper to name its winner."""
    tied = match.pending_tie or []
    speed = match.speeds[tied[0]]
    buttons = [
        ft.FilledButton(_("{player} wins the trick").format(player=name), height=48,
                        on_click=lambda e, n=name: act(lambda m: m.resolve_tie(n)))
        for name in tied
    ]
    return ft.Container(
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        border_radius=10,
        padding=12,
        content=ft.Column(
            [
                ft.Text(_("Trick {trick}: {players} tie at speed {speed}.").format(
                            trick=match.trick_no, players=names(tied), speed=speed),
                        size=17, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_TERTIARY_CONTAINER),
                ft.Text(_("The rules do not say who wins a tie: the table decides (in play "
                          "order: {players}).").format(players=names(tied)),
                        size=14, color=ft.Colors.ON_TERTIARY_CONTAINER),
                ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
            ],
            spacing=8,
        ),
    )


@ft.component
def CarreraScreen(match: carrera.Match, act: Callable[..., bool], may_act: Callable[[], bool],
                  follow_up: FollowUp, version: int) -> ft.Control:
    parts: list[ft.Control] = [header(match), player_rows(match)]
    if match.is_over:
        parts = [game_end(match), *parts, trick_result(match)]
    elif match.pending_tie:
        parts = [tie_prompt(match, act), *parts, trick_result(match)]
    else:
        # The plays come first, at the top of the screen's lower part (the frame's thumb zone),
        # so every card, the 5 too, is in reach without scrolling; the message line above
        # already sums up a trick that just ended, and its full result follows the table.
        parts = [play_pad(match, act), *parts, trick_result(match)]
    parts.append(play_log(match))
    return ft.Column(parts, spacing=10)


@ft.component
def CarreraOptions(values: dict[str, Any], set_values: Callable[[dict[str, Any]], None],
                   players: list[str]) -> ft.Control:
    """New-match options: how equal top speeds are settled (M5)."""
    labels = {
        "ask": _("Ask: the scorekeeper picks among the tied"),
        "first": _("Earliest played wins"),
        "last": _("Last played wins"),
    }
    return ft.Column(
        option_choice(_("Equal top speeds (ties)"), list(labels.items()),
                      values.get("ties", "ask"), lambda v: set_values({**values, "ties": v}),
                      about=_("The rulebook is silent on ties; choose how your table settles "
                              "them.")),
        spacing=4,
    )


def _create(players: list[str], first: str, options: dict[str, Any]) -> Match:
    return carrera.Match(players=players, lead=first, ties=options.get("ties", "ask"))


# The shell's texts about this game: English message ids marked for the catalogs (N_), said in
# the session's language where the shell shows them (`_(ui.blurb)` and so on).
UI = GameUI(
    match_cls=carrera.Match,
    blurb=N_("Record each card and its fuel; the app finds the speeds, the market, refills and "
             "trophies."),
    screen=CarreraScreen,
    create=_create,
    first_label=N_("Who leads the first trick?"),
    first_hint=N_("Any player may lead; the winner of each trick leads the next."),
    defaults={"ties": "ask"},
    options=CarreraOptions,
    bar_title=term("game title", "Carrera"),
)
