"""The running standings every match screen shows: one chip per player, the current one marked.

The chips stay in the order given (seating order): a board that re-sorted by score after every
action made the current player jump about. The leaders are marked with a star instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import flet as ft

from companion.describe.words import minus_signs
from companion.i18n import _, ngettext, say, words
from scoring.core import Standing

CURRENT_EDGE = ft.Border.all(2, ft.Colors.PRIMARY)
EDGE = ft.Border.all(2, ft.Colors.TRANSPARENT)


def spoken(shown: str, row: Standing | tuple[str, str], value: str, *, won: bool = False,
           leads: bool = False) -> str:
    """What a screen reader says for a chip, its name and figure together ("Ann, 24 points,
    leads"): read apart they gave "Ann, leads, Ben, leads, Cleo, 24, 34, 34"."""
    if isinstance(row, Standing) and not row.unit and not row.more:
        value = ngettext("{n} point", "{n} points", row.value).format(n=say(row.value))
    if won:
        return _("{player}, {score}, winner").format(player=shown, score=value)
    if leads:
        return _("{player}, {score}, leads").format(player=shown, score=value)
    return _("{player}, {score}").format(player=shown, score=value)


def _rows(standings: Sequence[Standing | tuple[str, str]]) -> list[tuple[Any, str, str]]:
    """(name as the match gives it, that name and the figure as text) in the session's
    language; a (name, text) pair from before the standings were data is shown as it is, its
    negatives with the minus sign."""
    said = words()
    return [(row.name, say(row.name), row.text_in(said)) if isinstance(row, Standing)
            else (row[0], row[0], minus_signs(row[1])) for row in standings]


def _columns(standings: list[tuple[Any, str, str]]) -> int:
    """Chips per row: all in one row when values are short figures, else at most three."""
    short = all(len(value) <= 5 for _, _name, value in standings)
    return len(standings) if short and len(standings) <= 4 else min(len(standings), 3)


def scoreboard(standings: Sequence[Standing | tuple[str, str]], *, current: str | None = None,
               winners: list[str] | None = None, ahead: list[str] | None = None) -> ft.Control:
    """Players with what they have, in the order given; the one to act outlined, `winners` (the
    match's `won_by`: names as the standings give them) marked with a trophy, while playing those
    `ahead` (the match's leaders) with a star."""
    given = list(standings)
    standings = _rows(given)
    span = 12 // max(1, _columns(standings))
    chips = []
    for row, (name, shown, value) in zip(given, standings, strict=True):
        # The match's own names mark the chips (a team left unnamed is a value, said here).
        is_current = name == current
        won = winners is not None and name in winners
        leads = not won and winners is None and ahead is not None and name in ahead
        # The chip's width bounds the name, so a long one ends in "…" instead of being cut.
        title: ft.Control = ft.Text(shown, size=13, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS,
                                    text_align=ft.TextAlign.CENTER, expand=won or leads,
                                    weight=ft.FontWeight.BOLD if is_current else None)
        if won:
            title = ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, size=16, color=ft.Colors.AMBER_800,
                                    semantics_label=_("winner")), title], spacing=2)
        elif leads:
            title = ft.Row([ft.Icon(ft.Icons.STAR, size=16, color=ft.Colors.AMBER_800,
                                    semantics_label=_("leads")), title], spacing=2)
        # The chip's outline and fill are a bare layer under its figures: which chip is current
        # changes with every action, and the page rebuilds a changed control with all it holds.
        # One node a chip, named whole: its texts and icon are not read apart.
        chips.append(ft.Semantics(
            label=spoken(shown, row, value, won=won, leads=leads), container=True,
            exclude_semantics=True, col=span, content=
            ft.Stack(
                [
                    ft.Container(left=0, top=0, right=0, bottom=0, border_radius=10,
                                 bgcolor=(ft.Colors.PRIMARY_CONTAINER if is_current
                                          else ft.Colors.SURFACE_CONTAINER),
                                 border=CURRENT_EDGE if is_current else EDGE),
                    ft.Container(
                        content=ft.Column(
                            [
                                title,
                                ft.Text(value, size=20 if len(value) <= 5 else 13,
                                        weight=ft.FontWeight.BOLD,
                                        text_align=ft.TextAlign.CENTER),
                            ],
                            spacing=0,
                            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        ),
                        padding=ft.Padding.symmetric(horizontal=8, vertical=6),
                    ),
                ],
                fit=ft.StackFit.PASS_THROUGH,  # the figures take the chip's width
            )
        ))
    return ft.ResponsiveRow(chips, spacing=6, run_spacing=6)
