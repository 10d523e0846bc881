"""Ratel at the table: each play as count x value, or a pass; the app ends the tricks, moves the
hand counts, announces escapes, damage and penalty points. A round may instead be entered as its
result only, before its first play (R7)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.games import GameUI
from companion.games.ratel.parts import (
    announcement,
    game_end,
    header,
    names,
    play_log,
    play_text,
    player_rows,
    trick_box,
)
from companion.games.ratel.result import RoundResult
from companion.i18n import N_, _, ngettext, say
from companion.session.context import use_services
from companion.session.drafts import use_draft
from companion.session.follow_up import FollowUp
from companion.widgets.count_stepper import count_stepper
from companion.widgets.grows import tall_button
from companion.widgets.option_choice import option_choice
from scoring import ratel
from scoring.core import Match
from scoring.said import Signed

NEGATIVE = ("#E3F2FD", "#0D47A1")  # -n cards (discard): cool blue; fill, ink
POSITIVE = ("#FFF3E0", "#BF360C")  # +n cards (take): warm orange


# Six counts and five cards a row fit the pad of a 360 px phone (318 px inside its borders):
# 6 x 48 + 5 x 4 and 5 x 58 + 4 x 4 px.
COUNT_WIDTH = 48
VALUE_WIDTH = 58
GAP = 4


def _count_button(count: int, chosen: bool, allowed: bool,
                  choose: Callable[[int], None], fixed: bool = False) -> ft.Control:
    """A count to pick; `fixed`: the count the lead fixed (R2), shown picked, not tappable."""
    return ft.Semantics(
        label=(ngettext("{n} card, selected", "{n} cards, selected", count) if chosen
               else ngettext("{n} card", "{n} cards", count)).format(n=count),
        button=True,
        selected=chosen,
        disabled=not allowed,
        content=ft.Container(
            ink=True,  # a tab stop, acting on Enter and Space
            content=ft.Text(
                str(count), size=20, weight=ft.FontWeight.BOLD,
                color=ft.Colors.ON_PRIMARY if chosen else None, semantics_label=""),
            width=COUNT_WIDTH,
            height=52,
            alignment=ft.Alignment.CENTER,
            border_radius=26,
            bgcolor=ft.Colors.PRIMARY if chosen else ft.Colors.SURFACE_CONTAINER_HIGHEST,
            border=ft.Border.all(2, ft.Colors.PRIMARY if chosen else ft.Colors.OUTLINE),
            opacity=1.0 if allowed or (fixed and chosen) else 0.35,
            on_click=(lambda e: choose(count)) if allowed else None,
        ),
    )


def _value_button(count: int, value: int, allowed: bool,
                  play: Callable[[int], None]) -> ft.Control:
    fill, ink = NEGATIVE if value < 0 else POSITIVE
    face = say(Signed(value))
    return ft.Semantics(
        label=_("Play {play}").format(play=say(ratel.play_said(count, value))),
        button=True,
        disabled=not allowed,
        content=ft.Container(
            ink=True,  # a tab stop, acting on Enter and Space
            content=ft.Text(
                face, size=22, weight=ft.FontWeight.BOLD, color=ink, semantics_label=""),
            width=VALUE_WIDTH,
            height=56,
            alignment=ft.Alignment.CENTER,
            border_radius=8,
            bgcolor=fill,
            border=ft.Border.all(2, ink if allowed else ft.Colors.OUTLINE_VARIANT),
            opacity=1.0 if allowed else 0.3,
            on_click=(lambda e: play(value)) if allowed else None,
        ),
    )


def _hint(match: ratel.Match, player: str, count: int, legal: list[int]) -> str:
    if not match.trick:
        return _("{player} leads: pick how many cards, then tap their value.").format(
            player=player)
    top = match.trick[-1]
    owner, play = top["player"], play_text(top)
    why = match.why_nobody_can_beat()
    if why is not None:
        pending = match.still_to_pass
        if len(pending) > 1:
            return _("Nobody can beat {owner}'s {play}: {why}. One tap passes for "
                     "{players}.").format(owner=owner, play=play, why=say(why),
                                          players=names(pending))
        return _("{player} cannot beat {owner}'s {play}: {why}. Pass.").format(
            player=player, owner=owner, play=play, why=say(why))
    if legal:
        return ngettext("Beat {owner}'s {play} with {n} card of a higher value, or pass.",
                        "Beat {owner}'s {play} with {n} cards of a higher value, or pass.",
                        count).format(owner=owner, play=play, n=count)
    refusal = match.violation(count, match.min_value) if match.min_value is not None else None
    reason = (say(refusal.said) if refusal else
              _("Nothing beats {value}.").format(value=say(Signed(top["value"]))))
    return _("{player} cannot beat {owner}'s {play}: {reason} Pass.").format(
        player=player, owner=owner, play=play, reason=reason)


@ft.component
def PlayPad(match: ratel.Match, act: Callable[..., bool], version: int) -> ft.Control:
    """The current player's Pass, count (1-6) and value (-5..+5, only legal ones enabled), and
    one tap for everyone's pass when nobody can beat the table."""
    # (events, count): a count picked belongs to the turn it was picked in.
    pick, set_pick = use_draft("ratel count", (-1, 1))
    player = match.current
    options = match.options()
    need = match.need_count
    if need is not None:
        count = need
    elif pick[0] == len(match.events) and pick[1] in options:
        count = pick[1]
    else:
        count = min(options) if options else 1
    # A watcher's pad is greyed like a finished turn's: it shows the play, invites no tap.
    keeps_score = use_services().keeps_score
    legal = match.legal_values(count) if keeps_score else []

    def play(value: int) -> None:
        act(lambda m: m.play(count, value, player=player))

    def pass_turn(e: Any) -> None:
        act(lambda m: m.pass_turn(player=player))

    def pass_all(e: Any) -> None:
        act(lambda m: m.pass_all(player=player))

    rows = [
        ft.Row([_value_button(count, v, v in legal, play) for v in values], spacing=GAP,
               alignment=ft.MainAxisAlignment.CENTER)
        for values in (ratel.VALUES[:5], ratel.VALUES[5:])
    ]
    # Pass sits beside the name, at the top of the pad: it stays in thumb reach however many
    # player rows push the pad down (6 players on a 412 x 915 phone).
    parts: list[ft.Control] = [
        ft.Row([
            # A node of its own: beside a button, the text would merge into the table above.
            ft.Semantics(container=True, expand=True, content=ft.Text(
                _("{player} to play").format(player=player), size=18,
                weight=ft.FontWeight.BOLD)),
            ft.OutlinedButton(_("Pass"), icon=ft.Icons.DO_NOT_DISTURB_ON_OUTLINED, height=48,
                              width=128, disabled=not match.can_pass, on_click=pass_turn),
        ], spacing=8),
    ]
    # One tap for a trick nobody can beat, offered only when two or more would tap Pass.
    if len(match.still_to_pass) > 1 and match.nobody_can_beat():
        parts.append(ft.FilledButton(_("Nobody can beat it: all pass"), icon=ft.Icons.DONE_ALL,
                                     height=52, on_click=pass_all))
    # The count row stays after the lead, the lead's count picked and none tappable (R2): the
    # card buttons keep their place from one player to the next (one thumb learns them).
    parts.append(ft.Row(
        [_count_button(c, c == count, need is None and keeps_score and c in options,
                       lambda c: set_pick((len(match.events), c)),
                       fixed=need is not None and keeps_score)
         for c in range(1, ratel.COPIES + 1)],
        spacing=GAP, alignment=ft.MainAxisAlignment.CENTER,
    ))
    parts += rows
    # The hint under the cards: the cards stay in reach without scrolling on a small phone.
    parts.append(ft.Text(_hint(match, player, count, legal), size=14))
    return ft.Container(
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        border_radius=10,
        padding=10,
        content=ft.Column(parts, spacing=8,
                          horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
    )


def _entry_switch(by_result: bool, choose: Callable[[bool], None]) -> ft.Control:
    """Trick by trick, or the round's result only (offered before the round's first play)."""
    def tab(text: str, on: bool, value: bool) -> ft.Control:
        kind = ft.FilledButton if on else ft.OutlinedButton
        return tall_button(text, None, lambda e: choose(value), kind=kind, expand=True)

    return ft.Row([tab(_("Trick by trick"), not by_result, False),
                   tab(_("Enter result only"), by_result, True)], spacing=8,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _last_round_by_result(match: ratel.Match) -> bool:
    """Was the match's latest round entered as a result only (not trick by trick)?"""
    for event in reversed(match.events):
        if event["type"] == "record_round":
            return True
        if event["type"] in ("play", "pass", "pass_all"):
            return False
    return False


@ft.component
def RatelScreen(match: ratel.Match, act: Callable[..., bool], may_act: Callable[[], bool],
                follow_up: FollowUp, version: int) -> ft.Control:
    # Entering results only stays chosen for the next rounds until "Trick by trick" is tapped;
    # it is offered only before a round's first play (R7). Another phone opening the match finds
    # it as the last round was entered; this page, as it left it (a draft of its own).
    entry, set_entry = use_draft("ratel entry", lambda: _last_round_by_result(match))
    if match.is_over:
        return ft.Column([game_end(match), header(match), player_rows(match),
                          announcement(match), play_log(match)], spacing=10,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    by_result = match.can_record_round and entry
    # What the turn needs comes first, at the top of the screen's lower part (the frame's thumb
    # zone): the way to enter the round, the pad or the result's form, the trick to beat right
    # under the pad; the round's table follows.
    parts: list[ft.Control] = []
    if by_result:
        parts += [_entry_switch(by_result, set_entry),
                  RoundResult(match=match, act=act, version=version)]
    else:
        # The pad first, where it stays all round; the switch, offered only before the round's
        # first play, under it (above the pad, it moved the pad up after that play).
        parts.append(PlayPad(match=match, act=act, version=version))
        if match.can_record_round:
            parts.append(_entry_switch(by_result, set_entry))
        if match.trick:
            parts.append(trick_box(match))
    parts += [header(match), player_rows(match), announcement(match), play_log(match)]
    return ft.Column(parts, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@ft.component
def RatelOptions(values: dict[str, Any], set_values: Callable[[dict[str, Any]], None],
                 players: list[str]) -> ft.Control:
    """New-match options: the kind of game (R5, R6) and, for penalty points, the limit."""
    labels = {
        "damage": _("Standard: 2 damage loses"),
        "short": _("Short game: 1 damage loses"),
        "penalty": _("Penalty points: cards left in hand count"),
    }
    mode = values.get("mode", "damage")
    limit = values.get("penalty_limit", 15)
    parts = option_choice(_("Kind of game"), list(labels.items()), mode,
                          lambda v: set_values({**values, "mode": v}))
    if mode == "penalty":
        parts += [
            ft.Text(_("Penalty limit: the game ends when anyone reaches it"), size=14),
            count_stepper(limit, 1, 99, lambda n: set_values({**values, "penalty_limit": n}),
                          unit=ratel.Match.UNITS["penalty"]),
        ]
    return ft.Column(parts, spacing=4)


def _create(players: list[str], first: str, options: dict[str, Any]) -> Match:
    return ratel.Match(players=players, starter=first, mode=options.get("mode", "damage"),
                       penalty_limit=options.get("penalty_limit", 15))


# The shell's texts about this game: English message ids marked for the catalogs (N_), said in
# the session's language where the shell shows them (`_(ui.blurb)` and so on).
UI = GameUI(
    match_cls=ratel.Match,
    blurb=N_("Tap each play or pass; the app ends the tricks, counts the hands and deals the "
             "damage."),
    screen=RatelScreen,
    create=_create,
    first_label=N_("Who starts (the SP)?"),
    first_hint=N_("The rulebook says the most aggressive player starts, or play "
                  "rock-paper-scissors."),
    defaults={"mode": "damage", "penalty_limit": 15},
    options=RatelOptions,
    stats_note=N_("Average of penalty games only; fewer penalty points is better. Damage games "
                  "have no score to average."),
)
