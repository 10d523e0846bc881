"""Caro at the table: a tap grid that mirrors the tiles, checks every lay and scores it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.games import GameUI
from companion.games.caro.grid import CaroGrid, more_cells
from companion.games.caro.look import letter, swatch
from companion.i18n import N_, _, ngettext, pgettext, say
from companion.session.context import use_services
from companion.session.drafts import use_draft
from companion.session.follow_up import FollowUp
from companion.session.viewport import use_page_width
from companion.widgets.action_log import action_log
from companion.widgets.game_over import game_over
from companion.widgets.grows import tall_button
from companion.widgets.kept import Kept, use_kept
from companion.widgets.why import with_why
from scoring import caro
from scoring.core import Match
from scoring.said import listed, ruling_of

Cell = tuple[int, int]


def _first_cell(match: caro.Match) -> Cell:
    # The first caro may go anywhere (C2). Putting it at (area, area) keeps every later
    # coordinate at 1 or more, so the row and column numbers the screen shows read naturally.
    return (match.area, match.area)


PICKED_EDGE = ft.Border.all(3, ft.Colors.PRIMARY)
CHIP_EDGE = ft.Border.all(1, ft.Colors.OUTLINE)


def _colour_bar(match: caro.Match, legal: dict[str, bool], chosen: str | None,
                choose: Callable[[str], None], keeps_score: bool = True,
                kept: Kept | None = None) -> ft.Control:
    """A chip per colour. Every colour the player still holds can be picked (only the colour rule
    5 requires while it does): one with no legal cell is dimmed, with a no-entry sign, and stays
    tappable, since a rule break or a lay noticed too late (C9) is made with it. A watcher's
    chips are all greyed: they show what the player holds, and nothing invites a tap.

    Each chip is built from a tuple of what it shows; with `kept`, a chip (or its swatch) that
    shows what it showed last time is handed back as it was, its tap a stable handler."""
    kept = kept or Kept()
    player = match.current
    held = match.remaining(player) if player else {}
    forced = match.must_relay
    buttons = []
    for colour in caro.COLOURS:
        left = held.get(colour, 0)
        allowed = keeps_score and left > 0 and (forced is None or colour == forced)
        dimmed = allowed and not legal[colour]
        label = f"×{left}"  # a sign and a figure, the same in every language
        # C7: the colour scores double now, said once on its chip ("×1 = ×2" read as a sum).
        double = pgettext("caro chip", "double") if left and match.doubles(colour) else ""
        # (A tooltip would come first in the chip's name; the line under the bar explains a
        # dimmed colour instead.)
        tip = (_("{player} must lay {colour} again (rule 5)").format(
            player=player, colour=say(caro.colour_word(forced)))
            if forced and colour != forced else None)
        name = _chip_name(colour, left, dimmed, colour == chosen)
        if double:  # heard too: the label is drawn inside the chip's look, not its name
            # Translators: a colour chip's spoken name, then that the colour scores double now.
            name = _("{name}, scores double").format(name=name)
        look = (colour, left, label, double, allowed, dimmed, colour == chosen, tip, name)
        tap = kept.stable(("choose", colour), lambda e, c=colour: choose(c))
        buttons.append(kept.get(("chip", colour), look, _chip, look, tap, kept))
    return ft.Row(buttons, wrap=True, spacing=8, run_spacing=6,
                  alignment=ft.MainAxisAlignment.CENTER, key="colours")


def _chip_name(colour: str, left: int, dimmed: bool, picked: bool) -> str:
    """What a screen reader says of a colour chip: one whole sentence per case."""
    if dimmed and picked:
        text = ngettext("Lay {colour}, {n} left, no legal cell, selected",
                        "Lay {colour}, {n} left, no legal cell, selected", left)
    elif dimmed:
        text = ngettext("Lay {colour}, {n} left, no legal cell",
                        "Lay {colour}, {n} left, no legal cell", left)
    elif picked:
        text = ngettext("Lay {colour}, {n} left, selected", "Lay {colour}, {n} left, selected",
                        left)
    else:
        text = ngettext("Lay {colour}, {n} left", "Lay {colour}, {n} left", left)
    return text.format(colour=say(caro.colour_word(colour)), n=say(left))


def _chip(look: tuple[str, int, str, str, bool, bool, bool, str | None, str],
          tap: Callable[[Any], Any], kept: Kept) -> ft.Control:
    colour, left, label, double, allowed, dimmed, picked, tip, name = look
    caro_look = kept.get(("swatch", colour), (dimmed, letter(colour)), lambda: ft.Container(
        content=swatch(colour, 26), opacity=0.4 if dimmed else 1.0))
    parts: list[ft.Control] = [
        caro_look,
        ft.Text(label, size=14, weight=ft.FontWeight.BOLD if picked else None,
                color=ft.Colors.ON_PRIMARY_CONTAINER if picked else None),
    ]
    # Always in the row, shown or not: a row whose length changes is sent again whole.
    parts.append(ft.Container(
        ft.Text(double, size=12, weight=ft.FontWeight.BOLD,
                color=ft.Colors.ON_TERTIARY_CONTAINER),
        bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=8, visible=bool(double),
        padding=ft.Padding.symmetric(horizontal=6, vertical=1)))
    if picked:  # more than a thicker border: a tick, a fill and bold figures
        parts.insert(0, ft.Icon(ft.Icons.CHECK_CIRCLE, size=18, color=ft.Colors.PRIMARY))
    if dimmed:
        parts.append(ft.Icon(ft.Icons.BLOCK, size=16, color=ft.Colors.ON_SURFACE_VARIANT))
    # The chip's look and its name sit side by side in a Stack, not one inside the other:
    # the page rebuilds a changed control with all it holds, and the name (with the count
    # left) changes every turn, so it wraps only an empty tap target over the look.
    target = kept.get(("target", colour), (allowed, tip), lambda: ft.Container(
        ink=True,  # a tab stop, acting on Enter and Space
        border_radius=24, on_click=tap if allowed else None, tooltip=tip))
    return ft.Stack([
        ft.Semantics(exclude_semantics=True, content=ft.Container(
            content=ft.Row(parts, spacing=6, tight=True),
            # 48 px high with the 26 px swatch, taller for larger text (a fixed height cut it)
            padding=ft.Padding.symmetric(horizontal=8, vertical=10),
            border_radius=24,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if picked else None,
            border=PICKED_EDGE if picked else CHIP_EDGE,
            opacity=1.0 if allowed else 0.4,
        )),
        ft.Container(left=0, top=0, right=0, bottom=0, content=ft.Semantics(
            label=name,
            button=True,
            selected=picked,
            disabled=not allowed,
            content=target,
        )),
    ])


def _no_cell_hint(match: caro.Match, legal: dict[str, bool],
                  colour: str | None) -> ft.Control | None:
    """The line under the colour bar when a colour the player may pick has no legal cell."""
    if match.must_relay or not match.current:
        return None
    held = match.remaining(match.current)
    if colour is not None and not legal[colour]:
        text = _("No legal cell for {colour}: tap where {player} laid it to record a rule break "
                 "or a lay noticed too late.").format(colour=say(caro.colour_word(colour)),
                                                      player=match.current)
    elif any(held[c] and not legal[c] for c in caro.COLOURS):
        text = _("Dimmed colours have no legal cell: pick one only to record a rule break or a "
                 "lay noticed too late.")
    else:
        return None
    return ft.Text(text, size=13, color=ft.Colors.ON_SURFACE_VARIANT,
                   text_align=ft.TextAlign.CENTER, key="hint")


def _heading(match: caro.Match, colour: str | None) -> str:
    """Whose turn, and the colour they lay once one is chosen; after a rule break, what the
    engine has counted for the turn so far (every -10 of it, C8)."""
    player = match.current
    if match.must_relay:
        return _("{player} must lay {colour} again (rule 5: {points} already counted)").format(
            player=player, colour=say(caro.colour_word(match.must_relay)),
            points=say(match.pending_penalty))
    said = say(caro.colour_word(colour)) if colour else ""
    if not match.board:
        return (_("{player} lays the first caro: {colour}").format(player=player, colour=said)
                if colour else
                _("{player} lays the first caro: pick its colour").format(player=player))
    return (_("{player} to lay {colour}").format(player=player, colour=said) if colour
            else _("{player} to lay: pick a colour").format(player=player))


def _passed_line(match: caro.Match) -> list[ft.Control]:
    """Who was skipped on the way to this turn (C10), as the engine says; nothing otherwise."""
    said = [(_("{player} passed (no caro left).") if not any(match.remaining(n).values())
             else _("{player} passed (no legal cell).")).format(player=n)
            for n in match.just_passed]
    if not said:
        return []
    line = said[0]
    for more in said[1:]:
        # Translators: two sentences side by side ("Ann passed. Ben passed."); Japanese puts no
        # space between them.
        line = pgettext("two sentences", "{first} {second}").format(first=line, second=more)
    return [ft.Text(line, size=14, key="passed")]


def _series_line(match: caro.Match) -> list[ft.Control]:
    """For a game after the first of a sitting: its number and the running totals."""
    if match.game_no < 2:
        return []
    totals = say(listed(_("{player} {points}").format(player=p, points=say(t))
                        for p, t in match.series_totals.items()))
    line = _("Game {number} of the series · totals {totals}").format(
        number=say(match.game_no), totals=totals)
    return [ft.Text(line, size=14,
                    weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SURFACE_VARIANT,
                    key="series")]


RECENT = 8  # turns listed under the grid; the match timeline has them all


def _turn_list(match: caro.Match) -> ft.Control:
    history = match.history
    # The latest entries only, each in the table's language (the engine's "said", not its
    # English); counted by turn: a rule break and the lay after it are one turn (C8).
    recent = history[-RECENT:]
    turns = match.step_turns
    count = turns[-1] if turns else 0
    shown = count - turns[-len(recent)] + 1 if recent else 0
    title = (_("Turns") if len(history) <= RECENT else
             ngettext("Last {shown} of {n} turn", "Last {shown} of {n} turns", count).format(
                 shown=say(shown), n=say(count)))
    lines = [{"text": say(entry["said"])} for entry in recent]
    return action_log(lines, empty=_("No caro laid yet."), most=RECENT, title=title,
                      one_text=True)


def CaroEnd(match: caro.Match, follow_up: FollowUp, keeps_score: bool) -> ft.Control:
    """The final scores and the next game, which the loser starts (C11). The frame makes the
    next game once and opens it on every later tap; a tap it refuses (a past table, a locked
    device) says why on the message line."""
    standings = sorted(match.scores.items(), key=lambda kv: -kv[1])
    losers = match.losers

    if follow_up.made:
        start = [ft.FilledButton(_("Open the next game"), icon=ft.Icons.REPLAY, height=48,
                                 on_click=lambda e: follow_up.open(None))]
    elif not keeps_score:
        start = []
    elif len(losers) == 1:
        start = [ft.FilledButton(_("Next game ({player} starts)").format(player=losers[0]),
                                 icon=ft.Icons.REPLAY,
                                 height=48, on_click=lambda e: follow_up.open(None))]
    else:
        start = [ft.Text(_("{players} share the lowest total: who starts the next game?").format(
                     players=say(listed(losers)))),
                 ft.Row([ft.FilledButton(_("{player} starts").format(player=name), height=48,
                                         on_click=lambda e, n=name: follow_up.open(n))
                         for name in losers], wrap=True)]
    won = match.winners
    headline = ngettext("Game over: {players} wins!", "Game over: {players} win!",
                        len(won)).format(players=say(listed(won)))
    return game_over(headline, [_("{rank}. {player}: {points}").format(
        rank=say(i + 1), player=name, points=say(points))
        for i, (name, points) in enumerate(standings)], actions=start)


@ft.component
def CaroScreen(match: caro.Match, act: Callable[..., bool], may_act: Callable[[], bool],
               follow_up: FollowUp, version: int) -> ft.Control:
    # The picked colour and the version it was picked at: a pick holds until the next action, so
    # each turn starts afresh and one tap never lays the colour someone picked the turn before.
    # This page's draft (companion/session/drafts.py): it stays while the rules are read.
    chosen, set_chosen = use_draft("caro colour", None)
    asked_at, set_asked_at = ft.use_state(None)  # the version a cell was tapped with no colour
    pending, set_pending = ft.use_state(None)  # (colour, cell, [reasons]) of a refused tap
    # The version at which more cells (`more_cells`) were asked for: shown until the next action.
    outside_at, set_outside_at = ft.use_state(None)
    page_width = use_page_width()  # the cells are sized to it, also after a resize
    kept = use_kept()  # parts that look as they did are handed to Flet as they were

    keeps_score = use_services().keeps_score
    series = _series_line(match)
    if match.is_over:  # the final board stays in view under the result, whole
        final = CaroGrid(match=match, colour=None, points={}, version=version,
                         width=page_width - 24, on_tap=None, first_cell=_first_cell(match),
                         marked=None, fit=True, key="grid")
        return ft.Column([CaroEnd(match, follow_up, keeps_score), *series, final,
                          _turn_list(match)], spacing=12)

    player = match.current
    # Whether each colour has a legal cell (for the bar); the cells and points of the colour to
    # lay only (for the grid), worked out below once it is known.
    legal = {c: bool(player) and match.has_options(c) for c in caro.COLOURS}
    held = match.remaining(player) if player else {}
    # The colour to lay: the one rule 5 requires; else the one picked this turn (one with no
    # legal cell too: a rule break or a lay noticed too late is made with it, C8/C9); else the
    # only colour with a legal cell; else none until the player picks one.
    colour = match.must_relay
    if colour is None and chosen is not None:
        picked, at = chosen
        if at == version and held.get(picked):
            colour = picked
    if colour is None:
        layable = [c for c in caro.COLOURS if legal[c]]
        colour = layable[0] if len(layable) == 1 else None

    def tap(cell: Cell) -> None:
        # A tap made on a view that another screen's change has overtaken, or on a locked
        # device, is refused as such, not answered with rules checked against a table the
        # scorekeeper has not seen yet (nor with a request to pick a colour first).
        if not may_act():
            return
        if colour is None:
            set_asked_at(version)  # say so beside the colours, changing nothing
            return
        if not match.board:
            cell = _first_cell(match)
        problems = match.violations(colour, cell)
        if not problems:
            set_pending(None)
            act(lambda m: m.lay(colour, cell, player=player))
            return
        set_pending((colour, cell, [p.said for p in problems],
                     any(p.rule == "occupied" for p in problems)))

    def rule_break() -> None:
        c = pending[0]
        set_pending(None)
        act(lambda m: m.rule_break(c, player=player))

    def leave_as_laid() -> None:
        c, cell = pending[0], pending[1]
        set_pending(None)
        act(lambda m: m.lay(c, cell, force=True, player=player))

    parts: list[ft.Control] = [
        *series,
        ft.Text(_heading(match, colour), size=18, weight=ft.FontWeight.BOLD, key="head"),
        *_passed_line(match),
        _colour_bar(match, legal, colour, lambda c: (set_chosen((c, version)), set_pending(None)),
                    keeps_score, kept),
    ]
    hint = _no_cell_hint(match, legal, colour)
    if colour is None and asked_at == version:
        hint = ft.Text(_("Pick a colour first: tap the colour {player} laid, then the cell.")
                       .format(player=player),
                       size=14, color=ft.Colors.ERROR, text_align=ft.TextAlign.CENTER,
                       key="hint")
    if hint is not None:
        parts.append(hint)
    if pending:
        p_colour, p_cell, reasons, occupied = pending
        actions = [ft.TextButton(_("Cancel"), on_click=lambda e: set_pending(None), height=48)]
        if not occupied:
            actions = [
                tall_button(_("Rule break: {points}, lay it again").format(
                    points=say(-caro.PENALTY)), None, lambda e: rule_break()),
                tall_button(_("Leave it as laid (noticed too late)"), None,
                            lambda e: leave_as_laid(), kind=ft.OutlinedButton),
                *actions,
            ]
        parts.append(
            ft.Container(
                key="refusal",
                bgcolor=ft.Colors.ERROR_CONTAINER,
                border_radius=10,
                padding=12,
                content=ft.Column(
                    [
                        ft.Text(_("Cannot lay {colour} at row {row}, column {column}:").format(
                                    colour=say(caro.colour_word(p_colour)),
                                    row=say(p_cell[0]), column=say(p_cell[1])),
                                weight=ft.FontWeight.BOLD, color=ft.Colors.ON_ERROR_CONTAINER),
                        *[with_why(ft.Text(f"• {say(r)}", color=ft.Colors.ON_ERROR_CONTAINER),
                                   ruling_of(r))
                          for r in reasons],
                        ft.Row(actions, wrap=True),
                    ],
                    spacing=4,
                ),
            )
        )
    width = page_width - 24
    beyond = more_cells(match)
    show_beyond = bool(beyond) and outside_at == version
    # Keyed, as the parts that come and go around it are: a hint or a refusal appearing above
    # it must not make Flet match the grid with another part and draw every cell anew (which
    # also lost a tap made on a cell in that instant).
    parts.append(CaroGrid(match=match, colour=colour,
                          points=match.options(colour) if colour and legal[colour] else {},
                          version=version, width=width,
                          on_tap=tap, first_cell=_first_cell(match),
                          marked=pending[1] if pending else None,
                          outside=beyond if show_beyond else frozenset(), key="grid"))
    if beyond:  # a caro laid away from the others, or beyond the area, may need recording (C9)
        parts.append(ft.TextButton(
            _("Show only the cells next to the caros") if show_beyond
            else _("A caro lies elsewhere? Show more cells"),
            icon=ft.Icons.ZOOM_OUT_MAP, height=48, key="outside",
            on_click=lambda e: set_outside_at(None if show_beyond else version)))
    turns = _turn_list(match)
    turns.key = "turns"
    parts.append(turns)
    return ft.Column(parts, spacing=10)


def _create(players: list[str], first: str, options: dict[str, Any]) -> Match:
    return caro.Match(players=players, starter=first)


# The shell's texts about Caro: English message ids marked for the catalogs (N_), said in the
# session's language where the shell shows them (`_(ui.blurb)` and so on).
UI = GameUI(
    match_cls=caro.Match,
    blurb=N_("Lay coloured caros side by side; the app checks every lay and scores it."),
    screen=CaroScreen,
    create=_create,
    first_label=N_("Who starts?"),
    first_hint=N_("The rulebook says the youngest player begins."),
)
