"""Ending a game (K8, K10): who would win, or the tie; the unmasking the engine still needs (a
verdict or the cards), then End game. What each player won, and why, is the engine's history."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.describe.words import signed
from companion.games.careta.cards import CardPicker
from companion.games.careta.look import note, panel, stated_text, toggle
from companion.games.careta.table import changes_text, side_text
from companion.i18n import _, ngettext, say
from companion.session.drafts import use_draft
from scoring import RuleViolation, careta
from scoring.said import listed


def projection(match: careta.Match) -> str:
    """What ending the game now gives, in words (from leaders and projected_winners)."""
    leaders, winners = match.leaders, match.projected_winners()
    if not leaders:
        return _("Nobody can win this game (every player passed or is out): no point.")
    best = stated_text(match.player_state(leaders[0]).stated)
    if not winners:
        who = say(listed(_("{player} ({team})").format(player=p, team=side_text(match, team))
                         if (team := match.team_of(p)) else p for p in leaders))
        return _("{players} tie at {stated}: no point to anyone. The tied players still show "
                 "their cards, but nothing is scored for them.").format(players=who, stated=best)
    if len(winners) == 1:
        return _("{player} wins with {stated}: {points}.").format(
            player=winners[0], stated=best, points=signed(careta.WIN_POINTS))
    team = side_text(match, match.side(winners[0]))
    return _("{players} tie at {stated}, all {team}: the game point goes to "
             "{team}.").format(players=say(listed(winners)), stated=best, team=team)


def _verdict(verdict: str) -> str:
    return {careta.TRUTHFUL: _("Truthful: {why}."), careta.LIED: _("A lie: {why}."),
            careta.TRICK_SHOWN: _("A lie with the Trick Card: {why}.")}[verdict]


def verdict_of(match: careta.Match, player: str, truth: Any, count: int) -> tuple[str, bool]:
    """(what the cards entered so far decide, in words; whether they decide it), from the
    engine's judge_cards: so the verdict shows as the cards are entered, before End game."""
    if not isinstance(truth, list):
        return "", truth is not None
    if len(truth) < count:
        left = count - len(truth)
        return ngettext("Enter {n} more card to see the verdict.",
                        "Enter {n} more cards to see the verdict.", left).format(n=say(left)), \
            False
    try:
        verdict, why = match.judge_cards(player, truth)
    except RuleViolation as refused:
        if refused.rule == "colour-needed":  # the picker asks for that colour right above
            return _("The colours decide it: pick them above."), False
        return say(refused.said), False
    return _verdict(verdict).format(why=say(why)), True


def _ask(player: str, truth: Any, choose: Callable[[Any], None],
         pick_cards: Callable[[], None]) -> ft.Control:
    choices = [(_("told the truth"), _("{player} told the truth"), True),
               (_("lied"), _("{player} lied"), False),
               (_("lied with the Trick Card"), _("{player} lied with the Trick Card"),
                careta.TRICK_SHOWN)]
    buttons: list[ft.Control] = [
        toggle(label.format(player=player), text, truth is not None and truth == value,
               lambda e, v=value: choose(v))
        for text, label, value in choices
    ]
    buttons.append(ft.OutlinedButton(_("Enter {player}'s cards").format(player=player),
                                     icon=ft.Icons.STYLE, height=48,
                                     on_click=lambda e: pick_cards()))
    return ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)


def _points(match: careta.Match, given: dict[str, Any]) -> tuple[str, bool]:
    """What End game would record with these unmaskings (the engine's preview), in words; and
    whether the engine takes them."""
    try:
        changes = match.end_game_preview(given)["changes"]
    except RuleViolation as refused:
        return say(refused.said), False
    if not changes:
        return _("Ending game {game} now gives no points.").format(game=say(match.game_no)), True
    return _("Ending game {game} now gives {changes}.").format(
        game=say(match.game_no), changes=changes_text(match, changes)), True


