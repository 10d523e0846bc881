"""A series in History: its finished games as one group, each with its number and the series'
totals after it, under who won (or leads) the series."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.describe.records import score_kind
from companion.describe.series import Series
from companion.describe.when import day
from companion.describe.words import figure, names
from companion.widgets.match_row import MatchRow


def totals_text(totals: tuple[tuple[str, int], ...], unit: str) -> str:
    """ "Ann 130 · Ben 95 points" (a minus sign for a negative total)."""
    return " · ".join(f"{name} {figure(total)}" for name, total in totals) + f" {unit}"


def series_heading(series: Series) -> tuple[str, str]:
    """(title, result) of a series: "Caro series: 2 games", "Won the series: Ann (...)"."""
    first = series.games[0].summary
    count = len(series.games)
    title = f"{first.title} series: {count} games · {', '.join(first.players)}"
    kind = score_kind(first.game)
    if not series.leaders or kind is None:
        result = "" if series.over else f"Game {count} is in play."
    elif series.over:
        result = (f"Won the series: {names(list(series.leaders))} "
                  f"({totals_text(series.totals, kind.label)})")
    else:
        result = (f"Ahead in the series: {names(list(series.leaders))} "
                  f"({totals_text(series.totals, kind.label)}); game {count} is in play.")
    return title, result


@ft.component
def SeriesGroup(series: Series, on_change: Callable[[], None]) -> ft.Control:
    title, result = series_heading(series)
    kind = score_kind(series.games[0].summary.game)
    rows: list[ft.Control] = [
        ft.Text(title, size=16, weight=ft.FontWeight.BOLD),
        *([ft.Text(result, size=14)] if result else []),
    ]
    for game in series.games:
        if game.summary.status != "finished":  # the game in play is on Home, under Continue
            continue
        note = f"Game {game.number}"
        if game.totals and kind is not None:
            note += f" · series {totals_text(game.totals, kind.label)}"
        rows.append(MatchRow(summary=game.summary, when=day(game.summary.played_at),
                             on_change=on_change, note=note, key=game.summary.id))
    return ft.Container(
        content=ft.Column(rows, spacing=6),
        padding=ft.Padding.only(left=10, top=8, bottom=8, right=0),
        # One side only: Flutter refuses a rounded border whose sides differ.
        border=ft.Border.only(left=ft.BorderSide(width=4, color=ft.Colors.PRIMARY)),
    )
