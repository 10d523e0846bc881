"""The big scoreboard: the standings in figures large enough to read from across the table.

It follows the match live, whoever changes it, and changes nothing itself: anyone may open it.
"""

from __future__ import annotations

import flet as ft

from companion.describe.when import lasted
from companion.describe.words import figure as written
from companion.games import GAME_UIS
from companion.i18n import _, ngettext, say, words
from companion.screens.about_match import use_match_page
from companion.session.context import use_services
from companion.session.viewport import NARROW, use_page_width
from companion.widgets.bar_title import bar_title
from scoring.core import Match, Standing
from scoring.said import Term, listed


def _last_text(match: Match) -> str:
    history = match.history
    if not history:
        return _("No action yet.")
    entry = history[-1]
    return say(entry.get("said", entry["text"]))


def clock_text(match: Match, played_for: float | None) -> str:
    """How long the match has been played, as of its last action ("" before its first, or
    when the times of its actions are not known); "Paused" beside it while it is."""
    if played_for is None or not match.can_undo:
        return ""
    length = _("Played for {length}").format(length=lasted(played_for))
    return _("{length} (paused)").format(length=length) if match.paused else length


def scale_for(width: float) -> float:
    """How much larger than on a phone (412 px) the figures are drawn: they grow with the
    screen, up to 1.8x (a 1280 x 800 laptop or tablet), and never shrink below a phone's."""
    return max(1.0, min(1.8, width / 412))


def _row(standing: Standing, *, current: bool, won: bool, leads: bool = False,
         extra: str = "", scale: float = 1.0,
         turn_word: Term = Match.CURRENT_WORD, narrow: bool = False) -> ft.Control:
    """One player: name on the left, the figure as large as the row allows on the right (under
    the name on a `narrow` screen)."""
    said = words()
    name, value = say(standing.name), standing.text_in(said)  # a name may be a value
    figure, unit, more = written(standing.value), standing.caption_in(said), say(standing.more)
    name_line: list[ft.Control] = []
    if won:
        name_line.append(ft.Icon(ft.Icons.EMOJI_EVENTS, size=30 * scale,
                                 color=ft.Colors.AMBER_800))
    elif leads:  # the rows keep seating order; the leaders are starred instead
        name_line.append(ft.Icon(ft.Icons.STAR, size=30 * scale, color=ft.Colors.AMBER_800))
    # A long name, or large text, wraps: never cut to "A…"
    name_line.append(ft.Text(name, size=24 if narrow else 28 * scale,
                             weight=ft.FontWeight.BOLD, expand=True))
    left = [ft.Row(name_line, spacing=6)]
    if more:  # a second figure ("3 fuel"), said whole on a line of its own
        left.append(ft.Text(more, size=18 * scale,
                            color=ft.Colors.ON_SURFACE_VARIANT))
    if extra:  # beside the score, as large as the rest of the standings
        left.append(ft.Text(extra, size=22 * scale, weight=ft.FontWeight.BOLD))
    turn = say(turn_word)  # `Match.current`'s word: whose turn it is
    if current:
        left.append(ft.Text(turn, size=16 * scale, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.PRIMARY))
    # Read out as pauses between phrases: "Ann: 12 points, 3 cards, to play".
    heard = [_("{player}: {score}").format(player=name, score=value), *([extra] if extra else []),
             *([turn] if current else []), *([_("winner")] if won else []),
             *([_("ahead")] if leads else [])]
    # The figure with what it counts: right under it, beside the name ("2" over "trophies"),
    # or on one line under the name on a narrow screen ("0 of 10"; the scale is 1 there).
    counted = [ft.Text(figure, size=48 if narrow else (64 if len(figure) <= 4 else 40) * scale,
                       weight=ft.FontWeight.BOLD, no_wrap=not narrow),
               *([ft.Text(unit, size=16 * scale, no_wrap=not narrow,
                          color=ft.Colors.ON_SURFACE_VARIANT)] if unit else [])]
    return ft.Semantics(
        label=say(listed(heard, "members")),  # the language's own pause ("、" in Japanese)
        identifier=f"board-row-{name}",
        content=ft.Container(
            content=ft.Column([*left, ft.Row(counted, spacing=8, wrap=True,
                                             vertical_alignment=ft.CrossAxisAlignment.END)],
                              spacing=0)
            if narrow else ft.Row(
                [ft.Column(left, spacing=0, expand=True),
                 ft.Column(counted, spacing=0, tight=True,
                           horizontal_alignment=ft.CrossAxisAlignment.CENTER)],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            padding=ft.Padding.symmetric(horizontal=10 if narrow else 16, vertical=8),
            border_radius=16,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if current else ft.Colors.SURFACE_CONTAINER,
            border=ft.Border.all(4, ft.Colors.PRIMARY if current else ft.Colors.TRANSPARENT),
        ),
    )


@ft.component
def BoardScreen() -> ft.View:
    at = use_match_page("/board")
    width = use_page_width()
    services = use_services()
    if at.missing:
        return at.missing
    match = at.table.match
    try:  # the store's summary, saved with the match's last action: its length
        clock = clock_text(match, services.tables.summary(at.mid).played_for)
    except Exception:  # gone meanwhile: the next render says so
        clock = ""
    ui = GAME_UIS[match.GAME]
    won = match.won_by  # as the rows name them: a Careta team's row, not its players
    current = None if match.is_over else match.current
    scale = scale_for(width)
    more = match.standing_notes
    ahead = [] if match.is_over else match.ahead
    rows = [_row(row, current=row.name == current, won=row.name in won,
                 leads=row.name in ahead, extra=say(more.get(row.name, "")), scale=scale,
                 turn_word=match.CURRENT_WORD, narrow=width < NARROW)
            for row in match.standing_figures()]
    if width >= 900:  # a wide screen: two players a line, so a table of five fits its height
        rows = [ft.ResponsiveRow([ft.Container(r, col={"xs": 12, "md": 6}) for r in rows],
                                 spacing=10, run_spacing=10)]
    # "Moons (Ben, Dan) wins!", "Ann wins!", "Ann and Ben win!": a team is one winner, as its
    # row names it (counted by the names shown, not by the players in them).
    if match.is_over:
        head = (ngettext("Game over: {winners} wins!", "Game over: {winners} win!",
                         len(won)).format(winners=say(listed(won))) if won
                else _("Game over"))
    else:
        head = say(match.turn_said(current)) if current else say(ui.title)
    return ft.View(
        route=at.route,
        appbar=ft.AppBar(title=bar_title(say(ui.title))),
        scroll=ft.ScrollMode.AUTO,
        padding=12,
        controls=[
            ft.Column(
                [
                    ft.Text(head, size=30 * scale, weight=ft.FontWeight.BOLD,
                            text_align=ft.TextAlign.CENTER),
                    *([ft.Text(clock, size=20 * scale, text_align=ft.TextAlign.CENTER,
                               color=ft.Colors.ON_SURFACE_VARIANT)] if clock else []),
                    *rows,
                    ft.Container(
                        content=ft.Text(_last_text(match), size=20 * scale),
                        bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12, padding=14,
                    ),
                ],
                spacing=10,
                horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            )
        ],
    )
