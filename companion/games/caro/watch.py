"""Caro as a watcher reads it: whose turn, what each player still holds, the board as laid, the
turns. Nothing to tap: no colour chips, no legal cells with their points, no hint to the
scorekeeper. Every figure is the engine's (scoring/caro.py)."""

from __future__ import annotations

import flet as ft

from companion.games.caro.look import FILL, INK, letter, swatch
from companion.games.caro.screen import CaroEnd, _passed_line, _series_line, _turn_list
from companion.i18n import _, say
from companion.session.follow_up import FollowUp
from companion.session.viewport import use_page_width
from companion.widgets.grows import at_least
from companion.widgets.kept import Kept, use_kept
from scoring import caro
from scoring.said import listed

LABEL = 18  # the row numbers' column and the column numbers' row
GAP = 2
SMALLEST, LARGEST = 22, 48  # a cell's side: the whole board fits the page, and is read, not tapped
LAST = ft.Border.all(3, ft.Colors.AMBER)
LAID = ft.Border.all(1, "#9E9E9E")


def turn_line(match: caro.Match) -> str:
    """Whose turn, said to the table (no colour to pick: that is the scorekeeper's)."""
    player = match.current
    if match.must_relay:
        return _("{player} must lay {colour} again (rule 5: {points} already counted)").format(
            player=player, colour=say(caro.colour_word(match.must_relay)),
            points=say(match.pending_penalty))
    if not match.board:
        return _("{player} lays the first caro").format(player=player)
    return _("{player} to lay").format(player=player)


def holdings(match: caro.Match, kept: Kept | None = None) -> ft.Control:
    """One line per player in seating order: the caros they still hold, by colour (each line
    handed back unchanged from `kept` while what it says is the same)."""
    kept = kept or Kept()
    rows: list[ft.Control] = []
    for seat, name in enumerate(match.players):
        held = match.remaining(name)
        on = name == match.current
        caros = [_("{n} {caros}").format(n=say(held[c]), caros=say(caro.colour_word(c, held[c])))
                 for c in caro.COLOURS if held[c]]
        said = (_("{player} holds {caros}").format(player=name, caros=say(listed(caros)))
                if caros else _("{player} holds no caro").format(player=name))
        counts = tuple(held[colour] for colour in caro.COLOURS)
        rows.append(kept.get(("holds", seat), (name, on, said, counts),
                             _holding, name, on, said, counts))
    return ft.Column(rows, spacing=4, key="holdings")


def _holding(name: str, on: bool, said: str, counts: tuple[int, ...]) -> ft.Control:
    parts: list[ft.Control] = [ft.Text(name, size=15, expand=True,
                                       weight=ft.FontWeight.BOLD if on else None)]
    for colour, count in zip(caro.COLOURS, counts, strict=True):
        parts += [ft.Container(swatch(colour, 20), opacity=1.0 if count else 0.3),
                  at_least(24, ft.Text(f"×{count}", size=14, no_wrap=True))]  # never "× / 3"
    return ft.Semantics(label=said, exclude_semantics=True, content=ft.Row(parts, spacing=4))


def side(width: float, columns: int) -> int:
    """A cell's side for `columns` cells across `width` px, between SMALLEST and LARGEST."""
    return int(max(SMALLEST, min(LARGEST, (width - LABEL) / columns - GAP)))


def _cell(colour: str | None, last: bool, size: int, name: str) -> ft.Control:
    if colour is None:  # an empty spot inside the laid caros' rectangle
        return ft.Container(width=size, height=size, border_radius=3,
                            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST)
    return ft.Container(
        width=size, height=size, border_radius=3, bgcolor=FILL[colour],
        border=LAST if last else LAID, alignment=ft.Alignment.CENTER,
        content=ft.Text(letter(colour), color=INK[colour], size=max(10, size // 2),
                        weight=ft.FontWeight.BOLD, semantics_label=name))


NUMBER = ft.TextStyle(size=10, color=ft.Colors.ON_SURFACE_VARIANT)


def _numbers(cols: range, size: int) -> ft.Control:
    """The column numbers' row."""
    return ft.Row([ft.Container(width=LABEL, height=LABEL)]
                  + [ft.Container(width=size, height=LABEL, alignment=ft.Alignment.CENTER,
                                  content=ft.Text(say(c), style=NUMBER)) for c in cols],
                  spacing=GAP)


def _row_number(r: int, size: int) -> ft.Control:
    return ft.Container(width=LABEL, height=size, alignment=ft.Alignment.CENTER,
                        content=ft.Text(say(r), style=NUMBER))


def board(match: caro.Match, width: float, kept: Kept | None = None) -> ft.Control:
    """The laid caros in their rectangle, with row and column numbers as the scorekeeper's grid
    has them; the last one laid ringed. Scrolls sideways only past SMALLEST px a cell. A cell
    that looks as it did is handed back from `kept` (a watcher's page redrawn after a change
    builds and diffs only what changed)."""
    kept = kept or Kept()
    laid, last = match.board, match.last_cell
    if not laid:
        return ft.Text(_("No caro laid yet."), size=14, key="board")
    top, left, bottom, right = match.bounds
    cols = range(left, right + 1)
    size = side(width, len(cols))
    lines: list[ft.Control] = [kept.get("numbers", ([say(c) for c in cols], size),
                                        _numbers, cols, size)]
    for r in range(top, bottom + 1):
        cells: list[ft.Control] = [kept.get(("row", r), (say(r), size), _row_number, r, size)]
        for c in cols:
            colour = laid.get((r, c))
            name = "" if colour is None else (
                _("row {row}, column {column}: {colour} (last laid)") if (r, c) == last
                else _("row {row}, column {column}: {colour}")).format(
                    row=say(r), column=say(c), colour=say(caro.colour_word(colour)))
            look = (colour, (r, c) == last, size, name)
            cells.append(kept.get(("cell", r, c), look, _cell, *look))
        lines.append(ft.Row(cells, spacing=GAP))
    grid = ft.Column(lines, spacing=GAP)
    if LABEL + len(cols) * (size + GAP) <= width:
        return ft.Row([grid], alignment=ft.MainAxisAlignment.CENTER, key="board")
    return ft.Row([grid], scroll=ft.ScrollMode.AUTO, key="board")


@ft.component
def CaroWatch(match: caro.Match, follow_up: FollowUp) -> ft.Control:
    width = use_page_width() - 24  # the page's padding
    kept = use_kept()
    series = _series_line(match)
    if match.is_over:  # the result, then the final board; the next game once it is opened
        return ft.Column([CaroEnd(match, follow_up, keeps_score=False), *series,
                          board(match, width), _turn_list(match)], spacing=12)
    return ft.Column([
        *series,
        ft.Text(turn_line(match), size=18, weight=ft.FontWeight.BOLD, key="head"),
        *_passed_line(match),
        holdings(match, kept),
        board(match, width, kept),
        _turn_list(match),
    ], spacing=10)
