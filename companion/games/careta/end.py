"""Ending a game (K8, K10): who would win, or the tie; the unmasking the engine still needs (a
verdict or the cards), then End game. What each player won, and why, is the engine's history."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.describe.words import names, signed
from companion.games.careta.cards import CardPicker
from companion.games.careta.look import note, panel, stated_text, title, toggle
from companion.games.careta.table import changes_text
from scoring import RuleViolation, careta


def projection(match: careta.Match) -> str:
    """What ending the game now gives, in words (from leaders and projected_winners)."""
    leaders, winners = match.leaders, match.projected_winners()
    if not leaders:
        return "Nobody can win this game (every player passed or is out): no point."
    best = stated_text(match.player_state(leaders[0]).stated)
    if not winners:
        who = names([f"{p} ({match.team_of(p)})" if match.team_of(p) else p for p in leaders])
        return (f"{who} tie at {best}: no point to anyone. The tied players still show their "
                "cards, but nothing is scored for them (K8).")
    if len(winners) == 1:
        return f"{winners[0]} wins with {best}: {signed(careta.WIN_POINTS)}."
    team = match.team_of(winners[0])
    return f"{names(winners)} tie at {best}, all {team}: the game point goes to {team} (K10)."


VERDICT = {careta.TRUTHFUL: "Truthful", careta.LIED: "A lie",
           careta.TRICK_SHOWN: "A lie with the Trick Card"}


def verdict_of(match: careta.Match, player: str, truth: Any, count: int) -> tuple[str, bool]:
    """(what the cards entered so far decide, in words; whether they decide it), from the
    engine's judge_cards: so the verdict shows as the cards are entered, before End game."""
    if not isinstance(truth, list):
        return "", truth is not None
    if len(truth) < count:
        left = count - len(truth)
        return f"Enter {left} more card{'s' if left > 1 else ''} to see the verdict.", False
    try:
        verdict, why = match.judge_cards(player, truth)
    except RuleViolation as refused:
        if refused.rule == "colour-needed":  # the picker asks for that colour right above
            return "The colours decide it: pick them above.", False
        return str(refused), False
    return f"{VERDICT[verdict]}: {why}.", True


def _ask(player: str, truth: Any, choose: Callable[[Any], None],
         pick_cards: Callable[[], None]) -> ft.Control:
    choices = [("told the truth", True), ("lied", False),
               ("lied with the Trick Card", careta.TRICK_SHOWN)]
    buttons: list[ft.Control] = [
        toggle(f"{player} {text}", text, truth is not None and truth == value,
               lambda e, v=value: choose(v))
        for text, value in choices
    ]
    buttons.append(ft.OutlinedButton(f"Enter {player}'s cards", icon=ft.Icons.STYLE, height=48,
                                     on_click=lambda e: pick_cards()))
    return ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)


def _points(match: careta.Match, given: dict[str, Any]) -> tuple[str, bool]:
    """What End game would record with these unmaskings (the engine's preview), in words; and
    whether the engine takes them."""
    try:
        changes = match.end_game_preview(given)["changes"]
    except RuleViolation as refused:
        return str(refused), False
    gives = changes_text(changes) if changes else "no points"
    return f"Ending game {match.game_no} now gives {gives}.", True


@ft.component
def EndGame(match: careta.Match, act: Callable[..., bool], version: int) -> ft.Control:
    unmask, set_unmask = ft.use_state({})  # player: True, False, "trick" or the cards entered
    picking, set_picking = ft.use_state(None)  # whose cards are being entered
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

    parts: list[ft.Control] = [title(f"End game {match.game_no}"),
                               ft.Text(projection(match), size=15)]
    if winners and not needed:
        parts.append(note("The winning play was already shown truthful: no deception point, "
                          "nothing to unmask."))
    decided: list[bool] = []
    for p in needed:
        state = match.player_state(p)
        cards = 2 if state.with_ally else 1
        parts.append(ft.Text(
            f"Unmask {p} (stated {stated_text(state.stated)}"
            f"{' with an ally' if state.with_ally else ''}): winning with a lie scores "
            f"{signed(careta.DECEPTION_POINTS)} more, and {signed(careta.TRICK_CARD_POINTS)} "
            "again if the Trick Card is shown.", size=14))
        if picking == p:
            parts.append(CardPicker(
                count=cards, start=state.shown, what=f"{p}'s cards",
                on_change=lambda shown, p=p: set_unmask({**unmask, p: shown}),
                key=f"unmask-{p}-{version}"))
            parts.append(ft.TextButton("Cancel", height=48, on_click=lambda e, p=p: cancel(p)))
        else:
            parts.append(_ask(p, unmask.get(p), lambda v, p=p: choose(p, v),
                              lambda p=p, shown=list(state.shown): pick(p, shown)))
        said, done = verdict_of(match, p, unmask.get(p), cards)
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

    parts.append(ft.FilledButton(f"End game {match.game_no}", icon=ft.Icons.FLAG, height=52,
                                 width=400, disabled=not ready, on_click=end))
    missing = [p for p, done in zip(needed, decided, strict=True) if not done]
    if missing:
        parts.append(note(f"Unmask {names(missing)} first."))
    return panel(parts, tone="ask")
