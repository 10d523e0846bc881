"""History: finished matches, newest first, with winners and date; open one to see its end."""

from __future__ import annotations

import flet as ft

from companion.describe.when import day
from companion.session.context import use_services
from companion.session.in_step import use_any_change
from companion.widgets.data_transfer import DataTransfer
from companion.widgets.match_row import MatchRow


@ft.component
def History() -> ft.View:
    services = use_services()
    _, set_refresh = ft.use_state(0)
    use_any_change(only_on="/history")  # a match another phone finishes appears at once
    finished = services.tables.summaries(status="finished")
    rows: list[ft.Control] = [
        MatchRow(summary=s, when=day(s.played_at), on_change=lambda: set_refresh(lambda n: n + 1))
        for s in finished
    ]
    if not rows:
        rows = [ft.Text("No finished matches yet. They appear here when a game ends.")]
    rows.insert(0, DataTransfer(on_change=lambda: set_refresh(lambda n: n + 1)))
    return ft.View(
        route="/history",
        appbar=ft.AppBar(title=ft.Text("History")),
        scroll=ft.ScrollMode.AUTO,
        padding=12,
        controls=[ft.Column(rows, spacing=8)],
    )
