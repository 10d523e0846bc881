"""The remembered score sheets on Home (storage/sheets.py): each one a button that starts its
next match in one tap ("Hearts · 4 players · lowest wins at 100"), a button to change its
settings (in place, checked as New match checks them: a refused change says why and keeps the
sheet as it was) and one to forget it, after asking. Starting a new sheet under the same name on
New match keeps its new settings too."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.games.sheet.options import SheetOptions, settings_of
from companion.i18n import _, ngettext, say
from companion.session.context import use_services
from companion.session.viewport import NARROW, use_page_width
from companion.widgets.icon_action import icon_action
from companion.widgets.message_line import message_line
from companion.widgets.player_picker import PlayerPicker
from scoring import RuleViolation, core, sheet


def sheet_label(settings: dict[str, Any]) -> str:
    """"Hearts · 4 players · lowest wins at 100"."""
    n = len(settings["players"])
    return _("{game} · {players} · {rule}").format(
        game=settings["name"], players=ngettext("{n} player", "{n} players", n).format(n=n),
        rule=say(sheet.Match.end_said_of(settings)))


def _typed(settings: dict[str, Any]) -> dict[str, Any]:
    """A remembered sheet's settings as New match's sheet options hold them (numbers as typed)."""
    def text(value: Any, unset: str) -> str:
        return unset if value is None else str(value)

    return {"name": settings["name"], "lowest_wins": settings["lowest_wins"],
            "end": settings["end"], "target": text(settings["target"], "100"),
            "rounds": text(settings["rounds"], "10"), "round_sum": text(settings["round_sum"], "")}


@ft.component
def SheetEditor(settings: dict[str, Any], known: list[str], done: Any) -> ft.Control:
    """A remembered sheet's settings to change: its players and New match's sheet options."""
    services = use_services()
    players, set_players = ft.use_state(list(settings["players"]))
    values, set_values = ft.use_state(_typed(settings))
    problem, set_problem = ft.use_state(("", None))
    now = (list(players), values)

    def save(e: Any) -> None:
        try:
            services.tables.change_sheet(settings["name"],
                                         {"players": list(players), **settings_of(values)})
        except (RuleViolation, OSError) as error:  # refused: the sheet stays as it was
            set_problem((getattr(error, "said", None) or str(error), now))
            return
        done()

    return ft.Container(
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=10, padding=10,
        key=f"edit-sheet {settings['name']}",
        content=ft.Column([
            ft.Text(_("Change {game}").format(game=settings["name"]), size=18,
                    weight=ft.FontWeight.BOLD),
            PlayerPicker(players=players, set_players=set_players, known=known, most=20,
                         narrow=use_page_width() < NARROW),
            SheetOptions(values=values, set_values=set_values, players=players),
            message_line(say(problem[0]) if problem[1] == now else "", error=True),
            ft.Row([
                ft.FilledButton(_("Save the sheet"), icon=ft.Icons.CHECK, height=52,
                                expand=True, on_click=save),
                ft.OutlinedButton(_("Cancel"), height=52, on_click=lambda e: done()),
            ], spacing=8),
        ], spacing=10))


@ft.component
def KeptSheets() -> ft.Control:
    services = use_services()
    page = ft.context.page
    tables = services.tables
    _changed, set_changed = ft.use_state(0)
    problem, set_problem = ft.use_state("")
    editing, set_editing = ft.use_state(None)  # the name of the sheet being changed
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
        def confirm(e: Any) -> None:
            page.pop_dialog()
            try:
                tables.forget_sheet(name)
            except RuleViolation as error:
                set_problem(say(error.said))
                return
            set_changed(lambda n: n + 1)

        page.show_dialog(ft.AlertDialog(
            title=ft.Text(_("Forget {game}?").format(game=name)),
            content=ft.Text(_("Its one tap on Home goes; its matches stay in History.")),
            actions=[ft.TextButton(_("Cancel"), on_click=lambda e: page.pop_dialog()),
                     ft.FilledButton(_("Forget"), on_click=confirm)]))

    def edited() -> None:
        set_editing(None)
        set_changed(lambda n: n + 1)

    known = list(dict.fromkeys(n for s in tables.summaries() for n in s.players)) \
        if editing is not None else []

    rows: list[ft.Control] = [ft.Text(_("Your score sheets"), size=20,
                                      weight=ft.FontWeight.BOLD)]
    for settings in kept:
        rows.append(ft.Row([
            ft.FilledTonalButton(sheet_label(settings), icon=ft.Icons.PLAY_ARROW, height=52,
                                 expand=True, on_click=lambda e, s=settings: start(s)),
            icon_action(ft.Icons.EDIT_OUTLINED,
                        _("Change {game}").format(game=settings["name"]),
                        lambda e, name=settings["name"]: set_editing(name)),
            icon_action(ft.Icons.DELETE_OUTLINE,
                        _("Forget {game}").format(game=settings["name"]),
                        lambda e, name=settings["name"]: forget(name)),
        ], spacing=4))
        if editing is not None and editing == settings["name"]:
            rows.append(SheetEditor(settings=settings, known=known, done=edited,
                                    key=f"editor {settings['name']}"))
    if problem:
        rows.append(ft.Text(problem, color=ft.Colors.ERROR))
    return ft.Column(rows, spacing=8)
