"""History: finished matches, newest first, with winners and date; open one to see its end.

A series (each game the follow-up of the one before: describe/series.py) is one group, placed
by its latest game, its games in the order played."""

from __future__ import annotations

import flet as ft

from companion.describe.series import series_of
from companion.describe.when import day_and_length
from companion.describe.words import said_once
from companion.i18n import _
from companion.session.context import use_services
from companion.session.in_step import use_any_change
from companion.widgets.bar_title import bar_title
from companion.widgets.data_transfer import DataTransfer
from companion.widgets.match_row import MatchRow
from companion.widgets.series_group import SeriesGroup


@ft.component
def History() -> ft.View:
    services = use_services()
    _refresh, set_refresh = ft.use_state(0)
    use_any_change(only_on="/history")  # a match another phone finishes appears at once
    every = services.tables.summaries()
    finished = [s for s in every if s.status == "finished"]
    grouped = {mid: series for series in series_of(every) for mid in series.ids}

    def refresh() -> None:
        set_refresh(lambda n: n + 1)

    variant = said_once()  # a night's sheets repeat a few variants: each said once a render
    rows: list[ft.Control] = []
    shown: set[int] = set()
    for s in finished:
        series = grouped.get(s.id)
        if series is None:
            rows.append(MatchRow(summary=s, when=day_and_length(s.played_at, s.played_for),
                                 on_change=refresh, variant=variant(s.variant), key=s.id))
        elif id(series) not in shown:
            shown.add(id(series))
            rows.append(SeriesGroup(series=series, on_change=refresh, said_once=variant,
                                    key=f"series {series.games[0].summary.id}"))
    if not rows:
        rows = [ft.Text(_("No finished matches yet. They appear here when a game ends."))]
    rows.insert(0, DataTransfer(on_change=lambda: set_refresh(lambda n: n + 1)))
    return ft.View(
        route="/history",
        appbar=ft.AppBar(title=bar_title(_("History"))),
        scroll=ft.ScrollMode.AUTO,
        padding=12,
        controls=[ft.Column(rows, spacing=8)],
    )
