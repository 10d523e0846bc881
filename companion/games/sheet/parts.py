"""What the score sheet shows of the table: the game's name and how it is won, the rounds as
they stand (corrections applied), the end of the match and the log. Every figure and sentence
is the engine's (scoring/sheet.py); the game's name is the table's and is shown as typed."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion import i18n
from companion.describe.words import figure
from companion.i18n import _, say
from companion.widgets.action_log import action_log
from companion.widgets.game_over import game_over
from scoring import sheet
from scoring.said import Signed, listed


def header(match: sheet.Match) -> ft.Control:
    """The game's name, large, then how it is won, the round's sum and the round to enter."""
    rule = say(match.end_said_of(match.events[0]))
    lines: list[ft.Control] = [
        ft.Text(match.name, size=22, weight=ft.FontWeight.BOLD, key="sheet-name"),
        ft.Text(rule, size=15),
    ]
    if match.round_sum is not None:
        lines.append(ft.Text(_("Each round's scores add up to {total}").format(
            total=figure(match.round_sum)), size=14))
    return ft.Column(lines, spacing=2)


def round_text(match: sheet.Match, number: int, scores: dict[str, int]) -> str:
    """One past round as its row says it: "Round 3: Ann +4, Ben +13 ..."."""
    figures = say(listed([_("{player} {points}").format(player=p, points=say(Signed(n)))
                          for p, n in scores.items()]))
    return _("Round {round}: {scores}").format(round=number, scores=figures)


def rounds_list(match: sheet.Match, pick: Callable[[int], None] | None = None,
                chosen: int | None = None) -> ft.Control:
    """Every round as it stands, latest first; with `pick`, a tap on one opens its correction."""
    rows: list[ft.Control] = []
    for number, scores in reversed(list(enumerate(match.rounds, start=1))):
        text = ft.Text(round_text(match, number, scores), size=14,
                       weight=ft.FontWeight.BOLD if number == chosen else None)
        if pick is None:
            rows.append(ft.Container(text, padding=ft.Padding.symmetric(vertical=4)))
        else:
            rows.append(ft.Container(
                ft.Row([ft.Icon(ft.Icons.EDIT_OUTLINED, size=18), ft.Container(text, expand=True)],
                       spacing=8),
                padding=ft.Padding.symmetric(vertical=8), key=f"round-{number}",
                on_click=lambda e, n=number: pick(n), ink=True))
    if not rows:
        return ft.Container(height=0)
    title = _("Rounds (tap one to correct it)") if pick is not None else _("Rounds")
    return ft.Column([ft.Text(title, weight=ft.FontWeight.BOLD), *rows], spacing=0)


def game_end(match: sheet.Match) -> ft.Control:
    """Who won, large, with everyone's total."""
    winners = match.winners
    if len(winners) == 1:
        title = _("Game over: {player} wins!").format(player=winners[0])
    else:
        title = _("Game over: {players} share the win!").format(players=say(listed(winners)))
    language = i18n.words()
    return game_over(title, [_("{player}: {figure}").format(
        player=row.name, figure=row.text_in(language)) for row in match.standing_figures()])


def log(match: sheet.Match) -> ft.Control:
    return action_log(match.history, empty=_("No round entered yet."),
                      title=_("Entries, latest first"))