@ft.component
def EndGame(match: careta.Match, act: Callable[..., bool], version: int) -> ft.Control:
    # player: True, False, "trick" or the cards entered; and whose cards are being entered:
    # this page's drafts for this version (companion/session/drafts.py)
    unmask, set_unmask = use_draft("careta unmask", {}, belongs_to=version)
    picking, set_picking = use_draft("careta unmasking", None, belongs_to=version)
    needed = match.unmask_needed()
    winners = match.projected_winners()

    def choose(player: str, truth: Any) -> None:
        set_unmask({**unmask, player: truth})
        set_picking(None)

    def pick(player: str, start: list[careta.Card]) -> None:
        set_unmask({**unmask, player: start})
        set_picking(player)

    def cancel(player: str) -> None:
        set_unmask({p: t for p, t in unmask.items() if p != player})
        set_picking(None)

    end_label = _("End game {game}").format(game=say(match.game_no))
    # No heading: the button says End game, and without one the button stays on the screen
    # with 8 players (issue 31's thumb zone).
    parts: list[ft.Control] = [ft.Text(projection(match), size=15, weight=ft.FontWeight.BOLD)]
    if winners and not needed:
        parts.append(note(_("The winning play was already shown truthful: no deception point, "
                            "nothing to unmask.")))
    decided: list[bool] = []
    for p in needed:
        state = match.player_state(p)
        cards = 2 if state.with_ally else 1
        if state.with_ally:
            ask = _("Unmask {player} (stated {stated} with an ally): winning with a lie scores "
                    "{deception} more, and {trick} again if the Trick Card is shown.")
        else:
            ask = _("Unmask {player} (stated {stated}): winning with a lie scores {deception} "
                    "more, and {trick} again if the Trick Card is shown.")
        said, done = verdict_of(match, p, unmask.get(p), cards)
        # What unmasking is for, until the verdict and its points say it (so End game stays on
        # the screen with them: issue 31's thumb zone).
        if not done:
            parts.append(ft.Text(ask.format(player=p, stated=stated_text(state.stated),
                                            deception=signed(careta.DECEPTION_POINTS),
                                            trick=signed(careta.TRICK_CARD_POINTS)), size=14))
        if picking == p:
            parts.append(CardPicker(
                count=cards, start=state.shown,
                heading=_("{player}'s cards shown: {n} of {count}"), player=p,
                on_change=lambda shown, p=p: set_unmask({**unmask, p: shown}),
                colours_needed=lambda shown, stated=state.stated: careta.doubt_colours_needed(
                    shown, stated, match.direction or careta.UP),
                key=f"unmask-{p}-{version}", draft=f"unmask-{p}-{version}"))
            parts.append(ft.TextButton(_("Cancel"), height=48,
                                       on_click=lambda e, p=p: cancel(p)))
        else:
            parts.append(_ask(p, unmask.get(p), lambda v, p=p: choose(p, v),
                              lambda p=p, shown=list(state.shown): pick(p, shown)))
        decided.append(done)
        if said:
            parts.append(ft.Text(said, size=15, weight=ft.FontWeight.BOLD if done else None))
    ready = all(decided)
    if needed and ready:
        said, ready = _points(match, {p: unmask[p] for p in needed})
        parts.append(ft.Text(said, size=15, weight=ft.FontWeight.BOLD))

    def end(e: Any) -> None:
        given = {p: unmask[p] for p in needed}
        act(lambda m: m.end_game(given), "")  # the result shows once, in the Last game panel

    parts.append(ft.FilledButton(end_label, icon=ft.Icons.FLAG, height=52,
                                 width=400, disabled=not ready, on_click=end))
    missing = [p for p, done in zip(needed, decided, strict=True) if not done]
    if missing:
        parts.append(note(_("Unmask {players} first.").format(players=say(listed(missing)))))
    return panel(parts, tone="ask")
