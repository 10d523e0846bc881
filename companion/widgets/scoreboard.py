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
from companion.session.page_width import PHONE_WIDTH
from scoring.core import Standing

CURRENT_EDGE = ft.Border.all(2, ft.Colors.PRIMARY)
EDGE = ft.Border.all(2, ft.Colors.TRANSPARENT)


def spoken(shown: str, row: Standing | tuple[str, str], value: str, *, won: bool = False,
           leads: bool = False) -> str:
    """What a screen reader says for a chip, its name and figure together ("Ann, 24 points,
    ahead"): read apart they gave "Ann, leads, Ben, leads, Cleo, 24, 34, 34". "Ahead", not
    "leads": a player who leads plays a trick's first card (the glossary's "lead")."""
    if isinstance(row, Standing) and not row.unit and not row.more:
        value = ngettext("{n} point", "{n} points", row.value).format(n=say(row.value))
    if won:
        return _("{player}, {score}, winner").format(player=shown, score=value)
    if leads:
        return _("{player}, {score}, ahead").format(player=shown, score=value)
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


# The least width a chip's words are given before the row runs out, in logical pixels: fewer
# chips share a row on a narrow page (a phone at browser zoom 200% is 206 px wide).
LEAST_CHIP = 80
GAP = 6


def chip_width(standings: list[tuple[Any, str, str]], width: float) -> float:
    """Each chip's least width in a row `width` px wide: the row shared equally among
    `_columns` chips, or fewer where each would get under LEAST_CHIP. A chip whose words need
    more (large text, a long name) is wider and the row wraps before it, in seat order: a fixed
    width split its words ("0 trop / hies") or cut a name ("Suns (Ann, Cl…")."""
    columns = max(1, min(_columns(standings), int((width + GAP) // (LEAST_CHIP + GAP))))
    return max(1.0, (width - GAP * (columns - 1)) / columns - 0.5)  # 0.5: no rounding wraps


def scoreboard(standings: Sequence[Standing | tuple[str, str]], *, current: str | None = None,
               winners: list[str] | None = None, ahead: list[str] | None = None,
               width: float = PHONE_WIDTH - 20) -> ft.Control:
    """Players with what they have, in the order given; the one to act outlined, `winners` (the
    match's `won_by`: names as the standings give them) marked with a trophy, while playing those
    `ahead` (the match's leaders) with a star. `width`: the row's, the page's less its margins."""
    given = list(standings)
    standings = _rows(given)
    least = chip_width(standings, width)
    chips = []
    for row, (name, shown, value) in zip(given, standings, strict=True):
        # The match's own names mark the chips (a team left unnamed is a value, said here).
        is_current = name == current
        won = winners is not None and name in winners
        leads = not won and winners is None and ahead is not None and name in ahead
        # A long name wraps within the row rather than being cut.
        title: ft.Control = ft.Text(shown, size=13, text_align=ft.TextAlign.CENTER,
                                    weight=ft.FontWeight.BOLD if is_current else None)
        if won:
            title = ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, size=16, color=ft.Colors.AMBER_800,
                                    semantics_label=_("winner")), title], spacing=2, tight=True,
                           wrap=True, alignment=ft.MainAxisAlignment.CENTER)
        elif leads:
            title = ft.Row([ft.Icon(ft.Icons.STAR, size=16, color=ft.Colors.AMBER_800,
                                    semantics_label=_("ahead")), title], spacing=2, tight=True,
                           wrap=True, alignment=ft.MainAxisAlignment.CENTER)
        # The chip's outline and fill are a bare layer under its figures: which chip is current
        # changes with every action, and the page rebuilds a changed control with all it holds.
        # One node a chip, named whole: its texts and icon are not read apart.
        chips.append(ft.Semantics(
            label=spoken(shown, row, value, won=won, leads=leads), container=True,
            exclude_semantics=True, content=
            ft.Stack(
                [
                    ft.Container(width=least),  # the least width; the words may take more
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
                            tight=True,
                            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        ),
                        padding=ft.Padding.symmetric(horizontal=8, vertical=6),
                    ),
                ],
                alignment=ft.Alignment.CENTER,
            )
        ))
    return ft.Row(chips, wrap=True, spacing=GAP, run_spacing=GAP)
