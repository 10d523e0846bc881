"""New match: players in seating order, who goes first, the game's own options, then Start.

A refused Start says why under the button, about the input it was tapped with: the message goes
as soon as the players, the first player or an option change (tap Start again to check anew).
One form starts one match: a second tap on Start (a double tap, or a crafted event) with the same
input opens the match the first one created instead of creating another.
"""

from __future__ import annotations

import copy
import logging
from typing import Any

import flet as ft

from companion.describe.ratings import ratings, win_chances
from companion.describe.records import key, percent
from companion.describe.words import new_match
from companion.games import GAME_UIS
from companion.i18n import _, say
from companion.session.context import use_services
from companion.session.drafts import use_draft, use_forget_drafts
from companion.session.viewport import NARROW, use_page_width
from companion.widgets.bar_title import bar_title
from companion.widgets.following_banner import following_banner
from companion.widgets.message_line import message_line
from companion.widgets.player_picker import PlayerPicker
from scoring import RuleViolation
from scoring.names import quotable

log = logging.getLogger("companion")


def known_players(summaries: list[Any]) -> list[str]:
    """People who played before, most recent first, each once."""
    seen: dict[str, None] = {}
    for summary in summaries:
        for name in summary.players:
            seen.setdefault(name, None)
    return list(seen)


def chances_line(summaries: list[Any], game: str, players: list[str]) -> ft.Control:
    """Each seated player's chance to win from their ratings in this game (OpenSkill's
    prediction), once two are seated and one of them has a rated match."""
    rated = {key(r.name) for r in ratings(summaries).get(game, ())}
    if len(players) < 2 or not any(key(p) in rated for p in players):
        return ft.Container(height=0)
    chances = win_chances(summaries, game, players)
    each = [_("{player} {chance}").format(player=p, chance=percent(c))
            for p, c in zip(players, chances, strict=True)]
    return ft.Text(_("Chance to win, from the ratings: {chances}").format(
        chances=" · ".join(each)), size=14, color=ft.Colors.ON_SURFACE_VARIANT)


@ft.component
def NewMatch() -> ft.View:
    services = use_services()
    page = ft.context.page
    game = ft.use_route_params().get("game", "")
    ui = GAME_UIS.get(game)
    # The form is this page's draft (companion/session/drafts.py): Settings, the rules or Back
    # and this game's New match again find it as it was left, until Start takes it.
    players, set_players = use_draft("players", [])
    first, set_first = use_draft("first", None)
    values, set_values = use_draft("options", lambda: dict(ui.defaults) if ui else {})
    forget = use_forget_drafts()
    # (message, the input it is about): shown only while the input is still that one.
    problem, set_problem = ft.use_state(("", None))
    # (the input, the id of the match it started): checked and set before anything can yield, and
    # a session's handlers run one at a time, so a second Start always finds the first one's.
    started = ft.use_ref(None)
    if ui is None:
        return ft.View(route=f"/new/{game}", appbar=ft.AppBar(title=bar_title(_("New match"))),
                       controls=[ft.Text(_("There is no game called “{game}”.").format(
                           game=quotable(game)))])  # the page's route: its text, quoted

    chosen_first = first if first in players else (players[0] if players else None)
    count = ui.players
    now = (list(players), chosen_first, values)
    # The refusal is kept as data and said at each render, in the language of the moment.
    message = say(problem[0]) if problem[1] == now else ""

    def refuse(why: Any) -> None:
        set_problem((why, copy.deepcopy(now)))

    def start(e: Any) -> None:
        if started.current is not None and started.current[0] == now:
            if started.current[1] is not None:  # None: the first tap is still creating it
                page.navigate(f"/match/{started.current[1]}")
            return
        started.current = (copy.deepcopy(now), None)
        try:
            match = ui.create(list(players), chosen_first, dict(values))
            mid = services.tables.create(match)
        except RuleViolation as error:  # a rule, or Locked: this device has not entered the PIN
            started.current = None
            refuse(error.said)
            return
        except OSError as error:  # not saved (a full storage): nothing is stored, the form stays
            started.current = None
            refuse(getattr(error, "said", None) or str(error))
            return
        except BaseException:
            started.current = None
            raise
        started.current = (started.current[0], mid)
        forget()  # the form made its match: the next New match starts empty
        if ui.kept_settings is not None:
            try:  # remembered for the next time (a named score sheet); the match is kept anyway
                services.tables.remember_sheet(ui.kept_settings(match))
            except (RuleViolation, OSError) as error:
                log.warning("The new match's settings were not remembered: %s", error)
        page.navigate(f"/match/{mid}")

    first_choice = (
        ft.Column(
            [
                ft.Text(_(ui.first_label), weight=ft.FontWeight.BOLD),
                ft.Text(_(ui.first_hint), size=13) if ui.first_hint
                else ft.Container(height=0),
                ft.RadioGroup(
                    value=chosen_first,
                    on_change=lambda e: set_first(e.control.value),
                    content=ft.Column([ft.Radio(value=p, label=p, height=48) for p in players],
                                      spacing=0),
                ),
            ],
            spacing=4,
        )
        if players and ui.first_label
        else ft.Container(height=0)
    )
    return ft.View(
        route=f"/new/{game}",
        # The bar's short name: "My Favorite Carrera RS" does not fit there in any language.
        appbar=ft.AppBar(title=bar_title(new_match(ui.short_title))),
        scroll=ft.ScrollMode.AUTO,
        padding=12,
        controls=[
            *following_banner(services.keeps_score),
            # Only the scorekeeper starts matches: a follower (a bookmarked address) sees the
            # form disabled instead of filling it in to be refused at Start.
            ft.Column(
                disabled=not services.keeps_score,
                controls=[
                    PlayerPicker(players=players, set_players=set_players,
                                 known=known_players(services.tables.summaries()),
                                 most=count.stop - 1, narrow=use_page_width() < NARROW),
                    chances_line(services.tables.summaries(), game, list(players)),
                    first_choice,
                    ui.options(values=values, set_values=set_values, players=players)
                    if ui.options
                    else ft.Container(height=0),
                    message_line(message, error=True),
                    ft.Row([ft.FilledButton(_("Start match"), icon=ft.Icons.PLAY_ARROW, height=52,
                                            on_click=start, expand=True)]),
                ],
                spacing=14,
            ),
        ],
    )
