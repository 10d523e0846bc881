"""Careta at the table: the app never sees the cards, so the scorekeeper enters what the table says
(stated scores, PASS, allies, doubts, Cause) and, when a play is revealed, the verdict or the cards
themselves; the engine (scoring/careta/) decides every point and writes why."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.describe.words import signed
from companion.games import GameUI
from companion.games.careta.ally import AllyPhase
from companion.games.careta.cause import cause_panel
from companion.games.careta.doubt import DoubtPanel
from companion.games.careta.end import EndGame
from companion.games.careta.look import note, panel, stated_text, title
from companion.games.careta.options import DEFAULTS, CaretaOptions, create
from companion.games.careta.pad import NumberPad
from companion.games.careta.seats import seats
from companion.games.careta.table import PlayLog, last_game, match_winner, points_table
from companion.games.careta.watch import started, where
from companion.i18n import N_, _, say
from companion.session.drafts import use_draft
from companion.session.follow_up import FollowUp
from scoring import careta


def header(match: careta.Match, act: Callable[..., bool]) -> ft.Control:
    """Where the match is, and the one button the phase asks for (start a set, UP or DOWN)."""
    phase = match.phase
    parts: list[ft.Control] = [title(where(match))]
    if phase == "set-needed":
        n, dealer = match.set_no + 1, match.next_deck_master
        if match.set_no:
            parts.append(ft.Text(_("Set {set} is over. Unplayed cards are discarded.").format(
                set=say(match.set_no)), size=14))
        parts.append(ft.FilledButton(
            _("Start set {set} ({dealer} deals)").format(set=say(n), dealer=dealer),
            icon=ft.Icons.STYLE, height=52, width=400,
            on_click=lambda e: act(lambda m: m.start_set())))
    elif phase == "direction-needed":
        starter = match.starter
        parts.append(ft.Text(_("{player} starts game {game}: UP or DOWN?").format(
            player=starter, game=say(match.game_no)), size=16))
        parts.append(ft.Row(
            [ft.FilledButton(say(careta.DIRECTION_WORDS[d]), height=52, expand=True,
                             on_click=lambda e, d=d: act(lambda m: m.start_game(d, starter)))
             for d in careta.DIRECTIONS],
            spacing=10))
        parts.append(note(_("UP: the highest stated score wins. DOWN: the lowest (with an ally, "
                            "DOWN scores minus the difference of the two cards).")))
    elif match.direction is not None:
        parts.append(ft.Text(started(match), size=15))
    return ft.Column(parts, spacing=6)


def doubt_strip(match: careta.Match, open_doubt: Callable[[], None]) -> ft.Control:
    """The latest play, open to doubt until the next play (K7)."""
    target = match.latest_play
    assert target is not None
    s = match.player_state(target)
    stated = stated_text(s.stated)
    line = (_("{player}'s {stated} (card and ally) can be doubted until the next play.")
            if s.with_ally else _("{player}'s {stated} can be doubted until the next play."))
    # One row, the sentence beside its button: the turn's panel under it stays on the screen.
    return ft.Row(
        [ft.Text(line.format(player=target, stated=stated), size=14, expand=True),
         ft.FilledTonalButton(_("Doubt {player}'s {stated}").format(player=target, stated=stated),
                              icon=ft.Icons.FRONT_HAND, height=48,
                              on_click=lambda e: open_doubt())],
        spacing=8,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def doubt_panel(match: careta.Match, act: Callable[..., bool], close: Callable[[], None],
                version: int) -> ft.Control:
    target = match.latest_play
    assert target is not None
    s = match.player_state(target)

    def judge(doubters: list[str], truth: Any) -> None:
        if act(lambda m: m.doubt(doubters, truth)):
            close()

    if s.with_ally:
        hint = _("{player} shows the cards (card and ally: only the combined score and the "
                 "ally's colours count). Truthful: {player} {truth}. Lied: {lie}, the first "
                 "doubter {unmask}, and out of this game.")
    else:
        hint = _("{player} shows the card. Truthful: {player} {truth}. Lied: {lie}, the first "
                 "doubter {unmask}, and out of this game.")
    return DoubtPanel(
        heading=_("Doubt {player}'s {stated}").format(player=target,
                                                      stated=stated_text(s.stated)),
        hint=hint.format(player=target, truth=signed(careta.TRUTH_POINTS),
                         lie=signed(careta.LIE_POINTS), unmask=signed(careta.UNMASK_POINTS)),
        players=match.players,
        allowed=match.doubters_allowed(),
        verdicts=[(_("Truthful"), True), (_("Lied"), False)],
        cards=2 if s.with_ally else 1,
        start_cards=s.shown,
        # A colour is asked only while it decides the verdict: not when the numbers show a lie.
        colours_needed=lambda cards: careta.doubt_colours_needed(
            cards, s.stated, match.direction or careta.UP),
        on_truth=judge,
        on_cancel=close,
        key=f"doubt-{target}-{version}",
        draft=f"doubt-{target}-{version}",
    )


def card_pad(match: careta.Match, act: Callable[..., bool], version: int) -> ft.Control:
    player = match.current
    assert player is not None
    used = match.player_state(player).ally_used
    return panel([NumberPad(
        heading=_("{player} plays a card and states").format(player=player),
        hint=_("Ally already used this set.") if used else "",
        scores=match.score_range(with_ally=False),
        ally_scores=None if used else match.score_range(with_ally=True),
        allow_pass=True,
        on_state=lambda stated, with_ally: act(
            lambda m: m.play(player, stated, with_ally=with_ally)),
        key=f"pad-{player}-{version}",
        draft=f"pad-{player}-{version}",
    )])


@ft.component
def CaretaScreen(match: careta.Match, act: Callable[..., bool], may_act: Callable[[], bool],
                 follow_up: FollowUp, version: int) -> ft.Control:
    # (version, what is open): a doubt or Cause in progress belongs to the version it was opened
    # at, so any action (or another device's) closes it; the match itself never depends on it.
    # This page's draft: it stays open when the scorekeeper looks at the rules and comes back.
    opened, set_opened = use_draft("careta opened", (-1, None))
    showing = opened[1] if opened[0] == version else None

    def open_(what: tuple[str, ...] | None) -> None:
        set_opened((version, what))

    def close() -> None:
        set_opened((-1, None))

    phase = match.phase
    parts: list[ft.Control] = []
    if phase == "match-over":
        parts.append(match_winner(match))
    parts.append(header(match, act))
    action: list[ft.Control] = []
    if showing and showing[0] == "doubt" and match.latest_play:
        action.append(doubt_panel(match, act, close, version))
    elif showing and showing[0] == "cause" and match.cause_allowed(showing[1]):
        action.append(cause_panel(match, showing[1], act, close, version))
    elif phase != "match-over":
        if match.latest_play:
            action.append(doubt_strip(match, lambda: open_(("doubt",))))
        if phase == "card-round":
            action.append(card_pad(match, act, version))
        elif phase == "ally-phase":
            # End game right under the players the guide names, the others after it.
            action.append(AllyPhase(
                match=match, act=act, version=version, key=f"ally-{version}",
                end=EndGame(match=match, act=act, version=version, key=f"end-{version}")))
    # The turn's panel first, in reach at the top of the screen's lower part (the frame's thumb
    # zone); the last game's result under it.
    result = last_game(match)
    if result is not None:
        action.append(result)
    parts.extend(action)
    if phase != "match-over":
        parts.append(seats(match, lambda p: open_(("cause", p))))
    parts.append(points_table(match))
    parts.append(PlayLog(match=match, key="log"))
    return ft.Column(parts, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


# The shell's texts about Careta: English message ids marked for the catalogs (N_), said in the
# session's language where the shell shows them (`_(ui.blurb)` and so on).
UI = GameUI(
    match_cls=careta.Match,
    blurb=N_("Stated scores, PASS, allies, doubts and Cause: the app keeps the points and says "
             "why."),
    screen=CaretaScreen,
    create=create,
    first_label=N_("Deck Master"),
    first_hint=N_("The Deck Master deals; the next player in turn order starts the first game."),
    defaults=DEFAULTS,
    options=CaretaOptions,
    stats_note=N_("In team matches the team's points count for each teammate."),
)
