"""A series in History: its finished games as one group, each with its number and the series'
totals after it, under who won (or leads) the series."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.describe.records import score_kind
from companion.describe.series import Series
from companion.describe.when import day_and_length
from companion.describe.words import counted, figure, several_words
from companion.i18n import _, ngettext, npgettext, say
from companion.widgets.match_row import MatchRow
from companion.widgets.share_result import ShareResult
from scoring.core import Unit
from scoring.said import listed


def totals_text(totals: tuple[tuple[str, int], ...], unit: Unit | str) -> str:
    """ "Ann 130 · Ben 95 points" (`unit`: what the game's final score counts; a minus sign
    for a negative total)."""
    scores = " · ".join(_("{player} {score}").format(player=name, score=figure(total))
                        for name, total in totals)
    return _("{scores} {unit}").format(scores=scores, unit=counted(unit))


def series_heading(series: Series) -> tuple[str, str]:
    """(title, result) of a series: "Caro series: 2 games", "Won the series: Ann (...)"."""
    first = series.games[0].summary
    count = len(series.games)
    game = say(first.title_word)
    if several_words(game):  # never glued into a compound ("Caro-Serie")
        heading = npgettext("title of several words", "{game} series: {n} game · {players}",
                            "{game} series: {n} games · {players}", count)
    else:
        heading = ngettext("{game} series: {n} game · {players}",
                           "{game} series: {n} games · {players}", count)
    title = heading.format(game=game, n=figure(count),
                           players=say(listed(first.players, "members")))
    kind = score_kind(first.game)
    if not series.leaders or kind is None:
        result = "" if series.over else _("Game {n} is in play.").format(n=figure(count))
    elif series.over:
        result = _("Won the series: {leaders} ({totals})").format(
            leaders=say(listed(series.leaders)), totals=totals_text(series.totals, kind.unit))
    else:
        result = _("Ahead in the series: {leaders} ({totals}); game {n} is in play.").format(
            leaders=say(listed(series.leaders)), totals=totals_text(series.totals, kind.unit),
            n=figure(count))
    return title, result


@ft.component
def SeriesGroup(series: Series, on_change: Callable[[], None],
                said_once: Callable[[Any], str] = say) -> ft.Control:
    """`said_once`: how each game's variant is said (History's, once a distinct one)."""
    title, result = series_heading(series)
    kind = score_kind(series.games[0].summary.game)
    rows: list[ft.Control] = [
        ft.Text(title, size=16, weight=ft.FontWeight.BOLD),
        *([ft.Text(result, size=14)] if result else []),
    ]
    for game in series.games:
        if game.summary.status != "finished":  # the game in play is on Home, under Continue
            continue
        note = _("Game {n}").format(n=figure(game.number))
        if game.totals and kind is not None:
            note = _("Game {n} · series {totals}").format(
                n=figure(game.number), totals=totals_text(game.totals, kind.unit))
        rows.append(MatchRow(summary=game.summary, when=day_and_length(game.summary.played_at,
                                                    game.summary.played_for),
                             on_change=on_change, note=note,
                             variant=said_once(game.summary.variant), key=game.summary.id))
    if series.over:  # the series' result as a picture: its last game's card, with the totals
        rows.append(ShareResult(match_id=series.games[-1].summary.id,
                                key=f"{series.games[-1].summary.id}@share"))
    return ft.Container(
        content=ft.Column(rows, spacing=6),
        padding=ft.Padding.only(left=10, top=8, bottom=8, right=0),
        # One side only: Flutter refuses a rounded border whose sides differ.
        border=ft.Border.only(left=ft.BorderSide(width=4, color=ft.Colors.PRIMARY)),
    )
