"""The remembered score sheets on Home (storage/sheets.py): each one a button that starts its
next match in one tap ("Hearts · 4 players · lowest wins at 100"), and a button to forget it.
Starting a new sheet under the same name on New match keeps its new settings instead."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n import _, ngettext, say
from companion.session.context import use_services
from companion.widgets.icon_action import icon_action
from scoring import RuleViolation, core, sheet


def sheet_label(settings: dict[str, Any]) -> str:
    """"Hearts · 4 players · lowest wins at 100"."""
    n = len(settings["players"])
    return _("{game} · {players} · {rule}").format(
        game=settings["name"], players=ngettext("{n} player", "{n} players", n).format(n=n),
        rule=say(sheet.Match.end_said_of(settings)))


@ft.component
def KeptSheets() -> ft.Control:
    services = use_services()
    page = ft.context.page
    tables = services.tables
    _changed, set_changed = ft.use_state(0)
    problem, set_problem = ft.use_state("")
    if not services.keeps_score:
        return ft.Container(height=0)
    kept = tables.remembered_sheets()
    if not kept:
        return ft.Container(height=0)

    def start(settings: dict[str, Any]) -> None:
        try:
            with core.stored_names():  # names kept when they were first accepted
                mid = tables.create(sheet.Match(**settings))
        except RuleViolation as error:
            set_problem(say(error.said))
            return
        page.navigate(f"/match/{mid}")

    def forget(name: str) -> None:
        try:
            tables.forget_sheet(name)
        except RuleViolation as error:
            set_problem(say(error.said))
            return
        set_changed(lambda n: n + 1)

    rows: list[ft.Control] = [ft.Text(_("Your score sheets"), size=20,
                                      weight=ft.FontWeight.BOLD)]
    for settings in kept:
        rows.append(ft.Row([
            ft.FilledTonalButton(sheet_label(settings), icon=ft.Icons.PLAY_ARROW, height=52,
                                 expand=True, on_click=lambda e, s=settings: start(s)),
            icon_action(ft.Icons.DELETE_OUTLINE,
                        _("Forget {game}").format(game=settings["name"]),
                        lambda e, name=settings["name"]: forget(name)),
        ], spacing=4))
    if problem:
        rows.append(ft.Text(problem, color=ft.Colors.ERROR))
    return ft.Column(rows, spacing=8)
