"""The table as it was after one step of the timeline, read-only.

The match is replayed up to that step and drawn by the game's watch view (what a watcher of a
shared table reads: no pad, card or cell to tap, nothing said to the scorekeeper), on every
device, since nothing here can be played; a game without one shows its screen disabled, with an
`act`, `may_act` and follow-up that refuse everything, so nothing done here reaches the real
match. The arrows step through the history.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.describe.progress import effects
from companion.describe.words import figure
from companion.games import GAME_UIS
from companion.i18n import _, ngettext, say
from companion.screens.about_match import match_view, use_match_page
from companion.session.follow_up import FollowUp
from companion.session.viewport import use_page_width
from companion.widgets.icon_action import icon_action
from companion.widgets.missing_view import missing_view
from companion.widgets.scoreboard import scoreboard
from companion.widgets.timeline_entry import effect_chip
from scoring.names import quotable


def _step_of(text: str) -> int | None:
    return int(text) if text.isdigit() else None


@ft.component
def PastTableScreen() -> ft.View:
    page = ft.context.page
    asked = ft.use_route_params().get("step", "")
    step = _step_of(asked)
    at = use_match_page(f"/timeline/{asked}")
    row_width = use_page_width() - 20  # the scoreboard's row: the page less its padding
    if at.missing:
        return at.missing
    mid, route, match = at.mid, at.route, at.table.match
    steps = len(match.events) - 1
    if step is None or not 1 <= step <= steps:
        return missing_view(route, ngettext(
            "This match has no step {asked} (it has {n}; a step taken back with Undo is gone).",
            "This match has no step {asked} (it has {n}; a step taken back with Undo is gone).",
            steps).format(asked=quotable(asked), n=figure(steps)))  # the page's route, quoted

    past = type(match).replay(match.events[: step + 1])
    entry = match.history[step - 1]
    ui = GAME_UIS[match.GAME]

    def refuse(*args: Any) -> bool:
        """Every act, may_act and follow-up here (none can be tapped): this table is the past,
        not the match."""
        return False

    def go(to: int) -> None:
        page.navigate(f"/match/{mid}/timeline/{to}")

    winners = past.won_by if past.is_over else None
    changed = effects(match, entry)
    about = ft.Container(
        content=ft.Column(
            [
                ft.Row([ft.Icon(ft.Icons.HISTORY, size=18),
                        ft.Text(_("Step {n}: the table as it was (read-only)").format(
                                    n=figure(step)),
                                weight=ft.FontWeight.BOLD, size=14, expand=True)]),
                ft.Text(say(entry.get("said", entry["text"])), size=14),
                *([ft.Row([effect_chip(e) for e in changed], wrap=True, spacing=4)]
                  if changed else []),
                ft.TextButton(_("Back to the match"), icon=ft.Icons.ARROW_BACK, height=48,
                              on_click=lambda e: page.navigate(f"/match/{mid}")),
            ],
            spacing=4,
        ),
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        border_radius=8,
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
    )
    return match_view(at, _("After step {n} of {total}").format(n=figure(step),
                                                                 total=figure(steps)), [
        about,
        scoreboard(past.standing_figures(), current=past.current, winners=winners,
                   ahead=past.ahead, width=row_width),
        ui.watch(match=past, follow_up=FollowUp(made=False, open=refuse), key=f"past-{step}")
        if ui.watch is not None else ft.Container(
            disabled=True,
            content=ui.screen(match=past, act=refuse, may_act=refuse,
                              follow_up=FollowUp(made=False, open=refuse), version=step,
                              key=f"past-{step}")),
    ], actions=[
        icon_action(ft.Icons.CHEVRON_LEFT, _("Earlier step"), lambda e: go(step - 1),
                    disabled=step <= 1),
        icon_action(ft.Icons.CHEVRON_RIGHT, _("Later step"), lambda e: go(step + 1),
                    disabled=step >= steps),
    ])
